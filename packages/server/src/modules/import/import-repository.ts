/** The import's queries (issue 26): the stored codes of a kind, the models by code, and the batched writes. */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { importCodeKey, type companyInputSchema, type ImportKind, type MaterialData, type ProductData } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { companies, materials, models, products } from '../../db/schema.js';
import { materialColumns } from '../materials/materials-repository.js';
import { modelCopies, productColumns } from '../products/products-repository.js';

/** Rows per INSERT statement (well under PostgreSQL's 65,535 parameters for the widest table). */
const BATCH = 500;

/** The stored records of a kind by code key (importCodeKey): more than one id means the code is ambiguous. */
export async function storedCodes(db: Executor, kind: ImportKind): Promise<Map<string, string[]>> {
  const rows = kind === 'companies' ? await db.select({ id: companies.id, code: companies.company_name }).from(companies)
    : kind === 'materials' ? await db.select({ id: materials.id, code: materials.material_name }).from(materials)
      : await db.select({ id: products.id, code: products.urun_kodu }).from(products);
  const map = new Map<string, string[]>();
  for (const r of rows) {
    const key = importCodeKey(r.code);
    if (!key) continue;
    const list = map.get(key);
    if (list) list.push(r.id); else map.set(key, [r.id]);
  }
  return map;
}

export interface ModelRef { id: string; model_kategori: number; model_sira: number; model_kodu: string; model_adi_tr: string }

/** Every model by code key (the first stored one where codes repeat). */
export async function modelsByCode(db: Executor): Promise<Map<string, ModelRef>> {
  const rows = await db.select({ id: models.id, model_kategori: models.model_kategori, model_sira: models.model_sira, model_kodu: models.model_kodu, model_adi_tr: models.model_adi_tr })
    .from(models).orderBy(models.created_at);
  const map = new Map<string, ModelRef>();
  for (const r of rows) if (!map.has(importCodeKey(r.model_kodu))) map.set(importCodeKey(r.model_kodu), r);
  return map;
}

/** One import of a kind at a time (a transaction-scoped advisory lock). */
export async function lockImport(tx: Executor, kind: ImportKind): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${kind}`}))`);
}

async function inBatches<T>(list: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < list.length; i += BATCH) await write(list.slice(i, i + BATCH));
}

export type CompanyValues = Partial<z.output<typeof companyInputSchema>>;

export async function insertCompanies(tx: Executor, rows: ({ id: string } & CompanyValues)[]): Promise<void> {
  await inBatches(rows, (b) => tx.insert(companies).values(b as (typeof companies.$inferInsert)[]));
}

/**
 * Updates stored companies from the file, 500 to a statement: the given text columns of each (the file's columns, all
 * text), a new version and update time, as the company form's update does.
 */
export async function updateCompanies(tx: Executor, rows: { id: string; fields: CompanyValues }[], columns: readonly (keyof CompanyValues)[]): Promise<void> {
  const cols = columns.filter((c) => c !== 'company_status' && c in companies);
  const id = (c: string) => sql.identifier(c);
  await inBatches(rows, (b) => tx.execute(sql`
    update ${companies} as c set ${sql.join(cols.map((c) => sql`${id(c)} = v.${id(c)}`), sql`, `)}${cols.length ? sql`, ` : sql``}updated_at = now(), version = c.version + 1
    from (values ${sql.join(b.map((r) => sql`(${sql.join([sql`${r.id}`, ...cols.map((c) => sql`${String(r.fields[c] ?? '')}`)], sql`, `)})`), sql`, `)})
      as v(${sql.join([id('id'), ...cols.map(id)], sql`, `)})
    where c.id = v.id`));
}

export async function insertMaterials(tx: Executor, rows: ({ id: string } & MaterialData)[]): Promise<void> {
  await inBatches(rows, (b) => tx.insert(materials).values(b.map((d) => ({
    id: d.id, ...materialColumns(d), material_name: d.material_name, material_category: d.material_category, material_group: d.material_group, material_img: '',
  }))));
}

export async function updateMaterial(tx: Executor, id: string, fields: Partial<MaterialData>): Promise<void> {
  await tx.update(materials).set({ ...materialColumns(fields), updated_at: new Date(), version: sql`${materials.version} + 1` }).where(eq(materials.id, id));
}

export async function insertProducts(tx: Executor, rows: { id: string; data: ProductData; model: ModelRef }[]): Promise<void> {
  await inBatches(rows, (b) => tx.insert(products).values(b.map(({ id, data, model }) => ({
    id, ...productColumns(data), urun_adi_tr: data.urun_adi[0], model_id: model.id, ...modelCopies(model),
    technical_drawing: '', product_images: [], product_downloads: [],
  }))));
}

export async function updateProduct(tx: Executor, id: string, fields: Partial<ProductData>, model: ModelRef | undefined, o: { keepEnglishName: boolean }): Promise<void> {
  const { urun_adi_en, ...columns } = productColumns(fields);
  await tx.update(products).set({
    ...columns, ...(o.keepEnglishName ? {} : { urun_adi_en }), ...(model ? { model_id: model.id, ...modelCopies(model) } : {}),
    updated_at: new Date(), version: sql`${products.version} + 1`,
  }).where(eq(products.id, id));
}
