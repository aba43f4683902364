/**
 * Material costs (issue 25, ADR 0039), kept by the ledger in the movement's transaction, under the material's row lock
 * (the ledger's balance UPDATE takes it before these run):
 *   - a purchase receipt (giris, source purchase) moves the material's moving average (domain nextAverage) and writes
 *     a history row; its unit cost (price × the purchase's rate) is kept per movement;
 *   - the reversal of a receipt folds the material again without it (domain foldAverage);
 *   - a production movement keeps the unit cost it was taken at (the average, else the list price in lira); its
 *     reversal copies the original's, so a reset takes back exactly what the line was charged;
 *   - a manual movement changed or deleted by hand folds the material again (the stock its receipts weighed changed).
 * refillMaterialCosts rebuilds the averages from the ledger (a restore, a bulk load).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { COST_PLACES, dec, foldAverage, isReceipt, listCost, nextAverage, receiptUnitCost, type CostMove } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { buyings, materialCostHistory, materialCosts, materialMovementCosts, materialMovements, materials, productMovementCosts, productMovements, products, tcmbRates } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

type MovementRow = typeof materialMovements.$inferSelect;
type ProductMovementRow = Pick<typeof productMovements.$inferSelect, 'id' | 'product_id' | 'source' | 'operation_type' | 'reverses_id'>;

async function todayRates(tx: Executor): Promise<{ usd: string | null; eur: string | null }> {
  const [r] = await tx.select({ usd: tcmbRates.usd_selling, eur: tcmbRates.eur_selling }).from(tcmbRates).orderBy(desc(tcmbRates.tarih)).limit(1);
  return { usd: r?.usd ?? null, eur: r?.eur ?? null };
}

/** A receipt's unit cost in lira: price × the purchase's rate; today's bulletin when the purchase has none. */
async function unitCostOfReceipt(tx: Executor, row: Pick<MovementRow, 'price' | 'doviz' | 'ref_id'>): Promise<string | null> {
  if (row.ref_id) {
    const [b] = await tx.select({ usd: buyings.usd_kur, eur: buyings.eur_kur }).from(buyings).where(eq(buyings.id, row.ref_id)).limit(1);
    const own = b ? receiptUnitCost(row.price, row.doviz, { usd: b.usd, eur: b.eur }) : null;
    if (own !== null) return own;
  }
  return receiptUnitCost(row.price, row.doviz, await todayRates(tx));
}

export interface CurrentCost { cost: string | null; basis: 'average' | 'list' | 'none' }

/** The materials' current costs in lira: the average when purchased, else the list price at today's bulletin. */
export async function currentCosts(tx: Executor, ids: readonly string[]): Promise<Map<string, CurrentCost>> {
  const out = new Map<string, CurrentCost>();
  if (ids.length === 0) return out;
  const rows = await tx.select({ id: materials.id, price: materials.material_price, doviz: materials.material_doviz, avg: materialCosts.avg_cost })
    .from(materials).leftJoin(materialCosts, eq(materialCosts.stock_id, materials.id)).where(inArray(materials.id, [...ids]));
  let rates: Awaited<ReturnType<typeof todayRates>> | undefined;
  for (const r of rows) {
    if (r.avg !== null) { out.set(r.id, { cost: r.avg, basis: 'average' }); continue; }
    rates ??= await todayRates(tx);
    const c = listCost(r.price, r.doviz, rates);
    out.set(r.id, c === null ? { cost: null, basis: 'none' } : { cost: c, basis: 'list' });
  }
  return out;
}

async function averageOf(tx: Executor, stockId: string): Promise<string | null> {
  const [r] = await tx.select({ avg: materialCosts.avg_cost }).from(materialCosts).where(eq(materialCosts.stock_id, stockId)).limit(1);
  return r?.avg ?? null;
}

