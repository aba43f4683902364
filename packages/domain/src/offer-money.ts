import Decimal from 'decimal.js';
import { dec, isDecimal, rateField, rateFor, type DecimalInput, type Rates } from './money.js';

/**
 * The one computation of an offer's money (DECISIONS 3; spec 001 9), used by the server (which stores the
 * totals), the offer screen, and later the PDF and the mail:
 *
 * - line in lira = price x quantity x rate of the line's currency (the USD or EUR selling rate kept on the
 *   offer; lira 1), rounded half up to 2 decimals;
 * - VAT in lira = line in lira / 100 x VAT %, rounded the same way;
 * - the offer-currency figures of a line are its rounded lira figures divided by the offer currency's rate,
 *   rounded again;
 * - totals are sums of the rounded lines; grand total = total + VAT.
 *
 * A needed rate that is missing, not a number or not above zero is an error naming its field
 * (`teklif_usdkur`, `teklif_eurkur`): nothing is invented.
 */

export interface OfferLineInput {
  urun_miktari: DecimalInput;
  urun_fiyati: DecimalInput;
  urun_dovizi: string;
  urun_kdv: DecimalInput;
}

export interface OfferLineTotals {
  toplamTL: number;
  toplamKdvTL: number;
  toplamDoviz: number;
  toplamKdvDoviz: number;
}

export interface OfferTotals {
  teklif_tutartl: number;
  teklif_kdvtl: number;
  teklif_gtoplamtl: number;
  teklif_tutardoviz: number;
  teklif_kdvdoviz: number;
  teklif_gtoplamdoviz: number;
}

export const OFFER_TOTAL_FIELDS = ['teklif_tutartl', 'teklif_kdvtl', 'teklif_gtoplamtl', 'teklif_tutardoviz', 'teklif_kdvdoviz', 'teklif_gtoplamdoviz'] as const satisfies readonly (keyof OfferTotals)[];

export interface OfferComputation { lines: OfferLineTotals[]; totals: OfferTotals }

/** A rate the computation needs is missing or unusable; `field` is the offer field to fill in. */
export class OfferRateError extends Error {
  constructor(public readonly field: 'teklif_usdkur' | 'teklif_eurkur') {
    super(`missing rate ${field}`);
  }
}

