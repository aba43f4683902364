import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { logs, materialLedgerHours, materials, models, products, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';
import { insertMaterial, insertModel, insertProduct, PNG_DATA_URL } from '../catalogue/test-fixtures.js';
import { addMaterialMovement } from '../stock/ledger-repository.js';

let t: TestContext;
beforeAll(async () => { t = await createTestContext(); });
afterAll(async () => { await t?.close(); });

const logCount = async () => Number((await t.database.db.select({ n: count() }).from(logs))[0].n);
const materialCount = async () => Number((await t.database.db.select({ n: count() }).from(materials))[0].n);
const create = (payload: unknown, token: string | null = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: '/api/materials/create/', payload: payload as object, token, lang });
const update = (id: string, payload: unknown, token = t.tokens[2]) => t.call({ method: 'POST', url: `/api/materials/update/${id}`, payload: payload as object, token });
async function read(id: string) {
  const res = await t.call({ method: 'GET', url: `/api/materials/${id}`, token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const newMaterial = (over: Record<string, unknown> = {}) => ({ material_name: 'LED 3030 1 W', material_category: 'Elektronik', material_group: 'LED', ...over });

describe('POST /api/materials/create', () => {
  it('creates with the defaults of spec 3.3 and answers _id; price keeps 4 decimals', async () => {
    const before = await logCount();
    const res = await create(newMaterial({ material_price: '0,04125' }));
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    expect(m._id).toMatch(/^[0-9a-f]{24}$/);
    expect(m).toMatchObject({ material_no: 1, material_unit: 'Adet', material_price: 0.0413, material_doviz: '$', material_img: '', stockSum: 0, stockIn: 0, stockOut: 0, __v: 0 });
    expect(await read(m._id)).toEqual(m);
    expect(await logCount()).toBe(before + 1);
    const img = await create(newMaterial({ material_name: 'Görselli', material_img: PNG_DATA_URL, material_unit: 'Kg', material_doviz: '€' }));
    expect(img.json()).toMatchObject({ material_unit: 'Kg', material_doviz: '€' });
    expect(img.json().material_img).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
  });

  it('answers the spec messages for category and group, and changes nothing', async () => {
    const before = { n: await materialCount(), logs: await logCount() };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ material_category: undefined }, 'material_category', 'Select pls to Category'],
      [{ material_category: '' }, 'material_category', 'Select pls to Category'],
      [{ material_group: '  ' }, 'material_group', 'Select pls to Group'],
      [{ material_group: undefined }, 'material_group', 'Select pls to Group'],
      [{ material_name: 'ab' }, 'material_name', 'Material name must be at least 3 characters'],
      [{ material_unit: 'Litre' }, 'material_unit', 'Unit must be Adet, Kg, Metre, Takım or Paket.'],
      [{ material_doviz: 'TL' }, 'material_doviz', 'Currency must be ₺, $ or €.'],
      [{ material_price: 'on' }, 'material_price', 'The price is not a readable number: write it as 1234,56 or 1234.56.'],
      [{ material_price: { v: 1 } }, 'material_price', 'Enter a valid number.'],
      [{ material_no: 1.5 }, 'material_no', 'Enter a valid number.'],
    ];
    for (const [over, field, msg] of cases) {
      const res = await create(newMaterial(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields[field], `${JSON.stringify(over)} ${res.body}`).toBe(msg);
    }
    const both = await create({ material_name: 'Vida M4' }, t.tokens[2], 'tr');
    expect(both.json().fields).toEqual({ material_category: 'Lütfen Kategori Seçiniz', material_group: 'Lütfen Grup Seçiniz' });
    expect({ n: await materialCount(), logs: await logCount() }).toEqual(before);
  });

  it('is level 2: 401, 403 for role 3; catalogue write off: 403', async () => {
    expect((await create(newMaterial(), null)).statusCode).toBe(401);
    expect((await create(newMaterial(), t.tokens[3])).statusCode).toBe(403);
    await t.database.db.insert(users).values({
      id: newId(), firstname: 'Malzeme', lastname: 'Okur', email: 'mat-read@test.local', role: 1,
      permissions: { catalogue: { read: true, write: false, delete: true } }, password_hash: await hashPassword(USER_PASSWORD),
    });
    const token = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'mat-read@test.local', password: USER_PASSWORD } })).json().token;
    expect((await create(newMaterial(), token)).json().code).toBe('error.modulePermission');
  });
});

