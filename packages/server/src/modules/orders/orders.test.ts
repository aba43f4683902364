import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { businessDay, dec, lineNeeds, type OrderLine, type Offer } from '@isik/domain';
import { MIGRATIONS } from '../../db/database.js';
import { materialMovements, materials, orderItems, productMovements, products } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { trackingToken } from '../../lib/tracking-token.js';
import { insertMaterial, insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { foldNeeds } from './orders-views-repository.js';

let t: TestContext;
let companyId: string;
let productId: string;
let semiProductId: string;
const mats: string[] = [];
let idx = 500;

const db = () => t.database.db;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token: string | null = t.tokens[2], lang = 'en') =>
  t.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), token, lang });
async function ok<T = OrderLine>(p: ReturnType<typeof call>): Promise<T> {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const opUrl = (line: string, op: string, action: string) => `/api/orders/operations/${line}/${op}/${action}`;
const stockOf = async (id: string) => Number((await db().select({ s: materials.stock_sum }).from(materials).where(eq(materials.id, id)))[0].s);
const productStock = async (id: string) => Number((await db().select({ s: products.stock_sum }).from(products).where(eq(products.id, id)))[0].s);

async function newOffer(items: Record<string, unknown>[], status = 1): Promise<Offer> {
  return ok<Offer>(call('POST', '/api/offers/create', {
    firma_id: companyId, firma_adi: 'Registered Ltd', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: status,
    offeritem: items.map((i) => ({ urun_adi: 'Astra 30 W', urun_kodu: ['AST', 'P1', '30W'], urun_miktari: 10, urun_birimi: 'Adet', urun_fiyati: 46.5, urun_dovizi: '$', urun_kdv: 18, order_type: 'default', ...i })),
  }));
}
async function linesOf(offerId: string): Promise<OrderLine[]> {
  return (await ok<{ orders: OrderLine[] }>(call('GET', `/api/orders/list?type=detaillist&filter1=1&filter2=6&offer=${offerId}`))).orders;
}
async function stockLine(qty = 4, product = productId): Promise<OrderLine> {
  return ok(call('POST', '/api/orders/create/', { urun_id: product, urun_miktari: qty, urun_fiyati: 10 }));
}

beforeAll(async () => {
  t = await createTestContext();
  const res = await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[0], payload: { company_name: 'Registered Ltd', company_city: 'İstanbul', company_country: 'Türkiye', company_email: 'info@registered.test' } });
  expect(res.statusCode, res.body).toBe(200);
  companyId = res.json()._id;
  for (let i = 0; i < 3; i++) mats.push(await insertMaterial(db(), idx++));
  const model = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Dizgi' }, { No: 2, Operation: 'Paketleme' }] });
  productId = await insertProduct(db(), idx++, { id: model, index: idx }, {
    production: [
      { op_name: 'Dizgi', information: mats[0], materialqyt: 2, StockUpdate: true },
      { op_name: 'Dizgi', information: mats[1], materialqyt: 0.5, StockUpdate: true },
      { op_name: 'Paketleme', information: mats[2], materialqyt: 1, StockUpdate: true },
    ],
  });
  const semiModel = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Yarı Mamül', OperationComponent: [{ label: 'PCB', value: productId }] }] });
  semiProductId = await insertProduct(db(), idx++, { id: semiModel, index: idx });
});
afterAll(async () => { await t?.close(); });

