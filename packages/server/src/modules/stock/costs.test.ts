import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import type { LineCost, MaterialCost, OfferCost, OrderLine, StockValue } from '@isik/domain';
import { tcmbRates } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial, insertModel, insertProduct } from '../catalogue/test-fixtures.js';

/** Issue 25, Costs: the API of material costs, an order line's and an offer's margin, and the stock value report. */

let t: TestContext;
let companyId: string;
let idx = 9000;
const db = () => t.database.db;
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const BULLETIN = { tarih: '2026-11-20', bulletin_no: '2026/220', usd_selling: '40.5', usd_buying: '40.4', eur_selling: '45.25', eur_buying: '45.1' };

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = t.tokens[2], lang = 'en') =>
  t.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), token, lang });
async function ok<T>(p: ReturnType<typeof call>): Promise<T> {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const costOf = (id: string, token = t.tokens[2]) => ok<MaterialCost>(call('GET', `/api/materials/${id}/cost`, undefined, token));

/** A purchase request made and received (status 3) through the API. */
async function receive(materialId: string, qty: number | string, price: string, doviz: string, rates = { USD_Kur: 40, EUR_Kur: 45 }) {
  const b = await ok<{ _id: string }>(call('POST', '/api/buying/create/', { material_id: materialId, material_qty: qty, material_price: price, material_doviz: doviz, ...rates }));
  await ok(call('POST', `/api/buying/update/${b._id}`, { satinalma_durumu: 3 }));
  return b._id;
}

beforeAll(async () => {
  t = await createTestContext();
  await db().insert(tcmbRates).values(BULLETIN);
  const res = await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[0], payload: { company_name: 'Maliyet Ltd', company_city: 'İstanbul', company_country: 'Türkiye', company_email: 'info@maliyet.test' } });
  expect(res.statusCode, res.body).toBe(200);
  companyId = res.json()._id;
});
afterAll(async () => { await t?.close(); });

