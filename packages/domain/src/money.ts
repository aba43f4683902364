import Decimal from 'decimal.js';

/**
 * Money and quantity arithmetic (DECISIONS 3): decimal, never binary floats. Inputs may be numbers,
 * decimal strings ('12.5' or '12,5') or Decimals; results are plain numbers rounded half up.
 */
export type DecimalInput = Decimal.Value | null | undefined;

/** Currencies of the catalogue (spec 001 9); '$' is the default. */
export const CURRENCIES = ['₺', '$', '€'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = '$';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/**
 * The one reading of a decimal number sent as text or JSON (docs/decisions/0035-decimal-input.md):
 *  - a JSON number is its value (when finite);
 *  - a string without a comma is canonical: an optional sign, digits and at most one '.' as the decimal point
 *    ('1234.56', '1.234' = 1.234, '.5', '12.');
 *  - a string with a comma is Turkish, as the forms show numbers: the comma is the decimal mark and dots may only
 *    group the whole part by three ('1.234,56' = 1234.56, '1234,5', '1,234' = 1.234, ',5');
 *  - anything else ('1.234.567' with no comma, '1,234.56', '1.23,4', '1e5', '12a', '', '  ') reads as nothing.
 * Answers the value as a canonical decimal string ('-1234.56'), or null when it does not read as a number.
 */
export function readDecimal(v: unknown): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v === 0 ? 0 : v) : null;
  if (typeof v !== 'string' || v.length > 60) return null;
  const s = v.trim();
  if (CANONICAL_INPUT.test(s)) return s.startsWith('+') ? s.slice(1) : s;
  const m = TURKISH_INPUT.exec(s);
  if (!m || (m[2] === undefined && m[3] === '')) return null;
  return `${m[1] === '-' ? '-' : ''}${(m[2] ?? '0').replaceAll('.', '')}.${m[3] || '0'}`;
}
const CANONICAL_INPUT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const TURKISH_INPUT = /^([-+]?)(\d+|\d{1,3}(?:\.\d{3})+)?,(\d*)$/;

/** A Decimal of the value; '' / null / undefined are 0; text is read as readDecimal reads it (else it throws). */
export function dec(v: DecimalInput): Decimal {
  if (v === null || v === undefined || v === '') return new D(0);
  if (typeof v === 'string') return new D(readDecimal(v) ?? v.trim());
  if (typeof v === 'number') return new D(String(v));
  return new D(v);
}

/** Whether a value reads as a finite decimal number (readDecimal). */
export function isDecimal(v: unknown): boolean {
  return readDecimal(v) !== null;
}

/** A plain decimal string as PostgreSQL writes a numeric: an optional minus, digits, optionally a point and digits. */
const PLAIN_DECIMAL = /^-?\d+(?:\.(\d+))?$/;
const ZEROS = /^0+$/;

/** Rounds half up to `places` decimals and answers a number. */
export function round(v: DecimalInput, places = 2): number {
  // A numeric column's text with no more decimals than asked (or only zeros beyond them: '12.5000' to 2) needs no
  // rounding, and Number() reads it to the same double as a Decimal's toNumber() (both read the exact decimal value,
  // correctly rounded): a ledger page rounds 250 such values, and a Decimal for each was a tenth of the API's CPU
  // under the movements list.
  if (typeof v === 'string') {
    const m = PLAIN_DECIMAL.exec(v);
    if (m && (m[1] === undefined || m[1].length <= places || ZEROS.test(m[1].slice(places)))) return Number(v);
  }
  return dec(v).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
}

/**
 * A quantity as an exact integer of ten-thousandths (ORDER_QTY_PLACES), for the fast path of the component list's
 * per-row rules (componentShortage, suggestedPurchase): a plain decimal as PostgreSQL writes a numeric ('-12.5000',
 * '7') or a number whose text is one, with at most 4 decimals and at most 11 digits before the point; anything else
 * (more decimals, Turkish text, a Decimal, '', null) answers null and takes the Decimal path. Sums and differences of
 * a few such integers stay below 2^53, so integer arithmetic on them is exact, and a result n answers as n / 1e4:
 * the correctly rounded double of the decimal, the same number Decimal's toNumber() gives.
 */
export function tenThousandths(v: DecimalInput): number | null {
  // By character codes, not a regular expression: two to four times as fast, and it runs six times per row.
  const s = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
  const len = s.length;
  const start = s.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  let i = start;
  let n = 0;
  for (; i < len; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    n = n * 10 + c;
  }
  if (i === start || i - start > 11) return null;
  n *= 1e4;
  if (i < len) {
    // A point and 1 to 4 digits, nothing else.
    if (s.charCodeAt(i) !== 46 /* . */ || len - i < 2 || len - i > 5) return null;
    let scale = 1000;
    for (i++; i < len; i++) {
      const c = s.charCodeAt(i) - 48;
      if (c < 0 || c > 9) return null;
      n += c * scale;
      scale /= 10;
    }
  }
  return start ? -n : n;
}
export const round2 = (v: DecimalInput): number => round(v, 2);
export const round4 = (v: DecimalInput): number => round(v, 4);