const H = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const r2 = (d: Decimal): Decimal => new H(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** The lira value of one unit of `currency` on this offer (rateFor; usd is teklif_usdkur, eur teklif_eurkur). */
export function offerRate(currency: string, rates: Rates): Decimal {
  const r = rateFor(currency, rates);
  if (!r) throw new OfferRateError(rateField(currency) === 'eur' ? 'teklif_eurkur' : 'teklif_usdkur');
  return r;
}

/** Computes every line and the totals of an offer in lira and in the offer currency (see above). */
export function computeOffer(items: readonly OfferLineInput[], rates: Rates, offerCurrency: string): OfferComputation {
  const docRate = offerRate(offerCurrency, rates);
  const sums = { tl: new H(0), kdvTl: new H(0), dv: new H(0), kdvDv: new H(0) };
  const lines = items.map((it) => {
    const tl = r2(dec(it.urun_fiyati).times(dec(it.urun_miktari)).times(offerRate(it.urun_dovizi, rates)));
    const kdvTl = r2(tl.dividedBy(100).times(dec(it.urun_kdv)));
    const dv = r2(tl.dividedBy(docRate));
    const kdvDv = r2(kdvTl.dividedBy(docRate));
    sums.tl = sums.tl.plus(tl);
    sums.kdvTl = sums.kdvTl.plus(kdvTl);
    sums.dv = sums.dv.plus(dv);
    sums.kdvDv = sums.kdvDv.plus(kdvDv);
    return { toplamTL: tl.toNumber(), toplamKdvTL: kdvTl.toNumber(), toplamDoviz: dv.toNumber(), toplamKdvDoviz: kdvDv.toNumber() };
  });
  return {
    lines,
    totals: {
      teklif_tutartl: sums.tl.toNumber(),
      teklif_kdvtl: sums.kdvTl.toNumber(),
      teklif_gtoplamtl: sums.tl.plus(sums.kdvTl).toNumber(),
      teklif_tutardoviz: sums.dv.toNumber(),
      teklif_kdvdoviz: sums.kdvDv.toNumber(),
      teklif_gtoplamdoviz: sums.dv.plus(sums.kdvDv).toNumber(),
    },
  };
}

/** Like computeOffer, but answers null instead of throwing when a needed rate is missing. */
export function tryComputeOffer(items: readonly OfferLineInput[], rates: Rates, offerCurrency: string): OfferComputation | null {
  try {
    return computeOffer(items, rates, offerCurrency);
  } catch (e) {
    if (e instanceof OfferRateError) return null;
    throw e;
  }
}

/** A stock-production line's money (its currency figures, the lira ones, and the grand totals shown beside them). */
export interface StockLineMoney<N> {
  toplamDoviz: N;
  toplamKdvDoviz: N;
  genelDoviz: N;
  /** The lira figures: null while the rate of the line's currency is missing. */
  toplamTL: N | null;
  toplamKdvTL: N | null;
  genelTL: N | null;
  /** The unit price in lira. */
  priceTL: N | null;
}

/** A quantity, price or VAT that does not read as a number (a half-typed form field) counts as 0. */
const orZero = (v: DecimalInput): Decimal => (v !== null && typeof v === 'object') || isDecimal(v) ? dec(v) : new H(0);

/**
 * The one computation of a stock-production line's money (spec 002 2.2; issue 24), which the server stores
 * (POST /orders/create/) and the new-line form shows:
 *
 * - total = quantity x price in the line's currency; VAT = total x VAT % / 100;
 * - the lira figures are the same times the rate of the line's currency (rateFor: the latest bulletin's selling
 *   rate; lira 1), and null without that rate;
 * - each figure is its exact value rounded once, half up to the cent, as an offer line's. Unlike an offer line, VAT is
 *   taken of the exact total, not of the rounded one (the rule the server has stored since the first stock line);
 * - a grand total is the rounded total plus the rounded VAT, as an offer's grand total.
 */
export function stockLineMoney(line: OfferLineInput, rates: Rates): StockLineMoney<Decimal> {
  const total = orZero(line.urun_miktari).times(orZero(line.urun_fiyati));
  const vat = (x: Decimal) => r2(x.times(orZero(line.urun_kdv)).dividedBy(100));
  const rate = rateFor(line.urun_dovizi, rates);
  const toplamDoviz = r2(total);
  const toplamKdvDoviz = vat(total);
  const tl = rate && total.times(rate);
  const toplamTL = tl && r2(tl);
  const toplamKdvTL = tl && vat(tl);
  return {
    toplamDoviz, toplamKdvDoviz, genelDoviz: toplamDoviz.plus(toplamKdvDoviz),
    toplamTL, toplamKdvTL, genelTL: toplamTL && toplamKdvTL && toplamTL.plus(toplamKdvTL),
    priceTL: rate && r2(orZero(line.urun_fiyati).times(rate)),
  };
}

/** stockLineMoney as numbers, for a screen. */
export function stockLineTotals(line: OfferLineInput, rates: Rates): StockLineMoney<number> {
  const m = stockLineMoney(line, rates);
  const n = (d: Decimal | null) => (d === null ? null : d.toNumber());
  return {
    toplamDoviz: m.toplamDoviz.toNumber(), toplamKdvDoviz: m.toplamKdvDoviz.toNumber(), genelDoviz: m.genelDoviz.toNumber(),
    toplamTL: n(m.toplamTL), toplamKdvTL: n(m.toplamKdvTL), genelTL: n(m.genelTL), priceTL: n(m.priceTL),
  };
}

/** The largest difference a client's totals may have from the server's (DECISIONS 4): one cent. */
export const OFFER_TOTAL_TOLERANCE = 0.01;

/** The total fields whose sent value differs from the computed one by more than a cent. */
export function inconsistentTotals(sent: Partial<Record<keyof OfferTotals, DecimalInput>>, computed: OfferTotals): (keyof OfferTotals)[] {
  return OFFER_TOTAL_FIELDS.filter((f) => {
    const v = sent[f];
    if (v === undefined || v === null || v === '') return false;
    let d: Decimal;
    try { d = dec(v); } catch { return true; }
    return !d.isFinite() || d.minus(computed[f]).abs().gt(OFFER_TOTAL_TOLERANCE);
  });
}
