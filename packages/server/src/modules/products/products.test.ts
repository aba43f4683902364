import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { logs, models, products } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { makeProduct } from '../catalogue/catalogue-factory.js';
import { insertMaterial, insertModel, insertProduct, PNG_DATA_URL } from '../catalogue/test-fixtures.js';
import { addProductMovement } from '../stock/ledger-repository.js';

let t: TestContext;
/** Models 0..11 of the factory (all nine categories): id and index. */
const modelRefs: { id: string; index: number; category: number }[] = [];
const CATEGORIES = [0, 0, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8];

beforeAll(async () => {
  t = await createTestContext();
  for (let i = 0; i < 12; i++) modelRefs.push({ id: await insertModel(t.database.db, i), index: i, category: CATEGORIES[i] });
});
afterAll(async () => { await t?.close(); });

const logCount = async () => Number((await t.database.db.select({ n: count() }).from(logs))[0].n);
const productCount = async () => Number((await t.database.db.select({ n: count() }).from(products))[0].n);
const create = (payload: unknown, token: string | null = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: '/api/products/create/', payload: payload as object, token, lang });
const update = (id: string, payload: unknown, token = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: `/api/products/update/${id}`, payload: payload as object, token, lang });
async function read(id: string) {
  const res = await t.call({ method: 'GET', url: `/api/products/${id}`, token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const newProduct = (over: Record<string, unknown> = {}, m = 0) => ({ ...makeProduct(m, modelRefs[m]), urun_kodu: 'TST-P-1', ...over });

describe('POST /api/products/create', () => {
  it('creates a product; answers the whole model embedded and copies category and order from it', async () => {
    const before = await logCount();
    const res = await create(newProduct({ urun_fiyat: '123,456', production: [{ op_name: 'Dizgi', information: 'm1', materialprice: 1.5 }] }, 10));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p._id).toMatch(/^[0-9a-f]{24}$/);
    expect(p).toMatchObject({
      urun_kodu: 'TST-P-1', model_category: 7, model_sira: 11, urun_fiyat: 123.46, urun_doviz: '$', stockSum: 0, __v: 0,
      urun_cct: 'XXXX', urun_optik: 'XX',
      urun_model: { _id: modelRefs[10].id, model_kodu: 'ISK-PNL', model_adi: ['Monokristal Güneş Paneli', 'Monocrystalline Solar Panel'], model_kdv: '18', model_birimi: 'Adet', model_kategori: 7, certificates: ['CE', 'IEC 61215'] },
    });
    expect(p.urun_model.ModelFeatures).toHaveLength(2);
    expect(p.urun_model.modelDownloads).toEqual([]);
    expect(p.production).toEqual([{ op_name: 'Dizgi', material_category: '', material_group: '', information: 'm1', materialqyt: 1, op_qty: 1, rowTotal: 0, materialprice: 1.5, materialcurrency: '$' }]);
    expect(await read(p._id)).toEqual(p);
    expect(await logCount()).toBe(before + 1);
  });

  it('accepts the model as object or id; defaults as the spec says', async () => {
    const model = (await t.call({ method: 'GET', url: `/api/models/${modelRefs[0].id}`, token: t.tokens[2] })).json();
    const res = await create({ urun_adi: ['Yeni Ürün', 'New Product'], urun_model: model });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      urun_model: { _id: model._id }, model_category: 0, urun_doviz: '$', urun_fiyat: 0, urun_cct: 'XXXX', urun_optik: 'XX',
      product_dimensions: 'XX-XX-XX mm', urun_durumu: true, productImages: [], production: [], urun_ozellikler: [],
    });
  });

  it('a copy (create from a row) ignores _id, __v and stockSum', async () => {
    const src = (await create(newProduct({ urun_kodu: 'COPY-SRC' }))).json();
    await t.database.db.update(products).set({ stock_sum: '42' }).where(eq(products.id, src._id));
    const row = await read(src._id);
    expect(row.stockSum).toBe(42);
    const copy = await create({ ...row, urun_kodu: 'COPY-DST' });
    expect(copy.statusCode, copy.body).toBe(200);
    const c = copy.json();
    expect(c._id).not.toBe(src._id);
    expect(c).toMatchObject({ stockSum: 0, __v: 0, urun_kodu: 'COPY-DST', urun_adi: row.urun_adi, urun_model: row.urun_model, production: row.production, urun_ozellikler: row.urun_ozellikler });
    expect((await read(src._id)).urun_kodu).toBe('COPY-SRC');
  });

  it('stores images, downloads and the technical drawing as /api/files URLs', async () => {
    const res = await create(newProduct({
      urun_kodu: 'IMG-1', technicalDrawing: PNG_DATA_URL,
      productImages: [{ image: PNG_DATA_URL, description: 'Yan Görsel', tempImg: 'x' }, { image: PNG_DATA_URL }],
      productDownloads: [{ name: 'teknik.png', size: 68, type: 'image/png', file: PNG_DATA_URL }],
    }));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.technicalDrawing).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    expect(p.productImages).toEqual([{ image: p.technicalDrawing, description: 'Yan Görsel' }, { image: p.technicalDrawing, description: 'Ana Görsel' }]);
    expect(p.productDownloads[0]).toEqual({ name: 'teknik.png', size: '68', type: 'image/png', file: p.technicalDrawing });
  });

  it('answers each validation message and changes nothing', async () => {
    const before = { n: await productCount(), logs: await logCount() };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ urun_adi: ['Abc', 'Abc'] }, 'urun_adi', 'Product Name Very Short'],
      [{ urun_adi: undefined }, 'urun_adi', 'Product Name Very Short'],
      [{ urun_model: undefined }, 'urun_model', 'Write to Model Code'],
      [{ urun_model: '' }, 'urun_model', 'Write to Model Code'],
      [{ urun_model: { model_kodu: 'ISK' } }, 'urun_model', 'Write to Model Code'],
      [{ urun_model: 'no-such-model' }, 'urun_model', 'Write to Model Code'],
      [{ urun_doviz: 'USD' }, 'urun_doviz', 'Currency must be ₺, $ or €.'],
      [{ urun_cct: '2700 K' }, 'urun_cct', 'Choose the colour temperature from the list.'],
      [{ urun_optik: '120' }, 'urun_optik', 'Choose the optic from the list.'],
      [{ urun_fiyat: 'abc' }, 'urun_fiyat', 'The price is not a readable number: write it as 1234,56 or 1234.56.'],
      [{ urun_fiyat: -5 }, 'urun_fiyat', 'Enter a valid number.'],
      [{ productImages: [{ image: '', description: 'Arka' }] }, 'productImages.0.description', 'Image description must be Ana Görsel, Yan Görsel, Teknik Resim or Renkli Resim.'],
    ];
    for (const [over, field, msg] of cases) {
      const res = await create(newProduct(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields[field], `${JSON.stringify(over)} ${res.body}`).toBe(msg);
    }
    const tr = await create(newProduct({ urun_adi: ['Ab', 'Ab'], urun_model: '' }), t.tokens[2], 'tr');
    expect(tr.json().fields).toMatchObject({ urun_adi: 'Ürün Adı Çok Kısa', urun_model: 'Model Kodunu Yazınız' });
    // The name is checked in the caller's language.
    expect((await create(newProduct({ urun_adi: ['Türkçe Ürün Adı', '-'] }), t.tokens[2], 'en')).json().fields.urun_adi).toBe('Product Name Very Short');
    expect({ n: await productCount(), logs: await logCount() }).toEqual(before);
  });

  it('is level 2 with the catalogue module: 401, 403 for role 3', async () => {
    expect((await create(newProduct(), null)).statusCode).toBe(401);
    expect((await create(newProduct(), t.tokens[3])).statusCode).toBe(403);
    expect((await create(newProduct({ urun_kodu: 'R1' }), t.tokens[1])).statusCode).toBe(200);
  });
});