describe('GET /api/materials/list and /categories', () => {
  beforeAll(async () => {
    await t.database.db.delete(materials);
    for (let i = 0; i < 60; i++) await insertMaterial(t.database.db, i);
  });
  const list = async (q = '') => {
    const res = await t.call({ method: 'GET', url: `/api/materials/list${q}`, token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const names = (b: { materials: { material_name: string }[] }) => b.materials.map((m) => m.material_name);

  it('pages 10 by default, sorted by name', async () => {
    const p1 = await list('?type=list&orderBy=&order=');
    expect(p1).toMatchObject({ page: 1, totalPage: 6, totalItemCount: 60 });
    expect(names(p1).slice(0, 3)).toEqual(['Akü Kutusu ABS', 'Alüminyum PCB 280x40', 'Aşırı Gerilim Koruma 10 kV']);
    expect((await list('?type=detail&page=6')).materials).toHaveLength(10);
  });

  it('searches name, category and group; filters by category; sorts by price and number', async () => {
    expect((await list('?search=lifepo4')).totalItemCount).toBe(2);
    expect((await list(`?search=${encodeURIComponent('AMBALAJ')}`)).totalItemCount).toBe(6);
    const el = await list('?category=Elektronik&pageSize=100');
    expect(el.materials.every((m: { material_category: string }) => m.material_category === 'Elektronik')).toBe(true);
    expect(el.totalItemCount).toBe(19);
    expect((await list('?category=Elektronik&group=LED')).totalItemCount).toBe(3);
    expect((await list('?category=all')).totalItemCount).toBe(60);
    const nos = (await list('?orderBy=material_no&order=desc&pageSize=3')).materials.map((m: { material_no: number }) => m.material_no);
    expect(nos).toEqual([60, 59, 58]);
    const prices = (await list('?orderBy=material_price&pageSize=100')).materials.map((m: { material_price: number }) => m.material_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('answers the categories and groups in use', async () => {
    const res = await t.call({ method: 'GET', url: '/api/materials/categories', token: t.tokens[2] });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.categories).toEqual(['Akü', 'Ambalaj', 'Elektronik', 'Kablo', 'Kimyasal', 'Mekanik', 'Solar']);
    expect(c.tree.find((x: { category: string }) => x.category === 'Akü').groups).toEqual(['BMS', 'Hücre', 'Kutu']);
    expect(c.groups).toContain('LED');
    expect((await t.call({ method: 'GET', url: '/api/materials/categories', token: t.tokens[3] })).statusCode).toBe(403);
  });

  it('refuses bad parameters', async () => {
    for (const q of ['?orderBy=cost', '?order=sideways', '?pageSize=-1', '?type=full']) {
      expect((await t.call({ method: 'GET', url: `/api/materials/list${q}`, token: t.tokens[2] })).statusCode, q).toBe(400);
    }
  });
});

describe('POST /api/materials/update/:id', () => {
  it('keeps left-out fields and the ledger\'s balance; stale __v is 409', async () => {
    const id = await insertMaterial(t.database.db, 3);
    await t.database.db.transaction((tx) => addMaterialMovement(tx, null, { stock_id: id, operation_type: 'giris', operation_center: 'fatura', qty: 7, price: 2 }));
    const m = await read(id);
    expect(m.stockSum).toBe(7);
    const res = await update(id, { ...m, material_price: 12.34567, stockSum: 1000, stockIn: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ material_price: 12.3457, stockSum: 7, stockIn: 7, material_name: m.material_name, __v: 1 });
    expect((await update(id, { __v: 0, material_name: 'Eski' })).statusCode).toBe(409);
    expect((await update(id, { __v: 1, material_category: '' })).json().fields.material_category).toBe('Select pls to Category');
    expect((await read(id)).__v).toBe(1);
  });
});

describe('GET|DELETE /api/materials/delete/:id', () => {
  it('deletes an unused material without movements', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const id = await insertMaterial(t.database.db, 4);
      expect((await t.call({ method, url: `/api/materials/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: `/api/materials/${id}`, token: t.tokens[2] })).statusCode).toBe(404);
    }
  });

  it('deletes a material whose movements were all deleted; its hour buckets go with it', async () => {
    const id = await insertMaterial(t.database.db, 4);
    const made = await t.call({ method: 'POST', url: '/api/stock/create', token: t.tokens[2], payload: { stock_id: id, operation_type: 'giris', operation_center: 'fatura', qty: 3, price: 1, operation_date: '2025-02-03T10:00:00.000Z' } });
    expect(made.statusCode, made.body).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/stock/delete/${made.json()._id}/${id}`, token: t.tokens[2] })).statusCode).toBe(200);
    const buckets = async () => Number((await t.database.db.select({ n: count() }).from(materialLedgerHours).where(eq(materialLedgerHours.stock_id, id)))[0].n);
    expect(await buckets()).toBeGreaterThan(0);
    const res = await t.call({ method: 'DELETE', url: `/api/materials/delete/${id}`, token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/materials/${id}`, token: t.tokens[2] })).statusCode).toBe(404);
    expect(await buckets()).toBe(0);
  });

  it('refuses while movements exist or a bill of operations uses it', async () => {
    const moved = await insertMaterial(t.database.db, 5);
    await t.database.db.transaction((tx) => addMaterialMovement(tx, null, { stock_id: moved, operation_type: 'giris', operation_center: 'fatura', qty: 1, price: 1 }));
    const r1 = await t.call({ method: 'GET', url: `/api/materials/delete/${moved}`, token: t.tokens[2] });
    expect(r1.statusCode).toBe(409);
    expect(r1.json()).toMatchObject({ code: 'material.hasMovements', message: 'A material with stock movements cannot be deleted..' });

    const used = await insertMaterial(t.database.db, 6);
    const modelId = await insertModel(t.database.db, 0);
    const pid = await insertProduct(t.database.db, 0, { id: modelId, index: 0, category: 0 }, { production: [{ op_name: 'Dizgi', information: used, materialqyt: 2 }] });
    const r2 = await t.call({ method: 'DELETE', url: `/api/materials/delete/${used}`, token: t.tokens[2], lang: 'tr' });
    expect(r2.statusCode).toBe(409);
    expect(r2.json().code).toBe('material.inUse');
    await t.database.db.delete(products).where(eq(products.id, pid));

    await t.database.db.update(models).set({ productiondetail: [{ No: 1, Operation: 'Dizgi', OperationDescription: '', OperationComponent: [{ label: 'x', value: used }] }] }).where(eq(models.id, modelId));
    expect((await t.call({ method: 'DELETE', url: `/api/materials/delete/${used}`, token: t.tokens[2] })).json().code).toBe('material.inUse');
    await t.database.db.update(models).set({ productiondetail: [] }).where(eq(models.id, modelId));
    expect((await t.call({ method: 'DELETE', url: `/api/materials/delete/${used}`, token: t.tokens[2] })).statusCode).toBe(200);
  });

  it('401, 403 by role; unknown is 404', async () => {
    const id = await insertMaterial(t.database.db, 7);
    expect((await t.call({ method: 'GET', url: `/api/materials/delete/${id}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/materials/delete/${id}`, token: t.tokens[3] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/materials/delete/nosuch', token: t.tokens[2] })).statusCode).toBe(404);
    await read(id);
  });
});
