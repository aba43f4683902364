import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInputSchema } from '@isik/domain';
import { and, count, eq } from 'drizzle-orm';
import { buyings, companies, logs, materialMovements, tcmbRates, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { newId } from '../../lib/ids.js';
import { makeCompany } from '../../seed/factory.js';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';
import { insertMaterial } from '../catalogue/test-fixtures.js';

let t: TestContext;
let supplierId: string;
let customerId: string;
let materialIndex = 100;
let companyIndex = 0;

const db = () => t.database.db;
const BULLETIN = { tarih: '2026-11-20', bulletin_no: '2026/220', usd_selling: '40.5', usd_buying: '40.4', eur_selling: '45.25', eur_buying: '45.1' };

async function insertCompany(category: 'Customer' | 'Suppliers', email = ''): Promise<string> {
  const id = newId();
  await db().insert(companies).values({ id, ...companyInputSchema.parse({ ...makeCompany(companyIndex++, category), ...(email ? { company_email: email } : {}) }) });
  return id;
}
const newMaterial = (over: Record<string, unknown> = {}) => insertMaterial(db(), materialIndex++, { material_unit: 'Kg', material_price: 2.5, material_doviz: '€', ...over });

const create = (payload: Record<string, unknown>, token: string | null = t.tokens[2], lang = 'en') =>
  t.call({ method: 'POST', url: '/api/buying/create/', payload, token, lang });
const update = (id: string, payload: Record<string, unknown>, token: string | null = t.tokens[2], lang = 'en') =>
  t.call({ method: 'POST', url: `/api/buying/update/${id}`, payload, token, lang });
async function made(payload: Record<string, unknown>) {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function stockOf(id: string): Promise<number> {
  const res = await t.call({ method: 'GET', url: `/api/materials/${id}`, token: t.tokens[0] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().stockSum;
}
const purchaseMovements = (buyingId: string) => db().select().from(materialMovements)
  .where(and(eq(materialMovements.ref_id, buyingId), eq(materialMovements.source, 'purchase')));
const logCount = async (form = 'buying') => Number((await db().select({ n: count() }).from(logs).where(eq(logs.form, form)))[0].n);

beforeAll(async () => {
  t = await createTestContext();
  await db().insert(tcmbRates).values(BULLETIN);
  supplierId = await insertCompany('Suppliers', 'satis@tedarik.example');
  customerId = await insertCompany('Customer');
});
afterAll(async () => { await t?.close(); });

describe('POST /api/buying/create', () => {
  it('copies the material, takes the rates of the last bulletin, computes the totals and answers the request', async () => {
    const mid = await newMaterial();
    const before = await logCount();
    const b = await made({ material_id: mid, material_qty: 3, material_price: '12.3456', material_doviz: '$', tedarikci_id: supplierId, siparis_notu: 'Acil', Doviz_TotalPrice: 1, TL_TotalPrice: 1 });
    expect(b).toMatchObject({
      material_id: mid, material_qty: 3, material_unit: 'Kg', material_price: 12.3456, material_doviz: '$', USD_Kur: 40.5, EUR_Kur: 45.25,
      // 3 x 12.3456 = 37.0368 -> 37.04 $; 37.0368 x 40.5 = 1499.9904 -> 1499.99 TL (the sent totals are ignored).
      Doviz_TotalPrice: 37.04, TL_TotalPrice: 1499.99, satinalma_durumu: 0, tedarikci_id: supplierId, tedarikci_eposta: 'satis@tedarik.example',
      siparis_notu: 'Acil', creator_user: 'Role2 Tester', related_person: 'Role2 Tester', related_person_email: 'r2@test.local',
      siparis_tarihi: null, teslim_tarihi: null, movement_id: null, __v: 0,
    });
    expect(b.material_name.length).toBeGreaterThan(2);
    expect(b.tedarikci_adi.length).toBeGreaterThan(2);
    expect(b.talep_tarihi).toBeTruthy();
    expect(await logCount()).toBe(before + 1);
  });

  it('takes the shape the component list sends (spec 001 7): price and currency come from the material', async () => {
    const mid = await newMaterial();
    const b = await made({ siparis_notu: 'Bileşen listesi', material_id: mid, material_name: 'x', material_group: 'x', material_category: 'x', material_qty: 4, material_unit: 'Kg', satinalma_durumu: 0, related_person: 'Üretim Planlama' });
    expect(b).toMatchObject({ material_qty: 4, material_price: 2.5, material_doviz: '€', Doviz_TotalPrice: 10, TL_TotalPrice: 452.5, related_person: 'Üretim Planlama', related_person_email: '' });
    expect(b.material_name).not.toBe('x');
  });

  it('lira requests have no foreign total', async () => {
    const b = await made({ material_id: await newMaterial(), material_qty: '2,5', material_price: '10,01', material_doviz: '₺' });
    expect(b).toMatchObject({ Doviz_TotalPrice: null, TL_TotalPrice: 25.03 });
  });

  it('refuses bad input with field messages in the caller language and writes nothing', async () => {
    const before = Number((await db().select({ n: count() }).from(buyings))[0].n);
    const r1 = await create({ material_qty: 0, material_price: -2, satinalma_durumu: 9 }, t.tokens[2], 'tr');
    expect(r1.statusCode).toBe(400);
    expect(r1.json().fields).toEqual({
      material_id: 'Malzeme seçiniz.', material_qty: 'Miktar 0’dan büyük bir sayı olmalıdır.', material_price: 'Birim fiyat 0 ya da daha büyük bir sayı olmalıdır.',
      satinalma_durumu: 'Satın alma durumu 0-4 arasında olmalıdır.',
    });
    const r2 = await create({ material_id: 'nope' });
    expect(r2.statusCode).toBe(400);
    expect(r2.json()).toMatchObject({ code: 'buying.material.unknown', fields: { material_id: 'The chosen material does not exist.' } });
    const mid = await newMaterial();
    const r3 = await create({ material_id: mid, tedarikci_id: customerId });
    expect(r3.json()).toMatchObject({ code: 'buying.supplier.notSupplier', fields: { tedarikci_id: 'The chosen company is not a supplier.' } });
    expect((await create({ material_id: mid, tedarikci_id: 'nope' })).json().code).toBe('buying.supplier.unknown');
    expect((await create({ material_id: mid, tedarikci_eposta: 'nope' })).json().fields).toEqual({ tedarikci_eposta: 'Email is not valid!' });
    expect((await create({ material_id: mid, talep_tarihi: 'yarın' }, t.tokens[2], 'es')).json().fields).toEqual({ talep_tarihi: 'La fecha no es válida.' });
    expect((await create([] as unknown as Record<string, unknown>)).statusCode).toBe(400);
    const huge = await create({ material_id: mid, material_qty: '9999999999', material_price: '99999999999', USD_Kur: '999999', material_doviz: '$' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ code: 'buying.amount.tooLarge', fields: { material_qty: 'The amount is too large: check the quantity or the price.' } });
    expect(Number((await db().select({ n: count() }).from(buyings))[0].n)).toBe(before);
  });

  it('never invents a rate: without a stored bulletin a foreign amount needs a typed rate', async () => {
    const mid = await newMaterial();
    await db().delete(tcmbRates);
    try {
      const res = await create({ material_id: mid, material_qty: 2, material_price: 5, material_doviz: '€' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'buying.rate.required', message: 'No rate bulletin is stored: write the EUR rate.', fields: { EUR_Kur: 'No rate bulletin is stored: write the EUR rate.' } });
      // Nothing to convert, nothing needed.
      expect((await made({ material_id: mid, material_price: 0, material_doviz: '$' }))).toMatchObject({ USD_Kur: null, TL_TotalPrice: 0 });
      expect(await made({ material_id: mid, material_qty: 2, material_price: 5, material_doviz: '€', EUR_Kur: '44,125' })).toMatchObject({ EUR_Kur: 44.125, USD_Kur: null, TL_TotalPrice: 441.25 });
    } finally {
      await db().insert(tcmbRates).values(BULLETIN);
    }
  });

  it('needs a token, role 3 or better (the component list offers it, issue 23) and the buying write permission', async () => {
    const mid = await newMaterial();
    expect((await create({ material_id: mid }, null)).statusCode).toBe(401);
    expect((await create({ material_id: mid }, t.tokens[4])).statusCode).toBe(403);
    expect((await create({ material_id: mid }, t.tokens[3])).statusCode).toBe(200);
    expect((await create({ material_id: mid }, t.tokens[1])).statusCode).toBe(200);
    await db().insert(users).values({
      id: newId(), firstname: 'Satın', lastname: 'Okur', email: 'buy-read@test.local', role: 2,
      permissions: { buying: { read: true, write: false, delete: false } }, password_hash: await hashPassword(USER_PASSWORD),
    });
    const token = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'buy-read@test.local', password: USER_PASSWORD } })).json().token;
    const denied = await create({ material_id: mid }, token);
    expect(denied.statusCode, denied.body).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/buying/list', token })).statusCode).toBe(200);
    expect(denied.json().code).toBe('error.modulePermission');
  });
});