describe('offer -> order lines (DECISIONS 4)', () => {
  it('an offer created as an order gets one line per item: operations from the bill, takeoff_stock status 6, material ready', async () => {
    const o = await newOffer([{ urun_id: productId }, { urun_id: productId, takeoff_from_stock: true, urun_miktari: 2 }, { urun_adi: 'Kablo', order_type: 'material', urun_miktari: 5 }]);
    const lines = await linesOf(o._id);
    expect(lines).toHaveLength(3);
    const [prod, take, mat] = ['default', 'takeoff_stock', 'material'].map((ty) => lines.find((l) => l.order_type === ty)!);
    expect(prod).toMatchObject({ siparis_durumu: 1, urun_miktari: 10, tamamlanmaOrani: 0, ready: true, teklifno: { _id: o._id, firma_id: companyId, firma_adi: 'Registered Ltd' }, urun_kodu: ['AST', 'P1', '30W'], undetermined: 0 });
    expect(prod.Operations.map((x) => [x.Operation, x.Qty, x.OperationStatus, x.OperationDetails.map((d) => [d.material, d.materialQty, d.totalQty, d.StockUpdate])])).toEqual([
      ['Dizgi', 10, 0, [[mats[0], 2, 20, true], [mats[1], 0.5, 5, true]]],
      ['Paketleme', 10, 0, [[mats[2], 1, 10, true]]],
    ]);
    expect(take).toMatchObject({ siparis_durumu: 6, ready: true, Operations: [] });
    expect(mat).toMatchObject({ siparis_durumu: 1, ready: true, Operations: [] });
  });

  it('moving 0 -> 1 creates lines, 1 -> 0 withdraws them; refused with the message of 001 4.1 while a line has started', async () => {
    const o = await newOffer([{ urun_id: productId }], 0);
    expect(await linesOf(o._id)).toHaveLength(0);
    const full = await ok<Offer>(call('GET', `/api/offers/${o._id}`));
    const moved = await ok<Offer>(call('POST', `/api/offers/update/${o._id}`, { ...full, teklif_durumu: 1 }));
    const [line] = await linesOf(o._id);
    await ok(call('POST', opUrl(line._id, line.Operations[0]._id, 'start'), {}));
    let res = await call('POST', `/api/offers/update/${o._id}`, { ...moved, teklif_durumu: 0 }, t.tokens[2], 'tr');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Üretime başlanmış sipariş iptal edilemez. Önce üretim operasyonlarını sıfırlayınız.');
    await ok(call('POST', opUrl(line._id, line.Operations[0]._id, 'reset'), {}));
    res = await call('POST', `/api/offers/update/${o._id}`, { ...moved, teklif_durumu: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linesOf(o._id)).toHaveLength(0);
    expect((await call('GET', `/api/orders/item/${line._id}`)).statusCode).toBe(404);
  });

  it('cancel or delete of an order whose operations are reset but which has deliveries names the deliveries (issue 23)', async () => {
    const o = await newOffer([{ urun_id: productId, urun_miktari: 3 }, { urun_id: mats[2], urun_adi: 'Kablo', order_type: 'material', urun_miktari: 2 }]);
    const lines = await linesOf(o._id);
    const prod = lines.find((l) => l.order_type === 'default')!;
    await ok(call('POST', opUrl(prod._id, prod.Operations[0]._id, 'start'), {}));
    await ok(call('POST', opUrl(prod._id, prod.Operations[0]._id, 'reset'), {}));
    for (const l of lines) await ok(call('POST', '/api/deliveried/create/', { orderitem_id: l._id, qty: 1 }));
    const full = await ok<Offer>(call('GET', `/api/offers/${o._id}`));
    for (const lang of ['tr', 'en', 'es']) {
      const res = await call('POST', `/api/offers/update/${o._id}`, { ...full, teklif_durumu: 4 }, t.tokens[2], lang);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('offer.orderDelivered');
      expect(res.json().message).not.toContain('{{');
    }
    let res = await call('POST', `/api/offers/update/${o._id}`, { ...full, teklif_durumu: 0 }, t.tokens[2], 'tr');
    expect(res.json().message).toBe('Teslimatı yapılmış sipariş iptal edilemez ya da silinemez (2 teslimat). Önce siparişin teslimatlarını siliniz.');
    res = await call('DELETE', `/api/offers/delete/${o._id}`, undefined, t.tokens[2], 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("An order with deliveries cannot be cancelled or deleted (2 deliveries). Delete the order's deliveries first.");
  });

  it('the staff answer carries orderTrackingUrl; the tracking call answers only with the right token', async () => {
    const o = await newOffer([{ urun_id: productId }]);
    const full = await ok<Offer & { orderTrackingUrl: string }>(call('GET', `/api/offers/${o._id}`));
    const token = trackingToken(t.config.jwtSecret, o._id, companyId);
    expect(full.orderTrackingUrl).toMatch(new RegExp(`/ordertracking/${o._id}/${companyId}/${token}$`));
    const tr = await ok<{ offer: { _id: string }; lines: { urun_miktari: number; tamamlanmaOrani: number; siparis_durumu: number; Delivery: unknown[] }[] }>(call('GET', `/api/ordertracking/${o._id}/${companyId}/${token}`, undefined, null));
    expect(tr.offer._id).toBe(o._id);
    expect(tr.lines).toEqual([expect.objectContaining({ urun_miktari: 10, tamamlanmaOrani: 0, siparis_durumu: 1, Delivery: [] })]);
    for (const url of [`/api/ordertracking/${o._id}/${companyId}/x${token}`, `/api/ordertracking/${o._id}/other/${token}`, `/api/ordertracking/nope/${companyId}/${token}`]) {
      const res = await call('GET', url, undefined, null);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Astra');
    }
  });
});

describe('record quantity messages (issue 23)', () => {
  it('qty 0, a negative or too much answer 400 naming the remaining quantity, with no unfilled placeholder, in tr, en and es', async () => {
    const o = await newOffer([{ urun_id: productId, urun_miktari: 6 }]);
    const [line] = await linesOf(o._id);
    const want = { tr: 'Üretilen miktar 0’dan büyük ve kalan 6 miktardan fazla olmamalıdır.', en: 'The produced quantity must be above 0 and at most the remaining 6.', es: 'La cantidad producida debe ser mayor que 0 y como máximo el resto de 6.' };
    for (const qty of [0, '0', -1, 7]) {
      for (const lang of ['tr', 'en', 'es'] as const) {
        const res = await call('POST', opUrl(line._id, line.Operations[0]._id, 'record'), { qty }, t.tokens[2], lang);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: want[lang], fields: { qty: want[lang] } });
      }
    }
    const res = await call('POST', opUrl(line._id, line.Operations[0]._id, 'record'), { qty: 'abc' }, t.tokens[2], 'en');
    expect(res.statusCode).toBe(400);
    // Text that is no number is refused by the one number reader (ADR 0035), naming the field.
    expect(res.json().fields.qty).toBe('The quantity is not a readable number: write it as 1234,56 or 1234.56.');
  });
});

