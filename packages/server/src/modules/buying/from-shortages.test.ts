import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInputSchema, type Buying, type ComponentRow, type FromShortages, type ProductShortageRow } from '@isik/domain';
import { companies, tcmbRates } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { makeCompany } from '../../seed/factory.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial, insertModel, insertProduct } from '../catalogue/test-fixtures.js';

// Issue 25, planning (spec 002 2.3, ADR 0044): the component list's suggested purchase, product shortages, and
// purchase requests made from the shortages. Each test makes its own materials, products and order lines; the
// component list reads every open line, so a test only looks at its own rows.

let t: TestContext;
let customerId: string;
let idx = 9000;

const db = () => t.database.db;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = t.tokens[2], lang = 'en') =>
  t.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), token, lang });
async function ok<T>(p: ReturnType<typeof call>): Promise<T> {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function company(category: 'Customer' | 'Suppliers'): Promise<string> {
  const id = newId();
  await db().insert(companies).values({ id, ...companyInputSchema.parse({ ...makeCompany(idx++, category), company_name: `Firma ${idx}` }) });
  return id;
}
/** A product whose one operation ('Mekanik Montaj') takes `perUnit[i]` of each new material per unit; answers the product and materials. */
async function productOf(perUnit: number[], over: Record<string, unknown> = {}): Promise<{ product: string; mats: string[] }> {
  const mats: string[] = [];
  for (const _ of perUnit) mats.push(await insertMaterial(db(), idx++, { material_unit: 'Adet', material_price: 3, material_doviz: '$', ...over }));
  const model = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Mekanik Montaj' }] });
  const product = await insertProduct(db(), idx++, { id: model, index: idx }, {
    production: perUnit.map((q, i) => ({ op_name: 'Mekanik Montaj', information: mats[i], materialqyt: q, StockUpdate: true })),
  });
  return { product, mats };
}
/** An order (offer status 1) of `qty` units of the product: its line needs per-unit x qty of each material. */
async function order(product: string, qty: number): Promise<void> {
  await ok(call('POST', '/api/offers/create', {
    firma_id: customerId, firma_adi: 'Planlama Ltd', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
    offeritem: [{ urun_id: product, urun_adi: 'Astra 30 W', urun_kodu: ['AST'], urun_miktari: qty, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 20, order_type: 'default' }],
  }));
}
async function stockIn(material: string, qty: number): Promise<void> {
  await ok(call('POST', '/api/stock/create', { stock_id: material, operation_center: 'fatura', operation_type: 'giris', qty, price: 1, doviz: '$', description: 'Sayım' }));
}
async function list(token = t.tokens[3]): Promise<{ components: ComponentRow[]; products: ProductShortageRow[] }> {
  return ok(call('GET', '/api/orders/components', undefined, token));
}
const rowOf = async (material: string) => (await list()).components.find((r) => r.material_id === material);
const fromShortages = (payload: unknown, token: string | null = t.tokens[3], lang = 'en') => call('POST', '/api/buying/fromShortages', payload, token, lang);

beforeAll(async () => {
  t = await createTestContext();
  customerId = await company('Customer');
  // A request in dollars takes its rate from the last bulletin.
  await db().insert(tcmbRates).values({ tarih: '2026-11-20', bulletin_no: '2026/220', usd_selling: '40.5', usd_buying: '40.4', eur_selling: '45.25', eur_buying: '45.1' });
});
afterAll(async () => { await t?.close(); });

describe('GET /orders/components: the suggested purchase', () => {
  it('is the shortage after stock and open purchases (status 0-2); done and cancelled purchases are not open', async () => {
    const { product, mats: [m] } = await productOf([2]);
    await order(product, 10);
    await stockIn(m, 3);
    expect(await rowOf(m)).toMatchObject({ required: 20, stock: 3, onOrder: 0, shortage: 17, suggested: 17, purchase_multiple: null, purchase_min: null });
    await ok(call('POST', '/api/buying/create', { material_id: m, material_qty: 4, satinalma_durumu: 0 }));
    await ok(call('POST', '/api/buying/create', { material_id: m, material_qty: 1.5, satinalma_durumu: 2 }));
    await ok(call('POST', '/api/buying/create', { material_id: m, material_qty: 100, satinalma_durumu: 4 }));
    expect(await rowOf(m)).toMatchObject({ onOrder: 5.5, shortage: 11.5, suggested: 11.5 });
    // A purchase received (3) is stock now, no longer open.
    await ok(call('POST', '/api/buying/create', { material_id: m, material_qty: 2, satinalma_durumu: 3 }));
    expect(await rowOf(m)).toMatchObject({ stock: 5, onOrder: 5.5, shortage: 9.5, suggested: 9.5 });
  });

  it('counts of a purchase received in parts only what is still due (ADR 0045)', async () => {
    const { product, mats: [m] } = await productOf([1]);
    await order(product, 10);
    const p = await ok<Buying>(call('POST', '/api/buying/create', { material_id: m, material_qty: 8, satinalma_durumu: 1 }));
    expect(await rowOf(m)).toMatchObject({ stock: 0, onOrder: 8, shortage: 2, suggested: 2 });
    await ok(call('POST', `/api/buying/receive/${p._id}`, { qty: 3, date: '2026-11-20', note: '' }));
    // 3 received are stock now; 5 still due are on order: the shortage is unchanged, not counted twice.
    expect(await rowOf(m)).toMatchObject({ stock: 3, onOrder: 5, shortage: 2, suggested: 2 });
  });

  it('is rounded up to the purchase multiple and raised to the minimum, set through the material API', async () => {
    const { product, mats: [m] } = await productOf([1]);
    await order(product, 7);
    const set = async (body: Record<string, unknown>) => {
      const cur = await ok<{ __v: number }>(call('GET', `/api/materials/${m}`));
      return ok<{ purchase_multiple: number | null; purchase_min: number | null }>(call('POST', `/api/materials/update/${m}`, { ...body, __v: cur.__v }));
    };
    expect(await set({ purchase_multiple: 5 })).toMatchObject({ purchase_multiple: 5, purchase_min: null });
    expect(await rowOf(m)).toMatchObject({ shortage: 7, suggested: 10, purchase_multiple: 5 });
    await set({ purchase_multiple: null, purchase_min: '12,5' });
    expect(await rowOf(m)).toMatchObject({ shortage: 7, suggested: 12.5, purchase_multiple: null, purchase_min: 12.5 });
    // Both: at least the minimum, then a multiple: 7 -> 12.5 -> 15.
    await set({ purchase_multiple: 5 });
    expect(await rowOf(m)).toMatchObject({ suggested: 15 });
    expect(await ok(call('GET', `/api/materials/${m}`))).toMatchObject({ purchase_multiple: 5, purchase_min: 12.5 });
    // Nothing short: nothing suggested, whatever the minimum.
    await stockIn(m, 7);
    expect(await rowOf(m)).toMatchObject({ shortage: 0, suggested: 0 });
  });

  it('the material fields are refused at 0, below 0 or as text, naming the field in the user\'s language; blank clears them', async () => {
    const cases: [unknown, string][] = [[0, 'The purchase multiple must be above 0 (blank: none)'], [-2, 'The purchase multiple must be above 0 (blank: none)'], ['abc', '']];
    for (const [v, msg] of cases) {
      const res = await call('POST', '/api/materials/create', { material_name: 'Vida M4', material_category: 'Bağlantı', material_group: 'Vida', purchase_multiple: v });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['purchase_multiple']);
      if (msg) expect(res.json().fields.purchase_multiple).toBe(msg);
    }
    const tr = await call('POST', '/api/materials/create', { material_name: 'Vida M4', material_category: 'Bağlantı', material_group: 'Vida', purchase_min: 0 }, t.tokens[2], 'tr');
    expect(tr.json().fields.purchase_min).toBe("En az satın alma miktarı 0'dan büyük olmalı (boş: yok)");
    const made = await ok<{ _id: string; purchase_multiple: number | null; purchase_min: number | null }>(call('POST', '/api/materials/create', { material_name: 'Vida M5', material_category: 'Bağlantı', material_group: 'Vida', purchase_multiple: '', purchase_min: '250' }));
    expect(made).toMatchObject({ purchase_multiple: null, purchase_min: 250 });
  });
});

