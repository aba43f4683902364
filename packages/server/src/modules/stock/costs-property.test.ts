import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { buyings, materialCosts, materialMovementCosts, materialMovements, materials, tcmbRates } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial } from '../catalogue/test-fixtures.js';
import {
  addMaterialMovement, deleteMaterialMovement, reverseMaterialMovement, reverseMaterialMovements, updateMaterialMovement,
} from './ledger-repository.js';
import { refillMaterialCosts } from './costs-repository.js';

/**
 * Issue 25, Quality: random receipts, reversed receipts, productions, resets and manual counts (manual movements made,
 * changed and deleted) keep every balance equal to the ledger, each moving-average cost equal to the one computed
 * here from scratch (to the cent), and each production movement's recorded cost what the material cost when it was
 * taken, unchanged by anything later.
 */

let t: TestContext;
let idx = 7000;
const db = () => t.database.db;
const USD = '38.25';
const EUR = '41.5';
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

beforeAll(async () => {
  t = await createTestContext();
  await db().insert(tcmbRates).values({ tarih: '2026-11-20', bulletin_no: '2026/220', usd_selling: USD, usd_buying: '38', eur_selling: EUR, eur_buying: '41' });
});
afterAll(async () => { await t?.close(); });

type Cmd =
  | { k: 'receipt'; m: number; qty: number; price: number; doviz: '₺' | '$' | '€'; rate: number }
  | { k: 'reverseReceipt'; pick: number }
  | { k: 'produce'; m: number; qty: number; op: number }
  | { k: 'reset'; op: number }
  | { k: 'manual'; m: number; qty: number; out: boolean }
  | { k: 'editManual'; pick: number; qty: number }
  | { k: 'deleteManual'; pick: number };

const qtyArb = fc.integer({ min: 1, max: 40000 }).map((n) => n / 100);
const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: fc.record({ k: fc.constant('receipt' as const), m: fc.nat(1), qty: qtyArb, price: fc.integer({ min: 1, max: 9_999_999 }).map((n) => n / 10000), doviz: fc.constantFrom('₺' as const, '$' as const, '€' as const), rate: fc.integer({ min: 100000, max: 60_000_000 }).map((n) => n / 1_000_000) }), weight: 4 },
  { arbitrary: fc.record({ k: fc.constant('reverseReceipt' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('produce' as const), m: fc.nat(1), qty: qtyArb, op: fc.nat(3) }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant('reset' as const), op: fc.nat(3) }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('manual' as const), m: fc.nat(1), qty: qtyArb, out: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('editManual' as const), pick: fc.nat(), qty: qtyArb }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('deleteManual' as const), pick: fc.nat() }), weight: 1 },
);

/** The model: each material's events in order, as the rule of issue 25 reads them, written here without the domain's fold. */
type Ev = { id: string; kind: 'receipt'; qty: Decimal; uc: Decimal; reversed: boolean } | { id: string; kind: 'move'; signed: Decimal; manual: boolean; op?: number; reversed?: boolean };

function fromScratch(evs: readonly Ev[]): Decimal | null {
  let stock = new D(0);
  let avg: Decimal | null = null;
  for (const e of evs) {
    if (e.kind === 'receipt') {
      if (e.reversed) continue; // a reversed receipt and its reversal never happened
      const before = Decimal.max(stock, 0);
      avg = avg === null || before.plus(e.qty).lte(0) ? e.uc : before.times(avg).plus(e.qty.times(e.uc)).div(before.plus(e.qty));
      avg = new D(avg).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
      stock = stock.plus(e.qty);
    } else {
      stock = stock.plus(e.signed);
    }
  }
  return avg;
}

