import { describe, expect, it } from 'vitest';
import { buyingRateOf, buyingTotals } from './buying.js';
import { bulletinEntry, sellingRates } from './bulletin.js';
import { rateFor, toTry, toUsd } from './money.js';
import { computeOffer, OfferRateError } from './offer-money.js';

/**
 * Currency to rate (issue 24): what every caller of the rule read before it was written once, kept as a table. A currency
 * is ₺ (rate 1, whatever the rates hold), € (the EUR rate) or any other spelling, which takes the USD rate: the callers
 * never knew 'TL', 'TRY', 'USD' or 'EUR' (the schemas let only ₺, $ and € in), and these rows keep that as it was.
 */
const rates = { usd: '40', eur: '45' };
const SPELLINGS: [currency: string, rate: number][] = [
  ['₺', 1], ['TL', 40], ['TRY', 40], ['$', 40], ['USD', 40], ['€', 45], ['EUR', 40], ['', 40], ['GBP', 40],
];

/** The offer's lira line of 1 x 1 in `currency`: the rate itself, or the field the offer must fill in. */
const offerLine = (currency: string, r: { usd: unknown; eur: unknown }) => {
  try {
    return computeOffer([{ urun_miktari: 1, urun_fiyati: 1, urun_dovizi: currency, urun_kdv: 0 }], r as never, '₺').lines[0].toplamTL;
  } catch (e) {
    if (e instanceof OfferRateError) return e.field;
    throw e;
  }
};
const tryOf = (currency: string, r: { usd: unknown; eur: unknown }) => {
  try {
    return toTry(1, currency, r as never);
  } catch (e) {
    return e instanceof RangeError ? 'RangeError' : 'Error';
  }
};

describe('currency to rate: every spelling the callers handle', () => {
  it.each(SPELLINGS)('%s converts at %d in the catalogue, buying and the offer', (currency, rate) => {
    expect(rateFor(currency, rates)?.toNumber()).toBe(rate);
    expect(toTry(1, currency, rates)).toBe(rate);
    expect(buyingRateOf(currency, rates)).toBe(String(rate));
    expect(buyingTotals(2, 1, currency, rates).TL_TotalPrice).toBe(2 * rate);
    expect(offerLine(currency, rates)).toBe(rate);
  });

  it('lira needs no rate: missing or unreadable rates do not matter', () => {
    const none = { usd: null, eur: 'abc' };
    expect(toTry(3, '₺', none)).toBe(3);
    expect(buyingRateOf('₺', none)).toBe('1');
    expect(offerLine('₺', none)).toBe(1);
  });

  it('the USD price of a production row knows only ₺, $ and €', () => {
    expect(toUsd(45, '$', rates)).toBe(45);
    expect(toUsd(45, '₺', rates)).toBe(1.125);
    expect(toUsd(40, '€', rates)).toBe(45);
    for (const c of ['TL', 'TRY', 'USD', 'EUR', '', 'GBP']) expect(() => toUsd(1, c, rates), c).toThrow(RangeError);
  });

  // A rate is usable when it reads as a decimal number above 0 (a JSON number, canonical text, or Turkish text).
  const VALUES: [value: unknown, rate: number | null][] = [
    [null, null], [undefined, null], ['', null], ['   ', null], [0, null], ['0', null], ['0,00', null], [-1, null], ['-1', null],
    [Number.NaN, null], [Number.POSITIVE_INFINITY, null], ['abc', null], ['12a', null],
    [42.5, 42.5], ['42.5', 42.5], ['42,5', 42.5], [' 42.5 ', 42.5], ['1.234,5', 1234.5], ['40.123456', 40.123456],
  ];
  it.each(VALUES)('a USD rate of %j is %j to each caller', (value, rate) => {
    for (const [currency, r] of [['$', { usd: value, eur: '45' }], ['€', { usd: '40', eur: value }]] as const) {
      const field = currency === '€' ? 'teklif_eurkur' : 'teklif_usdkur';
      expect(rateFor(currency, r as never)?.toNumber() ?? null, currency).toBe(rate);
      expect(buyingRateOf(currency, r as never), currency).toBe(rate === null ? null : String(rate));
      expect(buyingTotals(1, 2, currency, r as never).TL_TotalPrice, currency).toBe(rate === null ? null : Math.round(2 * rate * 100) / 100);
      expect(offerLine(currency, r), currency).toBe(rate === null ? field : Math.round(rate * 100) / 100);
      if (rate !== null) expect(tryOf(currency, r), currency).toBe(Math.round(rate * 100) / 100);
      // The catalogue's conversion throws without a rate: a RangeError naming it, or the decimal reader's own error.
      else expect(tryOf(currency, r), currency).toMatch(/Error$/);
    }
  });
});

describe('rateFor reads a rate as every decimal is read (ADR 0035)', () => {
  it('text in exponent or hexadecimal form is no rate to any caller (the catalogue and the offer read it before; buying did not)', () => {
    for (const v of ['1e5', '0x10']) {
      expect(rateFor('$', { usd: v, eur: null }), v).toBeNull();
      expect(buyingRateOf('$', { usd: v, eur: null }), v).toBeNull();
      expect(offerLine('$', { usd: v, eur: null }), v).toBe('teklif_usdkur');
      expect(tryOf('$', { usd: v, eur: null }), v).toBe('RangeError');
    }
  });

  it('takes a Decimal as it is', async () => {
    const { dec } = await import('./money.js');
    expect(rateFor('€', { usd: null, eur: dec('45.5') })?.toNumber()).toBe(45.5);
  });
});

describe('a bulletin is read by currency code, not by place', () => {
  const entry = (CurrencyCode: string, ForexSelling: string) => ({ CurrencyCode, Unit: 1, ForexBuying: '1', ForexSelling });
  it('finds USD and EUR whatever their order, and answers null selling rates without a bulletin', () => {
    const b = { Data: [entry('EUR', '45.1'), entry('USD', '40.2')] };
    expect(bulletinEntry(b, 'USD')?.ForexSelling).toBe('40.2');
    expect(sellingRates(b)).toEqual({ usd: '40.2', eur: '45.1' });
    expect(sellingRates({ Data: [entry('USD', '40.2'), entry('EUR', '')] })).toEqual({ usd: '40.2', eur: null });
    expect(sellingRates(null)).toEqual({ usd: null, eur: null });
    expect(bulletinEntry(undefined, 'EUR')).toBeUndefined();
  });
});