describe('POST /api/buying/update/{id}', () => {
  it('moves forward, stamps the order date and makes the signed-in user the related person', async () => {
    const b = await made({ material_id: await newMaterial(), related_person: 'Someone Else' });
    const res = await update(b._id, { ...b, satinalma_durumu: 1, siparis_no: 'PO-77' }, t.tokens[1]);
    expect(res.statusCode, res.body).toBe(200);
    // The order number is the server's (ADR 0040): a typed one is ignored.
    expect(res.json().siparis_no).toMatch(/^SAS-\d{4}-\d{4,}$/);
    expect(res.json()).toMatchObject({ satinalma_durumu: 1, related_person: 'Role1 Tester', related_person_email: 'r1@test.local', modified_user: 'Role1 Tester', __v: 1 });
    expect(res.json().siparis_tarihi).toBeTruthy();
  });

  it('refuses a backward move with 409 and changes nothing', async () => {
    const b = await made({ material_id: await newMaterial() });
    expect((await update(b._id, { satinalma_durumu: 2 })).statusCode).toBe(200);
    for (const to of [0, 1]) {
      const res = await update(b._id, { satinalma_durumu: to, siparis_notu: 'geri' }, t.tokens[2], 'tr');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'buying.status.backward', message: 'Satın alma durumu geri alınamaz (yalnızca ileri ya da İptal).' });
    }
    const now = (await t.call({ method: 'GET', url: `/api/buying/${b._id}`, token: t.tokens[2] })).json();
    expect(now).toMatchObject({ satinalma_durumu: 2, siparis_notu: '', __v: 1 });
  });

  it('recomputes the totals from quantity, price and rates', async () => {
    const b = await made({ material_id: await newMaterial(), material_qty: 1, material_price: 1, material_doviz: '$' });
    const res = await update(b._id, { material_qty: '7', material_price: '3.3333', USD_Kur: '41', __v: 0 });
    // 7 x 3.3333 = 23.3331 -> 23.33 $; x 41 = 956.6571 -> 956.66 TL.
    expect(res.json()).toMatchObject({ material_qty: 7, material_price: 3.3333, USD_Kur: 41, Doviz_TotalPrice: 23.33, TL_TotalPrice: 956.66 });
  });

  it('answers 409 to a stale __v and applies an update without one', async () => {
    const b = await made({ material_id: await newMaterial() });
    expect((await update(b._id, { siparis_notu: 'bir', __v: 0 })).statusCode).toBe(200);
    const stale = await update(b._id, { siparis_notu: 'iki', __v: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('error.conflict');
    const noVersion = await update(b._id, { siparis_notu: 'üç' });
    expect(noVersion.json()).toMatchObject({ siparis_notu: 'üç', __v: 2 });
  });

  it('answers 404 for an unknown request and 403 below level 2', async () => {
    expect((await update('unknown', { siparis_notu: 'x' })).statusCode).toBe(404);
    const b = await made({ material_id: await newMaterial() });
    expect((await update(b._id, { siparis_notu: 'x' }, t.tokens[3])).statusCode).toBe(403);
  });
});

