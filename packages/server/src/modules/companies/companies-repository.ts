import { and, asc, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Company } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { companies, users } from '../../db/schema.js';
import { searchAny } from '../../lib/search.js';
import { trSortKey } from '../../lib/sort.js';
import { pageTotal, totalColumn } from '../../lib/paging.js';

export type CompanyRow = typeof companies.$inferSelect;

export function toCompany(r: CompanyRow): Company {
  const { id, created_at, updated_at: _u, version, ...rest } = r;
  return { _id: id, ...rest, date: created_at.toISOString(), __v: version };
}

export interface CompanyListArgs {
  page: number; pageSize: number; orderBy: 'company_name' | 'company_category' | 'company_status'; order: 'asc' | 'desc';
  search?: string; category?: string; status?: boolean;
}

export async function listCompanies(db: Executor, a: CompanyListArgs) {
  const conds: SQL[] = [];
  if (a.search) conds.push(searchAny([companies.company_name], a.search));
  if (a.category) conds.push(eq(companies.company_category, a.category));
  if (a.status !== undefined) conds.push(eq(companies.company_status, a.status));
  const where = conds.length ? and(...conds) : undefined;
  const sortCol = a.orderBy === 'company_category' ? companies.company_category
    : a.orderBy === 'company_status' ? companies.company_status : trSortKey(companies.company_name);
  const rows = await db.select({ ...getTableColumns(companies), total: totalColumn(companies, where) }).from(companies).where(where)
    .orderBy(a.order === 'desc' ? desc(sortCol) : asc(sortCol), asc(trSortKey(companies.company_name)), asc(companies.id))
    .limit(a.pageSize).offset((a.page - 1) * a.pageSize);
  const total = await pageTotal(rows, async () => Number((await db.select({ n: count() }).from(companies).where(where))[0].n));
  return { rows: rows.map(toCompany), total };
}

export async function findCompany(db: Executor, id: string): Promise<Company | null> {
  const [r] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return r ? toCompany(r) : null;
}

export async function companyUserCount(db: Executor, id: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.company_id, id));
  return Number(n);
}
