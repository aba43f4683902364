import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderLine } from '@isik/domain';
import { tcmbRates } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertModel, insertProduct } from '../catalogue/test-fixtures.js';

/**
 * What a stock production line stores as its money (POST /orders/create/; domain stockLineMoney, issue 24): the currency
 * figures, and the lira ones at the latest bulletin's selling rate (0 while no bulletin is stored).
 */
let t: TestContext;
let productId: string;

const create = async (body: Record<string, unknown>): Promise<OrderLine> => {
  const res = await t.call({ method: 'POST', url: '/api/orders/create/', payload: { urun_id: productId, order_type: 'material', ...body }, token: t.tokens[2], lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderLine;
};
const money = (l: OrderLine) => ({ toplamDoviz: l.toplamDoviz, toplamKdvDoviz: l.toplamKdvDoviz, toplamTL: l.toplamTL, toplamKdvTL: l.toplamKdvTL });

beforeAll(async () => {
  t = await createTestContext();
  const model = await insertModel(t.database.db, 900);
  productId = await insertProduct(t.database.db, 901, { id: model, index: 900 });
});
afterAll(async () => t?.close());

describe('a stock production line\'s money', () => {
  it('without a stored bulletin: the currency figures, lira 0 (a lira line needs no rate)', async () => {
    await t.database.db.delete(tcmbRates);
    expect(money(await create({ urun_miktari: 3, urun_fiyati: '46.5', urun_dovizi: '$', urun_kdv: 18 }))).toEqual({ toplamDoviz: 139.5, toplamKdvDoviz: 25.11, toplamTL: 0, toplamKdvTL: 0 });
    expect(money(await create({ urun_miktari: 2, urun_fiyati: 10, urun_dovizi: '₺', urun_kdv: 8 }))).toEqual({ toplamDoviz: 20, toplamKdvDoviz: 1.6, toplamTL: 20, toplamKdvTL: 1.6 });
  });

  it('at the latest bulletin\'s selling rates, each figure rounded once half up to the cent, VAT of the exact total', async () => {
    await t.database.db.delete(tcmbRates);
    await t.database.db.insert(tcmbRates).values([
      { tarih: '2026-03-02', usd_selling: '39.000000', eur_selling: '44.000000' },
      { tarih: '2026-03-03', usd_selling: '40.000000', eur_selling: '45.500000' },
    ]);
    try {
      expect(money(await create({ urun_miktari: 3, urun_fiyati: '46.5', urun_dovizi: '$', urun_kdv: 18 }))).toEqual({ toplamDoviz: 139.5, toplamKdvDoviz: 25.11, toplamTL: 5580, toplamKdvTL: 1004.4 });
      expect(money(await create({ urun_miktari: 2, urun_fiyati: '10.25', urun_dovizi: '€', urun_kdv: 20 }))).toEqual({ toplamDoviz: 20.5, toplamKdvDoviz: 4.1, toplamTL: 932.75, toplamKdvTL: 186.55 });
      expect(money(await create({ urun_miktari: 1, urun_fiyati: '1.005', urun_dovizi: '₺', urun_kdv: 0 }))).toEqual({ toplamDoviz: 1.01, toplamKdvDoviz: 0, toplamTL: 1.01, toplamKdvTL: 0 });
      // 0.045 x 10 % = 0.0045: 0 (an offer line takes VAT of its rounded 0.05: 0.01).
      expect(money(await create({ urun_miktari: 1, urun_fiyati: '0.045', urun_dovizi: '₺', urun_kdv: 10 }))).toEqual({ toplamDoviz: 0.05, toplamKdvDoviz: 0, toplamTL: 0.05, toplamKdvTL: 0 });
    } finally {
      await t.database.db.delete(tcmbRates);
    }
  });
});
