import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inArray, sql } from 'drizzle-orm';
import { materialMovements, materials } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial } from '../catalogue/test-fixtures.js';
import {
  addMaterialMovement, addOpeningMaterialMovements, deleteMaterialMovement, recomputeStockSums, reverseMaterialMovement, updateMaterialMovement,
} from './ledger-repository.js';

/**
 * ADR 0048, docs/derived-data.md: materials.last_movement_at, kept by the ledger, is max(operation_date) of the
 * material's movements (null without one). Random ledger writes (new movements at any date, reversals, manual
 * movements changed in date or material and deleted, opening stock) keep it equal to that maximum read from the
 * movements; the slow movers of the stock report read it.
 */
let t: TestContext;
let idx = 9100;
const db = () => t.database.db;
const DAY = 86_400_000;

beforeAll(async () => { t = await createTestContext(); }, 60_000);
afterAll(async () => { await t?.close(); });

/** Per material: what the column says and the newest movement date read from the movements (ISO text or null). */
async function compare(ids: string[]): Promise<{ kept: Record<string, string | null>; fromMovements: Record<string, string | null> }> {
  const kept = await db().select({ id: materials.id, at: materials.last_movement_at }).from(materials).where(inArray(materials.id, ids));
  const newest = await db().select({ id: materialMovements.stock_id, at: sql<string>`max(${materialMovements.operation_date})` })
    .from(materialMovements).where(inArray(materialMovements.stock_id, ids)).groupBy(materialMovements.stock_id);
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return {
    kept: Object.fromEntries(kept.map((r) => [r.id, iso(r.at)])),
    fromMovements: Object.fromEntries(ids.map((id) => [id, iso(newest.find((n) => n.id === id)?.at)])),
  };
}

type Cmd =
  | { k: 'add'; m: number; days: number; out: boolean }
  | { k: 'reverse'; pick: number; days: number | null }
  | { k: 'redate'; pick: number; days: number }
  | { k: 'move'; pick: number; m: number }
  | { k: 'delete'; pick: number };
const days = fc.integer({ min: -400, max: 30 });
const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: fc.record({ k: fc.constant('add' as const), m: fc.nat(2), days, out: fc.boolean() }), weight: 4 },
  { arbitrary: fc.record({ k: fc.constant('reverse' as const), pick: fc.nat(), days: fc.option(days) }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('redate' as const), pick: fc.nat(), days }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('move' as const), pick: fc.nat(), m: fc.nat(2) }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('delete' as const), pick: fc.nat() }), weight: 2 },
);

describe('materials.last_movement_at (ADR 0048)', () => {
  it('after random ledger writes it equals the newest movement date of each material; the refill gives the same', async () => {
    await fc.assert(fc.asyncProperty(fc.array(cmdArb, { minLength: 1, maxLength: 12 }), async (cmds) => {
      const mats = [await insertMaterial(db(), idx++), await insertMaterial(db(), idx++), await insertMaterial(db(), idx++)];
      const now = Date.now();
      const made: { id: string; manual: boolean; reversed: boolean }[] = [];
      const pickManual = (p: number) => { const list = made.filter((x) => x.manual); return list.length ? list[p % list.length] : undefined; };
      for (const c of cmds) {
        await db().transaction(async (tx) => {
          if (c.k === 'add') {
            const m = await addMaterialMovement(tx, null, { stock_id: mats[c.m], operation_type: c.out ? 'cikis' : 'giris', operation_center: c.out ? 'uretim' : 'fatura', qty: 3, operation_date: new Date(now + c.days * DAY) }, { log: false });
            made.push({ id: m._id, manual: true, reversed: false });
          } else if (c.k === 'reverse') {
            const list = made.filter((x) => !x.reversed);
            if (!list.length) return;
            const target = list[c.pick % list.length];
            const r = await reverseMaterialMovement(tx, null, target.id, { operation_date: c.days === null ? undefined : new Date(now + c.days * DAY), log: false });
            target.reversed = true;
            made.push({ id: r._id, manual: false, reversed: true });
          } else if (c.k === 'redate') {
            const x = pickManual(c.pick);
            if (x) await updateMaterialMovement(tx, null, x.id, { __v: undefined, operation_date: new Date(now + c.days * DAY) });
          } else if (c.k === 'move') {
            const x = pickManual(c.pick);
            if (x) await updateMaterialMovement(tx, null, x.id, { __v: undefined, stock_id: mats[c.m] });
          } else {
            const x = pickManual(c.pick);
            if (x) {
              await deleteMaterialMovement(tx, null, x.id);
              made.splice(made.indexOf(x), 1);
            }
          }
        });
      }
      const { kept, fromMovements } = await compare(mats);
      expect(kept).toEqual(fromMovements);
    }), { numRuns: 25 });
    // The refill (a bulk load's recomputeStockSums, a restore, the first start after the migration) gives the same.
    const all = (await db().select({ id: materials.id }).from(materials)).map((r) => r.id);
    const before = await compare(all);
    await db().execute(sql`update materials set last_movement_at = null`);
    await db().transaction((tx) => recomputeStockSums(tx));
    const after = await compare(all);
    expect(after.kept).toEqual(before.fromMovements);
    expect(Object.values(after.kept).some((v) => v !== null)).toBe(true);
  }, 180_000);

  it('opening stock sets it; the slow movers answer it and follow a deleted newer movement', async () => {
    const cat = `LM-${idx}`;
    const m = await insertMaterial(db(), idx++, { material_category: cat });
    const opened = new Date(Date.now() - 200 * DAY);
    await db().transaction((tx) => addOpeningMaterialMovements(tx, null, [{ stock_id: m, qty: 5 }], { operation_center: 'devir', description: 'açılış', operation_date: opened }));
    expect((await compare([m])).kept[m]).toBe(opened.toISOString());
    const recent = await db().transaction((tx) => addMaterialMovement(tx, null, { stock_id: m, operation_type: 'giris', operation_center: 'fatura', qty: 1, operation_date: new Date(Date.now() - 10 * DAY) }));
    const slow = async () => {
      const res = await t.call({ method: 'GET', url: '/api/reports/stock?view=slow&days=90', token: t.tokens[2] });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().rows as { key: string; lastMovement: string | null }[]).filter((r) => r.key === m);
    };
    expect(await slow()).toEqual([]);
    await db().transaction((tx) => deleteMaterialMovement(tx, null, recent._id));
    expect(await slow()).toEqual([expect.objectContaining({ key: m, lastMovement: opened.toISOString() })]);
  });
});