async function storeAverage(tx: Executor, stockId: string, avg: string | null, receipts: number) {
  if (avg === null) { await tx.delete(materialCosts).where(eq(materialCosts.stock_id, stockId)); return; }
  await tx.insert(materialCosts).values({ stock_id: stockId, avg_cost: avg, receipts })
    .onConflictDoUpdate({ target: materialCosts.stock_id, set: { avg_cost: avg, receipts, updated_at: new Date() } });
}

/** A material's movements in ledger order with each receipt's kept unit cost, as the fold reads them. */
export async function costMoves(tx: Executor, stockId: string): Promise<CostMove[]> {
  const t = materialMovements;
  const rows = await tx.select({ id: t.id, operation_type: t.operation_type, source: t.source, reverses_id: t.reverses_id, qty: t.qty, unitCost: materialMovementCosts.unit_cost })
    .from(t).leftJoin(materialMovementCosts, eq(materialMovementCosts.movement_id, t.id)).where(eq(t.stock_id, stockId)).orderBy(asc(t.seq));
  return rows;
}

/** Folds a material's average again from its ledger and stores it; writes a history row when it changed (or `event` says so). */
export async function refoldMaterialCost(tx: Executor, stockId: string, event: 'reversal' | 'recomputed', movement?: Pick<MovementRow, 'id' | 'ref_id' | 'operation_date' | 'qty'>): Promise<void> {
  const before = await averageOf(tx, stockId);
  const fold = foldAverage(await costMoves(tx, stockId));
  await storeAverage(tx, stockId, fold.avg, fold.steps.length);
  if (event === 'reversal' || before !== fold.avg) {
    await tx.insert(materialCostHistory).values({
      id: newId(), stock_id: stockId, event, movement_id: movement?.id ?? null, buying_id: movement?.ref_id ?? null,
      operation_date: movement?.operation_date ?? new Date(), qty: movement?.qty ?? null, avg_before: before, avg_after: fold.avg,
    });
  }
}

/** Whether a material has a kept average or any kept receipt cost (a material never purchased needs no fold). */
async function hasCosts(tx: Executor, stockId: string): Promise<boolean> {
  const [r] = await tx.select({ one: sql<number>`1` }).from(materialCosts).where(eq(materialCosts.stock_id, stockId)).limit(1);
  return !!r;
}

/**
 * The cost side of a new material movement (called by addMaterialMovement after its row and balance are written).
 * `stockAfter` is the material's balance including this movement.
 */
export async function onMaterialMovement(tx: Executor, row: MovementRow, stockAfter: string): Promise<void> {
  if (isReceipt(row)) {
    const unitCost = await unitCostOfReceipt(tx, row);
    await tx.insert(materialMovementCosts).values({ movement_id: row.id, stock_id: row.stock_id, unit_cost: unitCost, basis: unitCost === null ? 'none' : 'receipt' });
    if (unitCost === null) return;
    const stockBefore = dec(stockAfter).minus(row.sum_qty).toFixed();
    const [cur] = await tx.select({ avg: materialCosts.avg_cost, receipts: materialCosts.receipts }).from(materialCosts).where(eq(materialCosts.stock_id, row.stock_id)).limit(1);
    const next = nextAverage(stockBefore, cur?.avg ?? null, row.qty, unitCost);
    await storeAverage(tx, row.stock_id, next, (cur?.receipts ?? 0) + 1);
    await tx.insert(materialCostHistory).values({
      id: newId(), stock_id: row.stock_id, event: 'receipt', movement_id: row.id, buying_id: row.ref_id, operation_date: row.operation_date,
      qty: row.qty, unit_cost: unitCost, stock_before: stockBefore, avg_before: cur?.avg ?? null, avg_after: next,
    });
    return;
  }
  if (row.reverses_id) {
    const [orig] = await tx.select({ source: materialMovements.source, operation_type: materialMovements.operation_type, cost: materialMovementCosts.unit_cost, basis: materialMovementCosts.basis })
      .from(materialMovements).leftJoin(materialMovementCosts, eq(materialMovementCosts.movement_id, materialMovements.id))
      .where(eq(materialMovements.id, row.reverses_id)).limit(1);
    if (orig && orig.basis !== null) {
      await tx.insert(materialMovementCosts).values({ movement_id: row.id, stock_id: row.stock_id, unit_cost: orig.cost, basis: orig.basis });
    }
    if (orig && isReceipt({ ...orig, reverses_id: null })) await refoldMaterialCost(tx, row.stock_id, 'reversal', row);
    return;
  }
  if (row.source === 'production') {
    const c = (await currentCosts(tx, [row.stock_id])).get(row.stock_id) ?? { cost: null, basis: 'none' as const };
    await tx.insert(materialMovementCosts).values({ movement_id: row.id, stock_id: row.stock_id, unit_cost: c.cost, basis: c.basis });
  }
}

