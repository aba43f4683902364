import { and, asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Material, MaterialData, MATERIAL_SORTS } from '@isik/domain';
import { inBatches } from '../../db/batches.js';
import type { Executor } from '../../db/database.js';
import { materials } from '../../db/schema.js';
import { likePattern } from '../../lib/http.js';
import { inPage, pageTotal, totalColumn } from '../../lib/paging.js';
import { keyColumns, readAnchoredPage, type PageKey } from '../../lib/anchored-page.js';
import { param, prepared } from '../../lib/prepared.js';
import { defined, num, searchAny } from '../catalogue/shared.js';
import { versionIs } from '../../lib/version.js';

export type MaterialRow = typeof materials.$inferSelect;

/** The columns a material answers (not its sort key). */
const { material_name_key: _key, ...materialColumnsRead } = getTableColumns(materials);

export function toMaterial(r: Omit<MaterialRow, 'material_name_key'>): Material {
  return {
    _id: r.id, material_no: r.material_no, material_name: r.material_name, material_category: r.material_category,
    material_group: r.material_group, material_unit: r.material_unit, material_price: num(r.material_price, 4),
    material_doviz: r.material_doviz, material_img: r.material_img,
    purchase_multiple: r.purchase_multiple === null ? null : num(r.purchase_multiple, 4), purchase_min: r.purchase_min === null ? null : num(r.purchase_min, 4),
    min_stock: r.min_stock === null ? null : num(r.min_stock, 4),
    stockSum: num(r.stock_sum, 4), stockIn: num(r.stock_in, 4), stockOut: num(r.stock_out, 4),
    date: r.created_at.toISOString(), __v: r.version,
  };
}

export interface MaterialListArgs {
  type: 'list' | 'detail';
  page: number; pageSize: number; orderBy: (typeof MATERIAL_SORTS)[number]; order: 'asc' | 'desc';
  search?: string; category?: string; group?: string;
  /** The Page-Anchor of the page the client shows (ADR 0051). */
  anchor?: string;
}

/** Rows of table_counts beyond one per counted table at which the list's read folds them (table_counts_fold). */
const COUNTS_FOLD_SLACK = 100;

/**
 * The list's sort keys, in the ORDER BY's order (ADR 0051): a single-key order breaks ties by id in its own direction
 * (a descending page is a backward index scan), the others by name then id ascending. The name is lower(material_name),
 * stored (see the schema): the default order's page is an index-only scan of materials_name_key_idx; date, price,
 * group and category (ascending) have their own index (migration 0043, ADR 0056).
 */
function materialKeys(orderBy: MaterialListArgs['orderBy'], desc: boolean): PageKey[] {
  const name: PageKey = { expr: materials.material_name_key, type: 'text' };
  const id: PageKey = { expr: materials.id, type: 'text' };
  switch (orderBy) {
    case 'material_name': return [{ ...name, desc }, { ...id, desc }];
    case 'date': return [{ expr: materials.created_at, type: 'timestamptz', desc }, { ...id, desc }];
    case 'material_no': return [{ expr: materials.material_no, type: 'int', desc }, name, id];
    case 'material_category': return [{ expr: materials.material_category, type: 'text', desc }, { expr: materials.material_group, type: 'text' }, name, id];
    case 'material_group': return [{ expr: materials.material_group, type: 'text', desc }, name, id];
    case 'material_price': return [{ expr: materials.material_price, type: 'numeric', desc }, name, id];
    case 'stockSum': return [{ expr: materials.stock_sum, type: 'numeric', desc }, name, id];
  }
}

export async function listMaterials(db: Executor, a: MaterialListArgs) {
  const search = a.search ? param('search') : undefined;
  const category = a.category !== undefined ? param('category') : undefined;
  const group = a.group !== undefined ? param('group') : undefined;
  const where = () => and(search ? searchAny([materials.material_name, materials.material_category, materials.material_group], search) : undefined,
    category ? eq(materials.material_category, category) : undefined, group ? eq(materials.material_group, group) : undefined);
  const filtered = !!(search || category || group);
  const shape = `materials.list:${a.orderBy}:${a.order}:${search ? 's' : ''}${category ? 'c' : ''}${group ? 'g' : ''}`;
  const values = { search: a.search ? likePattern(a.search) : undefined, category: a.category, group: a.group };
  const keys = materialKeys(a.orderBy, a.order === 'desc');
  const req = { page: a.page, size: a.pageSize, anchor: a.anchor, scope: JSON.stringify(['materials/list', a.orderBy, a.order, a.search ?? null, a.category ?? null, a.group ?? null]) };
  // Without a filter the total is table_counts' (kept by triggers, ADR 0056), not a count of every material per page;
  // with one, the matches are counted.
  const keptTotal = sql<number>`(select coalesce(sum(n), 0)::int from table_counts where name = 'materials')`.mapWith(Number);
  const keptRows = sql<number>`(select count(*)::int from table_counts)`.mapWith(Number);
  // One round trip: the page's ids from a narrow sort, from the nearest of the start, the client's anchor and the end
  // (ADR 0051), the page's materials in the same order, and the count; a prepared statement per shape (lib/prepared.ts).
  let raw = 0;
  const page = await readAnchoredPage(keys, req, async (plan) => {
    const rows = await prepared(db, `${shape}:${plan.shape}`, () => {
      const w = where();
      const pw = plan.where ? and(w, plan.where) : w;
      const pageIds = db.select({ id: materials.id }).from(materials).where(pw).orderBy(...plan.orderBy).limit(param('limit')).offset(param('offset'));
      return db.select({ ...materialColumnsRead, ...keyColumns(keys), total: filtered ? totalColumn(materials, w) : keptTotal, raw: keptRows })
        .from(materials).where(inPage(materials.id, pageIds)).orderBy(...plan.orderBy);
    }).execute({ ...values, ...plan.values, limit: plan.limit, offset: plan.offset });
    const total = await pageTotal(rows, async () => {
      const [c] = await prepared(db, `${shape}:count`, () => (filtered
        ? db.select({ n: count(), raw: sql<number>`0`.mapWith(Number) }).from(materials).where(where())
        : db.select({ n: keptTotal, raw: keptRows }).from(sql`(select 1) as one`))).execute(values);
      raw = Number(c.raw);
      return Number(c.n);
    });
    if (rows.length > 0) raw = Number(rows[0].raw);
    return { rows, total };
  }, 'placeholder');
  // The kept count's appended differences are added together once they pass the slack (one row per table after).
  if (raw > 3 + COUNTS_FOLD_SLACK) await db.execute(sql`select table_counts_fold()`);
  return { rows: page.rows.map(toMaterial), total: page.total, anchor: page.anchor };
}

