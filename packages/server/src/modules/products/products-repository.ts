import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { completenessScore, MAIN_IMAGE, type EmbeddedModel, type Product, type ProductData, type ProductListRow, type PRODUCT_SORTS } from '@isik/domain';
import { inBatches } from '../../db/batches.js';
import type { Executor } from '../../db/database.js';
import type { ModelRef } from '../models/models-repository.js';
import { models, products } from '../../db/schema.js';
import { defined, num, productCount, searchFolded } from '../catalogue/shared.js';
import { likePattern } from '../../lib/http.js';
import { inPage, pageTotal, totalColumn } from '../../lib/paging.js';
import { param, prepared } from '../../lib/prepared.js';
import { keyColumns, readAnchoredPage, type PageKey } from '../../lib/anchored-page.js';
import { versionIs } from '../../lib/version.js';

export type ProductRow = typeof products.$inferSelect;

/** The model fields a product answers embedded (urun_model). */
export const embeddedModelColumns = {
  m_id: models.id, m_kodu: models.model_kodu, m_adi_tr: models.model_adi_tr, m_adi_en: models.model_adi_en, m_kdv: models.model_kdv,
  m_birimi: models.model_birimi, m_kategori: models.model_kategori, m_sira: models.model_sira, m_durumu: models.model_durumu,
  m_certificates: models.certificates, m_features: models.model_features, m_downloads: models.model_downloads,
};
type EmbeddedRow = { [K in keyof typeof embeddedModelColumns]: (typeof embeddedModelColumns)[K]['_']['data'] | null };
export type JoinedProductRow = Omit<ProductRow, 'search_text' | 'public_search'> & EmbeddedRow;

const { search_text: _s, public_search: _p, ...productColumnsRead } = getTableColumns(products);
export const productWithModelColumns = { ...productColumnsRead, ...embeddedModelColumns };

/** The model fields a product keeps a copy of (category and order for lists, code and name for search). */
export function modelCopies(m: { model_kategori: number; model_sira: number; model_kodu: string; model_adi_tr: string }) {
  return { model_category: m.model_kategori, model_sira: m.model_sira, model_code: m.model_kodu, model_name_tr: m.model_adi_tr };
}

export function toEmbeddedModel(r: EmbeddedRow): EmbeddedModel | null {
  if (!r.m_id) return null;
  return {
    _id: r.m_id, model_kodu: r.m_kodu ?? '', model_adi: [r.m_adi_tr ?? '-', r.m_adi_en ?? '-'], model_kdv: r.m_kdv ?? '18',
    model_birimi: r.m_birimi ?? 'Adet', model_kategori: r.m_kategori ?? 0, model_sira: r.m_sira ?? 0, model_durumu: r.m_durumu ?? true,
    certificates: r.m_certificates ?? [], ModelFeatures: r.m_features ?? [], modelDownloads: r.m_downloads ?? [],
  };
}

export function toProduct(r: JoinedProductRow): Product {
  return {
    _id: r.id,
    urun_sira: r.urun_sira,
    urun_adi: [r.urun_adi_tr, r.urun_adi_en],
    urun_model: toEmbeddedModel(r),
    model_sira: r.model_sira,
    model_category: r.model_category,
    urun_kodu: r.urun_kodu,
    urun_guc: r.urun_guc,
    urun_lumen: r.urun_lumen,
    urun_kapasite: r.urun_kapasite,
    urun_voltaj: r.urun_voltaj,
    urun_durumu: r.urun_durumu,
    urun_doviz: r.urun_doviz,
    urun_fiyat: num(r.urun_fiyat, 2),
    urun_panel: r.urun_panel,
    urun_aku: r.urun_aku,
    urun_cct: r.urun_cct,
    urun_optik: r.urun_optik,
    product_dimensions: r.product_dimensions,
    product_weight: r.product_weight,
    technicalDrawing: r.technical_drawing,
    productImages: r.product_images ?? [],
    productDownloads: r.product_downloads ?? [],
    stockSum: num(r.stock_sum, 4),
    urun_ozellikler: r.urun_ozellikler ?? [],
    production: r.production ?? [],
    date: r.created_at.toISOString(),
    __v: r.version,
  };
}