/** Sum of the values, exact. */
export function sum(values: readonly DecimalInput[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(dec(v)), new D(0));
}

/** A line total: quantity x price, rounded to 2 decimals half up. */
export function lineTotal(qty: DecimalInput, price: DecimalInput): number {
  return round2(dec(qty).times(dec(price)));
}

export const MARKUP_MIN = 0;
export const MARKUP_MAX = 50;
export const MARKUP_STEP = 5;
export const MARKUP_DEFAULT = 30;

/**
 * Displayed price of the products list's markup slider (spec 001 9):
 * price + price / (100 - rate) x rate, 2 decimals. A rate of 100 or more has no meaning and throws.
 */
export function markupPrice(price: DecimalInput, rate: DecimalInput): number {
  const r = dec(rate);
  if (r.gte(100) || r.lt(0)) throw new RangeError('markup rate must be between 0 and 100');
  const p = dec(price);
  return round2(p.plus(p.dividedBy(new D(100).minus(r)).times(r)));
}

/**
 * The one rates type of the domain: what one USD and one EUR are worth in lira (the central bank's selling rates, or the
 * rates kept on an offer or a purchase request). A value may be missing (null, undefined, '') or not yet typed.
 */
export interface Rates { usd: DecimalInput; eur: DecimalInput }

/**
 * The one rule from a currency to its rate in lira (issue 24): ₺ is 1 whatever the rates hold; € takes the EUR rate;
 * every other spelling takes the USD rate ('$', and also 'USD', 'TL' or '' as no caller ever told them apart: the
 * schemas let only ₺, $ and € in). Null when the needed rate is missing, does not read as a number (readDecimal,
 * ADR 0035) or is not above 0: each caller says what a missing rate means to it.
 */
export function rateFor(currency: string, rates: Rates): Decimal | null {
  if (currency === '₺') return new D(1);
  const v = currency === '€' ? rates.eur : rates.usd;
  if (v === null || v === undefined || v === '' || (typeof v !== 'object' && !isDecimal(v))) return null;
  const r = dec(v);
  return r.isFinite() && r.gt(0) ? r : null;
}

/** The field of Rates a currency converts with ('usd' for every spelling but € and ₺; null for ₺, which needs none). */
export function rateField(currency: string): keyof Rates | null {
  return currency === '₺' ? null : currency === '€' ? 'eur' : 'usd';
}

function rateOf(currency: string, rates: Rates): Decimal {
  const r = rateFor(currency, rates);
  if (!r) throw new RangeError(`no ${rateField(currency) === 'eur' ? 'EUR' : 'USD'} rate`);
  return r;
}

/** Price in lira: price x USD or EUR rate (₺ unchanged), exact. */
export function toTryDecimal(price: DecimalInput, currency: string, rates: Rates): Decimal {
  return dec(price).times(rateOf(currency, rates));
}

/**
 * Production row price in USD (spec 001 9): ₺ divided by the USD rate, $ unchanged,
 * € times the EUR rate over the USD rate. Exact; round where shown.
 */
export function toUsdDecimal(price: DecimalInput, currency: string, rates: Rates): Decimal {
  const p = dec(price);
  if (currency === '$') return p;
  const usd = rateOf('$', rates);
  if (currency === '₺') return p.dividedBy(usd);
  if (currency === '€') return p.times(rateOf('€', rates)).dividedBy(usd);
  throw new RangeError(`unknown currency ${currency}`);
}

/** toUsdDecimal rounded to `places` (4 by default: material prices carry 4 decimals). */
export function toUsd(price: DecimalInput, currency: string, rates: Rates, places = 4): number {
  return round(toUsdDecimal(price, currency, rates), places);
}

/** Price in lira rounded to 2 decimals. */
export function toTry(price: DecimalInput, currency: string, rates: Rates): number {
  return round2(toTryDecimal(price, currency, rates));
}

/** A production row as far as its cost is concerned. */
export interface CostRow { materialqyt?: DecimalInput; materialprice?: DecimalInput; materialcurrency?: string | null }

/** A production row's cost in USD: per-unit quantity x the material price converted to USD, 2 decimals. */
export function productionRowUsd(row: CostRow, rates: Rates): number {
  return round2(dec(row.materialqyt ?? 1).times(toUsdDecimal(row.materialprice, row.materialcurrency || '$', rates)));
}

/** Material cost of one unit of a product in USD: the sum of its rounded rows. */
export function productionCostUsd(rows: readonly CostRow[], rates: Rates): number {
  return round2(sum(rows.map((r) => productionRowUsd(r, rates))));
}
