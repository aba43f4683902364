/**
 * Costs (issue 25, ADR 0039): a material's current cost and its history, an order line's material cost against its
 * price, an offer's sum over its lines, and the value of the stock. Reads only; the costs are kept by the ledger
 * (costs-repository.ts).
 */
import {
  dec, lineMargin, round, QTY_PLACES, type LineCost, type MaterialCost, type OfferCost, type StockValue,
} from '@isik/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { currentCosts, type CurrentCost } from './costs-repository.js';
import { consumedCosts, costHistory, lineRow, materialsForValue, materialStock, offerCurrency, offerLines, type LineRow } from './costs-views-repository.js';

const num = (v: string | null | undefined, places: number) => (v === null || v === undefined ? null : round(v, places));
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const COST_SHOWN = 6;

function lineCostOf(l: LineRow, c: { cost: string; uncosted: number } | undefined): LineCost {
  // A stock production line has no offer: its figures are in lira only.
  const m = lineMargin(dec(c?.cost ?? 0).toDecimalPlaces(2), l.toplam_tl, l.teklif_dovizi ?? '₺', { usd: l.teklif_usdkur, eur: l.teklif_eurkur });
  return { orderitem_id: l.id, urun_adi: l.urun_adi, ...m, uncosted: c?.uncosted ?? 0 };
}

export function createCostsService(deps: { db: Db }) {
  const { db } = deps;

  async function lineCost(id: string): Promise<LineCost> {
    const l = await lineRow(db, id);
    if (!l) throw notFound();
    return lineCostOf(l, (await consumedCosts(db, [id])).get(id));
  }

  return {
    lineCost,

    async materialCost(id: string): Promise<MaterialCost> {
      const stockSum = await materialStock(db, id);
      if (stockSum === undefined) throw notFound();
      const c = (await currentCosts(db, [id])).get(id) ?? { cost: null, basis: 'none' as const };
      const h = await costHistory(db, id);
      return {
        stock_id: id, cost: num(c.cost, COST_SHOWN), basis: c.basis, stockSum: round(stockSum, QTY_PLACES),
        value: c.cost === null ? null : round(dec(stockSum).times(c.cost), 2),
        history: h.map((r) => ({
          _id: r.id, event: r.event as 'receipt' | 'reversal' | 'recomputed', movement_id: r.movement_id, buying_id: r.buying_id, operation_date: iso(r.operation_date),
          qty: num(r.qty, QTY_PLACES), unitCost: num(r.unit_cost, COST_SHOWN), stockBefore: num(r.stock_before, QTY_PLACES),
          avgBefore: num(r.avg_before, COST_SHOWN), avgAfter: num(r.avg_after, COST_SHOWN), date: iso(r.created_at),
        })),
      };
    },

    async offerCost(offerId: string): Promise<OfferCost> {
      const doviz = await offerCurrency(db, offerId);
      if (doviz === undefined) throw notFound();
      const ls = await offerLines(db, offerId);
      const costs = await consumedCosts(db, ls.map((l) => l.id));
      const lines = ls.map((l) => lineCostOf(l, costs.get(l.id)));
      // Document totals are sums of rounded lines (DECISIONS 3).
      const sumOf = (f: (l: LineCost) => number | null) => (lines.some((l) => f(l) === null) ? null : round(lines.reduce((a, l) => a.plus(f(l) ?? 0), dec(0)), 2));
      const cost = sumOf((l) => l.cost) ?? 0;
      const price = sumOf((l) => l.price) ?? 0;
      const margin = round(dec(price).minus(cost), 2);
      return {
        offer_id: offerId, lines,
        total: {
          cost, price, margin, marginPercent: price > 0 ? round(dec(margin).div(price).times(100), 2) : null, currency: lines[0]?.currency ?? doviz,
          costDoviz: sumOf((l) => l.costDoviz), priceDoviz: sumOf((l) => l.priceDoviz), marginDoviz: sumOf((l) => l.marginDoviz),
          uncosted: lines.reduce((a, l) => a + l.uncosted, 0),
        },
      };
    },

    async stockValue(): Promise<StockValue> {
      const ms = await materialsForValue(db);
      const costs = new Map<string, CurrentCost>();
      for (let i = 0; i < ms.length; i += 1000) {
        for (const [k, v] of await currentCosts(db, ms.slice(i, i + 1000).map((m) => m.id))) costs.set(k, v);
      }
      let total = dec(0);
      const rows = ms.map((m) => {
        const c = costs.get(m.id) ?? { cost: null, basis: 'none' as const };
        const value = c.cost === null ? null : dec(m.stock_sum).times(c.cost).toDecimalPlaces(2);
        if (value) total = total.plus(value);
        return {
          stock_id: m.id, material_name: m.material_name, material_category: m.material_category, material_group: m.material_group, material_unit: m.material_unit,
          stockSum: round(m.stock_sum, QTY_PLACES), cost: num(c.cost, COST_SHOWN), basis: c.basis, value: value === null ? null : value.toNumber(),
        };
      });
      return { rows, total: total.toNumber(), currency: '₺' as const };
    },
  };
}

export type CostsService = ReturnType<typeof createCostsService>;