export async function findMaterial(db: Executor, id: string): Promise<Material | null> {
  const [r] = await db.select(materialColumnsRead).from(materials).where(eq(materials.id, id)).limit(1);
  return r ? toMaterial(r) : null;
}

/** Categories and groups in use, for the pickers (new ones may be typed in). */
export async function materialCategories(db: Executor) {
  const rows = await db.selectDistinct({ category: materials.material_category, group: materials.material_group }).from(materials)
    .orderBy(asc(materials.material_category), asc(materials.material_group));
  const tree = new Map<string, string[]>();
  for (const r of rows) {
    const list = tree.get(r.category) ?? [];
    list.push(r.group);
    tree.set(r.category, list);
  }
  return {
    categories: [...tree.keys()],
    groups: [...new Set(rows.map((r) => r.group))].sort((a, b) => a.localeCompare(b, 'tr')),
    tree: [...tree.entries()].map(([category, groups]) => ({ category, groups })),
  };
}

/** The columns of a material body (only the fields it carries; the image is the service's). */
export function materialColumns(d: Partial<MaterialData>) {
  return defined({
    material_no: d.material_no, material_name: d.material_name, material_category: d.material_category, material_group: d.material_group,
    material_unit: d.material_unit, material_price: d.material_price, material_doviz: d.material_doviz,
    purchase_multiple: d.purchase_multiple, purchase_min: d.purchase_min, min_stock: d.min_stock,
  });
}

export async function insertMaterial(tx: Executor, values: typeof materials.$inferInsert): Promise<void> {
  await tx.insert(materials).values(values);
}

/** Updates a material at the sent version (any when absent); answers its name, or null when no row changed. */
export async function updateMaterial(tx: Executor, id: string, set: Partial<typeof materials.$inferInsert>, v: number | undefined): Promise<{ name: string } | null> {
  const [row] = await tx.update(materials).set({ ...set, updated_at: new Date(), version: sql`${materials.version} + 1` })
    .where(and(eq(materials.id, id), versionIs(materials.version, v))).returning({ name: materials.material_name });
  return row ?? null;
}

export async function materialExists(tx: Executor, id: string): Promise<boolean> {
  const [exists] = await tx.select({ id: materials.id }).from(materials).where(eq(materials.id, id)).limit(1);
  return !!exists;
}

/** The material's name under a row lock, or null. */
export async function lockMaterialName(tx: Executor, id: string): Promise<{ name: string } | null> {
  const [current] = await tx.select({ name: materials.material_name }).from(materials).where(eq(materials.id, id)).for('update').limit(1);
  return current ?? null;
}

export async function deleteMaterial(tx: Executor, id: string): Promise<void> {
  await tx.delete(materials).where(eq(materials.id, id));
}

// ------------------------------------------------------------------ the import's batched reads and writes (issue 26)

/** Every material's id and name (the import's code for a material). */
export function materialNames(db: Executor): Promise<{ id: string; code: string }[]> {
  return db.select({ id: materials.id, code: materials.material_name }).from(materials);
}

/** Inserts imported materials, BATCH_ROWS to a statement. */
export async function insertMaterials(tx: Executor, rows: ({ id: string } & MaterialData)[]): Promise<void> {
  await inBatches(rows, (b) => tx.insert(materials).values(b.map((d) => ({
    id: d.id, ...materialColumns(d), material_name: d.material_name, material_category: d.material_category, material_group: d.material_group, material_img: '',
  }))));
}

/** Sets an imported material's columns (whatever version it is at: the import holds its lock) and bumps its version. */
export async function updateImportedMaterial(tx: Executor, id: string, fields: Partial<MaterialData>): Promise<void> {
  await tx.update(materials).set({ ...materialColumns(fields), updated_at: new Date(), version: sql`${materials.version} + 1` }).where(eq(materials.id, id));
}