describe('stock on completion (DECISIONS 6)', () => {
  it('reaching 3 puts the material into stock once: giris, fatura, the request price and currency, linked to the request', async () => {
    const mid = await newMaterial();
    const b = await made({ material_id: mid, material_qty: 6, material_price: '1.25', material_doviz: '$', tedarikci_id: supplierId, siparis_no: 'PO-9' });
    expect(await stockOf(mid)).toBe(0);
    const done = await update(b._id, { satinalma_durumu: 3 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().teslim_tarihi).toBeTruthy();
    expect(await stockOf(mid)).toBe(6);
    const moves = await purchaseMovements(b._id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ operation_type: 'giris', operation_center: 'fatura', qty: '6.0000', price: '1.2500', doviz: '$', unit: 'Kg', ref_id: b._id });
    expect(done.json().movement_id).toBe(moves[0].id);
    // Saving it again in status 3 adds nothing.
    expect((await update(b._id, { satinalma_durumu: 3, siparis_notu: 'teslim alındı' })).statusCode).toBe(200);
    expect(await stockOf(mid)).toBe(6);
    // The movement cannot be deleted by hand: 409 naming the purchase.
    const del = await t.call({ method: 'GET', url: `/api/stock/delete/${moves[0].id}/${mid}`, token: t.tokens[2] });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'stock.locked.purchase', message: `This stock movement was made by a purchase (purchase request ${b._id}). Undo the purchase instead.` });
  });

  it('the material, quantity and price of a completed request are fixed', async () => {
    const mid = await newMaterial();
    const b = await made({ material_id: mid, material_qty: 2, satinalma_durumu: 3 });
    expect(await stockOf(mid)).toBe(2);
    const res = await update(b._id, { material_qty: 5, material_price: 9 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'buying.locked', fields: { material_qty: expect.any(String), material_price: expect.any(String) } });
    // Sending the stored values back (the full object) is fine.
    expect((await update(b._id, { ...res.json(), ...b, siparis_notu: 'ok' })).statusCode).toBe(200);
    expect(await stockOf(mid)).toBe(2);
  });

  it('cancelling a completed request writes the reversal; cancelling an open one touches no stock', async () => {
    const mid = await newMaterial();
    const b = await made({ material_id: mid, material_qty: 4 });
    await update(b._id, { satinalma_durumu: 3 });
    expect(await stockOf(mid)).toBe(4);
    const res = await update(b._id, { satinalma_durumu: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(mid)).toBe(0);
    const moves = await purchaseMovements(b._id);
    expect(moves.map((m) => m.operation_type).sort()).toEqual(['cikis', 'giris']);
    expect(moves.find((m) => m.operation_type === 'cikis')?.reverses_id).toBe(moves.find((m) => m.operation_type === 'giris')?.id);
    // Canceled is final.
    expect((await update(b._id, { satinalma_durumu: 3 })).statusCode).toBe(409);
    const open = await made({ material_id: mid, material_qty: 4 });
    expect((await update(open._id, { satinalma_durumu: 4 })).statusCode).toBe(200);
    expect(await stockOf(mid)).toBe(0);
    expect(await purchaseMovements(open._id)).toHaveLength(0);
  });

  it('two concurrent moves of one request to 3 give one stock entry', async () => {
    const mid = await newMaterial();
    const b = await made({ material_id: mid, material_qty: 10 });
    const both = await Promise.all([update(b._id, { satinalma_durumu: 3 }), update(b._id, { satinalma_durumu: 3 })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await stockOf(mid)).toBe(10);
    expect(await purchaseMovements(b._id)).toHaveLength(1);
    // With the version both read, one wins and the other gets 409.
    const c = await made({ material_id: mid, material_qty: 1 });
    const versioned = await Promise.all([update(c._id, { satinalma_durumu: 3, __v: 0 }), update(c._id, { satinalma_durumu: 3, __v: 0 })]);
    expect(versioned.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(mid)).toBe(11);
    expect(await purchaseMovements(c._id)).toHaveLength(1);
  });

  it('two API instances moving the same request to 3 at once give one stock entry', async () => {
    const mid = await newMaterial();
    const b = await made({ material_id: mid, material_qty: 3 });
    const second = await t.openSecondInstance();
    try {
      const viaSecond = () => second.app.inject({ method: 'POST', url: `/api/buying/update/${b._id}`, payload: { satinalma_durumu: 3 }, headers: { authorization: `Bearer ${t.tokens[2]}` } });
      const res = await Promise.all([update(b._id, { satinalma_durumu: 3 }), viaSecond(), update(b._id, { satinalma_durumu: 3 }), viaSecond()]);
      expect(res.every((r) => r.statusCode === 200)).toBe(true);
    } finally {
      await second.close();
    }
    expect(await stockOf(mid)).toBe(3);
    expect(await purchaseMovements(b._id)).toHaveLength(1);
  });
});

