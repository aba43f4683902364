/**
 * Material cost in lira (issue 25, ADR 0039): the moving average of purchase receipts (ERPNext's moving average).
 *
 * - A receipt is a material movement 'giris' with source 'purchase' that reverses nothing. Its unit cost in lira is
 *   the purchase's price × the purchase's rate (usd_kur / eur_kur; 1 for ₺), exact.
 * - A receipt moves the average: new = (max(stock before, 0) × avg + qty × unit cost) / (max(stock before, 0) + qty);
 *   a material without an average yet takes the receipt's unit cost (the stock it had before has no purchase cost).
 * - Nothing else moves it: outgoing movements, manual entries, production resets only change the stock it weighs.
 * - A reversed receipt counts as if it had never happened: the fold skips the receipt and its reversal (together they
 *   are zero stock), and the server folds the material again when a receipt is reversed or a manual movement changed.
 * - The average is rounded to COST_PLACES (half up) after each receipt, where it is stored; the fold rounds at the
 *   same step, so the kept average and the one folded from scratch are the same number, not merely close.
 */
import { z } from 'zod';
import { dec, rateFor, type DecimalInput, type Rates } from './money.js';

/** Places of a stored average cost and of a consumption's recorded unit cost (numeric(24,6)). */
export const COST_PLACES = 6;

/** The fields of a material movement the fold reads. `unitCost` is a receipt's cost in lira (price × the purchase's rate). */
export interface CostMove {
  id: string;
  operation_type: string;
  source: string;
  reverses_id: string | null;
  qty: DecimalInput;
  unitCost?: DecimalInput;
}

export function isReceipt(m: Pick<CostMove, 'operation_type' | 'source' | 'reverses_id'>): boolean {
  return m.operation_type === 'giris' && m.source === 'purchase' && !m.reverses_id;
}

/** A receipt's unit cost in lira: price × the rate of its currency in the purchase's rates (null without that rate). */
export function receiptUnitCost(price: DecimalInput, currency: string, rates: Rates): string | null {
  const r = rateFor(currency, rates);
  return r ? dec(price).times(r).toFixed() : null;
}

/** The average after one receipt, rounded to COST_PLACES half up. */
export function nextAverage(stockBefore: DecimalInput, avgBefore: DecimalInput, qty: DecimalInput, unitCost: DecimalInput): string {
  const q = dec(qty);
  const uc = dec(unitCost);
  if (avgBefore === null || avgBefore === undefined) return uc.toDecimalPlaces(COST_PLACES).toFixed();
  const s = floorZero(stockBefore);
  const total = s.plus(q);
  if (total.lte(0)) return uc.toDecimalPlaces(COST_PLACES).toFixed();
  return s.times(dec(avgBefore)).plus(q.times(uc)).div(total).toDecimalPlaces(COST_PLACES).toFixed();
}

function floorZero(v: DecimalInput) {
  const d = dec(v);
  return d.gt(0) ? d : dec(0);
}

export interface CostStep { id: string; stockBefore: string; qty: string; unitCost: string; avgBefore: string | null; avgAfter: string }

/**
 * The average folded from scratch over a material's movements in ledger order (seq). Answers the average (null when
 * no receipt counts), the stock it ends with and each receipt's step. A receipt without a unit cost moves nothing.
 */
export function foldAverage(moves: readonly CostMove[]): { avg: string | null; stock: string; steps: CostStep[] } {
  const reversed = new Set<string>();
  for (const m of moves) if (m.reverses_id) reversed.add(m.reverses_id);
  const skipped = new Set<string>();
  for (const m of moves) if (isReceipt(m) && reversed.has(m.id)) skipped.add(m.id);
  let avg: string | null = null;
  let stock = dec(0);
  const steps: CostStep[] = [];
  for (const m of moves) {
    if (skipped.has(m.id) || (m.reverses_id && skipped.has(m.reverses_id))) continue;
    const q = dec(m.qty);
    if (isReceipt(m) && m.unitCost !== null && m.unitCost !== undefined) {
      const next = nextAverage(stock, avg, q, m.unitCost);
      steps.push({ id: m.id, stockBefore: stock.toFixed(), qty: q.toFixed(), unitCost: dec(m.unitCost).toFixed(), avgBefore: avg, avgAfter: next });
      avg = next;
    }
    stock = m.operation_type === 'giris' ? stock.plus(q) : stock.minus(q);
  }
  return { avg, stock: stock.toFixed(), steps };
}

