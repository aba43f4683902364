import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInputSchema } from '@isik/domain';
import { count, eq } from 'drizzle-orm';
import { companies, deliveries, logs, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { makeCompany } from '../../seed/factory.js';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';
import { insertMaterial, insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { seedDeliveries } from './deliveries-seed.js';

let t: TestContext;
let companyId: string;
let productId: string;
let materialId: string;
let companyIndex = 0;

async function insertCompany(): Promise<string> {
  const id = newId();
  await t.database.db.insert(companies).values({ id, ...companyInputSchema.parse(makeCompany(companyIndex++, 'Customer')) });
  return id;
}

async function stockIn(kind: 'product' | 'material', id: string, qty: number) {
  const res = kind === 'product'
    ? await t.call({ method: 'POST', url: '/api/productStocks/create', token: t.tokens[0], payload: { product_id: id, operation_type: 'giris', operation_center: 'uretim', qty, price: 10 } })
    : await t.call({ method: 'POST', url: '/api/stock/create', token: t.tokens[0], payload: { stock_id: id, operation_type: 'giris', operation_center: 'fatura', qty, price: 2 } });
  expect(res.statusCode, res.body).toBe(200);
}

async function stockOf(kind: 'product' | 'material', id: string): Promise<number> {
  const res = await t.call({ method: 'GET', url: `/api/${kind === 'product' ? 'products' : 'materials'}/${id}`, token: t.tokens[0] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().stockSum;
}

async function movements(kind: 'product' | 'material', id: string) {
  const res = await t.call({ method: 'GET', url: `/api/${kind === 'product' ? 'productStocks' : 'stock'}/list/${id}`, token: t.tokens[0] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().stock as { _id: string; operation_type: string; operation_center: string; source: string; ref_id: string | null; qty: number; reverses_id: string | null }[];
}

const create = (payload: Record<string, unknown>, token: string | null = t.tokens[2], lang = 'en') =>
  t.call({ method: 'POST', url: '/api/deliveried/create/', payload, token, lang });
const list = async (cid = companyId) => {
  const res = await t.call({ method: 'GET', url: `/api/deliveried/list/${cid}`, token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>[];
};
const deliveryCount = async () => Number((await t.database.db.select({ n: count() }).from(deliveries))[0].n);
const logCount = async () => Number((await t.database.db.select({ n: count() }).from(logs))[0].n);

const productDelivery = (over: Record<string, unknown> = {}) => ({
  company_id: companyId, component_type: 'product', product_id: productId, qty: 3, price: '12.345', doviz: '€', receiver: 'Ali Veli', description: 'Numune', ...over,
});

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const modelId = await insertModel(db, 0);
  productId = await insertProduct(db, 0, { id: modelId, index: 0 });
  materialId = await insertMaterial(db, 0, { material_unit: 'Kg' });
  companyId = await insertCompany();
  await stockIn('product', productId, 10);
  await stockIn('material', materialId, 20);
});
afterAll(async () => { await t?.close(); });

describe('POST /api/deliveried/create', () => {
  it('a product delivery takes the product out of stock (cikis, teslimat, source delivery) and answers the delivery', async () => {
    const before = { stock: await stockOf('product', productId), logs: await logCount() };
    const res = await create(productDelivery());
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      company_id: companyId, component_type: 'product', product_id: productId, qty: 3, unit: 'Adet', price: 12.35, doviz: '€', sumPrice: 37.05,
      status: 0, statusdescription: 0, deliverer: 'Role2 Tester', receiver: 'Ali Veli', modified_date: null, modified_user: '', __v: 0, max: 7,
    });
    expect(d.productname.length).toBeGreaterThan(2);
    expect(await stockOf('product', productId)).toBe(before.stock - 3);
    const [mv] = await movements('product', productId);
    expect(mv).toMatchObject({ _id: d.movement_id, operation_type: 'cikis', operation_center: 'teslimat', source: 'delivery', ref_id: d._id, qty: 3 });
    // The delivery's log row, the movement's log row.
    expect(await logCount()).toBe(before.logs + 2);
    expect((await list()).map((x) => x._id)).toContain(d._id);
  });

  it('a material delivery takes the material out of stock in its own unit', async () => {
    const before = await stockOf('material', materialId);
    const res = await create({ company_id: companyId, component_type: 'material', product_id: materialId, qty: '2,5', price: 0, unit: 'Adet' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ component_type: 'material', qty: 2.5, unit: 'Kg', price: 0, sumPrice: 0 });
    expect(await stockOf('material', materialId)).toBe(before - 2.5);
    const [mv] = await movements('material', materialId);
    expect(mv).toMatchObject({ operation_type: 'cikis', operation_center: 'teslimat', source: 'delivery', ref_id: res.json()._id, qty: 2.5 });
  });

  it('a default delivery is a free-text line without stock effect', async () => {
    const stock = await stockOf('product', productId);
    const res = await create({ company_id: companyId, productname: 'Sürücü onarımı', qty: 2, price: 4.5, status: 0, statusdescription: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ component_type: 'default', product_id: '', productname: 'Sürücü onarımı', unit: 'Adet', doviz: '$', sumPrice: 9, movement_id: null, max: null, statusdescription: 0 });
    expect(await stockOf('product', productId)).toBe(stock);
  });

  it('answers each validation message in tr and en and changes nothing', async () => {
    const before = { n: await deliveryCount(), logs: await logCount(), stock: await stockOf('product', productId) };
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ qty: 0 }, 'qty', 'Write the quantity', 'Miktarı Yazınız'],
      [{ qty: '' }, 'qty', 'Write the quantity', 'Miktarı Yazınız'],
      [{ qty: 'abc' }, 'qty', 'The quantity is not a readable number: write it as 1234,56 or 1234.56.', 'Miktar sayı olarak okunamadı: 1234,56 ya da 1234.56 biçiminde yazınız.'],
      [{ qty: 0.5 }, 'qty', 'The quantity must be at least 1.', 'Miktar en az 1 olmalıdır.'],
      [{ company_id: '' }, 'company_id', 'Company not defined', 'Firma Tanımsız'],
      [{ company_id: undefined }, 'company_id', 'Company not defined', 'Firma Tanımsız'],
      [{ company_id: 'nope' }, 'company_id', 'Company not defined', 'Firma Tanımsız'],
      [{ price: null }, 'price', 'The product price is not valid', 'Ürün Fiyatı Hatalıdır'],
      [{ price: '' }, 'price', 'The product price is not valid', 'Ürün Fiyatı Hatalıdır'],
      [{ price: -1 }, 'price', 'The product price is not valid', 'Ürün Fiyatı Hatalıdır'],
      [{ price: 'x' }, 'price', 'The price is not a readable number: write it as 1234,56 or 1234.56.', 'Fiyat sayı olarak okunamadı: 1234,56 ya da 1234.56 biçiminde yazınız.'],
      [{ product_id: '' }, 'product_id', 'Choose a product or material.', 'Bir ürün ya da malzeme seçiniz.'],
      [{ product_id: 'unknown' }, 'product_id', 'The chosen product or material does not exist.', 'Seçilen ürün ya da malzeme bulunamadı.'],
      [{ component_type: 'material' }, 'product_id', 'The chosen product or material does not exist.', 'Seçilen ürün ya da malzeme bulunamadı.'],
      [{ component_type: 'default', productname: '' }, 'productname', 'Write what is delivered.', 'Teslim edilen kalemi yazınız.'],
      [{ component_type: 'order' }, 'component_type', 'The delivery type is not valid (default, material or product).', 'Teslimat türü hatalı (default, material ya da product).'],
      [{ status: 3 }, 'status', 'The delivery status must be 0, 1 or 2.', 'Teslimat durumu 0, 1 ya da 2 olmalıdır.'],
      [{ statusdescription: 5 }, 'statusdescription', 'The status description must be between 0 and 4.', 'Durum açıklaması 0-4 arasında olmalıdır.'],
      [{ qty: 1000 }, 'qty', 'Not enough in stock: at most 7,00 can be delivered.', 'Stokta yeterli miktar yok: en fazla 7,00 teslim edilebilir.'],
    ];
    for (const [over, field, en, tr] of cases) {
      const e = await create(productDelivery(over), t.tokens[2], 'en');
      expect(e.statusCode, `${JSON.stringify(over)} ${e.body}`).toBe(400);
      expect(e.json().fields?.[field], `${JSON.stringify(over)} ${e.body}`).toBe(en);
      const r = await create(productDelivery(over), t.tokens[2], 'tr');
      expect(r.json().fields?.[field], JSON.stringify(over)).toBe(tr);
      expect(r.json().message).toBeTruthy();
    }
    expect({ n: await deliveryCount(), logs: await logCount(), stock: await stockOf('product', productId) }).toEqual(before);
  });

  it('qty above the stock answers 400; exactly the stock is allowed', async () => {
    const stock = await stockOf('material', materialId);
    const over = await create({ company_id: companyId, component_type: 'material', product_id: materialId, qty: stock + 1, price: 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('delivery.qty.max');
    expect(await stockOf('material', materialId)).toBe(stock);
    const all = await create({ company_id: companyId, component_type: 'material', product_id: materialId, qty: stock, price: 1 });
    expect(all.statusCode, all.body).toBe(200);
    expect(await stockOf('material', materialId)).toBe(0);
    const del = await t.call({ method: 'GET', url: `/api/deliveried/delete/${all.json()._id}/${materialId}/material`, token: t.tokens[2] });
    expect(del.statusCode, del.body).toBe(200);
    expect(await stockOf('material', materialId)).toBe(stock);
  });

  it('is level 2 but for create: 401 without token, 403 for role 3 on the company screen\'s calls; deliveries write off: 403', async () => {
    const [d] = await list();
    expect((await create(productDelivery(), null)).statusCode).toBe(401);
    // Create is offered by the order list's delivery modal (level 3) too: role 3 may, role 4 may not (action table, issue 23).
    const byRole3 = await create(productDelivery(), t.tokens[3]);
    expect(byRole3.statusCode, byRole3.body).toBe(200);
    expect((await create(productDelivery(), t.tokens[4])).statusCode).toBe(403);
    const made = byRole3.json();
    expect((await t.call({ method: 'GET', url: `/api/deliveried/delete/${String(made._id)}/${String(made.product_id)}/product`, token: t.tokens[1] })).statusCode).toBe(200);
    const calls = [
      () => t.call({ method: 'GET', url: `/api/deliveried/list/${companyId}`, token: t.tokens[3] }),
      () => t.call({ method: 'POST', url: `/api/deliveried/update/${String(d._id)}`, token: t.tokens[3], payload: { __v: d.__v, status: 1 } }),
      () => t.call({ method: 'GET', url: `/api/deliveried/delete/${String(d._id)}/${String(d.product_id || '-')}/${String(d.component_type)}`, token: t.tokens[3] }),
      () => t.call({ method: 'DELETE', url: `/api/deliveried/delete/${String(d._id)}/${String(d.product_id || '-')}/${String(d.component_type)}`, token: t.tokens[7] }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/deliveried/list/${companyId}`, token: t.tokens[1] })).statusCode).toBe(200);
    await t.database.db.insert(users).values({
      id: newId(), firstname: 'Teslim', lastname: 'Okur', email: 'deliv-read@test.local', role: 2,
      permissions: { deliveries: { read: true, write: false, delete: false } }, password_hash: await hashPassword(USER_PASSWORD),
    });
    const token = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'deliv-read@test.local', password: USER_PASSWORD } })).json().token;
    expect((await create(productDelivery(), token)).json().code).toBe('error.modulePermission');
  });
});

describe('GET /api/deliveried/list/:companyId', () => {
  it('answers the company deliveries newest first, and 404 for an unknown company', async () => {
    const other = await insertCompany();
    const old = await create({ company_id: other, productname: 'Eski', qty: 1, price: 1, date: '2024-01-05T10:00:00.000Z' });
    const fresh = await create({ company_id: other, productname: 'Yeni', qty: 1, price: 1, date: '15.03.2025' });
    const rows = await list(other);
    expect(rows.map((r) => r.productname)).toEqual(['Yeni', 'Eski']);
    expect(rows[1]).toMatchObject({ _id: old.json()._id, date: '2024-01-05T10:00:00.000Z' });
    expect(rows[0]._id).toBe(fresh.json()._id);
    expect((await t.call({ method: 'GET', url: '/api/deliveried/list/unknown', token: t.tokens[2] })).statusCode).toBe(404);
  });
});

describe('POST /api/deliveried/update/:id', () => {
  it('changes status and description, stamps modified date and user; status 0 forces description 0', async () => {
    const d = (await create(productDelivery({ qty: 1 }))).json();
    const res = await t.call({ method: 'POST', url: `/api/deliveried/update/${d._id}`, token: t.tokens[1], payload: { __v: d.__v, status: 2, statusdescription: 2, receiver: 'Ayşe' } });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({ status: 2, statusdescription: 2, receiver: 'Ayşe', modified_user: 'Role1 Tester', __v: 1, qty: 1 });
    expect(Date.now() - Date.parse(u.modified_date)).toBeLessThan(60_000);
    // The receiver alone does not stamp.
    const again = await t.call({ method: 'POST', url: `/api/deliveried/update/${d._id}`, token: t.tokens[2], payload: { __v: 1, receiver: 'Fatma' } });
    expect(again.json()).toMatchObject({ receiver: 'Fatma', modified_user: 'Role1 Tester', modified_date: u.modified_date });
    // The status description alone stamps; so does the description text.
    const desc = await t.call({ method: 'POST', url: `/api/deliveried/update/${d._id}`, token: t.tokens[2], payload: { __v: 2, statusdescription: 3 } });
    expect(desc.json()).toMatchObject({ status: 2, statusdescription: 3, modified_user: 'Role2 Tester', __v: 3 });
    expect(Date.parse(desc.json().modified_date)).toBeGreaterThanOrEqual(Date.parse(u.modified_date));
    const text = await t.call({ method: 'POST', url: `/api/deliveried/update/${d._id}`, token: t.tokens[1], payload: { __v: 3, description: 'Fatura kesildi' } });
    expect(text.json()).toMatchObject({ description: 'Fatura kesildi', statusdescription: 3, modified_user: 'Role1 Tester', __v: 4 });
    const open = await t.call({ method: 'POST', url: `/api/deliveried/update/${d._id}`, token: t.tokens[2], payload: { __v: 4, status: 0, statusdescription: 4 } });
    expect(open.json()).toMatchObject({ status: 0, statusdescription: 0, modified_user: 'Role2 Tester' });
  });

  it('stale __v answers 409; changing the item, qty or price answers 400; nothing changes', async () => {
    const d = (await create(productDelivery({ qty: 1 }))).json();
    const stock = await stockOf('product', productId);
    const stale = await t.call({ method: 'POST', url: `/api/deliveried/update/${d._id}`, token: t.tokens[2], payload: { __v: 5, status: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('error.conflict');
    const malformed = await t.call({ method: 'POST', url: `/api/deliveried/update/${d._id}`, token: t.tokens[2], payload: { status: 1, __v: true } });
    expect(malformed.statusCode).toBe(400);
    const qty = await t.call({ method: 'POST', url: `/api/deliveried/update/${d._id}`, token: t.tokens[2], lang: 'tr', payload: { __v: 0, status: 1, qty: 2, price: d.price } });
    expect(qty.statusCode).toBe(400);
    expect(qty.json()).toMatchObject({ code: 'delivery.locked', fields: { qty: 'Teslimatın ürünü, miktarı ve fiyatı değiştirilemez. Teslimatı silip yeniden oluşturun.' } });
    // The same values sent back are fine.
    const same = await t.call({ method: 'POST', url: `/api/deliveried/update/${d._id}`, token: t.tokens[2], payload: { ...d, status: 1, statusdescription: 1 } });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ status: 1, statusdescription: 1, qty: 1 });
    expect(await stockOf('product', productId)).toBe(stock);
    expect((await t.call({ method: 'POST', url: '/api/deliveried/update/unknown', token: t.tokens[2], payload: { __v: 0 } })).statusCode).toBe(404);
  });
});

describe('delete /api/deliveried/delete/:id/:product_id/:component_type', () => {
  it('writes the reversal (both rows stay in the movement list), restores stock and deletes; GET and DELETE', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const stock = await stockOf('product', productId);
      const d = (await create(productDelivery({ qty: 2 }))).json();
      expect(await stockOf('product', productId)).toBe(stock - 2);
      const res = await t.call({ method, url: `/api/deliveried/delete/${d._id}/${productId}/product`, token: t.tokens[2] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(await stockOf('product', productId)).toBe(stock);
      const [reversal, original] = await movements('product', productId);
      expect(original).toMatchObject({ _id: d.movement_id, operation_type: 'cikis', source: 'delivery', ref_id: d._id });
      expect(reversal).toMatchObject({ operation_type: 'giris', operation_center: 'teslimat', source: 'delivery', reverses_id: d.movement_id, qty: 2 });
      expect((await list()).map((x) => x._id)).not.toContain(d._id);
      expect((await t.call({ method, url: `/api/deliveried/delete/${d._id}/${productId}/product`, token: t.tokens[2] })).statusCode).toBe(404);
    }
  });

  it('a material delivery and a free-text one ("-" for no product)', async () => {
    const stock = await stockOf('material', materialId);
    const m = (await create({ company_id: companyId, component_type: 'material', product_id: materialId, qty: 3, price: 1 })).json();
    expect((await t.call({ method: 'DELETE', url: `/api/deliveried/delete/${m._id}/${materialId}/material`, token: t.tokens[2] })).statusCode).toBe(200);
    expect(await stockOf('material', materialId)).toBe(stock);
    const f = (await create({ company_id: companyId, productname: 'Serbest', qty: 1, price: 1 })).json();
    expect((await t.call({ method: 'GET', url: `/api/deliveried/delete/${f._id}/-/default`, token: t.tokens[2] })).statusCode).toBe(200);
  });

  it('path params that do not match the delivery answer 409 and change nothing', async () => {
    const d = (await create(productDelivery({ qty: 1 }))).json();
    const stock = await stockOf('product', productId);
    const wrongType = await t.call({ method: 'GET', url: `/api/deliveried/delete/${d._id}/${productId}/material`, token: t.tokens[2] });
    expect(wrongType.statusCode).toBe(409);
    expect(wrongType.json().code).toBe('delivery.delete.mismatch');
    expect((await t.call({ method: 'GET', url: `/api/deliveried/delete/${d._id}/${materialId}/product`, token: t.tokens[2] })).statusCode).toBe(409);
    expect(await stockOf('product', productId)).toBe(stock);
    expect((await list()).map((x) => x._id)).toContain(d._id);
  });

  it("a delivery's movement cannot be deleted by hand (409 names the delivery)", async () => {
    const d = (await create(productDelivery({ qty: 1 }))).json();
    const p = await t.call({ method: 'GET', url: `/api/productStocks/delete/${d.movement_id}/${productId}`, token: t.tokens[0], lang: 'en' });
    expect(p.statusCode).toBe(409);
    expect(p.json()).toMatchObject({ code: 'stock.locked.delivery', message: `This stock movement was made by a delivery (delivery ${d._id}). Delete the delivery instead.` });
    const m = (await create({ company_id: companyId, component_type: 'material', product_id: materialId, qty: 1, price: 1 })).json();
    const mr = await t.call({ method: 'GET', url: `/api/stock/delete/${m.movement_id}/${materialId}`, token: t.tokens[0], lang: 'tr' });
    expect(mr.statusCode).toBe(409);
    expect(mr.json().message).toContain(`teslimat ${m._id}`);
  });
});

describe('company delete guard', () => {
  it("refuses with 'Teslimatı olan Firma Silinemez..' while deliveries exist, allows it after deleting them", async () => {
    const id = await insertCompany();
    const d = (await create({ company_id: id, component_type: 'product', product_id: productId, qty: 1, price: 1 })).json();
    const tr = await t.call({ method: 'GET', url: `/api/companies/delete/${id}`, token: t.tokens[2], lang: 'tr' });
    expect(tr.statusCode).toBe(409);
    expect(tr.json()).toMatchObject({ code: 'company.delete.hasDeliveries', message: 'Teslimatı olan Firma Silinemez..' });
    const en = await t.call({ method: 'DELETE', url: `/api/companies/delete/${id}`, token: t.tokens[2], lang: 'en' });
    expect(en.json().message).toBe('A company with deliveries cannot be deleted..');
    // Made inactive instead: allowed.
    const c = (await t.call({ method: 'GET', url: `/api/companies/${id}`, token: t.tokens[2] })).json();
    const { _id, date, ...body } = c;
    expect((await t.call({ method: 'POST', url: `/api/companies/update/${id}`, token: t.tokens[2], payload: { ...body, company_status: false } })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/deliveried/delete/${d._id}/${productId}/product`, token: t.tokens[2] })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/companies/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(200);
  });
});

describe('demo seed', () => {
  it('writes deliveries through the ledger: each stock delivery has its movement and the sums agree', async () => {
    await t.database.db.delete(deliveries).where(eq(deliveries.company_id, companyId));
    await t.database.db.delete(deliveries);
    for (let i = 0; i < 4; i++) await insertCompany();
    const db = t.database.db;
    const modelId = await insertModel(db, 1);
    const extra = [await insertProduct(db, 1, { id: modelId, index: 1 }), await insertProduct(db, 2, { id: modelId, index: 1 })];
    for (const p of extra) await stockIn('product', p, 50);
    for (const m of [await insertMaterial(db, 1), await insertMaterial(db, 2)]) await stockIn('material', m, 50);
    const made = await seedDeliveries(db);
    expect(made).toBeGreaterThanOrEqual(6);
    const rows = await db.select().from(deliveries);
    expect(rows).toHaveLength(made);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([0, 1, 2]));
    for (const r of rows.filter((x) => x.component_type !== 'default')) {
      const mv = await movements(r.component_type as 'product' | 'material', r.product_id);
      expect(mv.find((m) => m._id === r.movement_id)).toMatchObject({ operation_type: 'cikis', source: 'delivery', ref_id: r.id });
    }
    expect(await seedDeliveries(db)).toBe(0);
  });
});