export interface ProductListArgs {
  type: 'list' | 'detaillist';
  page: number; pageSize: number; orderBy: (typeof PRODUCT_SORTS)[number]; order: 'asc' | 'desc';
  search?: string; category?: number;
  /** The Page-Anchor of the page the client shows (ADR 0051). */
  anchor?: string;
}

/** The most words of a search that each must match (more are ignored). */
const SEARCH_WORDS_MAX = 8;

/**
 * The words of a product search (issue 23: "astra 30" found nothing): every word must match the name (tr or en),
 * the code or the model code; a word that reads as a number (optionally with W: "30", "30W", "7,5") also matches
 * the power.
 */
export function searchWords(search: string | undefined): { text: string; power: number | null }[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS_MAX).map((text) => {
    const m = /^(\d{1,6}(?:[.,]\d{1,3})?)w?$/i.exec(text);
    return { text, power: m ? Number(m[1].replace(',', '.')) : null };
  });
}

type WordTerm = { text: string | Placeholder; power: number | Placeholder | null };

/** The filter of a list: values, or placeholders of a prepared list (a word's text stands for its likePattern). */
function productWhere(words: readonly WordTerm[], category: number | Placeholder | undefined): SQL | undefined {
  const conds: SQL[] = [];
  for (const w of words) {
    const text = searchFolded(products.search_text, w.text);
    conds.push(w.power === null ? text : sql`(${text} or ${products.urun_guc} = ${w.power})`);
  }
  if (category !== undefined) conds.push(eq(products.model_category, category));
  return conds.length ? and(...conds) : undefined;
}

/** The list's sort keys (each sort, then the id: one way for a single key, ascending after several). */
function productKeys(orderBy: ProductListArgs['orderBy'], order: ProductListArgs['order']): PageKey[] {
  const desc = order === 'desc';
  const sorts: Record<ProductListArgs['orderBy'], PageKey[]> = {
    urun_sira: [{ expr: products.urun_sira, type: 'int', desc }],
    urun_kodu: [{ expr: sql`lower(${products.urun_kodu})`, type: 'text', desc }],
    urun_adi: [{ expr: sql`lower(${products.urun_adi_tr})`, type: 'text', desc }],
    urun_fiyat: [{ expr: products.urun_fiyat, type: 'numeric', desc }],
    urun_guc: [{ expr: products.urun_guc, type: 'float8', desc }],
    model_category: [{ expr: products.model_category, type: 'int', desc }, { expr: products.model_sira, type: 'int' }, { expr: products.urun_sira, type: 'int' }],
    model_sira: [{ expr: products.model_sira, type: 'int', desc }, { expr: products.urun_sira, type: 'int' }],
    stockSum: [{ expr: products.stock_sum, type: 'numeric', desc }],
    date: [{ expr: products.created_at, type: 'timestamptz', desc }],
  };
  // A single-key order breaks ties by id in its own direction: a descending page is a backward index scan, not a sort.
  return [...sorts[orderBy], { expr: products.id, type: 'text', desc: sorts[orderBy].length === 1 && desc }];
}

function productOrder(orderBy: ProductListArgs['orderBy'], order: ProductListArgs['order']): SQL[] {
  return productKeys(orderBy, order).map((k) => (k.desc ? desc : asc)(k.expr));
}

