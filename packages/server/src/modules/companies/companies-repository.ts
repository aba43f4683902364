import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Company, companyInputSchema } from '@isik/domain';
import { inBatches } from '../../db/batches.js';
import type { Executor } from '../../db/database.js';
import { companies, users } from '../../db/schema.js';
import { searchAny } from '../../lib/search.js';
import { sortKeyColumn } from '../../lib/sort.js';
import { likePattern } from '../../lib/http.js';
import { inPage, pageTotal, totalColumn } from '../../lib/paging.js';
import { keyColumns, readAnchoredPage, type PageKey } from '../../lib/anchored-page.js';
import { param, prepared } from '../../lib/prepared.js';
import { foldTableCounts, keptRawColumn, keptTotal, keptTotalColumn } from '../../lib/table-counts.js';
import { versionIs } from '../../lib/version.js';

export type CompanyRow = typeof companies.$inferSelect;

/** The columns a company answers (not its sort key). */
const { company_name_key: _key, ...companyColumns } = getTableColumns(companies);

export function toCompany(r: Omit<CompanyRow, 'company_name_key'> & { company_name_key?: unknown }): Company {
  const { id, created_at, updated_at: _u, version, company_name_key: _k, ...rest } = r;
  return { _id: id, ...rest, date: created_at.toISOString(), __v: version };
}

export interface CompanyListArgs {
  page: number; pageSize: number; orderBy: 'company_name' | 'company_category' | 'company_status'; order: 'asc' | 'desc';
  search?: string; category?: string; status?: boolean;
  /** The Page-Anchor of the page the client shows (ADR 0051). */
  anchor?: string;
}

/** The list's sort keys: by name (the id breaks ties the same way: companies_name_key_idx), or by category or status, then name and id. */
function companyKeys(orderBy: CompanyListArgs['orderBy'], desc: boolean): PageKey[] {
  const name: PageKey = { expr: sortKeyColumn(companies.company_name_key), type: 'text' };
  const id: PageKey = { expr: companies.id, type: 'text' };
  if (orderBy === 'company_name') return [{ ...name, desc }, { ...id, desc }];
  return [orderBy === 'company_category' ? { expr: companies.company_category, type: 'text', desc } : { expr: companies.company_status, type: 'bool', desc }, name, id];
}

export async function listCompanies(db: Executor, a: CompanyListArgs) {
  const search = a.search ? param('search') : undefined;
  const category = a.category ? param('category') : undefined;
  const status = a.status !== undefined ? param('status') : undefined;
  const where = () => and(search ? searchAny([companies.company_name], search) : undefined,
    category ? eq(companies.company_category, category) : undefined, status ? eq(companies.company_status, status) : undefined);
  const shape = `companies.list:${a.orderBy}:${a.order}:${search ? 's' : ''}${category ? 'c' : ''}${status ? 'a' : ''}`;
  const values = { search: a.search ? likePattern(a.search) : undefined, category: a.category, status: a.status };
  const keys = companyKeys(a.orderBy, a.order === 'desc');
  const req = { page: a.page, size: a.pageSize, anchor: a.anchor, scope: JSON.stringify(['companies/list', a.orderBy, a.order, a.search ?? null, a.category ?? null, a.status ?? null]) };
  // One round trip: the page's ids from a narrow sort (the name order is an index-only scan of companies_name_key_idx),
  // from the nearest of the start, the client's anchor and the end (ADR 0051), the page's companies in the same order,
  // and the count; a prepared statement per shape (lib/prepared.ts).
  // Without a filter the total is the kept count of companies (table_counts, ADR 0055), not a count of the table.
  const kept = !search && !category && !status;
  let raw = 0;
  const page = await readAnchoredPage(keys, req, async (plan) => {
    const rows = await prepared(db, `${shape}:${plan.shape}`, () => {
      const w = where();
      const pw = plan.where ? and(w, plan.where) : w;
      const pageIds = db.select({ id: companies.id }).from(companies).where(pw).orderBy(...plan.orderBy).limit(param('limit')).offset(param('offset'));
      const totals = kept ? { total: keptTotalColumn('companies'), raw: keptRawColumn } : { total: totalColumn(companies, w), raw: sql<number>`0` };
      return db.select({ ...companyColumns, ...keyColumns(keys), ...totals }).from(companies).where(inPage(companies.id, pageIds)).orderBy(...plan.orderBy);
    }).execute({ ...values, ...plan.values, limit: plan.limit, offset: plan.offset });
    raw = rows.length ? Number(rows[0].raw) : 0;
    const total = await pageTotal(rows, async () => {
      if (!kept) return Number((await prepared(db, `${shape}:count`, () => db.select({ n: count() }).from(companies).where(where())).execute(values))[0].n);
      const k = await keptTotal(db, 'companies');
      raw = k.raw;
      return k.total;
    });
    return { rows, total };
  }, 'placeholder');
  if (kept) await foldTableCounts(db, raw);
  return { rows: page.rows.map(({ raw: _raw, ...r }) => toCompany(r)), total: page.total, anchor: page.anchor };
}