describe('GET /api/materials/:id/cost', () => {
  it('a material never purchased costs its list price in lira at today\'s bulletin', async () => {
    const usd = await insertMaterial(db(), idx++, { material_price: '2.5', material_doviz: '$' });
    const tl = await insertMaterial(db(), idx++, { material_price: '7,25', material_doviz: '₺' });
    expect(await costOf(usd)).toEqual({ stock_id: usd, cost: 101.25, basis: 'list', stockSum: 0, value: 0, history: [] });
    expect(await costOf(tl)).toMatchObject({ cost: 7.25, basis: 'list', history: [] });
  });

  it('receipts move the moving average at the purchase\'s price and rate; a cancelled receipt counts as never received', async () => {
    const mid = await insertMaterial(db(), idx++, { material_price: '1', material_doviz: '$' });
    const b1 = await receive(mid, 10, '2', '$', { USD_Kur: 40, EUR_Kur: 45 }); // 80 ₺ each
    let c = await costOf(mid);
    expect(c).toMatchObject({ cost: 80, basis: 'average', stockSum: 10, value: 800 });
    expect(c.history).toEqual([expect.objectContaining({ event: 'receipt', buying_id: b1, qty: 10, unitCost: 80, stockBefore: 0, avgBefore: null, avgAfter: 80 })]);
    // 4 units out by hand, then 6 more at 3 € x 44.5 = 133.5 ₺: (6 x 80 + 6 x 133.5) / 12 = 106.75.
    await ok(call('POST', '/api/stock/create/', { stock_id: mid, operation_center: 'fire', operation_type: 'cikis', qty: 4, price: 1, doviz: '$' }));
    const b2 = await receive(mid, 6, '3', '€', { USD_Kur: 40, EUR_Kur: 44.5 });
    c = await costOf(mid);
    expect(c).toMatchObject({ cost: 106.75, stockSum: 12, value: 1281 });
    expect(c.history[1]).toMatchObject({ event: 'receipt', buying_id: b2, unitCost: 133.5, stockBefore: 6, avgBefore: 80, avgAfter: 106.75 });
    // A third at 1/3 ₺ leaves a repeating decimal: stored to 6 places, half up.
    await receive(mid, 3, '100', '₺');
    expect((await costOf(mid)).cost).toBe(new D(12).times('106.75').plus(300).div(15).toDecimalPlaces(6).toNumber());
    // Cancelling the second (3 -> 4) writes the reversal; the average is folded again without it.
    await ok(call('POST', `/api/buying/update/${b2}`, { satinalma_durumu: 4 }));
    c = await costOf(mid);
    // Without b2: 10 at 80, 4 out, then 3 at 100 over a stock of 6: (6 x 80 + 300) / 9 = 86.666667.
    expect(c).toMatchObject({ cost: 86.666667, stockSum: 9, value: new D(9).times('86.666667').toDecimalPlaces(2).toNumber() });
    expect(c.history.at(-1)).toMatchObject({ event: 'reversal', buying_id: b2, avgBefore: new D(12).times('106.75').plus(300).div(15).toDecimalPlaces(6).toNumber(), avgAfter: 86.666667 });
  });

  it('answers 404 for an unknown material and follows the material page\'s level', async () => {
    expect((await call('GET', '/api/materials/nosuch/cost')).statusCode).toBe(404);
    const mid = await insertMaterial(db(), idx++);
    expect((await call('GET', `/api/materials/${mid}/cost`, undefined, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/materials/${mid}/cost`, undefined, t.tokens[3])).statusCode).toBe(403);
    expect((await call('GET', `/api/materials/${mid}/cost`, undefined, t.tokens[1])).statusCode).toBe(200);
  });
});

describe('an order line\'s cost and margin', () => {
  it('is what its operations took out at the cost of that moment; later purchases do not change it; the offer sums its lines', async () => {
    const m1 = await insertMaterial(db(), idx++, { material_price: '1', material_doviz: '$' });
    const m2 = await insertMaterial(db(), idx++, { material_price: '0.5', material_doviz: '€' });
    await receive(m1, 100, '2', '$', { USD_Kur: 40, EUR_Kur: 45 }); // 80 ₺
    const model = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Dizgi' }] });
    const product = await insertProduct(db(), idx++, { id: model, index: idx }, {
      production: [
        { op_name: 'Dizgi', information: m1, materialqyt: 2, StockUpdate: true },
        { op_name: 'Dizgi', information: m2, materialqyt: 0.5, StockUpdate: true },
      ],
    });
    const offer = await ok<{ _id: string }>(call('POST', '/api/offers/create', {
      firma_id: companyId, firma_adi: 'Maliyet Ltd', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
      offeritem: [
        { urun_id: product, urun_adi: 'Astra', urun_kodu: ['AST'], urun_miktari: 10, urun_birimi: 'Adet', urun_fiyati: 50, urun_dovizi: '$', urun_kdv: 20, order_type: 'default' },
        { urun_id: product, urun_adi: 'Astra 2', urun_kodu: ['AST'], urun_miktari: 2, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 20, order_type: 'default' },
      ],
    }));
    const { orders } = await ok<{ orders: OrderLine[] }>(call('GET', `/api/orders/list?type=detaillist&filter1=1&filter2=6&offer=${offer._id}`));
    const line = orders.find((l) => l.urun_adi === 'Astra')!;
    const other = orders.find((l) => l.urun_adi === 'Astra 2')!;
    const op = line.Operations[0]._id;
    await ok(call('POST', `/api/orders/operations/${line._id}/${op}/start`, {}));
    await ok(call('POST', `/api/orders/operations/${line._id}/${op}/record`, { qty: 3 }));
    // 3 units: m1 6 x 80 = 480, m2 1.5 x (0.5 x 45.25 today) = 33.9375 -> 513.94 ₺; price 10 x 50 $ x 40 = 20000 ₺.
    const expected: LineCost = {
      orderitem_id: line._id, urun_adi: 'Astra', cost: 513.94, price: 20000, margin: 19486.06, marginPercent: 97.43, currency: '$',
      costDoviz: 12.85, priceDoviz: 500, marginDoviz: 487.15, uncosted: 0,
    };
    expect(await ok<LineCost>(call('GET', `/api/orders/cost/${line._id}`))).toEqual(expected);
    const item = await ok<OrderLine>(call('GET', `/api/orders/item/${line._id}`));
    expect(item.materialCost).toEqual(expected);

    // A later, dearer purchase moves the average, not what was already consumed.
    await receive(m1, 10, '10', '$', { USD_Kur: 40, EUR_Kur: 45 });
    expect((await costOf(m1)).cost).toBeGreaterThan(80);
    expect(await ok<LineCost>(call('GET', `/api/orders/cost/${line._id}`))).toEqual(expected);

    // Two more units at the new average; a reset gives everything back at the cost each was taken at.
    await ok(call('POST', `/api/orders/operations/${line._id}/${op}/record`, { qty: 2 }));
    const avg = (await costOf(m1)).cost!;
    const after = await ok<LineCost>(call('GET', `/api/orders/cost/${line._id}`));
    expect(after.cost).toBe(new D('513.9375').plus(new D(4).times(avg)).plus(new D(1).times('22.625')).toDecimalPlaces(2).toNumber());
    const offerCost = await ok<OfferCost>(call('GET', `/api/offers/cost/${offer._id}`));
    expect(offerCost.lines.map((l) => l.orderitem_id).sort()).toEqual([line._id, other._id].sort());
    expect(offerCost.total).toMatchObject({ cost: after.cost, price: 20000 + 800, margin: new D(20800).minus(after.cost).toNumber(), currency: '$', priceDoviz: 520 });
    await ok(call('POST', `/api/orders/operations/${line._id}/${op}/reset`, {}));
    expect((await ok<LineCost>(call('GET', `/api/orders/cost/${line._id}`))).cost).toBe(0);
  });

  it('a \'Yarı Mamül\' operation counts its component product at the material cost of the product\'s bill at that moment', async () => {
    const m = await insertMaterial(db(), idx++, { material_price: '1', material_doviz: '$' });
    await receive(m, 50, '2', '$', { USD_Kur: 40, EUR_Kur: 45 }); // 80 ₺
    const model = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Dizgi' }] });
    const part = await insertProduct(db(), idx++, { id: model, index: idx }, { production: [{ op_name: 'Dizgi', information: m, materialqyt: 2, StockUpdate: true }] });
    const semiModel = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Yarı Mamül', OperationComponent: [{ label: 'PCB', value: part }] }] });
    const semi = await insertProduct(db(), idx++, { id: semiModel, index: idx });
    const line = await ok<OrderLine>(call('POST', '/api/orders/create/', { urun_id: semi, urun_miktari: 3, urun_fiyati: 10 }));
    const op = line.Operations[0];
    expect(op.OperationDetails).toEqual([expect.objectContaining({ material: part, component: true })]);
    await ok(call('POST', `/api/orders/operations/${line._id}/${op._id}/start`, {}));
    await ok(call('POST', `/api/orders/operations/${line._id}/${op._id}/record`, { qty: 3 }));
    // 3 parts x (2 x 80 ₺); a stock line has no offer: lira only.
    expect(await ok<LineCost>(call('GET', `/api/orders/cost/${line._id}`))).toMatchObject({ cost: 480, currency: '₺', uncosted: 0 });
    await receive(m, 50, '4', '$', { USD_Kur: 40, EUR_Kur: 45 });
    expect((await ok<LineCost>(call('GET', `/api/orders/cost/${line._id}`))).cost).toBe(480);
  });

  it('costs and margins are the office\'s: level 3 gets the line without them and 403 for the cost call; unknown ids 404', async () => {
    const { orders } = await ok<{ orders: OrderLine[] }>(call('GET', '/api/orders/list?type=list&filter1=1&filter2=6'));
    const withOffer = orders.find((l) => l.teklifno)!;
    const id = withOffer._id;
    const floor = await ok<OrderLine>(call('GET', `/api/orders/item/${id}`, undefined, t.tokens[3]));
    expect(floor).not.toHaveProperty('materialCost');
    expect((await call('GET', `/api/orders/cost/${id}`, undefined, t.tokens[3])).statusCode).toBe(403);
    expect((await call('GET', `/api/orders/cost/${id}`, undefined, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/orders/cost/nosuch')).statusCode).toBe(404);
    expect((await call('GET', '/api/offers/cost/nosuch')).statusCode).toBe(404);
    expect((await call('GET', `/api/offers/cost/${withOffer.teklifno!._id}`, undefined, t.tokens[3])).statusCode).toBe(403);
  });
});

describe('GET /api/reports/stockValue', () => {
  it('answers every material\'s stock, current cost and value, and the total of the values', async () => {
    const mid = await insertMaterial(db(), idx++, { material_price: '3', material_doviz: '€' });
    await receive(mid, '2,5', '4', '€', { USD_Kur: 40, EUR_Kur: 45 });
    const r = await ok<StockValue>(call('GET', '/api/reports/stockValue'));
    expect(r.currency).toBe('₺');
    expect(r.rows.find((x) => x.stock_id === mid)).toEqual(expect.objectContaining({ stockSum: 2.5, cost: 180, basis: 'average', value: 450 }));
    for (const row of r.rows) {
      expect(row.value).toBe(row.cost === null ? null : new D(row.stockSum).times(row.cost).toDecimalPlaces(2).toNumber());
    }
    expect(r.total).toBe(r.rows.reduce((a, x) => a.plus(x.value ?? 0), new D(0)).toNumber());
    expect((await call('GET', '/api/reports/stockValue', undefined, t.tokens[3])).statusCode).toBe(403);
    expect((await call('GET', '/api/reports/stockValue', undefined, null)).statusCode).toBe(401);
  });
});
