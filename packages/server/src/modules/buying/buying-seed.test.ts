import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInputSchema } from '@isik/domain';
import { eq } from 'drizzle-orm';
import { buyings, companies, materials, tcmbRates } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { makeCompany } from '../../seed/factory.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial } from '../catalogue/test-fixtures.js';
import { seedBuyings } from './buying-seed.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  await db.insert(tcmbRates).values({ tarih: '2026-11-20', bulletin_no: 'DEMO-1', usd_selling: '42.3', eur_selling: '48.9' });
  for (let i = 0; i < 3; i++) await db.insert(companies).values({ id: newId(), ...companyInputSchema.parse(makeCompany(i, 'Suppliers')) });
  for (let i = 0; i < 8; i++) await insertMaterial(db, i);
});
afterAll(async () => { await t?.close(); });

describe('seedBuyings (demo data)', () => {
  it('writes purchase requests in every status; completed ones are in stock through the ledger; once only', async () => {
    expect(await seedBuyings(t.database.db)).toBe(9);
    const list = (await t.call({ method: 'GET', url: '/api/buying/list', token: t.tokens[2] })).json() as { satinalma_durumu: number; material_id: string; material_qty: number; movement_id: string | null; TL_TotalPrice: number }[];
    expect(new Set(list.map((b) => b.satinalma_durumu))).toEqual(new Set([0, 1, 2, 3, 4]));
    for (const b of list.filter((x) => x.satinalma_durumu === 3)) {
      expect(b.movement_id).toBeTruthy();
      const [m] = await t.database.db.select({ stock: materials.stock_sum }).from(materials).where(eq(materials.id, b.material_id));
      expect(Number(m.stock)).toBe(b.material_qty);
    }
    expect(list.filter((b) => b.satinalma_durumu !== 3).every((b) => b.movement_id === null)).toBe(true);
    expect(list.every((b) => b.TL_TotalPrice > 0)).toBe(true);
    expect(await seedBuyings(t.database.db)).toBe(0);
    expect((await t.database.db.select().from(buyings)).length).toBe(9);
  });
});