export async function findCompany(db: Executor, id: string): Promise<Company | null> {
  const [r] = await db.select(companyColumns).from(companies).where(eq(companies.id, id)).limit(1);
  return r ? toCompany(r) : null;
}

export async function companyUserCount(db: Executor, id: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.company_id, id));
  return Number(n);
}

export async function insertCompany(tx: Executor, values: typeof companies.$inferInsert): Promise<void> {
  await tx.insert(companies).values(values);
}

/** Updates a company at the sent version (any when absent); answers whether a row changed. */
export async function updateCompany(tx: Executor, id: string, fields: Partial<typeof companies.$inferInsert>, v: number | undefined): Promise<boolean> {
  const res = await tx.update(companies).set({ ...fields, updated_at: new Date(), version: sql`${companies.version} + 1` })
    .where(and(eq(companies.id, id), versionIs(companies.version, v))).returning({ id: companies.id });
  return res.length > 0;
}

export async function deleteCompany(tx: Executor, id: string): Promise<void> {
  await tx.delete(companies).where(eq(companies.id, id));
}

/** Whether a company with this id exists. */
export async function companyExists(db: Executor, id: string): Promise<boolean> {
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
  return !!c;
}

// ------------------------------------------------------------------ the import's batched reads and writes (issue 26)

/** Every company's id and name (the import's code for a company). */
export function companyNames(db: Executor): Promise<{ id: string; code: string }[]> {
  return db.select({ id: companies.id, code: companies.company_name }).from(companies);
}

export type CompanyImportValues = Partial<z.output<typeof companyInputSchema>>;

/** Inserts imported companies, BATCH_ROWS to a statement. */
export async function insertCompanies(tx: Executor, rows: ({ id: string } & CompanyImportValues)[]): Promise<void> {
  await inBatches(rows, (b) => tx.insert(companies).values(b as (typeof companies.$inferInsert)[]));
}

/**
 * Updates stored companies from an imported file, BATCH_ROWS to a statement: the given text columns of each (the
 * file's columns, all text), a new version and update time, as the company form's update does.
 */
export async function updateCompanies(tx: Executor, rows: { id: string; fields: CompanyImportValues }[], columns: readonly (keyof CompanyImportValues)[]): Promise<void> {
  const cols = columns.filter((c) => c !== 'company_status' && c in companies);
  const id = (c: string) => sql.identifier(c);
  await inBatches(rows, (b) => tx.execute(sql`
    update ${companies} as c set ${sql.join(cols.map((c) => sql`${id(c)} = v.${id(c)}`), sql`, `)}${cols.length ? sql`, ` : sql``}updated_at = now(), version = c.version + 1
    from (values ${sql.join(b.map((r) => sql`(${sql.join([sql`${r.id}`, ...cols.map((c) => sql`${String(r.fields[c] ?? '')}`)], sql`, `)})`), sql`, `)})
      as v(${sql.join([id('id'), ...cols.map(id)], sql`, `)})
    where c.id = v.id`));
}