describe('moving-average cost: property test (issue 25)', () => {
  it('balances equal the ledger and every average equals the one folded from scratch; recorded consumption costs never change', async () => {
    await fc.assert(fc.asyncProperty(fc.array(cmdArb, { minLength: 1, maxLength: 18 }), async (cmds) => {
      const list = [{ price: '2.5', doviz: '$' as const }, { price: '7', doviz: '₺' as const }];
      const mats: string[] = [];
      for (const l of list) mats.push(await insertMaterial(db(), idx++, { material_price: l.price, material_doviz: l.doviz }));
      const events: Ev[][] = [[], []];
      const recorded = new Map<string, string>(); // production movement -> the unit cost expected when it was taken
      const listCost = [new D('2.5').times(USD), new D(7)];
      const costNow = (m: number) => fromScratch(events[m]) ?? listCost[m];

      for (const c of cmds) {
        await db().transaction(async (tx) => {
          if (c.k === 'receipt') {
            const bid = newId();
            const rate = String(c.rate);
            await tx.insert(buyings).values({
              id: bid, material_id: mats[c.m], material_qty: String(c.qty), material_price: String(c.price), material_doviz: c.doviz,
              usd_kur: c.doviz === '$' ? rate : '1', eur_kur: c.doviz === '€' ? rate : '1', satinalma_durumu: 3,
            });
            const mv = await addMaterialMovement(tx, null, {
              stock_id: mats[c.m], operation_type: 'giris', operation_center: 'fatura', qty: c.qty, price: c.price, doviz: c.doviz, source: 'purchase', ref_id: bid,
            }, { log: false });
            events[c.m].push({ id: mv._id, kind: 'receipt', qty: new D(c.qty), uc: new D(c.price).times(c.doviz === '₺' ? 1 : rate), reversed: false });
          } else if (c.k === 'reverseReceipt') {
            const open = events.flatMap((evs, m) => evs.filter((e) => e.kind === 'receipt' && !e.reversed).map((e) => ({ e, m })));
            if (open.length === 0) return;
            const { e } = open[c.pick % open.length];
            await reverseMaterialMovement(tx, null, e.id, { log: false });
            (e as { reversed: boolean }).reversed = true;
          } else if (c.k === 'produce') {
            const expected = costNow(c.m).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);
            const mv = await addMaterialMovement(tx, null, {
              stock_id: mats[c.m], operation_type: 'cikis', operation_center: 'uretim', qty: c.qty, source: 'production', ref_id: `op-${mats[0]}-${c.op}`,
            }, { log: false });
            recorded.set(mv._id, expected);
            events[c.m].push({ id: mv._id, kind: 'move', signed: new D(c.qty).neg(), manual: false, op: c.op });
          } else if (c.k === 'reset') {
            const back = await reverseMaterialMovements(tx, null, { ref_id: `op-${mats[0]}-${c.op}`, source: 'production' }, { log: false });
            for (const r of back) {
              const m = mats.indexOf(r.stock_id);
              const orig = events[m].find((e) => e.id === r.reverses_id)!;
              recorded.set(r._id, recorded.get(orig.id)!); // a reset gives back at the cost it was taken at
              events[m].push({ id: r._id, kind: 'move', signed: new D(r.qty), manual: false });
            }
          } else if (c.k === 'manual') {
            const mv = await addMaterialMovement(tx, null, {
              stock_id: mats[c.m], operation_type: c.out ? 'cikis' : 'giris', operation_center: c.out ? 'fire' : 'devir', qty: c.qty, price: 1,
            }, { log: false });
            events[c.m].push({ id: mv._id, kind: 'move', signed: new D(c.qty).times(c.out ? -1 : 1), manual: true });
          } else {
            const manual = events.flatMap((evs, m) => evs.filter((e) => e.kind === 'move' && e.manual).map((e) => ({ e, m })));
            if (manual.length === 0) return;
            const { e, m } = manual[c.pick % manual.length];
            if (c.k === 'deleteManual') {
              await deleteMaterialMovement(tx, null, e.id, mats[m]);
              events[m].splice(events[m].indexOf(e), 1);
            } else {
              const [row] = await tx.select({ v: materialMovements.version, type: materialMovements.operation_type }).from(materialMovements).where(eq(materialMovements.id, e.id));
              await updateMaterialMovement(tx, null, e.id, { __v: row.v, qty: String(c.qty) });
              (e as { signed: Decimal }).signed = new D(c.qty).times(row.type === 'cikis' ? -1 : 1);
            }
          }
        });
      }

      for (let m = 0; m < 2; m++) {
        const [bal] = await db().select({ s: materials.stock_sum, ledger: sql<string>`(select coalesce(sum(sum_qty), 0) from material_movements where stock_id = ${mats[m]})` }).from(materials).where(eq(materials.id, mats[m]));
        expect(new D(bal.s).eq(bal.ledger)).toBe(true);
        const [kept] = await db().select({ avg: materialCosts.avg_cost }).from(materialCosts).where(eq(materialCosts.stock_id, mats[m]));
        const want = fromScratch(events[m]);
        expect(kept?.avg ?? null, `material ${m}`).toBe(want === null ? null : want.toFixed(6));
        // To the cent, as the material page shows it.
        const res = await t.call({ method: 'GET', url: `/api/materials/${mats[m]}/cost`, token: t.tokens[2] });
        expect(res.statusCode, res.body).toBe(200);
        expect(new D(res.json().cost).toFixed(2)).toBe(costNow(m).toFixed(2));
      }
      for (const [id, cost] of recorded) {
        const [r] = await db().select({ c: materialMovementCosts.unit_cost }).from(materialMovementCosts).where(eq(materialMovementCosts.movement_id, id));
        expect(new D(r.c!).toFixed(6), `movement ${id}`).toBe(cost);
      }
      // The refill from the ledger gives the same averages.
      await db().delete(materialCosts).where(sql`${materialCosts.stock_id} in (${mats[0]}, ${mats[1]})`);
      await db().transaction((tx) => refillMaterialCosts(tx));
      for (let m = 0; m < 2; m++) {
        const [kept] = await db().select({ avg: materialCosts.avg_cost }).from(materialCosts).where(eq(materialCosts.stock_id, mats[m]));
        const want = fromScratch(events[m]);
        expect(kept?.avg ?? null).toBe(want === null ? null : want.toFixed(6));
      }
    }), {
      numRuns: 40,
      examples: [
        // A count changed by hand under two receipts: the second receipt weighed the old stock.
        [[{ k: 'manual', m: 0, qty: 10, out: false }, { k: 'receipt', m: 0, qty: 10, price: 1, doviz: '₺', rate: 1 }, { k: 'receipt', m: 0, qty: 10, price: 3, doviz: '₺', rate: 1 }, { k: 'editManual', pick: 0, qty: 30 }]],
        [[{ k: 'manual', m: 1, qty: 5, out: false }, { k: 'receipt', m: 1, qty: 5, price: 2, doviz: '$', rate: 40 }, { k: 'receipt', m: 1, qty: 5, price: 3, doviz: '€', rate: 45 }, { k: 'deleteManual', pick: 0 }]],
        // A receipt reversed between two others; a production before and after it.
        [[{ k: 'receipt', m: 0, qty: 4, price: 1, doviz: '₺', rate: 1 }, { k: 'produce', m: 0, qty: 1, op: 0 }, { k: 'receipt', m: 0, qty: 4, price: 5, doviz: '₺', rate: 1 }, { k: 'receipt', m: 0, qty: 2, price: 2, doviz: '₺', rate: 1 }, { k: 'reverseReceipt', pick: 1 }, { k: 'produce', m: 0, qty: 3, op: 0 }, { k: 'reset', op: 0 }]],
      ],
    });
  }, 240_000);
});