describe('GET /orders/components: component products', () => {
  it("lists what open lines' 'Yarı Mamül' rows take, with stock, open stock production and the shortage after both", async () => {
    const { product: pcb } = await productOf([1]);
    const semiModel = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Yarı Mamül', OperationComponent: [{ label: 'PCB', value: pcb }] }] });
    const semi = await insertProduct(db(), idx++, { id: semiModel, index: idx });
    await order(semi, 12);
    let p = (await list()).products.find((r) => r.product_id === pcb);
    expect(p).toMatchObject({ required: 12, stock: 0, inProduction: 0, shortage: 12, lines: 1, Operation: 'Yarı Mamül', urun_birimi: 'Adet' });
    await ok(call('POST', '/api/productStocks/create', { product_id: pcb, operation_type: 'giris', operation_center: 'uretim', qty: 2, price: 1 }));
    // A stock production of the component (a line without an offer) will put its quantity into stock.
    await ok(call('POST', '/api/orders/create/', { urun_id: pcb, urun_miktari: 4, urun_fiyati: 10 }));
    p = (await list()).products.find((r) => r.product_id === pcb);
    expect(p).toMatchObject({ required: 12, stock: 2, inProduction: 4, shortage: 6 });
    // The materials are not mixed with the products: the component product is no material row.
    expect((await list()).components.some((r) => r.material_id === pcb)).toBe(false);
  });
});

