import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Material, MaterialData, MATERIAL_SORTS } from '@isik/domain';
import { inBatches } from '../../db/batches.js';
import type { Executor } from '../../db/database.js';
import { materials } from '../../db/schema.js';
import { likePattern } from '../../lib/http.js';
import { inPage, pageTotal, totalColumn } from '../../lib/paging.js';
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
}

export async function listMaterials(db: Executor, a: MaterialListArgs) {
  const search = a.search ? param('search') : undefined;
  const category = a.category !== undefined ? param('category') : undefined;
  const group = a.group !== undefined ? param('group') : undefined;
  const where = () => and(search ? searchAny([materials.material_name, materials.material_category, materials.material_group], search) : undefined,
    category ? eq(materials.material_category, category) : undefined, group ? eq(materials.material_group, group) : undefined);
  const shape = `materials.list:${a.orderBy}:${a.order}:${search ? 's' : ''}${category ? 'c' : ''}${group ? 'g' : ''}`;
  const values = { search: a.search ? likePattern(a.search) : undefined, category: a.category, group: a.group, limit: a.pageSize, offset: (a.page - 1) * a.pageSize };
  // One round trip: the page's ids from a narrow sort, the page's materials in the same order, and the count; a
  // prepared statement per shape (lib/prepared.ts).
  const rows = await prepared(db, shape, () => {
    const dir = a.order === 'desc' ? desc : asc;
    // lower(material_name), stored (see the schema): the default order's page is an index-only scan of materials_name_key_idx.
    const name = materials.material_name_key;
    const sorts: Record<MaterialListArgs['orderBy'], SQL[]> = {
      material_name: [dir(name)],
      material_no: [dir(materials.material_no), asc(name)],
      material_category: [dir(materials.material_category), asc(materials.material_group), asc(name)],
      material_group: [dir(materials.material_group), asc(name)],
      material_price: [dir(materials.material_price), asc(name)],
      stockSum: [dir(materials.stock_sum), asc(name)],
      date: [dir(materials.created_at)],
    };
    // A single-key order breaks ties by id in its own direction: a descending page is a backward index scan, not a sort.
    const order = [...sorts[a.orderBy], sorts[a.orderBy].length === 1 ? dir(materials.id) : asc(materials.id)];
    const w = where();
    const pageIds = db.select({ id: materials.id }).from(materials).where(w).orderBy(...order).limit(param('limit')).offset(param('offset'));
    return db.select({ ...materialColumnsRead, total: totalColumn(materials, w) }).from(materials).where(inPage(materials.id, pageIds)).orderBy(...order);
  }).execute(values);
  const total = await pageTotal(rows, async () => Number((await prepared(db, `${shape}:count`, () =>
    db.select({ n: count() }).from(materials).where(where())).execute(values))[0].n));
  return { rows: rows.map(toMaterial), total };
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