describe('piece units (issue 23)', () => {
  it('a quantity in Adet, Takım or Paket is a whole number, in Metre or Kg it takes decimals: offer items and stock production lines', async () => {
    const offer = (urun_miktari: unknown, urun_birimi: string, lang = 'en') => call('POST', '/api/offers/create', {
      firma_id: companyId, firma_adi: 'Registered Ltd', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 0,
      offeritem: [{ urun_adi: 'Astra 30 W', urun_kodu: ['AST'], urun_miktari, urun_birimi, urun_fiyati: 46.5, urun_dovizi: '$', urun_kdv: 20, order_type: 'default' }],
    }, t.tokens[2], lang);
    for (const [qty, unit] of [[1.5, 'Adet'], ['1,5', 'Adet'], ['2.25', 'Takım'], [0.5, 'Paket']] as const) {
      const res = await offer(qty, unit);
      expect(res.statusCode, `${qty} ${unit}`).toBe(400);
      expect(res.json().fields).toEqual({ 'offeritem.0.urun_miktari': 'A quantity counted in pieces (Adet, Takım, Paket) must be a whole number (metres and kilograms take decimals).' });
    }
    expect((await offer('1,5', 'Adet', 'tr')).json().message).toBe('Adet, Takım ve Paket ile sayılan miktar tam sayı olmalıdır (Metre ve Kg ondalık alabilir).');
    for (const [qty, unit] of [[2, 'Adet'], ['1,5', 'Metre'], [2.75, 'Kg'], ['3', 'Takım']] as const) {
      const res = await offer(qty, unit);
      expect(res.statusCode, `${qty} ${unit}: ${res.body}`).toBe(200);
    }
    let res = await call('POST', '/api/orders/create/', { urun_id: productId, urun_miktari: '1,5', urun_birimi: 'Adet', urun_fiyati: 10 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['urun_miktari']);
    res = await call('POST', '/api/orders/create/', { urun_id: productId, urun_miktari: '1,5', urun_birimi: 'Metre', urun_fiyati: 10 });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('piece units on the floor (issue 23)', () => {
  it('an order line in Adet is recorded and delivered in whole pieces; a line in Metre takes decimals', async () => {
    const msg = 'A quantity counted in pieces (Adet, Takım, Paket) must be a whole number (metres and kilograms take decimals).';
    const o = await newOffer([{ urun_id: productId, urun_miktari: 4 }, { urun_id: productId, urun_adi: 'Kablo', urun_miktari: '2,5', urun_birimi: 'Metre' }]);
    const [pieces, metres] = await linesOf(o._id);
    expect([pieces.urun_birimi, metres.urun_birimi]).toEqual(['Adet', 'Metre']);
    await ok(call('POST', opUrl(pieces._id, pieces.Operations[0]._id, 'start'), {}));
    let res = await call('POST', opUrl(pieces._id, pieces.Operations[0]._id, 'record'), { qty: '1,5' }, t.tokens[2], 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ qty: msg });
    expect((await linesOf(o._id))[0].Operations[0].OperationComplated).toBe(0);
    await ok(call('POST', opUrl(pieces._id, pieces.Operations[0]._id, 'record'), { qty: 2 }));
    res = await call('POST', '/api/deliveried/create/', { orderitem_id: pieces._id, qty: 1.5 }, t.tokens[2], 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ qty: msg });
    expect((await linesOf(o._id))[0].teslim_edilmis).toBe(0);
    await ok(call('POST', '/api/deliveried/create/', { orderitem_id: pieces._id, qty: 2 }));
    await ok(call('POST', opUrl(metres._id, metres.Operations[0]._id, 'start'), {}));
    await ok(call('POST', opUrl(metres._id, metres.Operations[0]._id, 'record'), { qty: '1,25' }));
    await ok(call('POST', '/api/deliveried/create/', { orderitem_id: metres._id, qty: '1,5' }));
    const after = await linesOf(o._id);
    expect([after[0].teslim_edilmis, after[1].teslim_edilmis]).toEqual([2, 1.5]);
  });
});

describe('line order (issue 23)', () => {
  it('an order\'s lines keep the offer\'s item order on its page and delivery form (list), the tracking page and the overview', async () => {
    const names = ['F', 'B', 'E', 'A', 'D', 'C', 'H', 'G'].map((x) => `Sıra ${x}`);
    const o = await newOffer(names.map((n) => ({ urun_id: productId, urun_adi: n, urun_miktari: 1 })));
    expect((await linesOf(o._id)).map((l) => l.urun_adi)).toEqual(names);
    const token = trackingToken(t.config.jwtSecret, o._id, companyId);
    const tr = await ok<{ lines: { urun_adi: string }[] }>(call('GET', `/api/ordertracking/${o._id}/${companyId}/${token}`, undefined, null));
    expect(tr.lines.map((l) => l.urun_adi)).toEqual(names);
    const ov = await ok<{ orders: { _id: string; lines: { urun_adi: string }[] }[] }>(call('GET', '/api/orders/overview'));
    expect(ov.orders.find((x) => x._id === o._id)!.lines.map((l) => l.urun_adi)).toEqual(names);
  });
});

describe('operation actions (spec 002 4, DECISIONS 5)', () => {
  it('start, record, finish and reset move stock through the ledger and the line state follows', async () => {
    const o = await newOffer([{ urun_id: productId }]);
    const [line] = await linesOf(o._id);
    const [dizgi, paket] = line.Operations;
    const before = await Promise.all(mats.map(stockOf));

    let l = await ok(call('POST', opUrl(line._id, dizgi._id, 'start'), {}));
    expect(l.Operations[0]).toMatchObject({ OperationStatus: 1, OperationPercent: 5, OperationStaff: 'Role2 Tester', OperationFinishTime: null });
    expect(l.Operations[0].OperationStartTime).toBeTruthy();
    expect(l).toMatchObject({ siparis_durumu: 2, tamamlanmaOrani: 2.5 });
    expect((await call('POST', opUrl(line._id, dizgi._id, 'start'), {})).statusCode).toBe(409);

    l = await ok(call('POST', opUrl(line._id, dizgi._id, 'record'), { qty: 3 }));
    expect(l.Operations[0]).toMatchObject({ OperationComplated: 3, OperationPercent: 30, OperationStatus: 1 });
    expect(l.Operations[0].OperationComplatedList).toEqual([expect.objectContaining({ Staff: 'Role2 Tester', Qty: 3, stockupdate: true, type: 'record' })]);
    expect(await stockOf(mats[0])).toBe(before[0] - 6);
    expect(await stockOf(mats[1])).toBe(before[1] - 1.5);
    // Today's stock-out table (dashboard, GET /stock/outlist/{day}) shows what the recording took, with the line's product.
    const out = await ok<{ stock: { stock_id: string; qty: number; productname: string; orderitem_id: string | null; operation_center: string }[] }>(call('GET', `/api/stock/outlist/${businessDay()}`));
    expect(out.stock.filter((m) => m.stock_id === mats[0] && m.orderitem_id === line._id)).toEqual([expect.objectContaining({ qty: 6, operation_center: 'uretim', productname: line.urun_adi })]);

    const res = await call('POST', opUrl(line._id, dizgi._id, 'record'), { qty: 8 }, t.tokens[2], 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The produced quantity must be above 0 and at most the remaining 7.', fields: { qty: expect.any(String) } });
    expect((await call('POST', opUrl(line._id, dizgi._id, 'record'), { qty: 0 })).statusCode).toBe(400);
    expect((await call('POST', opUrl(line._id, 'nope', 'record'), { qty: 1 })).statusCode).toBe(404);

    l = await ok(call('POST', opUrl(line._id, dizgi._id, 'finish'), {}));
    expect(l.Operations[0]).toMatchObject({ OperationStatus: 2, OperationPercent: 100, OperationComplated: 10 });
    expect(l.Operations[0].OperationComplatedList.at(-1)).toMatchObject({ Qty: 7, type: 'finish' });
    expect(await stockOf(mats[0])).toBe(before[0] - 20);
    expect(l).toMatchObject({ tamamlanmaOrani: 50, siparis_durumu: 2 });

    l = await ok(call('POST', opUrl(line._id, paket._id, 'record'), { qty: 10 }));
    expect(l).toMatchObject({ tamamlanmaOrani: 100, siparis_durumu: 4 });
    expect(l.bitis_tarihi).toBeTruthy();
    expect((await ok<Offer>(call('GET', `/api/offers/${o._id}`))).teklif_durumu).toBe(2);

    const movesBefore = (await db().select().from(materialMovements).where(eq(materialMovements.orderitem_id, line._id))).length;
    // Actions take no body at all as well.
    l = await ok(call('POST', opUrl(line._id, dizgi._id, 'reset')));
    expect(l.Operations[0]).toMatchObject({ OperationStatus: 0, OperationPercent: 0, OperationComplated: 0, OperationComplatedList: [], OperationStaff: '', OperationStartTime: null });
    expect(l).toMatchObject({ tamamlanmaOrani: 50, siparis_durumu: 2, bitis_tarihi: null });
    expect(await stockOf(mats[0])).toBe(before[0]);
    expect(await stockOf(mats[1])).toBe(before[1]);
    expect(await stockOf(mats[2])).toBe(before[2] - 10);
    const movesAfter = (await db().select().from(materialMovements).where(eq(materialMovements.orderitem_id, line._id))).length;
    expect(movesAfter).toBe(movesBefore + 4);
    expect((await ok<Offer>(call('GET', `/api/offers/${o._id}`))).teklif_durumu).toBe(1);
    // Ledger rows of production cannot be deleted by hand.
    const [mv] = await db().select().from(materialMovements).where(eq(materialMovements.orderitem_id, line._id)).limit(1);
    expect((await call('GET', `/api/stock/delete/${mv.id}`, undefined, t.tokens[0])).statusCode).not.toBe(200);
  });

  it("a new stock production line keeps its uploaded photo and the product's code parts; a photo that is not an uploaded file is 400", async () => {
    const l = await ok(call('POST', '/api/orders/create/', { urun_id: productId, urun_miktari: 2, urun_resim: '/api/files/abc123' }));
    expect(l.urun_resim).toBe('/api/files/abc123');
    expect(l.teklifno).toBeNull();
    expect(l.urun_kodu).toHaveLength(9);
    const bad = await call('POST', '/api/orders/create/', { urun_id: productId, urun_resim: 'https://example.com/x.png' }, t.tokens[2], 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { urun_resim: 'The photo must be an uploaded image.' } });
  });

  it('a sent, stale __v answers 409; roles 4+ are refused; no token is 401', async () => {
    const l = await stockLine();
    expect((await call('POST', opUrl(l._id, l.Operations[0]._id, 'start'), { __v: l.__v + 5 })).statusCode).toBe(409);
    expect((await call('POST', opUrl(l._id, l.Operations[0]._id, 'start'), {}, t.tokens[4])).statusCode).toBe(403);
    expect((await call('POST', opUrl(l._id, l.Operations[0]._id, 'start'), {}, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/orders/list', undefined, t.tokens[4])).statusCode).toBe(403);
    const r3 = await call('POST', opUrl(l._id, l.Operations[0]._id, 'start'), { __v: l.__v }, t.tokens[3]);
    expect(r3.statusCode, r3.body).toBe(200);
  });

  it('start is refused while material rows are undetermined, with their count; a new operation starts with one Bilinmeyen row', async () => {
    const l = await stockLine();
    const ops = [...l.Operations, { Operation: 'E-Test' }];
    const u = await ok(call('POST', `/api/orders/updateitem/${l._id}`, { Operations: ops, __v: l.__v }));
    const test = u.Operations.find((o) => o.Operation === 'E-Test')!;
    expect(test.OperationDetails).toEqual([expect.objectContaining({ material: '', material_name: 'Bilinmeyen', StockUpdate: true })]);
    expect(u).toMatchObject({ undetermined: 1, ready: false });
    const res = await call('POST', opUrl(l._id, test._id, 'start'), {}, t.tokens[2], 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('1 purchased materials are undetermined: choose the materials first.');
    expect((await call('POST', `/api/orders/updateitem/${l._id}`, { __v: 0 })).statusCode).toBe(409);
  });

  it('twenty concurrent records of 1 give exactly 20 completed and 20 x per-unit out of stock', async () => {
    const l = await stockLine(40);
    const op = l.Operations[0];
    const before = await stockOf(mats[0]);
    const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', opUrl(l._id, op._id, 'record'), { qty: 1 })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const after = await ok(call('GET', `/api/orders/item/${l._id}`));
    expect(after.Operations[0].OperationComplated).toBe(20);
    expect(after.Operations[0].OperationComplatedList).toHaveLength(20);
    expect(await stockOf(mats[0])).toBe(before - 40);
  });

  it('a stock production line reaching 100 % puts its product into stock; reset takes it back; delete rules', async () => {
    const l = await stockLine(3);
    const before = await productStock(productId);
    for (const op of l.Operations) await ok(call('POST', opUrl(l._id, op._id, 'finish'), {}));
    expect(await productStock(productId)).toBe(before + 3);
    let res = await call('GET', `/api/orders/delete/${l._id}`, undefined, t.tokens[1], 'tr');
    expect(res.statusCode).toBe(409);
    await ok(call('POST', opUrl(l._id, l.Operations[0]._id, 'reset'), {}));
    expect(await productStock(productId)).toBe(before);
    await ok(call('POST', opUrl(l._id, l.Operations[1]._id, 'reset'), {}));
    expect((await call('GET', `/api/orders/delete/${l._id}`, undefined, t.tokens[3])).statusCode).toBe(403);
    res = await call('DELETE', `/api/orders/delete/${l._id}`, undefined, t.tokens[2]);
    expect(res.statusCode, res.body).toBe(200);
    const o = await newOffer([{ urun_id: productId }]);
    const [ol] = await linesOf(o._id);
    res = await call('GET', `/api/orders/delete/${ol._id}`, undefined, t.tokens[1]);
    expect(res.statusCode).toBe(409);
  });

  it('a Yarı Mamül operation takes its component product out of product stock; finish short of stock needs force', async () => {
    const l = await stockLine(2, semiProductId);
    const op = l.Operations[0];
    expect(op).toMatchObject({ Operation: 'Yarı Mamül', OperationDetails: [expect.objectContaining({ material: productId, component: true })] });
    const stock = await productStock(productId);
    const semi = await productStock(semiProductId);
    await ok(call('POST', opUrl(l._id, op._id, 'record'), { qty: 1 }));
    expect(await productStock(productId)).toBe(stock - 1);
    const needForce = stock - 1 < 1;
    if (needForce) expect((await call('POST', opUrl(l._id, op._id, 'finish'), {})).statusCode).toBe(409);
    await ok(call('POST', opUrl(l._id, op._id, 'finish'), { force: true }));
    expect(await productStock(productId)).toBe(stock - 2);
    // The finished stock production line puts the semi-finished product itself into stock.
    expect(await productStock(semiProductId)).toBe(semi + 2);
  });

  it('finishing a Yarı Mamül names every component product whose stock would go negative, in one answer (issue 23)', async () => {
    const model = await insertModel(db(), idx++);
    const a = await insertProduct(db(), idx++, { id: model, index: idx }, { urun_adi: ['Bileşen A', 'Component A'] });
    const b = await insertProduct(db(), idx++, { id: model, index: idx }, { urun_adi: ['Bileşen B', 'Component B'] });
    const c = await insertProduct(db(), idx++, { id: model, index: idx }, { urun_adi: ['Bileşen C', 'Component C'] });
    // C has enough stock; A and B have none.
    await ok(call('POST', '/api/productStocks/create', { product_id: c, stock_id: c, operation_type: 'giris', operation_center: 'uretim', qty: 10, price: 1, doviz: '$', description: 'test' }, t.tokens[0]));
    const semiModel = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Yarı Mamül', OperationComponent: [{ label: 'A', value: a }, { label: 'B', value: b }, { label: 'C', value: c }] }] });
    const semi = await insertProduct(db(), idx++, { id: semiModel, index: idx });
    const l = await stockLine(3, semi);
    const op = l.Operations[0];
    await ok(call('POST', opUrl(l._id, op._id, 'start'), {}));
    const res = await call('POST', opUrl(l._id, op._id, 'finish'), {}, t.tokens[2], 'tr');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'order.operation.insufficientStock',
      message: 'Yarı mamül stoğu yetersiz (stok / gereken): Bileşen A (0 / 3), Bileşen B (0 / 3).',
      shortages: [{ product_id: a, name: 'Bileşen A', stock: 0, needed: 3 }, { product_id: b, name: 'Bileşen B', stock: 0, needed: 3 }],
    });
    await ok(call('POST', opUrl(l._id, op._id, 'finish'), { force: true }));
    expect([await productStock(a), await productStock(b), await productStock(c)]).toEqual([-3, -3, 7]);
  });

  it('transfer to stock: an offer line at 100 % enters product stock and leaves the offer', async () => {
    const o = await newOffer([{ urun_id: productId, urun_miktari: 2 }]);
    const [line] = await linesOf(o._id);
    expect((await call('POST', `/api/orders/transfer/${line._id}`, {})).statusCode).toBe(409);
    for (const op of line.Operations) await ok(call('POST', opUrl(line._id, op._id, 'finish'), {}));
    const before = await productStock(productId);
    const l = await ok(call('POST', `/api/orders/transfer/${line._id}`, {}));
    expect(l.teklifno).toBeNull();
    expect(await productStock(productId)).toBe(before + 2);
  });
});

describe('order deliveries (DECISIONS 6)', () => {
  it('limits to ordered - delivered, raises delivered, takes a takeoff_stock product out of stock; delete reverses; offer reaches 3', async () => {
    const o = await newOffer([{ urun_id: productId, takeoff_from_stock: true, urun_miktari: 3 }]);
    const [line] = await linesOf(o._id);
    const before = await productStock(productId);
    const body = { date: '01.02.2026', company_id: companyId, company: 'Registered Ltd', product_id: productId, productname: 'Astra', order_id: o._id, orderitem_id: line._id, unit: 'Adet', price: 46.5, doviz: '$', status: 0, deliverer: 'Ali', receiver: 'Veli', description: '', max: 3, orderQty: 3, totaldeliveried: 0 };
    let res = await call('POST', '/api/deliveried/create/', { ...body, qty: 4 }, t.tokens[2], 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The delivered quantity cannot exceed the remaining 3.', fields: { qty: expect.any(String) } });
    res = await call('POST', '/api/deliveried/create/', { ...body, qty: 0 }, t.tokens[2], 'tr');
    expect(res.json().message).toBe('Miktarı Yazınız');
    let l = await ok(call('POST', '/api/deliveried/create/', { ...body, qty: 2 }));
    expect(l.teslim_edilmis).toBe(2);
    expect(l.Delivery).toEqual([expect.objectContaining({ teslimedilenmiktar: 2, personel: 'Ali', teslimalan: 'Veli' })]);
    expect(await productStock(productId)).toBe(before - 2);
    l = await ok(call('POST', '/api/deliveried/create/', { ...body, qty: 1 }));
    expect((await ok<Offer>(call('GET', `/api/offers/${o._id}`))).teklif_durumu).toBe(3);
    const d = l.Delivery[0];
    res = await call('GET', `/api/deliveried/delete/${d._id}/${productId}/takeoff_stock`);
    expect(res.statusCode, res.body).toBe(200);
    l = await ok(call('GET', `/api/orders/item/${line._id}`));
    expect(l.teslim_edilmis).toBe(1);
    expect(await productStock(productId)).toBe(before - 1);
    // No longer fully delivered; the line (nothing to produce) is complete: back to 2.
    expect((await ok<Offer>(call('GET', `/api/offers/${o._id}`))).teklif_durumu).toBe(2);
  });

  it('a material line is delivered out of material stock (reversed on delete) and is complete when fully delivered (issue 23)', async () => {
    const o = await newOffer([{ urun_id: mats[1], urun_adi: 'Direk Bağlantı Aparatı Ø60', urun_kodu: [], order_type: 'material', urun_miktari: 16 }]);
    const [line] = await linesOf(o._id);
    const before = await stockOf(mats[1]);
    let l = await ok(call('POST', '/api/deliveried/create/', { orderitem_id: line._id, qty: 4 }));
    expect(await stockOf(mats[1])).toBe(before - 4);
    expect(l).toMatchObject({ teslim_edilmis: 4, siparis_durumu: 1, tamamlanmaOrani: 25 });
    l = await ok(call('POST', '/api/deliveried/create/', { orderitem_id: line._id, qty: 12 }));
    expect(await stockOf(mats[1])).toBe(before - 16);
    expect(l).toMatchObject({ teslim_edilmis: 16, siparis_durumu: 4, tamamlanmaOrani: 100 });
    expect(l.bitis_tarihi).toBeTruthy();
    expect((await ok<Offer>(call('GET', `/api/offers/${o._id}`))).teklif_durumu).toBe(3);
    // No longer on the open (production) list of statuses 1-3.
    const open = await ok<{ orders: OrderLine[] }>(call('GET', `/api/orders/list?type=list&filter1=1&filter2=3&offer=${o._id}`));
    expect(open.orders).toHaveLength(0);
    const res = await call('GET', `/api/deliveried/delete/${l.Delivery.find((x) => x.teslimedilenmiktar === 12)!._id}/${mats[1]}/material`);
    expect(res.statusCode, res.body).toBe(200);
    l = await ok(call('GET', `/api/orders/item/${line._id}`));
    expect(l).toMatchObject({ teslim_edilmis: 4, siparis_durumu: 1, tamamlanmaOrani: 25, bitis_tarihi: null });
    expect(await stockOf(mats[1])).toBe(before - 4);
    expect((await ok<Offer>(call('GET', `/api/offers/${o._id}`))).teklif_durumu).toBe(1);
  });

  it('a line without a company stops with the documented message', async () => {
    const l = await stockLine();
    const res = await call('POST', '/api/deliveried/create/', { orderitem_id: l._id, qty: 1 }, t.tokens[2], 'tr');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Firma Kayıtlı Değil Devam edemezsiniz..');
  });
});

describe('lists, component list and dashboards', () => {
  // This block's own open lines (the lists and the component list read every line, so other tests may add more).
  beforeAll(async () => {
    await newOffer([{ urun_id: productId, urun_miktari: 3 }, { urun_id: productId, urun_miktari: 2 }, { urun_id: productId, urun_miktari: 4 }, { urun_id: productId, urun_miktari: 1, takeoff_from_stock: true }]);
  });

  it('GET /orders/list answers the page, the counts and sorts; bad filters are 400', async () => {
    const r = await ok<{ orders: OrderLine[]; status1: number; status2: number; status4: number; status6: number; totalItemCount: number; totalPage: number }>(call('GET', '/api/orders/list?type=list&orderBy=urun_adi&filter1=1&filter2=4&page=1&pageSize=2'));
    expect(r.orders.length).toBeLessThanOrEqual(2);
    expect(r.totalItemCount).toBeGreaterThan(2);
    expect(r.orders[0].Operations.every((o) => o.OperationDetails.length === 0)).toBe(true);
    const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(orderItems).where(sql`siparis_durumu between 1 and 4`);
    expect(r.totalItemCount).toBe(Number(n));
    expect(r.status1 + r.status2 + r.status4).toBeLessThanOrEqual(r.totalItemCount);
    const s = await ok<{ orders: OrderLine[] }>(call('GET', '/api/orders/list?search=registered&filter1=6&filter2=6'));
    expect(s.orders.every((o) => o.siparis_durumu === 6 && o.teklifno?.firma_adi === 'Registered Ltd')).toBe(true);
    const res = await call('GET', '/api/orders/list?filter1=9', undefined, t.tokens[2], 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The status filter must be between 1 and 6.');
  });

  it('component list: required over open lines with stock, purchase requests and shortage', async () => {
    const r = await ok<{ components: { material_id: string; required: number; stock: number; onOrder: number; shortage: number }[] }>(call('GET', '/api/orders/components?orderBy=required&order=desc', undefined, t.tokens[3]));
    const row = r.components.find((c) => c.material_id === mats[0])!;
    expect(row.required).toBeGreaterThan(0);
    expect(row.shortage).toBe(Math.max(0, Math.round((row.required - row.stock - row.onOrder) * 1e4) / 1e4));
    await ok(call('POST', '/api/buying/create/', { material_id: mats[0], material_qty: 5, satinalma_durumu: 0 }));
    const r2 = await ok<{ components: { material_id: string; onOrder: number }[] }>(call('GET', '/api/orders/components'));
    expect(r2.components.find((c) => c.material_id === mats[0])!.onOrder).toBe(row.onOrder + 5);
  });

  it('component list (issue 25): each material row suggests its shortage (no purchase multiple or minimum); a semi-finished line\'s component product is listed beside', async () => {
    type Answer = { components: { material_id: string; shortage: number; suggested: number; purchase_multiple: number | null; purchase_min: number | null }[]; products: { product_id: string; required: number; stock: number; inProduction: number; shortage: number }[] };
    const before = await ok<Answer>(call('GET', '/api/orders/components', undefined, t.tokens[3]));
    for (const m of mats) {
      const row = before.components.find((c) => c.material_id === m);
      if (row) expect(row).toMatchObject({ suggested: row.shortage, purchase_multiple: null, purchase_min: null });
    }
    const had = before.products.find((p) => p.product_id === productId)?.required ?? 0;
    await newOffer([{ urun_id: semiProductId, urun_miktari: 3 }]);
    const after = await ok<Answer>(call('GET', '/api/orders/components', undefined, t.tokens[3]));
    const p = after.products.find((x) => x.product_id === productId)!;
    expect(p.required).toBe(had + 3);
    expect(p.shortage).toBe(Math.max(0, Math.round((p.required - p.stock - p.inProduction) * 1e4) / 1e4));
    expect(after.components.some((c) => c.material_id === productId)).toBe(false);
  });

  it('production dashboard, model dashboard and the orders overview answer for role 3', async () => {
    // The test's own order: a product line (its operations fill the production dashboard) and a material sold as such,
    // which belongs to no model: it is neither a model bar nor a product row.
    await newOffer([{ urun_id: productId }, { urun_adi: 'Kablo Modeli Yok', order_type: 'material', urun_kodu: ['MAT-CABLE'], urun_miktari: 5 }]);
    const p = await ok<{ operationStatus: Record<string, number>; operations: { Operation: string; count: number }[] }>(call('GET', '/api/orders/dashboard/production', undefined, t.tokens[3]));
    expect(p.operations.find((o) => o.Operation === 'Dizgi')!.count).toBeGreaterThan(0);
    const m = await ok<{ models: { model: string; ordered: number }[]; products: { urun_adi: string }[] }>(call('GET', '/api/orders/dashboard/models', undefined, t.tokens[3]));
    expect(m.models.find((x) => x.model === 'AST')!.ordered).toBeGreaterThan(0);
    expect(m.models.map((x) => x.model)).not.toContain('MAT-CABLE');
    expect(m.products.map((x) => x.urun_adi)).not.toContain('Kablo Modeli Yok');
    const ov = await ok<{ orders: { lines: unknown[] }[]; load: { openLines: number } }>(call('GET', '/api/orders/overview', undefined, t.tokens[3]));
    expect(ov.orders.length).toBeGreaterThan(0);
    expect(ov.load.openLines).toBeGreaterThan(0);
    expect((await call('GET', '/api/orders/overview', undefined, t.tokens[5])).statusCode).toBe(403);
  });
});

describe('property: balances stay the signed sum of their movements', () => {
  it('random interleavings of start, record, finish, reset, deliveries, purchases reaching 3 and manual movements', async () => {
    const o = await newOffer([{ urun_id: productId, urun_miktari: 6 }, { urun_id: productId, urun_miktari: 4, takeoff_from_stock: true }]);
    const lines = await linesOf(o._id);
    const prod = lines.find((l) => l.order_type === 'default')!;
    const take = lines.find((l) => l.order_type === 'takeoff_stock')!;
    const action = fc.oneof(
      fc.record({ k: fc.constantFrom('start', 'finish', 'reset'), op: fc.nat(1) }),
      fc.record({ k: fc.constant('record'), op: fc.nat(1), q: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ k: fc.constant('deliver'), q: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ k: fc.constant('undeliver') }),
      // A purchase request of one of the line's materials reaching 3 (received): the material comes into stock.
      fc.record({ k: fc.constant('purchase'), m: fc.nat(2), q: fc.integer({ min: 1, max: 5 }) }),
      // A manual movement of one of them, in or out (an out may take the balance below zero: the ledger allows it).
      fc.record({ k: fc.constant('manual'), m: fc.nat(2), q: fc.integer({ min: 1, max: 5 }), out: fc.boolean() }),
    );
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (acts) => {
      for (const a of acts) {
        if (a.k === 'purchase') {
          const { m, q } = a as { m: number; q: number };
          const b = await ok<{ _id: string }>(call('POST', '/api/buying/create/', { material_id: mats[m], material_qty: q, material_unit: 'Adet', satinalma_durumu: 0 }));
          await ok(call('POST', `/api/buying/update/${b._id}`, { satinalma_durumu: 3 }));
        } else if (a.k === 'manual') {
          const { m, q, out } = a as { m: number; q: number; out: boolean };
          await ok(call('POST', '/api/stock/create', { stock_id: mats[m], operation_center: out ? 'fire' : 'fatura', operation_type: out ? 'cikis' : 'giris', qty: q, price: 1, doviz: '$', description: 'Sayım' }));
        } else if (a.k === 'deliver') {
          await call('POST', '/api/deliveried/create/', { orderitem_id: take._id, qty: (a as { q: number }).q });
        } else if (a.k === 'undeliver') {
          const l = await ok(call('GET', `/api/orders/item/${take._id}`));
          if (l.Delivery[0]) await ok(call('GET', `/api/deliveried/delete/${l.Delivery[0]._id}/${productId}/takeoff_stock`));
        } else {
          const op = prod.Operations[(a as { op: number }).op];
          const res = await call('POST', opUrl(prod._id, op._id, a.k), a.k === 'record' ? { qty: (a as { q: number }).q } : {});
          expect([200, 400, 409]).toContain(res.statusCode);
        }
      }
      const mm = await db().execute(sql`select m.id from materials m left join material_movements v on v.stock_id = m.id group by m.id having m.stock_sum <> coalesce(sum(v.sum_qty), 0)`);
      const pm = await db().execute(sql`select p.id from products p left join product_movements v on v.product_id = p.id group by p.id having p.stock_sum <> coalesce(sum(v.sum_qty), 0)`);
      expect((mm as unknown as { rows: unknown[] }).rows).toEqual([]);
      expect((pm as unknown as { rows: unknown[] }).rows).toEqual([]);
      const l = await ok(call('GET', `/api/orders/item/${prod._id}`));
      for (const op of l.Operations) {
        expect(op.OperationComplated).toBe(op.OperationComplatedList.reduce((n, h) => n + h.Qty, 0));
        const out = await db().select({ s: sql<string>`coalesce(sum(sum_qty), 0)` }).from(materialMovements).where(sql`ref_id = ${op._id}`);
        const perUnit = op.OperationDetails.reduce((n, d) => n + d.materialQty, 0);
        expect(0 - Number(out[0].s)).toBeCloseTo(op.OperationComplated * perUnit, 4);
      }
      const t2 = await ok(call('GET', `/api/orders/item/${take._id}`));
      expect(t2.teslim_edilmis).toBe(t2.Delivery.reduce((n, d) => n + d.teslimedilenmiktar, 0));
      const pd = await db().select({ s: sql<string>`coalesce(sum(sum_qty), 0)` }).from(productMovements).where(sql`orderitem_id = ${take._id}`);
      expect(0 - Number(pd[0].s)).toBe(t2.teslim_edilmis);
    }), { numRuns: 15 });
  });
});

describe('property: the component list and the overview load equal what the lines say', () => {
  type Need = { required: ReturnType<typeof dec>; ops: Set<string>; lines: Set<string> };
  /** The rule of DECISIONS 5 (the domain's lineNeeds) straight from the open lines as the list answers them (whole lines, status 1-3). */
  async function fromLines() {
    const open = (await ok<{ orders: OrderLine[] }>(call('GET', '/api/orders/list?type=detaillist&filter1=1&filter2=3'))).orders;
    const needs = new Map<string, Need>();
    const load = { openLines: open.length, openOperations: 0, startedOperations: 0, unitsToProduce: dec(0) };
    for (const l of open) {
      for (const o of l.Operations) {
        if (o.OperationStatus === 2) continue;
        load.openOperations += 1;
        if (o.OperationStatus === 1) load.startedOperations += 1;
        const diff = dec(o.Qty).minus(o.OperationComplated);
        const rest = diff.gt(0) ? diff : dec(0);
        load.unitsToProduce = load.unitsToProduce.plus(rest);
      }
      for (const d of lineNeeds(l.siparis_durumu, l.Operations)) {
        const n = needs.get(d.material) ?? { required: dec(0), ops: new Set<string>(), lines: new Set<string>() };
        n.required = n.required.plus(d.required);
        n.ops.add(d.operation);
        n.lines.add(l._id);
        needs.set(d.material, n);
      }
    }
    const rows = [...needs.entries()].filter(([, n]) => n.required.gt(0))
      .map(([id, n]) => ({ material_id: id, required: n.required.toDecimalPlaces(4).toNumber(), operations: [...n.ops].sort(), lines: n.lines.size }))
      .sort((a, b) => a.material_id.localeCompare(b.material_id));
    return { rows, load: { ...load, unitsToProduce: load.unitsToProduce.toDecimalPlaces(2).toNumber() } };
  }
  async function answered() {
    const c = await ok<{ components: { material_id: string; required: number; operations: string[]; lines: number }[] }>(call('GET', '/api/orders/components', undefined, t.tokens[3]));
    const rows = c.components.map((r) => ({ material_id: r.material_id, required: r.required, operations: [...r.operations].sort(), lines: r.lines }))
      .sort((a, b) => a.material_id.localeCompare(b.material_id));
    const ov = await ok<{ load: { openLines: number; openOperations: number; startedOperations: number; unitsToProduce: number } }>(call('GET', '/api/orders/overview', undefined, t.tokens[3]));
    const { openLines, openOperations, startedOperations, unitsToProduce } = ov.load;
    return { rows, load: { openLines, openOperations, startedOperations, unitsToProduce } };
  }

  it('random interleavings of lines from offers and stock production, operation actions, edits, withdrawals, deletions, transfers and folds', async () => {
    const lines: string[] = [];
    const offerIds: string[] = [];
    const pick = <T>(xs: T[], i: number) => xs[i % xs.length];
    const action = fc.oneof(
      fc.record({ k: fc.constant('stock'), q: fc.integer({ min: 1, max: 5 }), semi: fc.boolean() }),
      fc.record({ k: fc.constant('offer'), q: fc.integer({ min: 1, max: 5 }), two: fc.boolean() }),
      fc.record({ k: fc.constantFrom('start', 'finish', 'reset'), l: fc.nat(), op: fc.nat(1) }),
      fc.record({ k: fc.constant('record'), l: fc.nat(), op: fc.nat(1), q: fc.integer({ min: 1, max: 3 }) }),
      // An edit: a material row switched to another material, its per-unit quantity, StockUpdate off or on, the Qty (role 1).
      fc.record({ k: fc.constant('edit'), l: fc.nat(), op: fc.nat(1), m: fc.nat(2), per: fc.integer({ min: 0, max: 3 }), su: fc.boolean(), qty: fc.option(fc.integer({ min: 1, max: 6 })) }),
      fc.record({ k: fc.constantFrom('delete', 'transfer'), l: fc.nat() }),
      fc.record({ k: fc.constant('withdraw'), o: fc.nat() }),
      fc.record({ k: fc.constant('fold') }),
      // Concurrent records on different lines while a fold runs.
      fc.record({ k: fc.constant('burst'), l: fc.nat() }),
    );
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (acts) => {
      for (const a of acts) {
        if (a.k === 'stock') {
          const { q, semi } = a as { q: number; semi: boolean };
          lines.push((await stockLine(q, semi ? semiProductId : productId))._id);
        } else if (a.k === 'offer') {
          const { q, two } = a as { q: number; two: boolean };
          const o = await newOffer([{ urun_id: productId, urun_miktari: q }, ...(two ? [{ urun_id: semiProductId, urun_miktari: 1 }] : [])]);
          offerIds.push(o._id);
          lines.push(...(await linesOf(o._id)).map((l) => l._id));
        } else if (a.k === 'fold') {
          await foldNeeds(db());
        } else if (lines.length === 0) {
          continue;
        } else if (a.k === 'withdraw') {
          if (offerIds.length === 0) continue;
          const id = pick(offerIds, (a as { o: number }).o);
          const full = await ok<Offer>(call('GET', `/api/offers/${id}`));
          const res = await call('POST', `/api/offers/update/${id}`, { ...full, teklif_durumu: full.teklif_durumu === 1 ? 0 : 1 });
          expect([200, 409], res.body).toContain(res.statusCode);
          if (res.statusCode === 200 && full.teklif_durumu === 0) lines.push(...(await linesOf(id)).map((l) => l._id));
        } else if (a.k === 'delete' || a.k === 'transfer') {
          const id = pick(lines, (a as { l: number }).l);
          const res = a.k === 'delete' ? await call('GET', `/api/orders/delete/${id}`) : await call('POST', `/api/orders/transfer/${id}`, {});
          expect([200, 404, 409], res.body).toContain(res.statusCode);
        } else if (a.k === 'edit') {
          const { l, op, m, per, su, qty } = a as { l: number; op: number; m: number; per: number; su: boolean; qty: number | null };
          const res0 = await call('GET', `/api/orders/item/${pick(lines, l)}`);
          if (res0.statusCode !== 200) continue;
          const line = res0.json() as OrderLine;
          if (line.Operations.length === 0) continue;
          const ops = line.Operations.map((o, i) => (i !== op % line.Operations.length ? o : {
            ...o, ...(qty ? { Qty: qty } : {}),
            OperationDetails: o.OperationDetails.map((d, j) => (j !== 0 || d.component ? d : { ...d, material: mats[m], materialQty: per, StockUpdate: su })),
          }));
          const res = await call('POST', `/api/orders/updateitem/${line._id}`, { Operations: ops, __v: line.__v }, t.tokens[1]);
          expect([200, 400, 409], res.body).toContain(res.statusCode);
        } else {
          const { l, op } = a as { l: number; op: number };
          const targets = a.k === 'burst' ? [0, 1, 2].map((k) => pick(lines, l + k)) : [pick(lines, l)];
          const work = [...new Set(targets)].map(async (id) => {
            const res0 = await call('GET', `/api/orders/item/${id}`);
            if (res0.statusCode !== 200) return;
            const line = res0.json() as OrderLine;
            if (line.Operations.length === 0) return;
            const o = line.Operations[(op ?? 0) % line.Operations.length];
            const k = a.k === 'burst' ? 'record' : a.k;
            const res = await call('POST', opUrl(id, o._id, k), k === 'record' ? { qty: (a as { q?: number }).q ?? 1 } : {});
            expect([200, 400, 409], res.body).toContain(res.statusCode);
          });
          await Promise.all(a.k === 'burst' ? [...work, foldNeeds(db())] : work);
        }
      }
      const want = await fromLines();
      expect(await answered()).toEqual(want);
    }), { numRuns: 20 });
  });

  it("migration 0015's fill (order_needs_refill) from the existing lines gives the answer of the kept table", async () => {
    const before = await answered();
    expect(before.rows.length).toBeGreaterThan(0);
    const file = fs.readFileSync(path.join(MIGRATIONS, '0015_order_needs.sql'), 'utf8');
    expect(file).toContain('SELECT order_needs_refill();');
    await db().execute(sql`select order_needs_refill()`);
    expect(await answered()).toEqual(before);
    expect(await answered()).toEqual(await fromLines());
  });
});