/** A material's list price in lira (today's bulletin for a foreign price), rounded to COST_PLACES; null without the rate. */
export function listCost(price: DecimalInput, currency: string, rates: Rates): string | null {
  const r = rateFor(currency, rates);
  return r ? dec(price).times(r).toDecimalPlaces(COST_PLACES).toFixed() : null;
}

/** Cost, price and margin of an order line in lira and in the offer's currency (2 places, half up). */
export interface LineMargin { cost: number; price: number; margin: number; marginPercent: number | null; currency: string; costDoviz: number | null; priceDoviz: number | null; marginDoviz: number | null }

export function lineMargin(costTl: DecimalInput, priceTl: DecimalInput, currency: string, rates: Rates): LineMargin {
  const c = dec(costTl);
  const p = dec(priceTl);
  const r = rateFor(currency, rates);
  const m = p.minus(c);
  const two = (d: ReturnType<typeof dec>) => d.toDecimalPlaces(2).toNumber();
  return {
    cost: two(c), price: two(p), margin: two(m), marginPercent: p.gt(0) ? m.div(p).times(100).toDecimalPlaces(2).toNumber() : null, currency,
    costDoviz: r ? two(c.div(r)) : null, priceDoviz: r ? two(p.div(r)) : null, marginDoviz: r ? two(m.div(r)) : null,
  };
}

// ------------------------------------------------------------------ answers

export const COST_BASES = ['average', 'list', 'none'] as const;

/** One row of a material's cost history (GET /api/materials/:id/cost). Amounts in lira; cost with 6 places. */
export const materialCostEventSchema = z.object({
  _id: z.string(),
  event: z.enum(['receipt', 'reversal', 'recomputed']),
  movement_id: z.string().nullable(),
  buying_id: z.string().nullable(),
  operation_date: z.string(),
  qty: z.number().nullable(),
  unitCost: z.number().nullable(),
  stockBefore: z.number().nullable(),
  avgBefore: z.number().nullable(),
  avgAfter: z.number().nullable(),
  date: z.string(),
});
export type MaterialCostEvent = z.infer<typeof materialCostEventSchema>;

export const materialCostSchema = z.object({
  stock_id: z.string(),
  /** The current cost of one unit in lira (the moving average; the list price in lira before any purchase; null when unknown). */
  cost: z.number().nullable(),
  basis: z.enum(COST_BASES),
  stockSum: z.number(),
  /** stockSum × cost, 2 places. */
  value: z.number().nullable(),
  history: z.array(materialCostEventSchema),
});
export type MaterialCost = z.infer<typeof materialCostSchema>;

/** What an order line took out and what it cost (in the order line answer and the offer's cost). */
export const lineCostSchema = z.object({
  orderitem_id: z.string(),
  urun_adi: z.string(),
  /** Material cost in lira: the line's production movements at their recorded unit costs, 2 places. */
  cost: z.number(),
  /** The line's total (without VAT) in lira. */
  price: z.number(),
  margin: z.number(),
  marginPercent: z.number().nullable(),
  /** The offer's currency and the same three figures in it at the offer's rates (null without a rate). */
  currency: z.string(),
  costDoviz: z.number().nullable(),
  priceDoviz: z.number().nullable(),
  marginDoviz: z.number().nullable(),
  /** Production movements whose unit cost is unknown (counted 0). */
  uncosted: z.number(),
});
export type LineCost = z.infer<typeof lineCostSchema>;

export const offerCostSchema = z.object({
  offer_id: z.string(),
  lines: z.array(lineCostSchema),
  total: lineCostSchema.omit({ orderitem_id: true, urun_adi: true }),
});
export type OfferCost = z.infer<typeof offerCostSchema>;

export const stockValueRowSchema = z.object({
  stock_id: z.string(),
  material_name: z.string(),
  material_category: z.string(),
  material_group: z.string(),
  material_unit: z.string(),
  stockSum: z.number(),
  cost: z.number().nullable(),
  basis: z.enum(COST_BASES),
  /** stockSum × cost rounded to 2 places (a negative stock has a negative value); null without a cost. */
  value: z.number().nullable(),
});
export type StockValueRow = z.infer<typeof stockValueRowSchema>;

/** GET /api/reports/stockValue: every material, and the total of the rounded values. */
export const stockValueSchema = z.object({ rows: z.array(stockValueRowSchema), total: z.number(), currency: z.literal('₺') });
export type StockValue = z.infer<typeof stockValueSchema>;
