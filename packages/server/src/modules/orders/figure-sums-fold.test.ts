// Issue 27: the kept sums of the order lines' figures (order_figure_sums, ADR 0049) are folded when they outnumber
// their keys, so the production dashboard and the orders overview read a few rows however many writes came before.
// order_figure_sums_fold() failed on every call until 2026-11-27 ('column reference "n" is ambiguous': a variable
// named like a column), and the reader only logs a failed fold, so the rows grew with every write to order lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Offer, ProductionDashboard } from '@isik/domain';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial, insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { foldFigureSums } from './order-figures-repository.js';

let t: TestContext;
let productId: string;
let idx = 900;
const db = () => t.database.db;
const count = async (q: ReturnType<typeof sql>) => Number(((await db().execute(q)) as unknown as { rows: { n: number }[] }).rows[0].n);
const rawRows = () => count(sql`select count(*)::int as n from order_figure_sums`);
const keys = () => count(sql`select count(*)::int as n from (select distinct kind, name, status from order_figure_sums) k`);

beforeAll(async () => {
  t = await createTestContext();
  const mat = await insertMaterial(db(), idx++);
  const model = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Dizgi' }, { No: 2, Operation: 'Paketleme' }] });
  productId = await insertProduct(db(), idx++, { id: model, index: idx }, {
    production: [{ op_name: 'Dizgi', information: mat, materialqyt: 1, StockUpdate: true }, { op_name: 'Paketleme', information: mat, materialqyt: 1, StockUpdate: true }],
  });
});
afterAll(async () => { await t?.close(); });

describe('order_figure_sums folded (issue 27)', () => {
  it('a fold adds the rows of each key into one and the dashboard answers the same; many writes leave a few rows after a dashboard call', async () => {
    const c = await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[0], payload: { company_name: 'Katlama Firması', company_city: 'İstanbul', company_country: 'Türkiye', company_email: 'katlama@firma.test' } });
    expect(c.statusCode, c.body).toBe(200);
    const offer = await t.call({ method: 'POST', url: '/api/offers/create', token: t.tokens[2], payload: {
      firma_id: c.json()._id, firma_adi: 'Katlama Firması', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
      offeritem: [1, 2, 3].map(() => ({ urun_adi: 'Astra 30 W', urun_kodu: ['AST', 'P1', '30W'], urun_miktari: 4, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 18, order_type: 'default', urun_id: productId })),
    } });
    expect(offer.statusCode, offer.body).toBe(200);
    const lines = ((await db().execute(sql`select id from order_items where offer_id = ${(offer.json() as Offer)._id}`)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    expect(lines.length).toBe(3);
    // Each statement on order_items appends its difference: status changes back and forth, one line at a time.
    const flip = async (times: number) => {
      for (let i = 0; i < times; i++) await db().execute(sql`update order_items set siparis_durumu = ${1 + ((i + Math.floor(i / 3)) % 3)} where id = ${lines[i % lines.length]}`);
    };
    await flip(30);
    const dashboard = async () => {
      const res = await t.call({ method: 'GET', url: '/api/orders/dashboard/production', token: t.tokens[3] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ProductionDashboard;
    };
    const before = await dashboard();
    expect(await rawRows()).toBeGreaterThan(await keys());
    const folded = await foldFigureSums(db());
    expect(folded).toBeGreaterThan(0);
    expect(await rawRows()).toBe(await keys());
    expect(await dashboard()).toEqual(before);
    // Beyond the reader's slack (500 rows more than keys) a dashboard call folds them.
    await flip(300);
    expect(await rawRows()).toBeGreaterThan((await keys()) + 500);
    const after = await dashboard();
    expect(await rawRows()).toBe(await keys());
    expect(await dashboard()).toEqual(after);
  }, 120_000);
});