export async function listProducts(db: Executor, a: ProductListArgs) {
  if (a.type === 'detaillist') {
    // 'detaillist' scores completeness, which reads the whole product (specs, production, files) on the server.
    const where = productWhere(searchWords(a.search), a.category);
    const ids = (await db.select({ id: products.id }).from(products).where(where).orderBy(...productOrder(a.orderBy, a.order))
      .limit(a.pageSize).offset((a.page - 1) * a.pageSize)).map((r) => r.id);
    const [rows, [{ n }]] = await Promise.all([
      productsByIds(db, ids).then((ps) => ps.map((p) => ({ ...toListRow(p), completeness: completenessScore(p) }))),
      db.select({ n: count() }).from(products).where(where),
    ]);
    return { rows, total: Number(n) };
  }
  // One round trip: the page's ids from a narrow sort, the page's rows (only the columns the list shows) in the same
  // order, and the count of every match beside each row. A prepared statement per shape (lib/prepared.ts).
  const words = searchWords(a.search);
  const search = words.length > 0;
  const terms: WordTerm[] = words.map((w, i) => ({ text: param(`search${i}`), power: w.power === null ? null : param(`power${i}`) }));
  const category = a.category !== undefined ? param('category') : undefined;
  // A prepared statement per shape: the words' count and which of them may be a power are part of it.
  const shape = `products.list:${a.orderBy}:${a.order}:${words.map((w) => (w.power === null ? 's' : 'p')).join('')}${category ? 'c' : ''}`;
  const values: Record<string, unknown> = { category: a.category };
  words.forEach((w, i) => {
    values[`search${i}`] = likePattern(w.text);
    if (w.power !== null) values[`power${i}`] = w.power;
  });
  // The page from the nearest of the start, the client's anchor and the end (ADR 0051).
  const keys = productKeys(a.orderBy, a.order);
  const req = { page: a.page, size: a.pageSize, anchor: a.anchor, scope: JSON.stringify(['products/list', a.orderBy, a.order, a.search ?? null, a.category ?? null]) };
  const page = await readAnchoredPage(keys, req, async (plan) => {
    const found = await prepared(db, `${shape}:${plan.shape}`, () => {
      const where = productWhere(terms, category);
      const pw = plan.where ? and(where, plan.where) : where;
      const pageIds = db.select({ id: products.id }).from(products).where(pw).orderBy(...plan.orderBy).limit(param('limit')).offset(param('offset'));
      // Without a search the total is product_counts' (kept by triggers), not a count of every product per page.
      const total = search ? totalColumn(products, where) : productCount({ category });
      return db.select({ ...listRowColumns, ...keyColumns(keys), total }).from(products).where(inPage(products.id, pageIds)).orderBy(...plan.orderBy);
    }).execute({ ...values, ...plan.values, limit: plan.limit, offset: plan.offset });
    const total = await pageTotal(found, async () => Number((await prepared(db, `${shape}:count`, () => search
      ? db.select({ n: count() }).from(products).where(productWhere(terms, category))
      : db.select({ n: productCount({ category }) }).from(sql`(select 1) as one`)).execute(values))[0].n));
    return { rows: found, total };
  }, 'placeholder');
  return { rows: page.rows.map(toListRowFromColumns), total: page.total, anchor: page.anchor };
}

/** The columns a list row reads (ProductListRow): no specs, production rows, downloads or model join. */
const listRowColumns = {
  id: products.id, urun_sira: products.urun_sira, urun_adi_tr: products.urun_adi_tr, urun_adi_en: products.urun_adi_en,
  urun_kodu: products.urun_kodu, model_id: products.model_id, model_code: products.model_code, model_sira: products.model_sira,
  model_category: products.model_category, urun_guc: products.urun_guc, urun_lumen: products.urun_lumen,
  urun_kapasite: products.urun_kapasite, urun_voltaj: products.urun_voltaj, urun_durumu: products.urun_durumu,
  urun_doviz: products.urun_doviz, urun_fiyat: products.urun_fiyat, stock_sum: products.stock_sum,
  main_image: sql<string>`coalesce((select e->>'image' from jsonb_array_elements(${products.product_images}) with ordinality as x(e, i)
    where coalesce(e->>'image', '') <> '' order by (e->>'description' = ${MAIN_IMAGE}) desc, i limit 1), '')`,
};

interface ListRowValues {
  id: string; urun_sira: number; urun_adi_tr: string; urun_adi_en: string; urun_kodu: string; model_id: string | null; model_code: string; model_sira: number;
  model_category: number; urun_guc: number; urun_lumen: number; urun_kapasite: number; urun_voltaj: number; urun_durumu: boolean; urun_doviz: string;
  urun_fiyat: string; stock_sum: string; main_image: string | null;
}