/** After a manual movement was changed or deleted by hand: fold the material again if it has an average. */
export async function onManualChange(tx: Executor, stockIds: readonly string[]): Promise<void> {
  for (const id of new Set(stockIds)) if (await hasCosts(tx, id)) await refoldMaterialCost(tx, id, 'recomputed');
}

/**
 * A component product's material cost per unit now: its bill's material rows (per-unit quantity × the material's
 * current cost). Rows naming no material (another component product, a blank) count 0: one level, said in ADR 0039.
 */
export async function productUnitCost(tx: Executor, productId: string): Promise<{ cost: string | null; basis: 'bill' | 'none' }> {
  const [p] = await tx.select({ production: products.production }).from(products).where(eq(products.id, productId)).limit(1);
  const rows = (p?.production ?? []).filter((r) => r.information);
  if (rows.length === 0) return { cost: null, basis: 'none' };
  const costs = await currentCosts(tx, rows.map((r) => r.information));
  let sum = dec(0);
  for (const r of rows) {
    const c = costs.get(r.information);
    if (c?.cost) sum = sum.plus(dec(r.materialqyt).times(c.cost));
  }
  return { cost: sum.toDecimalPlaces(COST_PLACES).toFixed(), basis: 'bill' };
}

/** The cost side of a new product movement: production movements of component products keep their unit cost. */
export async function onProductMovement(tx: Executor, row: ProductMovementRow): Promise<void> {
  if (row.source !== 'production') return;
  if (row.reverses_id) {
    const [orig] = await tx.select().from(productMovementCosts).where(eq(productMovementCosts.movement_id, row.reverses_id)).limit(1);
    if (orig) await tx.insert(productMovementCosts).values({ movement_id: row.id, product_id: row.product_id, unit_cost: orig.unit_cost, basis: orig.basis });
    return;
  }
  if (row.operation_type !== 'cikis') return;
  const c = await productUnitCost(tx, row.product_id);
  await tx.insert(productMovementCosts).values({ movement_id: row.id, product_id: row.product_id, unit_cost: c.cost, basis: c.basis });
}

/**
 * Rebuilds every material's average from its ledger (after a restore or a bulk load): receipts without a kept unit
 * cost get one (the purchase's rate), then each purchased material is folded. Answers the materials folded.
 */
export async function refillMaterialCosts(tx: Executor): Promise<number> {
  const t = materialMovements;
  const missing = await tx.select().from(t)
    .where(and(eq(t.operation_type, 'giris'), eq(t.source, 'purchase'), sql`${t.reverses_id} is null`,
      sql`not exists (select 1 from ${materialMovementCosts} c where c.movement_id = ${t.id})`));
  for (const r of missing) {
    const unitCost = await unitCostOfReceipt(tx, r);
    await tx.insert(materialMovementCosts).values({ movement_id: r.id, stock_id: r.stock_id, unit_cost: unitCost, basis: unitCost === null ? 'none' : 'receipt' });
  }
  const ids = await tx.selectDistinct({ id: t.stock_id }).from(t).where(and(eq(t.source, 'purchase'), eq(t.operation_type, 'giris')));
  for (const { id } of ids) {
    const fold = foldAverage(await costMoves(tx, id));
    await storeAverage(tx, id, fold.avg, fold.steps.length);
  }
  return ids.length;
}