describe('GET|DELETE /api/buying/delete/{id}', () => {
  it('deletes only requests in status 0 or 4', async () => {
    const mid = await newMaterial();
    const a = await made({ material_id: mid });
    const before = await logCount();
    expect((await t.call({ method: 'GET', url: `/api/buying/delete/${a._id}`, token: t.tokens[2] })).json()).toEqual({ status: 'ok' });
    expect(await logCount()).toBe(before + 1);
    expect((await t.call({ method: 'GET', url: `/api/buying/${a._id}`, token: t.tokens[2] })).statusCode).toBe(404);
    const b = await made({ material_id: mid, satinalma_durumu: 2 });
    const refused = await t.call({ method: 'DELETE', url: `/api/buying/delete/${b._id}`, token: t.tokens[2], lang: 'tr' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'buying.delete.status', message: 'Yalnızca Talep ya da İptal durumundaki satın almalar silinebilir.' });
    await update(b._id, { satinalma_durumu: 4 });
    expect((await t.call({ method: 'DELETE', url: `/api/buying/delete/${b._id}`, token: t.tokens[2] })).statusCode).toBe(200);
  });

  it('needs a token, role 2 or better and never deletes on HEAD', async () => {
    const a = await made({ material_id: await newMaterial() });
    expect((await t.call({ method: 'GET', url: `/api/buying/delete/${a._id}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/buying/delete/${a._id}`, token: t.tokens[3] })).statusCode).toBe(403);
    expect((await t.call({ method: 'HEAD', url: `/api/buying/delete/${a._id}`, token: t.tokens[2] })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/buying/delete/unknown`, token: t.tokens[2] })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/buying/${a._id}`, token: t.tokens[2] })).json()).toMatchObject({ _id: a._id, __v: 0 });
    expect((await t.call({ method: 'GET', url: `/api/buying/${a._id}`, token: t.tokens[3] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/buying/${a._id}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/buying/unknown', token: t.tokens[2] })).statusCode).toBe(404);
  });
});

describe('GET /api/buying/list and /api/buying/totals', () => {
  it('answers the documented array for a status range, newest first; pages on request; sums per currency', async () => {
    const mid = await newMaterial({ material_name: 'Zq Özel Kablo' });
    const day = (d: number) => `2020-01-${String(d).padStart(2, '0')}`;
    await made({ material_id: mid, material_qty: 1, material_price: 10, material_doviz: '$', talep_tarihi: day(1), satinalma_durumu: 1 });
    await made({ material_id: mid, material_qty: 2, material_price: 10, material_doviz: '€', talep_tarihi: day(2), satinalma_durumu: 2 });
    await made({ material_id: mid, material_qty: 3, material_price: 10, material_doviz: '₺', talep_tarihi: day(3), satinalma_durumu: 1 });
    const list = await t.call({ method: 'GET', url: '/api/buying/list?filter1=1&filter2=2&search=zq ozel', token: t.tokens[2] });
    expect(list.statusCode, list.body).toBe(200);
    expect(Array.isArray(list.json())).toBe(true);
    expect(list.json().map((b: { material_qty: number }) => b.material_qty)).toEqual([3, 2, 1]);
    expect(list.headers['x-total-count']).toBeUndefined();
    const only1 = await t.call({ method: 'GET', url: '/api/buying/list?filter1=1&filter2=1&search=ZQ', token: t.tokens[2] });
    expect(only1.json().map((b: { material_qty: number }) => b.material_qty)).toEqual([3, 1]);
    const page = await t.call({ method: 'GET', url: '/api/buying/list?filter1=0&filter2=4&search=zq&page=2&pageSize=2', token: t.tokens[2] });
    expect(page.json().map((b: { material_qty: number }) => b.material_qty)).toEqual([1]);
    expect(page.headers).toMatchObject({ 'x-total-count': '3', 'x-page': '2', 'x-total-pages': '2' });
    const sums = await t.call({ method: 'GET', url: '/api/buying/totals?filter1=1&filter2=2&search=zq', token: t.tokens[2] });
    // 10 $ x 40.5 + 20 € x 45.25 + 30 ₺ = 405 + 905 + 30.
    expect(sums.json()).toEqual({ count: 3, TL_TotalPrice: 1340, Doviz_TotalPrice: { $: 10, '€': 20 } });
    const sorted = await t.call({ method: 'GET', url: '/api/buying/list?search=zq&orderBy=TL_TotalPrice&order=desc', token: t.tokens[2] });
    expect(sorted.json().map((b: { material_qty: number }) => b.material_qty)).toEqual([2, 1, 3]);
  });

  it('refuses a bad filter with 400 and needs role 2', async () => {
    const bad = await t.call({ method: 'GET', url: '/api/buying/list?filter1=7', token: t.tokens[2] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ filter1: 'The status filter must be between 0 and 4.' });
    expect((await t.call({ method: 'GET', url: '/api/buying/list?orderBy=nope', token: t.tokens[2] })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/buying/list', token: t.tokens[3] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/buying/totals' })).statusCode).toBe(401);
  });
});

describe('delete guards', () => {
  it('a supplier or material named in a purchase request cannot be deleted', async () => {
    const sid = await insertCompany('Suppliers');
    const mid = await newMaterial();
    await made({ material_id: mid, tedarikci_id: sid });
    const c = await t.call({ method: 'GET', url: `/api/companies/delete/${sid}`, token: t.tokens[1] });
    expect(c.statusCode).toBe(409);
    expect(c.json().code).toBe('company.delete.hasBuyings');
    const m = await t.call({ method: 'GET', url: `/api/materials/delete/${mid}`, token: t.tokens[1] });
    expect(m.statusCode).toBe(409);
    expect(m.json().code).toBe('material.inBuying');
  });
});