function toListRowFromColumns(c: ListRowValues): ProductListRow {
  return {
    _id: c.id, urun_sira: c.urun_sira, urun_adi: [c.urun_adi_tr, c.urun_adi_en] as [string, string], urun_kodu: c.urun_kodu,
    urun_model: c.model_id ? { _id: c.model_id, model_kodu: c.model_code } : null, model_sira: c.model_sira, model_category: c.model_category,
    urun_guc: c.urun_guc, urun_lumen: c.urun_lumen, urun_kapasite: c.urun_kapasite, urun_voltaj: c.urun_voltaj, urun_durumu: c.urun_durumu,
    urun_doviz: c.urun_doviz, urun_fiyat: num(c.urun_fiyat, 2), stockSum: num(c.stock_sum, 4), mainImage: c.main_image ?? '',
  };
}

/** A whole product as a list row (the same fields the list query reads). */
export function toListRow(p: Product): ProductListRow {
  const main = p.productImages.find((i) => i.description === MAIN_IMAGE && i.image) ?? p.productImages.find((i) => i.image);
  return {
    _id: p._id, urun_sira: p.urun_sira, urun_adi: p.urun_adi, urun_kodu: p.urun_kodu,
    urun_model: p.urun_model ? { _id: p.urun_model._id, model_kodu: p.urun_model.model_kodu } : null,
    model_sira: p.model_sira, model_category: p.model_category, urun_guc: p.urun_guc, urun_lumen: p.urun_lumen,
    urun_kapasite: p.urun_kapasite, urun_voltaj: p.urun_voltaj, urun_durumu: p.urun_durumu, urun_doviz: p.urun_doviz,
    urun_fiyat: p.urun_fiyat, stockSum: p.stockSum, mainImage: main?.image ?? '',
  };
}

/** Products with their model, in the order of the given ids. */
export async function productsByIds(db: Executor, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(productWithModelColumns).from(products).innerJoin(models, eq(models.id, products.model_id)).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, toProduct(r as JoinedProductRow)]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

export async function findProduct(db: Executor, id: string): Promise<Product | null> {
  const [r] = await db.select(productWithModelColumns).from(products).innerJoin(models, eq(models.id, products.model_id)).where(eq(products.id, id)).limit(1);
  return r ? toProduct(r as JoinedProductRow) : null;
}

/** The columns of a product body (only the fields it carries; files and model copies are the service's). */
export function productColumns(d: Partial<ProductData>) {
  return defined({
    urun_sira: d.urun_sira,
    urun_adi_tr: d.urun_adi?.[0], urun_adi_en: d.urun_adi?.[1],
    model_id: d.urun_model,
    urun_kodu: d.urun_kodu, urun_guc: d.urun_guc, urun_lumen: d.urun_lumen, urun_kapasite: d.urun_kapasite, urun_voltaj: d.urun_voltaj,
    urun_durumu: d.urun_durumu, urun_doviz: d.urun_doviz, urun_fiyat: d.urun_fiyat, urun_panel: d.urun_panel, urun_aku: d.urun_aku,
    urun_cct: d.urun_cct, urun_optik: d.urun_optik, product_dimensions: d.product_dimensions, product_weight: d.product_weight,
    urun_ozellikler: d.urun_ozellikler?.map((s, i) => ({ no: s.no ?? i + 1, urun_ozellik: s.urun_ozellik, urun_aciklama: s.urun_aciklama, product_description: s.product_description })),
    production: d.production,
  });
}

export async function insertProduct(tx: Executor, values: typeof products.$inferInsert): Promise<void> {
  await tx.insert(products).values(values);
}

/** Updates a product at the sent version (any when absent); answers its code and name, or null when no row changed. */
export async function updateProduct(tx: Executor, id: string, set: Partial<typeof products.$inferInsert>, v: number | undefined): Promise<{ kodu: string; adi: string } | null> {
  const [row] = await tx.update(products).set({ ...set, updated_at: new Date(), version: sql`${products.version} + 1` })
    .where(and(eq(products.id, id), versionIs(products.version, v))).returning({ kodu: products.urun_kodu, adi: products.urun_adi_tr });
  return row ?? null;
}

