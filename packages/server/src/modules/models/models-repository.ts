import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Model, ModelData, ModelLight, ModelProduction, MODEL_SORTS } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { models } from '../../db/schema.js';
import { defined, searchAny } from '../catalogue/shared.js';
import { versionIs } from '../../lib/version.js';

export type ModelRow = typeof models.$inferSelect;

const lightColumns = {
  id: models.id, model_sira: models.model_sira, model_adi_tr: models.model_adi_tr, model_adi_en: models.model_adi_en,
  model_kodu: models.model_kodu, model_aciklama_tr: models.model_aciklama_tr, model_aciklama_en: models.model_aciklama_en,
  model_birimi: models.model_birimi, model_kdv: models.model_kdv, model_kategori: models.model_kategori, model_durumu: models.model_durumu,
  model_etiket: models.model_etiket, certificates: models.certificates, model_resim: models.model_resim,
  created_at: models.created_at, version: models.version,
};
type LightRow = Pick<ModelRow, keyof typeof lightColumns>;

export function toModelLight(r: LightRow): ModelLight {
  return {
    _id: r.id, model_sira: r.model_sira, model_adi: [r.model_adi_tr, r.model_adi_en], model_kodu: r.model_kodu,
    model_aciklama: [r.model_aciklama_tr, r.model_aciklama_en], model_birimi: r.model_birimi, model_kdv: r.model_kdv,
    model_kategori: r.model_kategori, model_durumu: r.model_durumu, model_etiket: r.model_etiket ?? [], certificates: r.certificates ?? [],
    model_resim: r.model_resim, date: r.created_at.toISOString(), __v: r.version,
  };
}

export function toModel(r: ModelRow): Model {
  return { ...toModelLight(r), modelDownloads: r.model_downloads ?? [], ModelFeatures: r.model_features ?? [], productiondetail: r.productiondetail ?? [] };
}

export interface ModelListArgs {
  type: 'list' | 'detail' | 'productionlist';
  page: number; pageSize: number; orderBy: (typeof MODEL_SORTS)[number]; order: 'asc' | 'desc';
  search?: string; category?: number;
}

export async function listModels(db: Executor, a: ModelListArgs) {
  const conds: SQL[] = [];
  if (a.search) {
    conds.push(searchAny([models.model_adi_tr, models.model_adi_en, models.model_kodu], a.search));
  }
  if (a.category !== undefined) conds.push(eq(models.model_kategori, a.category));
  const where = conds.length ? and(...conds) : undefined;
  const dir = a.order === 'desc' ? desc : asc;
  const sorts: Record<ModelListArgs['orderBy'], SQL[]> = {
    model_sira: [dir(models.model_sira), asc(sql`lower(${models.model_kodu})`)],
    model_kodu: [dir(sql`lower(${models.model_kodu})`)],
    model_adi: [dir(sql`lower(${models.model_adi_tr})`)],
    model_kategori: [dir(models.model_kategori), asc(models.model_sira), asc(sql`lower(${models.model_kodu})`)],
    date: [dir(models.created_at)],
  };
  const orderBy = [...sorts[a.orderBy], asc(models.id)];
  const offset = (a.page - 1) * a.pageSize;
  let rows: (Model | ModelLight | ModelProduction)[];
  if (a.type === 'detail') {
    rows = (await db.select().from(models).where(where).orderBy(...orderBy).limit(a.pageSize).offset(offset)).map(toModel);
  } else if (a.type === 'productionlist') {
    rows = (await db.select({ id: models.id, model_kodu: models.model_kodu, model_adi_tr: models.model_adi_tr, model_adi_en: models.model_adi_en, productiondetail: models.productiondetail })
      .from(models).where(where).orderBy(...orderBy).limit(a.pageSize).offset(offset))
      .map((r) => ({ _id: r.id, model_kodu: r.model_kodu, model_adi: [r.model_adi_tr, r.model_adi_en], productiondetail: r.productiondetail ?? [] }));
  } else {
    rows = (await db.select(lightColumns).from(models).where(where).orderBy(...orderBy).limit(a.pageSize).offset(offset)).map(toModelLight);
  }
  const [{ n }] = await db.select({ n: count() }).from(models).where(where);
  return { rows, total: Number(n) };
}

