import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { MAIN_IMAGE, smallFileUrl, type PUBLIC_SORTS, type ProductImage, type PublicProduct, type PublicProductDetail } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { models, products } from '../../db/schema.js';
import { inPage, pageTotal, totalColumn } from '../../lib/paging.js';
import { param, prepared } from '../../lib/prepared.js';
import { likePattern } from '../../lib/http.js';
import { num, productCount, searchFolded } from './shared.js';

/**
 * The public catalogue (spec 001 2.7, 2.8): active products only, public fields only. Never stock,
 * production rows, material prices or costs: the columns read here are an explicit list.
 */
const cardColumns = {
  id: products.id, urun_kodu: products.urun_kodu, urun_adi_tr: products.urun_adi_tr, urun_adi_en: products.urun_adi_en,
  model_kodu: models.model_kodu, model_adi_tr: models.model_adi_tr, model_adi_en: models.model_adi_en, model_category: products.model_category,
  urun_guc: products.urun_guc, urun_lumen: products.urun_lumen, urun_kapasite: products.urun_kapasite, urun_voltaj: products.urun_voltaj,
  urun_panel: products.urun_panel, urun_aku: products.urun_aku, urun_cct: products.urun_cct, urun_optik: products.urun_optik,
  urun_fiyat: products.urun_fiyat, urun_doviz: products.urun_doviz, product_images: products.product_images, model_resim: models.model_resim,
  product_dimensions: products.product_dimensions, product_weight: products.product_weight,
};
type CardRow = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'] };

function mainImage(images: ProductImage[] | null, modelImage: string): string {
  const list = images ?? [];
  const main = list.find((i) => i.description === MAIN_IMAGE && i.image) ?? list.find((i) => i.image);
  const url = main?.image || modelImage;
  return url ? smallFileUrl(url) : '';
}

function toCard(r: CardRow): PublicProduct {
  const price = num(r.urun_fiyat, 2);
  return {
    _id: r.id, urun_kodu: r.urun_kodu, urun_adi: [r.urun_adi_tr, r.urun_adi_en], model_kodu: r.model_kodu, model_adi: [r.model_adi_tr, r.model_adi_en],
    model_category: r.model_category, urun_guc: r.urun_guc, urun_lumen: r.urun_lumen, urun_kapasite: r.urun_kapasite, urun_voltaj: r.urun_voltaj,
    urun_panel: r.urun_panel, urun_aku: r.urun_aku, urun_cct: r.urun_cct, urun_optik: r.urun_optik,
    ...(price > 0 ? { urun_fiyat: price, urun_doviz: r.urun_doviz } : {}),
    image: mainImage(r.product_images, r.model_resim), product_dimensions: r.product_dimensions, product_weight: r.product_weight,
  };
}

export interface PublicListArgs { page: number; pageSize: number; orderBy: (typeof PUBLIC_SORTS)[number]; order: 'asc' | 'desc'; search?: string; category?: number }

/**
 * A page of the public catalogue's cards and the count of every active product the filter matches. One round trip:
 * the page's ids from a narrow sort (an index-only scan of the order's partial index), the page's cards in the same
 * order, and the count; a prepared statement per shape (lib/prepared.ts).
 */
export async function listPublicProducts(db: Executor, a: PublicListArgs): Promise<{ rows: PublicProduct[]; total: number }> {
  const search = a.search ? param('search') : undefined;
  const category = a.category !== undefined ? param('category') : undefined;
  // Active products as a bare condition, not `= $1`: a prepared statement's generic plan can then prove the
  // partial indexes' predicate (WHERE urun_durumu) and read the page from them.
  const where = () => and(sql`${products.urun_durumu}`,
    search ? searchFolded(products.public_search, search) : undefined,
    category ? eq(products.model_category, category) : undefined);
  const shape = `catalogue.list:${a.orderBy}:${a.order}:${search ? 's' : ''}${category ? 'c' : ''}`;
  const values = { search: a.search ? likePattern(a.search) : undefined, category: a.category, limit: a.pageSize, offset: (a.page - 1) * a.pageSize };
  const rows = await prepared(db, shape, () => {
    const dir = a.order === 'desc' ? desc : asc;
    const sort = a.orderBy === 'urun_guc' ? products.urun_guc : a.orderBy === 'urun_fiyat' ? products.urun_fiyat : products.model_category;
    const order = [dir(sort), asc(products.model_category), asc(products.model_sira), asc(products.urun_sira), asc(products.id)];
    const w = where();
    const pageIds = db.select({ id: products.id }).from(products).where(w).orderBy(...order).limit(param('limit')).offset(param('offset'));
    // Without a search the total is product_counts' (kept by triggers), not a count of every active product per page.
    const total = search ? totalColumn(products, w) : productCount({ category, activeOnly: true });
    return db.select({ ...cardColumns, total }).from(products).innerJoin(models, eq(models.id, products.model_id))
      .where(inPage(products.id, pageIds)).orderBy(...order);
  }).execute(values);
  const total = await pageTotal(rows, async () => Number((await prepared(db, `${shape}:count`, () => search
    ? db.select({ n: count() }).from(products).where(where())
    : db.select({ n: productCount({ category, activeOnly: true }) }).from(sql`(select 1) as one`)).execute(values))[0].n));
  return { rows: rows.map(toCard), total };
}

/** An active product's public page, or null. */
export async function findPublicProduct(db: Executor, id: string): Promise<PublicProductDetail | null> {
  const [r] = await db.select({
    ...cardColumns,
    model_aciklama_tr: models.model_aciklama_tr, model_aciklama_en: models.model_aciklama_en, model_kdv: models.model_kdv, model_birimi: models.model_birimi,
    certificates: models.certificates, model_features: models.model_features, urun_ozellikler: products.urun_ozellikler,
    product_downloads: products.product_downloads, technical_drawing: products.technical_drawing,
  }).from(products).innerJoin(models, eq(models.id, products.model_id)).where(and(eq(products.id, id), eq(products.urun_durumu, true))).limit(1);
  if (!r) return null;
  return {
    ...toCard(r),
    model_aciklama: [r.model_aciklama_tr, r.model_aciklama_en], model_kdv: r.model_kdv, model_birimi: r.model_birimi,
    certificates: r.certificates ?? [],
    ModelFeatures: (r.model_features ?? []).map((f) => ({ no: f.no, label: f.label, feature: f.feature })),
    urun_ozellikler: r.urun_ozellikler ?? [],
    images: (r.product_images ?? []).filter((i) => i.image).map((i) => ({ image: i.image, small: smallFileUrl(i.image), description: i.description })),
    downloads: (r.product_downloads ?? []).map((d) => ({ name: d.name, size: d.size, type: d.type, file: d.file })),
    technicalDrawing: r.technical_drawing,
  };
}