describe('GET /api/products/list', () => {
  let before: number;
  // 36 more products over the twelve models (three each), directly.
  beforeAll(async () => {
    before = await productCount();
    await t.database.db.delete(products);
    for (let i = 0; i < 36; i++) await insertProduct(t.database.db, i, modelRefs[i % 12]);
    before = 36;
  });
  const list = async (q = '') => {
    const res = await t.call({ method: 'GET', url: `/api/products/list${q}`, token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const codes = (b: { products: { urun_kodu: string }[] }) => b.products.map((p) => p.urun_kodu);

  it('answers 10 products a page by default, with the model embedded', async () => {
    const p1 = await list('?type=list&orderBy=');
    expect(p1).toMatchObject({ page: 1, totalPage: 4, totalItemCount: before });
    expect(p1.products).toHaveLength(10);
    expect(p1.products[0].urun_model.model_kodu).toBe('ISK-ASTRA');
    expect(p1.products[0]).not.toHaveProperty('completeness');
    expect((await list('?page=4')).products).toHaveLength(6);
    expect((await list('?page=5')).products).toEqual([]);
  });

  it('rows carry the columns the list, its export and the pickers show, not whole records', async () => {
    const [row] = (await list('?type=list&orderBy=urun_kodu&pageSize=1')).products;
    expect(Object.keys(row).sort()).toEqual([
      '_id', 'mainImage', 'model_category', 'model_sira', 'stockSum', 'urun_adi', 'urun_doviz', 'urun_durumu', 'urun_fiyat', 'urun_guc',
      'urun_kapasite', 'urun_kodu', 'urun_lumen', 'urun_model', 'urun_sira', 'urun_voltaj',
    ]);
    const whole = (await t.call({ method: 'GET', url: `/api/products/${row._id}`, token: t.tokens[2] })).json();
    expect(row.urun_model).toEqual({ _id: whole.urun_model._id, model_kodu: whole.urun_model.model_kodu });
    for (const k of ['urun_adi', 'urun_kodu', 'urun_fiyat', 'urun_doviz', 'stockSum', 'urun_guc', 'urun_lumen', 'model_category']) expect(row[k]).toEqual(whole[k]);
    const main = whole.productImages.find((i: { description: string; image: string }) => i.description === 'Ana Görsel' && i.image) ?? whole.productImages.find((i: { image: string }) => i.image);
    expect(row.mainImage).toBe(main?.image ?? '');
    // The detaillist variant answers the same row plus the score.
    const [scored] = (await list('?type=detaillist&orderBy=urun_kodu&pageSize=1')).products;
    expect(scored).toEqual({ ...row, completeness: expect.any(Number) });
  });

  it("'detaillist' adds the completeness score", async () => {
    const d = await list('?type=detaillist&pageSize=100');
    const scores = d.products.map((p: { completeness: number }) => p.completeness);
    expect(scores.every((s: number) => s >= 0 && s <= 90 && s % 10 === 0)).toBe(true);
    // Factory products have 3 specs when complete, two names, no production rows and no drawing.
    const first = d.products.find((p: { urun_kodu: string }) => p.urun_kodu === 'ISK-ASTRA-30W-40AS');
    expect(first.completeness).toBe(60);
  });

  it('searches tr and en names, code and model code case-insensitively', async () => {
    expect((await list(`?search=${encodeURIComponent('PROJEKTÖR')}&pageSize=100`)).totalItemCount).toBe(6);
    // Turkish letters fold both ways, in every database locale.
    expect((await list('?search=projektor&pageSize=100')).totalItemCount).toBe(6);
    expect((await list(`?search=${encodeURIComponent('GÜNEŞ PANELİ')}`)).totalItemCount).toBe(3);
    expect((await list(`?search=${encodeURIComponent('aku grubu')}`)).totalItemCount).toBe(3);
    expect((await list('?search=flood light&pageSize=100')).totalItemCount).toBe(6);
    expect(codes(await list('?search=isk-pnl-50w'))).toEqual(['ISK-PNL-50W']);
    expect((await list('?search=isk-bat')).totalItemCount).toBe(3);
    expect((await list('?search=nothing-like-this')).products).toEqual([]);
  });

  it('filters by model category and sorts', async () => {
    const cat = await list('?category=2&pageSize=100');
    expect(cat.totalItemCount).toBe(6);
    expect(cat.products.every((p: { model_category: number }) => p.model_category === 2)).toBe(true);
    expect((await list('?category=all')).totalItemCount).toBe(before);
    const prices = (await list('?orderBy=urun_fiyat&order=desc&pageSize=100')).products.map((p: { urun_fiyat: number }) => p.urun_fiyat);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const powers = (await list('?orderBy=urun_guc&pageSize=100')).products.map((p: { urun_guc: number }) => p.urun_guc);
    expect(powers).toEqual([...powers].sort((a, b) => a - b));
    expect(codes(await list('?orderBy=urun_kodu&pageSize=2'))).toEqual(['ISK-ASTRA-30W-40AS', 'ISK-ASTRA-40W-40SP']);
  });

  it('refuses bad parameters with 400 and is level 3 (the label page and the stock production pick products, ADR 0036)', async () => {
    for (const q of ['?type=detail', '?orderBy=cost', '?category=9', '?pageSize=0']) {
      expect((await t.call({ method: 'GET', url: `/api/products/list${q}`, token: t.tokens[2] })).statusCode, q).toBe(400);
    }
    expect((await t.call({ method: 'GET', url: '/api/products/list' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/products/list', token: t.tokens[3] })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/products/list', token: t.tokens[4] })).statusCode).toBe(403);
  });
});

describe('POST /api/products/update/:id', () => {
  it('changes given fields, keeps the rest, answers 409 for a stale __v', async () => {
    const id = await insertProduct(t.database.db, 0, modelRefs[0], { urun_kodu: 'UPD-P' });
    const p = await read(id);
    const res = await update(id, { __v: 0, urun_fiyat: 99.999, urun_durumu: false });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({ urun_fiyat: 100, urun_durumu: false, __v: 1, urun_kodu: 'UPD-P', urun_adi: p.urun_adi });
    expect(u.urun_ozellikler).toEqual(p.urun_ozellikler);
    const stale = await update(id, { __v: 0, urun_kodu: 'STALE' });
    expect(stale.statusCode).toBe(409);
    expect((await read(id)).urun_kodu).toBe('UPD-P');
    expect((await update('nosuch', { __v: 0 })).statusCode).toBe(404);
  });

  it('stockSum in the body is ignored; a new model re-copies category and order', async () => {
    const id = await insertProduct(t.database.db, 1, modelRefs[0], { urun_kodu: 'UPD-M' });
    const p = await read(id);
    const res = await update(id, { ...p, stockSum: 500, urun_model: modelRefs[11].id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stockSum: 0, model_category: 8, model_sira: 12, urun_model: { model_kodu: 'ISK-BAT' } });
    const bad = await update(id, { __v: 1, urun_model: 'nosuch' });
    expect(bad.json().fields.urun_model).toBe('Write to Model Code');
  });
});

describe('GET|DELETE /api/products/delete/:id', () => {
  it('deletes a product without movements (GET and DELETE)', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const id = await insertProduct(t.database.db, 2, modelRefs[1]);
      const res = await t.call({ method, url: `/api/products/delete/${id}`, token: t.tokens[2] });
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.call({ method: 'GET', url: `/api/products/${id}`, token: t.tokens[2] })).statusCode).toBe(404);
    }
  });

  it('refuses with 409 while stock movements exist (it can be made inactive instead)', async () => {
    const id = await insertProduct(t.database.db, 3, modelRefs[2], { urun_kodu: 'HAS-MOVES' });
    await t.database.db.transaction((tx) => addProductMovement(tx, null, { product_id: id, operation_type: 'giris', operation_center: 'uretim', qty: 5, price: 10 }));
    const before = await logCount();
    const res = await t.call({ method: 'GET', url: `/api/products/delete/${id}`, token: t.tokens[2] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'product.hasMovements', message: 'A product with stock movements cannot be deleted.. You can make it inactive instead.' });
    expect(await logCount()).toBe(before);
    expect((await read(id)).stockSum).toBe(5);
    expect((await update(id, { __v: 0, urun_durumu: false })).json().urun_durumu).toBe(false);
  });

  it('refuses while a model names it as a semi-finished component', async () => {
    const id = await insertProduct(t.database.db, 4, modelRefs[9], { urun_kodu: 'COMPONENT' });
    await t.database.db.update(models).set({ productiondetail: [{ No: 1, Operation: 'Yarı Mamül', OperationDescription: '', OperationComponent: [{ label: 'COMPONENT', value: id }] }] }).where(eq(models.id, modelRefs[1].id));
    const res = await t.call({ method: 'DELETE', url: `/api/products/delete/${id}`, token: t.tokens[2] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('product.inUse');
  });

  it("refuses while another product's bill of operations uses it as a semi-finished component, and deletes once it is removed", async () => {
    const component = await insertProduct(t.database.db, 6, modelRefs[4], { urun_kodu: 'SEMI-FINISHED' });
    const user = await insertProduct(t.database.db, 7, modelRefs[4], { urun_kodu: 'USES-SEMI' });
    const row = { op_name: 'Yarı Mamül', material_category: '6', material_group: 'SEMI-FINISHED', information: component, materialqyt: 2, op_qty: 2, rowTotal: 0, materialprice: 0, materialcurrency: '$' };
    await t.database.db.update(products).set({ production: [row] as never }).where(eq(products.id, user));
    const refused = await t.call({ method: 'DELETE', url: `/api/products/delete/${component}`, token: t.tokens[2], lang: 'tr' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'product.inUse', message: 'Bu ürün bir üretim reçetesinde (Yarı Mamül) kullanılıyor; önce oradan çıkarın.' });
    expect((await t.call({ method: 'GET', url: `/api/products/${component}`, token: t.tokens[2] })).statusCode).toBe(200);
    await t.database.db.update(products).set({ production: [] }).where(eq(products.id, user));
    expect((await t.call({ method: 'DELETE', url: `/api/products/delete/${component}`, token: t.tokens[2] })).statusCode).toBe(200);
  });

  it('401 and 403 by role; HEAD never deletes', async () => {
    const id = await insertProduct(t.database.db, 5, modelRefs[3]);
    expect((await t.call({ method: 'GET', url: `/api/products/delete/${id}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/products/delete/${id}`, token: t.tokens[3] })).statusCode).toBe(403);
    expect((await t.call({ method: 'HEAD', url: `/api/products/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(404);
    await read(id);
  });
});

describe('products: wrongly typed bodies', () => {
  it('answer 400 naming the field, never 500, and change nothing', async () => {
    const id = await insertProduct(t.database.db, 6, modelRefs[4]);
    const matId = await insertMaterial(t.database.db, 0);
    const before = { n: await productCount(), logs: await logCount() };
    const cases: [Record<string, unknown>, string][] = [
      [{ urun_adi: 5 }, 'urun_adi'],
      [{ urun_model: 42 }, 'urun_model'],
      [{ urun_guc: 'strong' }, 'urun_guc'],
      [{ urun_guc: { w: 1 } }, 'urun_guc'],
      [{ urun_fiyat: [1] }, 'urun_fiyat'],
      [{ urun_fiyat: 1e20 }, 'urun_fiyat'],
      [{ urun_durumu: 'true' }, 'urun_durumu'],
      [{ production: {} }, 'production'],
      [{ production: [{ materialqyt: 'x', information: matId }] }, 'production.0.materialqyt'],
      [{ urun_ozellikler: [{ urun_aciklama: 5 }] }, 'urun_ozellikler.0.urun_aciklama'],
      [{ productImages: 'x' }, 'productImages'],
      [{ productImages: [{ image: 'javascript:alert(1)' }] }, 'productImages.0.image'],
      [{ technicalDrawing: 'data:text/html;base64,PGI+eDwvYj4=' }, 'technicalDrawing'],
      [{ product_weight: true }, 'product_weight'],
    ];
    for (const [over, field] of cases) {
      for (const [url, body] of [['/api/products/create', newProduct(over)], [`/api/products/update/${id}`, { __v: 0, ...over }]] as const) {
        const res = await t.call({ method: 'POST', url, payload: body, token: t.tokens[2] });
        expect(res.statusCode, `${url} ${JSON.stringify(over)}: ${res.body}`).toBe(400);
        expect(res.json().fields?.[field], `${JSON.stringify(over)} -> ${res.body}`).toBeTruthy();
      }
    }
    expect({ n: await productCount(), logs: await logCount() }).toEqual(before);
  });
});

describe('list totals (kept in product_counts by triggers, migration 0017)', () => {
  /** What the lists must answer, counted from the products themselves. */
  async function truth() {
    const rows = await t.database.db.select({ c: products.model_category, a: products.urun_durumu, n: count() }).from(products).groupBy(products.model_category, products.urun_durumu);
    const sum = (f: (r: { c: number; a: boolean }) => boolean) => rows.filter(f).reduce((s, r) => s + Number(r.n), 0);
    return {
      all: sum(() => true), active: sum((r) => r.a),
      byCategory: CATEGORIES.map((c) => sum((r) => r.c === c)), activeByCategory: CATEGORIES.map((c) => sum((r) => r.c === c && r.a)),
    };
  }
  /** What the admin list and the public catalogue answer, first pages and a page past the end. */
  async function answered() {
    const total = async (url: string, token: string | null) => {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().totalItemCount as number;
    };
    const all = await total('/api/products/list?type=list', t.tokens[2]);
    expect(await total('/api/products/list?type=list&page=999', t.tokens[2])).toBe(all);
    const active = await total('/api/web/products', null);
    expect(await total('/api/web/products?page=999', null)).toBe(active);
    const byCategory: number[] = [];
    const activeByCategory: number[] = [];
    for (const c of CATEGORIES) {
      byCategory.push(await total(`/api/products/list?type=list&category=${c}`, t.tokens[2]));
      activeByCategory.push(await total(`/api/web/products?category=${c}`, null));
    }
    return { all, active, byCategory, activeByCategory };
  }

  it('follow creates, deactivation, a change of model, a model moved to another category, deletes and concurrent creates', async () => {
    expect(await answered()).toEqual(await truth());
    const ids: string[] = [];
    for (const m of [0, 2, 5]) {
      const res = await create(newProduct({ urun_kodu: `CNT-${m}` }, m));
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json()._id);
    }
    expect(await answered()).toEqual(await truth());
    // Made inactive: gone from the catalogue's totals, still in the office list's.
    const off = await update(ids[0], { __v: 0, urun_durumu: false });
    expect(off.statusCode, off.body).toBe(200);
    // Another model: another category.
    const moved = await update(ids[1], { __v: 0, urun_model: modelRefs[9].id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await read(ids[1])).model_category).toBe(CATEGORIES[9]);
    expect(await answered()).toEqual(await truth());
    // A model moved to another category takes its products along.
    const model = (await t.call({ method: 'GET', url: `/api/models/${modelRefs[5].id}`, token: t.tokens[2] })).json();
    const recat = await t.call({ method: 'POST', url: `/api/models/update/${modelRefs[5].id}`, token: t.tokens[2], payload: { __v: model.__v, model_kategori: 8 } });
    expect(recat.statusCode, recat.body).toBe(200);
    expect((await read(ids[2])).model_category).toBe(8);
    expect(await answered()).toEqual(await truth());
    const del = await t.call({ method: 'DELETE', url: `/api/products/delete/${ids[0]}`, token: t.tokens[2] });
    expect(del.statusCode, del.body).toBe(200);
    expect(await answered()).toEqual(await truth());
    // Concurrent creates in several categories: none lost or counted twice.
    const many = await Promise.all(Array.from({ length: 24 }, (_, i) => create(newProduct({ urun_kodu: `CNT-P-${i}`, urun_durumu: i % 3 !== 0 }, i % 12))));
    expect(many.map((r) => r.statusCode)).toEqual(many.map(() => 200));
    const want = await truth();
    expect(await answered()).toEqual(want);
    // Back as it was, so the other tests' models keep their categories.
    const again = (await t.call({ method: 'GET', url: `/api/models/${modelRefs[5].id}`, token: t.tokens[2] })).json();
    expect((await t.call({ method: 'POST', url: `/api/models/update/${modelRefs[5].id}`, token: t.tokens[2], payload: { __v: again.__v, model_kategori: CATEGORIES[5] } })).statusCode).toBe(200);
    expect(await answered()).toEqual(await truth());
  });
});

describe('product search by words (issue 23)', () => {
  it('every word must match the name, model, code or power, in any order: "astra 30" finds the 30 W Astra', async () => {
    const made: Record<string, string> = {};
    for (const [code, power, name] of [['QZ-AST-30', 30, 'Qzastra Sokak Armatürü'], ['QZ-AST-60', 60, 'Qzastra Sokak Armatürü'], ['QZ-NOVA-30', 30, 'Qznova Projektör']] as const) {
      const res = await create(newProduct({ urun_kodu: code, urun_guc: power, urun_adi: [name, `${name} EN`] }));
      expect(res.statusCode, res.body).toBe(200);
      made[code] = res.json()._id;
    }
    const find = async (search: string, type = 'list') => {
      const res = await t.call({ method: 'GET', url: `/api/products/list?type=${type}&pageSize=100&search=${encodeURIComponent(search)}`, token: t.tokens[2] });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().products as { urun_kodu: string }[]).map((p) => p.urun_kodu).sort();
    };
    expect(await find('qzastra 30')).toEqual(['QZ-AST-30']);
    expect(await find('QZASTRA 30')).toEqual(['QZ-AST-30']);
    expect(await find('30w qzastra')).toEqual(['QZ-AST-30']);
    expect(await find('qzastra 30', 'detaillist')).toEqual(['QZ-AST-30']);
    expect(await find('sokak qzastra')).toEqual(['QZ-AST-30', 'QZ-AST-60']);
    expect(await find('qz 30')).toEqual(['QZ-AST-30', 'QZ-NOVA-30']);
    expect(await find('qz-nova projektor')).toEqual(['QZ-NOVA-30']);
    expect(await find('qzastra 45')).toEqual([]);
  });
});
