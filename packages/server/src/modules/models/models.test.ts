import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { logs, models, products, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';
import { makeModel } from '../catalogue/catalogue-factory.js';
import { insertModel, insertProduct, PNG_DATA_URL } from '../catalogue/test-fixtures.js';

let t: TestContext;
beforeAll(async () => { t = await createTestContext(); });
afterAll(async () => { await t?.close(); });

const logCount = async () => Number((await t.database.db.select({ n: count() }).from(logs))[0].n);
const modelCount = async () => Number((await t.database.db.select({ n: count() }).from(models))[0].n);
const create = (payload: unknown, token: string | null = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: '/api/models/create/', payload: payload as object, token, lang });
const update = (id: string, payload: unknown, token = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: `/api/models/update/${id}`, payload: payload as object, token, lang });
async function read(id: string) {
  const res = await t.call({ method: 'GET', url: `/api/models/${id}`, token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const newModel = (over: Record<string, unknown> = {}) => ({ ...makeModel(0), model_kodu: 'TST-01', ...over });

describe('POST /api/models/create', () => {
  it('creates a model with nested lists; the answer carries _id; logs the change', async () => {
    const before = await logCount();
    const res = await create(newModel({ model_adi: ['Test Yol Armatürü', ''], model_aciklama: 'Açıklama' }), t.tokens[2], 'tr');
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    expect(m._id).toMatch(/^[0-9a-f]{24}$/);
    expect(m).toMatchObject({
      model_kodu: 'TST-01', model_adi: ['Test Yol Armatürü', '-'], model_aciklama: ['Açıklama', '-'], model_kdv: '18', model_birimi: 'Adet',
      model_kategori: 0, model_durumu: true, __v: 0,
    });
    expect(m.ModelFeatures[0]).toEqual({ no: 1, label: ['Gövde', 'Body'], feature: ['Basınçlı döküm alüminyum', 'Die-cast aluminium'] });
    expect(m.productiondetail.map((p: { Operation: string }) => p.Operation)).toEqual(['Dizgi', 'Mekanik Montaj', 'E-Test', 'Paketleme', 'Onay']);
    expect(await read(m._id)).toEqual(m);
    expect(await logCount()).toBe(before + 1);
    const [last] = await t.database.db.select().from(logs).orderBy(asc(logs.id)).offset(before);
    expect(last).toMatchObject({ form: 'models', operation_id: m._id, person: 'Role2 Tester' });
  });

  it('stores an uploaded image and download as /api/files URLs', async () => {
    const res = await create(newModel({
      model_kodu: 'TST-IMG', model_resim: PNG_DATA_URL,
      modelDownloads: [{ name: 'katalog.png', size: 68, type: 'image/png', base64: PNG_DATA_URL, file: '' }],
      productiondetail: [{ No: 1, Operation: 'Yarı Mamül', OperationDescription: 'Modül', OperationComponent: [{ label: 'LED Modül', value: 'p1' }] }],
    }));
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    expect(m.model_resim).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    expect(m.modelDownloads).toEqual([{ name: 'katalog.png', size: '68', type: 'image/png', file: m.model_resim }]);
    expect(JSON.stringify(m)).not.toContain('base64');
    const bad = await create(newModel({ model_kodu: 'TST-IMG2', model_resim: 'data:image/png;base64,@@@' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.model_resim).toBeTruthy();
  });

  it('answers each validation message of spec 5 and changes nothing', async () => {
    const before = { n: await modelCount(), logs: await logCount() };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ model_adi: ['Abc', 'Abc'] }, 'model_adi', 'Model Name Very Short'],
      [{ model_adi: undefined }, 'model_adi', 'Model Name Very Short'],
      [{ model_adi: ['', '-'] }, 'model_adi', 'Model Name Very Short'],
      [{ model_kodu: 'A' }, 'model_kodu', 'Write to Model Code'],
      [{ model_kodu: '  ' }, 'model_kodu', 'Write to Model Code'],
      [{ model_kodu: undefined }, 'model_kodu', 'Write to Model Code'],
      [{ model_kategori: undefined }, 'model_kategori', 'Write to Model Category'],
      [{ model_kategori: '' }, 'model_kategori', 'Write to Model Category'],
      [{ model_kategori: 9 }, 'model_kategori', 'Write to Model Category'],
      [{ model_kategori: null }, 'model_kategori', 'Write to Model Category'],
      [{ model_kdv: '20' }, 'model_kdv', 'VAT must be 18, 8 or 0.'],
      [{ model_birimi: 'Litre' }, 'model_birimi', 'Unit must be Adet, Kg, Metre, Takım or Paket.'],
      [{ productiondetail: [{ Operation: 'Kaynak' }] }, 'productiondetail.0.Operation', 'Choose the operation from the list (Dizgi, Mekanik Montaj, Paketleme, E-Test, Harici İşlem, Onay, Yarı Mamül).'],
    ];
    for (const [over, field, msg] of cases) {
      const res = await create(newModel(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields[field], `${JSON.stringify(over)} ${res.body}`).toBe(msg);
    }
    const tr = await create(newModel({ model_kodu: 'X', model_adi: ['Ab', 'Ab'] }), t.tokens[2], 'tr');
    expect(tr.json().fields).toMatchObject({ model_kodu: 'Model Kodunu Yazınız', model_adi: 'Model Adı Çok Kısa' });
    expect({ n: await modelCount(), logs: await logCount() }).toEqual(before);
  });

  it('checks the name in the caller\'s language: Turkish text for tr, English otherwise', async () => {
    const onlyTr = newModel({ model_kodu: 'TST-LANG', model_adi: ['Sadece Türkçe', '-'] });
    const en = await create(onlyTr, t.tokens[2], 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: 'model.name.short', fields: { model_adi: 'Model Name Very Short' } });
    expect((await create(onlyTr, t.tokens[2], 'tr')).statusCode).toBe(200);
    const onlyEn = newModel({ model_kodu: 'TST-LANG2', model_adi: ['-', 'English only'] });
    expect((await create(onlyEn, t.tokens[2], 'tr')).json().fields.model_adi).toBe('Model Adı Çok Kısa');
    expect((await create(onlyEn, t.tokens[2], 'es')).statusCode).toBe(200);
  });

  it('is level 2 with the catalogue write permission: 401, 403 for role 3, 200 for role 0', async () => {
    expect((await create(newModel(), null)).statusCode).toBe(401);
    const r3 = await create(newModel(), t.tokens[3]);
    expect(r3.statusCode).toBe(403);
    expect(r3.json().fields).toBeUndefined();
    expect((await create(newModel({ model_kodu: 'TST-R0' }), t.tokens[0])).statusCode).toBe(200);
  });
});

describe('GET /api/models/list', () => {
  // 60 models: the factory's twelve definitions five times (all nine categories).
  beforeAll(async () => {
    await t.database.db.delete(models);
    for (let i = 0; i < 60; i++) await insertModel(t.database.db, i);
  });
  const list = async (q = '', token = t.tokens[2]) => {
    const res = await t.call({ method: 'GET', url: `/api/models/list${q}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('answers light rows, 50 a page by default, ordered by model_sira', async () => {
    const p1 = await list('?type=list&orderBy=');
    expect(p1).toMatchObject({ page: 1, totalPage: 2, totalItemCount: 60 });
    expect(p1.models).toHaveLength(50);
    expect(p1.models[0]).toMatchObject({ model_sira: 1, model_kodu: 'ISK-ASTRA' });
    expect(p1.models[0]).not.toHaveProperty('ModelFeatures');
    expect(p1.models[0]).not.toHaveProperty('productiondetail');
    const p2 = await list('?page=2');
    expect(p2.models.map((m: { model_sira: number }) => m.model_sira)).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
  });

  it("'detail' answers full rows, 'productionlist' id, code, name and bill of operations", async () => {
    const detail = await list('?type=detail&pageSize=2');
    expect(detail.models[0].ModelFeatures.length).toBeGreaterThan(0);
    expect(detail.models[0].modelDownloads).toEqual([]);
    const prod = await list('?type=productionlist&pageSize=2');
    expect(Object.keys(prod.models[0]).sort()).toEqual(['_id', 'model_adi', 'model_kodu', 'productiondetail']);
  });

  it('searches names and code case-insensitively and filters by category', async () => {
    const s = await list('?search=astra&pageSize=100');
    expect(s.totalItemCount).toBe(5);
    expect(s.models.every((m: { model_kodu: string }) => m.model_kodu.startsWith('ISK-ASTRA'))).toBe(true);
    expect((await list(`?search=${encodeURIComponent('SOLAR STREET')}`)).totalItemCount).toBe(5);
    expect((await list(`?search=${encodeURIComponent('güneş')}`)).totalItemCount).toBe(5);
    expect((await list('?search=isk-bat-3')).models.map((m: { model_kodu: string }) => m.model_kodu)).toEqual(['ISK-BAT-3']);
    const cat = await list('?category=3&pageSize=100');
    expect(cat.totalItemCount).toBe(10);
    expect(cat.models.every((m: { model_kategori: number }) => m.model_kategori === 3)).toBe(true);
    expect((await list('?category=all')).totalItemCount).toBe(60);
    expect((await list('?category=')).totalItemCount).toBe(60);
    expect((await list(`?search=${encodeURIComponent('%')}`)).totalItemCount).toBe(0);
  });

  it('sorts by code and category both ways', async () => {
    const codes = (await list('?orderBy=model_kodu&pageSize=3')).models.map((m: { model_kodu: string }) => m.model_kodu);
    expect(codes).toEqual(['ISK-ASTRA', 'ISK-ASTRA-2', 'ISK-ASTRA-3']);
    const desc = (await list('?orderBy=model_kodu&order=desc&pageSize=2')).models.map((m: { model_kodu: string }) => m.model_kodu);
    expect(desc).toEqual(['ISK-VEGA-5', 'ISK-VEGA-4']);
    const cats = (await list('?orderBy=model_kategori&order=desc&pageSize=100')).models.map((m: { model_kategori: number }) => m.model_kategori);
    expect(cats).toEqual([...cats].sort((a, b) => b - a));
  });

  it('refuses bad parameters with 400', async () => {
    for (const q of ['?type=full', '?orderBy=password', '?order=up', '?page=0', '?pageSize=5000', '?category=12', '?category=x']) {
      const res = await t.call({ method: 'GET', url: `/api/models/list${q}`, token: t.tokens[2] });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('is level 2: 401 without token, 403 for role 3', async () => {
    expect((await t.call({ method: 'GET', url: '/api/models/list' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/models/list', token: t.tokens[3] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/models/list', token: t.tokens[1] })).statusCode).toBe(200);
  });
});

describe('GET /api/models/:id', () => {
  it('answers one model, 404 for an unknown id, 401/403 by role', async () => {
    const id = await insertModel(t.database.db, 5);
    expect((await read(id)).model_kodu).toBe('ISK-SOL');
    const missing = await t.call({ method: 'GET', url: '/api/models/nosuch', token: t.tokens[2], lang: 'tr' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Kayıt bulunamadı.');
    expect((await t.call({ method: 'GET', url: `/api/models/${id}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/models/${id}`, token: t.tokens[3] })).statusCode).toBe(403);
  });
});

describe('POST /api/models/update/:id', () => {
  it('changes the given fields, keeps left-out ones and bumps __v', async () => {
    const id = await insertModel(t.database.db, 0, { model_kodu: 'UPD-1' });
    const m = await read(id);
    const res = await update(id, { __v: m.__v, model_kdv: '8', model_durumu: false });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({ model_kdv: '8', model_durumu: false, __v: 1, model_kodu: 'UPD-1' });
    expect(u.ModelFeatures).toEqual(m.ModelFeatures);
    expect(u.productiondetail).toEqual(m.productiondetail);
    expect(u.model_adi).toEqual(m.model_adi);
    // A full body as the client sends it (with _id, date) works too.
    const full = await update(id, { ...u, model_adi: ['Yeni Ad Türkçe', 'New Name English'] });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ model_adi: ['Yeni Ad Türkçe', 'New Name English'], __v: 2 });
  });

  it('answers 409 for a stale __v and changes nothing; 404 for an unknown id', async () => {
    const id = await insertModel(t.database.db, 1, { model_kodu: 'UPD-2' });
    const m = await read(id);
    expect((await update(id, { __v: 0, model_kodu: 'UPD-2a' })).statusCode).toBe(200);
    const stale = await update(id, { __v: 0, model_kodu: 'UPD-2b' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('error.conflict');
    expect((await read(id)).model_kodu).toBe('UPD-2a');
    expect((await update('nosuch', { __v: 0, model_kodu: 'XX' })).statusCode).toBe(404);
    expect((await update(id, { model_kodu: 'XX', __v: true })).json().fields.__v).toBeTruthy();
    expect(m.__v).toBe(0);
  });

  it('validates the fields it is given (name in the caller\'s language)', async () => {
    const id = await insertModel(t.database.db, 2, { model_kodu: 'UPD-3' });
    const bad = await update(id, { __v: 0, model_kodu: 'U', model_kategori: 11 });
    expect(bad.json().fields).toMatchObject({ model_kodu: 'Write to Model Code', model_kategori: 'Write to Model Category' });
    const name = await update(id, { __v: 0, model_adi: ['Türkçe Ad', '-'] }, t.tokens[2], 'en');
    expect(name.json().fields.model_adi).toBe('Model Name Very Short');
    expect((await read(id)).__v).toBe(0);
  });

  it('keeps the copy of category and order in the model\'s products', async () => {
    const modelId = await insertModel(t.database.db, 0, { model_kodu: 'UPD-CAT' });
    const pid = await insertProduct(t.database.db, 0, { id: modelId, index: 0, category: 0 });
    const res = await update(modelId, { __v: 0, model_kategori: 4, model_sira: 77 });
    expect(res.statusCode, res.body).toBe(200);
    const [p] = await t.database.db.select().from(products).where(eq(products.id, pid));
    expect(p).toMatchObject({ model_category: 4, model_sira: 77 });
    const prod = await t.call({ method: 'GET', url: `/api/products/${pid}`, token: t.tokens[2] });
    expect(prod.json()).toMatchObject({ model_category: 4, urun_model: { model_kategori: 4, model_sira: 77, model_kodu: 'UPD-CAT' } });
    // A new code reaches the products' search.
    expect((await update(modelId, { __v: 1, model_kodu: 'YENI-KOD' })).statusCode).toBe(200);
    const found = await t.call({ method: 'GET', url: '/api/products/list?search=yeni-kod', token: t.tokens[2] });
    expect(found.json().products.map((p: { _id: string }) => p._id)).toEqual([pid]);
  });
});

describe('GET|DELETE /api/models/delete/:id', () => {
  it('deletes by GET and DELETE, logs it, then 404', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const id = await insertModel(t.database.db, 3, { model_kodu: `DEL-${method}` });
      const before = await logCount();
      const res = await t.call({ method, url: `/api/models/delete/${id}`, token: t.tokens[2] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(await logCount()).toBe(before + 1);
      expect((await t.call({ method: 'GET', url: `/api/models/${id}`, token: t.tokens[2] })).statusCode).toBe(404);
      expect((await t.call({ method, url: `/api/models/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(404);
    }
  });

  it('refuses with 409 while a product uses the model', async () => {
    const id = await insertModel(t.database.db, 4, { model_kodu: 'DEL-USED' });
    const pid = await insertProduct(t.database.db, 0, { id, index: 4, category: 2 });
    const res = await t.call({ method: 'GET', url: `/api/models/delete/${id}`, token: t.tokens[2], lang: 'tr' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'model.inUse', message: 'Ürünü olan Model Silinemez.. Modeli pasif yapabilirsiniz.' });
    expect((await read(id)).model_kodu).toBe('DEL-USED');
    await t.database.db.delete(products).where(eq(products.id, pid));
    expect((await t.call({ method: 'DELETE', url: `/api/models/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(200);
  });

  it('HEAD never deletes; 401 and 403 by role', async () => {
    const id = await insertModel(t.database.db, 6, { model_kodu: 'DEL-KEEP' });
    expect((await t.call({ method: 'HEAD', url: `/api/models/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/models/delete/${id}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: `/api/models/delete/${id}`, token: t.tokens[3] })).statusCode).toBe(403);
    expect((await read(id)).model_kodu).toBe('DEL-KEEP');
  });
});

describe('catalogue module permission', () => {
  let token: string;
  beforeAll(async () => {
    await t.database.db.insert(users).values({
      id: newId(), firstname: 'Katalog', lastname: 'Okur', email: 'catalogue-read@test.local', role: 2,
      permissions: { catalogue: { read: true, write: false, delete: false } }, password_hash: await hashPassword(USER_PASSWORD),
    });
    token = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'catalogue-read@test.local', password: USER_PASSWORD } })).json().token;
  });

  it('write and delete off refuse create, update and delete with 403; reading works', async () => {
    const id = await insertModel(t.database.db, 7, { model_kodu: 'PERM-1' });
    const before = await modelCount();
    expect((await create(newModel({ model_kodu: 'PERM-2' }), token)).json().code).toBe('error.modulePermission');
    expect((await update(id, { __v: 0, model_kodu: 'PERM-X' }, token)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/models/delete/${id}`, token })).statusCode).toBe(403);
    expect(await modelCount()).toBe(before);
    expect((await t.call({ method: 'GET', url: `/api/models/${id}`, token })).json().model_kodu).toBe('PERM-1');
  });
});

describe('models: malformed and wrongly typed bodies', () => {
  it('never answers 500 and changes nothing', async () => {
    const id = await insertModel(t.database.db, 8, { model_kodu: 'BAD-1' });
    const before = { n: await modelCount(), logs: await logCount() };
    for (const url of ['/api/models/create', `/api/models/update/${id}`]) {
      for (const payload of ['{"model_kodu": "x",', '[]', 'null', '"abc"', '']) {
        const res = await t.call({ method: 'POST', url, token: t.tokens[2], payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
      }
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ model_adi: 12345 }, 'model_adi'],
      [{ model_adi: { tr: 'Abcde' } }, 'model_adi'],
      [{ model_kodu: 42 }, 'model_kodu'],
      [{ model_kategori: [1] }, 'model_kategori'],
      [{ model_durumu: 'yes' }, 'model_durumu'],
      [{ model_etiket: 5 }, 'model_etiket'],
      [{ certificates: [1, 2] }, 'certificates'],
      [{ ModelFeatures: 'x' }, 'ModelFeatures'],
      [{ ModelFeatures: [{ no: 'a', label: ['a', 'b'] }] }, 'ModelFeatures.0.no'],
      [{ productiondetail: [{ Operation: 'Dizgi', OperationComponent: 'x' }] }, 'productiondetail.0.OperationComponent'],
      [{ modelDownloads: [{ name: 1 }] }, 'modelDownloads.0.name'],
      [{ model_resim: 12 }, 'model_resim'],
      [{ model_resim: 'http://example.com/x.png' }, 'model_resim'],
      [{ model_sira: 'first' }, 'model_sira'],
      [{ model_kodu: 'x'.repeat(500) }, 'model_kodu'],
    ];
    for (const [over, field] of cases) {
      for (const [url, body] of [['/api/models/create', newModel({ model_kodu: 'BAD-2', ...over })], [`/api/models/update/${id}`, { __v: 0, ...over }]] as const) {
        const res = await t.call({ method: 'POST', url, payload: body, token: t.tokens[2] });
        expect(res.statusCode, `${url} ${JSON.stringify(over)}: ${res.body}`).toBe(400);
        expect(res.json().fields?.[field], `${JSON.stringify(over)} -> ${res.body}`).toBeTruthy();
      }
    }
    expect({ n: await modelCount(), logs: await logCount() }).toEqual(before);
  });
});