export async function findModelRow(db: Executor, id: string): Promise<ModelRow | null> {
  const [r] = await db.select().from(models).where(eq(models.id, id)).limit(1);
  return r ?? null;
}

export async function findModel(db: Executor, id: string): Promise<Model | null> {
  const r = await findModelRow(db, id);
  return r ? toModel(r) : null;
}

/** The columns of a model body (only the fields it carries). */
export function modelColumns(d: Partial<ModelData>) {
  return defined({
    model_sira: d.model_sira,
    model_adi_tr: d.model_adi?.[0], model_adi_en: d.model_adi?.[1],
    model_kodu: d.model_kodu,
    model_aciklama_tr: d.model_aciklama?.[0], model_aciklama_en: d.model_aciklama?.[1],
    model_birimi: d.model_birimi, model_kdv: d.model_kdv, model_kategori: d.model_kategori, model_durumu: d.model_durumu,
    model_etiket: d.model_etiket, certificates: d.certificates,
    model_features: d.ModelFeatures?.map((f, i) => ({ no: f.no ?? i + 1, label: f.label, feature: f.feature })),
    productiondetail: d.productiondetail?.map((p, i) => ({ No: p.No ?? i + 1, Operation: p.Operation, OperationDescription: p.OperationDescription, OperationComponent: p.OperationComponent })),
  });
}

/** The id of the model with this code (any letter case), or null. */
export async function modelIdByCode(db: Executor, code: string): Promise<string | null> {
  const [m] = await db.select({ id: models.id }).from(models).where(sql`lower(${models.model_kodu}) = lower(${code})`).limit(1);
  return m ? m.id : null;
}

export async function insertModel(tx: Executor, values: typeof models.$inferInsert): Promise<void> {
  await tx.insert(models).values(values);
}

/** Updates a model at the sent version (any when absent); answers the fields its products copy, or null when no row changed. */
export async function updateModel(tx: Executor, id: string, set: Partial<typeof models.$inferInsert>, v: number | undefined) {
  const [row] = await tx.update(models).set({ ...set, updated_at: new Date(), version: sql`${models.version} + 1` })
    .where(and(eq(models.id, id), versionIs(models.version, v)))
    .returning({ model_kodu: models.model_kodu, model_adi_tr: models.model_adi_tr, model_kategori: models.model_kategori, model_sira: models.model_sira });
  return row ?? null;
}

/** The model's code and name under a row lock, or null. */
export async function lockModelName(tx: Executor, id: string): Promise<{ kodu: string; adi: string } | null> {
  const [current] = await tx.select({ kodu: models.model_kodu, adi: models.model_adi_tr }).from(models).where(eq(models.id, id)).for('update').limit(1);
  return current ?? null;
}

export async function deleteModel(tx: Executor, id: string): Promise<void> {
  await tx.delete(models).where(eq(models.id, id));
}

/** The fields a product copies from its model (products-repository modelCopies), or null when there is no such model. */
export async function modelCopySource(tx: Executor, id: string) {
  const [m] = await tx.select({ model_kategori: models.model_kategori, model_sira: models.model_sira, model_kodu: models.model_kodu, model_adi_tr: models.model_adi_tr })
    .from(models).where(eq(models.id, id)).limit(1);
  return m ?? null;
}

/** How many models name this id (a semi-finished product or a material) as an operation component. */
export async function modelsNamingComponent(tx: Executor, id: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(models)
    .where(sql`${models.productiondetail} @> ${JSON.stringify([{ OperationComponent: [{ value: id }] }])}::jsonb`);
  return Number(n);
}

// ------------------------------------------------------------------ the import's reads (issue 26)

/** What a product copies from its model, with the model's id: the import's model by code. */
export interface ModelRef { id: string; model_kategori: number; model_sira: number; model_kodu: string; model_adi_tr: string }

/** Every model's reference, oldest first (where codes repeat, the import takes the first). */
export function modelRefs(db: Executor): Promise<ModelRef[]> {
  return db.select({ id: models.id, model_kategori: models.model_kategori, model_sira: models.model_sira, model_kodu: models.model_kodu, model_adi_tr: models.model_adi_tr })
    .from(models).orderBy(models.created_at);
}