describe('POST /buying/fromShortages', () => {
  it('makes one request (status 0) per material at the suggested quantity, with the supplier of its last purchase; skips a material with no shortage', async () => {
    const supplier = await company('Suppliers');
    const older = await company('Suppliers');
    const { product, mats: [a, b, c] } = await productOf([3, 1, 1]);
    await order(product, 4);
    const cur = await ok<{ __v: number }>(call('GET', `/api/materials/${a}`));
    await ok(call('POST', `/api/materials/update/${a}`, { purchase_multiple: 10, __v: cur.__v }));
    // a's last purchase: the supplier (an older one came before it; a cancelled one after it is not a purchase made).
    await ok(call('POST', '/api/buying/create', { material_id: a, material_qty: 1, satinalma_durumu: 3, tedarikci_id: older, talep_tarihi: '2026-01-10' }));
    await ok(call('POST', '/api/buying/create', { material_id: a, material_qty: 1, satinalma_durumu: 3, tedarikci_id: supplier, talep_tarihi: '2026-03-10' }));
    await ok(call('POST', '/api/buying/create', { material_id: a, material_qty: 1, satinalma_durumu: 4, tedarikci_id: older, talep_tarihi: '2026-05-10' }));
    await stockIn(c, 4);
    const res = await ok<FromShortages>(fromShortages({ materialIds: [a, b, c, a] }));
    // a: 12 needed - 2 in stock = 10 -> 10; b: 4; c: covered by stock.
    expect(res.created.map((x) => [x.material_id, x.material_qty, x.satinalma_durumu, x.tedarikci_id])).toEqual([[a, 10, 0, supplier], [b, 4, 0, null]]);
    expect(res.created[0]).toMatchObject({ material_price: 3, material_doviz: '$', related_person: expect.any(String) });
    expect(res.skipped).toEqual([{ material_id: c, material_name: expect.any(String), reason: 'noShortage' }]);
    expect(res.skipped[0].material_name).not.toBe('');
    // The list now counts them as open purchases: nothing left to suggest, and a second call makes nothing.
    const rows = (await list()).components;
    expect(rows.find((r) => r.material_id === a)).toMatchObject({ onOrder: 10, suggested: 0 });
    expect(rows.find((r) => r.material_id === b)).toMatchObject({ onOrder: 4, suggested: 0 });
    const again = await ok<FromShortages>(fromShortages({ materialIds: [a, b] }));
    expect(again.created).toEqual([]);
    expect(again.skipped.map((s) => s.material_id)).toEqual([a, b]);
    // The requests are in the purchase list at status 0.
    const open = await ok<Buying[]>(call('GET', '/api/buying/list?filter1=0&filter2=0'));
    expect(open.filter((x) => x.material_id === a || x.material_id === b).map((x) => x.material_qty).sort()).toEqual([10, 4].sort());
  });

  it('{ all: true } asks for every short material at once', async () => {
    const { product, mats: [a, b] } = await productOf([2, 5]);
    await order(product, 3);
    const res = await ok<FromShortages>(fromShortages({ all: true }));
    expect(res.skipped).toEqual([]);
    expect(res.created.filter((x) => x.material_id === a || x.material_id === b).map((x) => [x.material_id, x.material_qty])).toEqual(expect.arrayContaining([[a, 6], [b, 15]]));
    expect((await list()).components.filter((r) => r.suggested > 0)).toEqual([]);
  });

  it('refuses unknown ids, an empty or malformed body, naming the field in the caller\'s language', async () => {
    const { mats: [m] } = await productOf([1]);
    let res = await fromShortages({ materialIds: [m, 'no-such-material'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No such material: no-such-material');
    expect(Object.keys(res.json().fields)).toEqual(['materialIds']);
    const cases: [unknown, string][] = [
      [{}, 'Select at least one material for purchase requests (or send all: true).'],
      [{ materialIds: [] }, 'Select at least one material for purchase requests (or send all: true).'],
      [{ materialIds: 'x' }, 'The material list must hold material ids.'],
      [{ materialIds: [7] }, 'The material list must hold material ids.'],
      [{ all: false }, 'all can only be true.'],
      [{ all: true, materialIds: [m] }, 'Send either the material list or all: true, not both.'],
    ];
    for (const [body, msg] of cases) {
      res = await fromShortages(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.values(res.json().fields ?? {}), JSON.stringify(body)).toContain(msg);
    }
    // A NUL or an over-long id is no id: 400, never a database error.
    for (const id of ['a\u0000b', 'x'.repeat(65)]) expect((await fromShortages({ materialIds: [id] })).statusCode).toBe(400);
    res = await fromShortages({}, t.tokens[3], 'tr');
    expect(Object.values(res.json().fields)).toContain('Satın alma talebi için en az bir malzeme seçin (ya da all: true gönderin).');
  });

  it('production staff (role 3, the component list) may call it; roles above 3 and guests may not; other purchase calls stay level 2', async () => {
    const { product, mats: [m] } = await productOf([1]);
    await order(product, 2);
    const made = await ok<FromShortages>(fromShortages({ materialIds: [m] }, t.tokens[3]));
    expect(made.created).toHaveLength(1);
    for (const role of [4, 5, 6, 7]) expect((await fromShortages({ materialIds: [m] }, t.tokens[role])).statusCode).toBe(403);
    expect((await fromShortages({ materialIds: [m] }, null)).statusCode).toBe(401);
    expect((await call('POST', `/api/buying/update/${made.created[0]._id}`, { satinalma_durumu: 1 }, t.tokens[3])).statusCode).toBe(403);
    expect((await call('GET', '/api/buying/list', undefined, t.tokens[3])).statusCode).toBe(403);
  });
});
