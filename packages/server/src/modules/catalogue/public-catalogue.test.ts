import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { materials, models, products } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { seedCatalogue, type CatalogueSeedCounts } from './catalogue-seed.js';
import { PNG_DATA_URL } from './test-fixtures.js';

let t: TestContext;
let seeded: CatalogueSeedCounts | null;
beforeAll(async () => {
  t = await createTestContext();
  seeded = await seedCatalogue(t.database.db);
});
afterAll(async () => { await t?.close(); });

const db = () => t.database.db;
const list = async (q = '') => {
  const res = await t.call({ method: 'GET', url: `/api/web/products${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const activeCount = async () => Number((await db().select({ n: count() }).from(products).where(eq(products.urun_durumu, true)))[0].n);

/** Keys that must never reach the public catalogue. */
const INTERNAL = ['stockSum', 'stock_sum', 'production', 'materialprice', 'rowTotal', 'information', 'productiondetail', 'OperationComponent', 'urun_durumu', '__v', 'stockIn'];

describe('demo seed of the catalogue', () => {
  it('seeds 12 models of all nine categories, 40 products, 60 materials with consistent stock', async () => {
    expect(seeded).toMatchObject({ models: 12, products: 40, materials: 60 });
    expect(seeded!.movements).toBeGreaterThanOrEqual(180);
    const cats = await db().selectDistinct({ c: products.model_category }).from(products);
    expect(cats.map((c) => c.c).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const [withRows] = await db().select({ n: count() }).from(products).where(sql`jsonb_array_length(${products.production}) >= 3`);
    expect(Number(withRows.n)).toBe(40);
    const [semi] = await db().select({ n: count() }).from(models).where(sql`${models.productiondetail} @> '[{"Operation":"Yarı Mamül"}]'`);
    expect(Number(semi.n)).toBeGreaterThan(0);
    const [bad] = await db().select({ n: count() }).from(materials)
      .where(sql`${materials.stock_sum} <> (select coalesce(sum(sum_qty), 0) from material_movements m where m.stock_id = ${materials.id})`);
    expect(Number(bad.n)).toBe(0);
    expect(await seedCatalogue(db())).toBeNull();
  });
});

describe('GET /api/web/products', () => {
  it('is open without a token, 9 a page, active products only', async () => {
    const active = await activeCount();
    expect(active).toBeLessThan(40);
    const p1 = await list();
    expect(p1).toMatchObject({ page: 1, totalItemCount: active, totalPage: Math.ceil(active / 9) });
    expect(p1.products).toHaveLength(9);
    // With a token of any role the answer is the same.
    const withToken = await t.call({ method: 'GET', url: '/api/web/products', token: t.tokens[7] });
    expect(withToken.json()).toEqual(p1);
  });

  it('answers only public fields: never stock, production rows, material prices or costs', async () => {
    const all = await list('?pageSize=100');
    const text = JSON.stringify(all);
    for (const key of INTERNAL) expect(text, key).not.toContain(`"${key}"`);
    expect(Object.keys(all.products[0]).sort()).toEqual([
      '_id', 'image', 'model_adi', 'model_category', 'model_kodu', 'product_dimensions', 'product_weight', 'urun_adi', 'urun_aku', 'urun_cct',
      'urun_doviz', 'urun_fiyat', 'urun_guc', 'urun_kapasite', 'urun_kodu', 'urun_lumen', 'urun_optik', 'urun_panel', 'urun_voltaj',
    ]);
  });

  it('sorts by model category (default), power and price', async () => {
    const cats = (await list('?pageSize=100')).products.map((p: { model_category: number }) => p.model_category);
    expect(cats).toEqual([...cats].sort((a, b) => a - b));
    const powers = (await list('?pageSize=100&orderBy=urun_guc')).products.map((p: { urun_guc: number }) => p.urun_guc);
    expect(powers).toEqual([...powers].sort((a, b) => a - b));
    const prices = (await list('?pageSize=100&orderBy=urun_fiyat&order=desc')).products.map((p: { urun_fiyat: number }) => p.urun_fiyat);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('searches the Turkish product or model name case-insensitively; filters by category', async () => {
    const s = await list(`?search=${encodeURIComponent('PROJEKTÖR')}&pageSize=100`);
    expect(s.totalItemCount).toBeGreaterThan(0);
    expect(s.products.every((p: { urun_adi: string[]; model_adi: string[] }) => /projektör/i.test(p.urun_adi[0] + p.model_adi[0]))).toBe(true);
    // English names are not searched (spec 5: first-language name).
    expect((await list('?search=flood light')).totalItemCount).toBe(0);
    const cat = await list('?category=8&pageSize=100');
    expect(cat.totalItemCount).toBeGreaterThan(0);
    expect(cat.products.every((p: { model_category: number; urun_kapasite: number }) => p.model_category === 8 && p.urun_kapasite > 0)).toBe(true);
    expect((await list('?category=all')).totalItemCount).toBe(await activeCount());
    expect((await list('?category=')).totalItemCount).toBe(await activeCount());
  });

  it('leaves out a missing price; shows the main image small', async () => {
    const [first] = await db().select({ id: products.id }).from(products).where(eq(products.urun_durumu, true)).limit(1);
    const stored = await t.call({ method: 'POST', url: `/api/products/update/${first.id}`, token: t.tokens[2], payload: { __v: 0, urun_fiyat: 0, productImages: [{ image: PNG_DATA_URL, description: 'Yan Görsel' }] } });
    expect(stored.statusCode, stored.body).toBe(200);
    const url = stored.json().productImages[0].image;
    const card = (await list('?pageSize=100')).products.find((p: { _id: string }) => p._id === first.id);
    expect(card).not.toHaveProperty('urun_fiyat');
    expect(card).not.toHaveProperty('urun_doviz');
    expect(card.image).toBe(`${url}/small`);
  });

  it('refuses bad parameters with 400', async () => {
    for (const q of ['?orderBy=stockSum', '?orderBy=cost', '?page=0', '?pageSize=1000', '?category=11']) {
      expect((await t.call({ method: 'GET', url: `/api/web/products${q}` })).statusCode, q).toBe(400);
    }
  });
});

describe('GET /api/web/products/:id', () => {
  it("answers an active product's public page with model features, specs, images and downloads", async () => {
    const [p] = await db().select({ id: products.id }).from(products).where(eq(products.urun_durumu, true)).limit(1);
    const res = await t.call({ method: 'GET', url: `/api/web/products/${p.id}`, lang: 'tr' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d._id).toBe(p.id);
    expect(d.ModelFeatures.length).toBeGreaterThan(0);
    expect(d.ModelFeatures[0]).toEqual({ no: 1, label: expect.any(Array), feature: expect.any(Array) });
    expect(d.urun_ozellikler.length).toBeGreaterThan(0);
    expect(d).toHaveProperty('technicalDrawing');
    expect(Array.isArray(d.images) && Array.isArray(d.downloads)).toBe(true);
    for (const key of INTERNAL) expect(JSON.stringify(d), key).not.toContain(`"${key}"`);
  });

  it('inactive or unknown products are 404', async () => {
    const [inactive] = await db().select({ id: products.id }).from(products).where(eq(products.urun_durumu, false)).limit(1);
    expect(inactive).toBeTruthy();
    expect((await t.call({ method: 'GET', url: `/api/web/products/${inactive.id}` })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/web/products/nosuch' })).statusCode).toBe(404);
    expect((await list('?pageSize=100')).products.some((x: { _id: string }) => x._id === inactive.id)).toBe(false);
  });
});