export async function productExists(tx: Executor, id: string): Promise<boolean> {
  const [exists] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return !!exists;
}

/** The product's code and name under a row lock (the ledger updates this row too), or null. */
export async function lockProductName(tx: Executor, id: string): Promise<{ kodu: string; adi: string } | null> {
  const [current] = await tx.select({ kodu: products.urun_kodu, adi: products.urun_adi_tr }).from(products).where(eq(products.id, id)).for('update').limit(1);
  return current ?? null;
}

export async function deleteProduct(tx: Executor, id: string): Promise<void> {
  await tx.delete(products).where(eq(products.id, id));
}

/** How many other products name this one as a semi-finished component ('Yarı Mamül' row keeping its id in `information`). */
export async function productsNamingComponent(tx: Executor, id: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(products)
    .where(and(sql`${products.production} @> ${JSON.stringify([{ op_name: 'Yarı Mamül', information: id }])}::jsonb`, sql`${products.id} <> ${id}`));
  return Number(n);
}

/** How many products name this id (a material) in their production rows (`information`). */
export async function productsNamingMaterial(tx: Executor, id: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(products).where(sql`${products.production} @> ${JSON.stringify([{ information: id }])}::jsonb`);
  return Number(n);
}

/** How many products are of this model. */
export async function productCountOfModel(tx: Executor, modelId: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(products).where(eq(products.model_id, modelId));
  return Number(n);
}

/**
 * Writes a model's copied fields (modelCopies) into its products where they differ; answers whether any product
 * changed.
 */
export async function refreshModelCopies(tx: Executor, modelId: string, copies: ReturnType<typeof modelCopies>): Promise<boolean> {
  const moved = await tx.update(products).set(copies)
    .where(and(eq(products.model_id, modelId), sql`(${products.model_category}, ${products.model_sira}, ${products.model_code}, ${products.model_name_tr}) is distinct from (${copies.model_category}::int, ${copies.model_sira}::int, ${copies.model_code}::text, ${copies.model_name_tr}::text)`))
    .returning({ id: products.id });
  return moved.length > 0;
}

/** An active product with its model's VAT rate (the public offer request's item), or null. */
export async function activeProductWithModelVat(tx: Executor, id: string): Promise<{ product: ProductRow; kdv: string } | null> {
  const [p] = await tx.select({ product: products, kdv: models.model_kdv }).from(products).innerJoin(models, eq(models.id, products.model_id))
    .where(and(eq(products.id, id), eq(products.urun_durumu, true))).limit(1);
  return p ?? null;
}

// ------------------------------------------------------------------ the import's batched reads and writes (issue 26)

/** Every product's id and code (the import's code for a product). */
export function productCodes(db: Executor): Promise<{ id: string; code: string }[]> {
  return db.select({ id: products.id, code: products.urun_kodu }).from(products);
}

/** Inserts imported products with their model's copied fields, BATCH_ROWS to a statement. */
export async function insertProducts(tx: Executor, rows: { id: string; data: ProductData; model: ModelRef }[]): Promise<void> {
  await inBatches(rows, (b) => tx.insert(products).values(b.map(({ id, data, model }) => ({
    id, ...productColumns(data), urun_adi_tr: data.urun_adi[0], model_id: model.id, ...modelCopies(model),
    technical_drawing: '', product_images: [], product_downloads: [],
  }))));
}

/** Sets an imported product's columns (and its model's copies when the file names a model) and bumps its version. */
export async function updateImportedProduct(tx: Executor, id: string, fields: Partial<ProductData>, model: ModelRef | undefined, o: { keepEnglishName: boolean }): Promise<void> {
  const { urun_adi_en, ...columns } = productColumns(fields);
  await tx.update(products).set({
    ...columns, ...(o.keepEnglishName ? {} : { urun_adi_en }), ...(model ? { model_id: model.id, ...modelCopies(model) } : {}),
    updated_at: new Date(), version: sql`${products.version} + 1`,
  }).where(eq(products.id, id));
}
