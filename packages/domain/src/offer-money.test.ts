import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { computeOffer, inconsistentTotals, OfferRateError, stockLineMoney, stockLineTotals, tryComputeOffer, type OfferLineInput } from './offer-money.js';
import { checkOffer, type OfferDraft } from './offers.js';
import { formatNumber } from './format.js';

const rates = { usd: 40, eur: 45 };
const line = (urun_miktari: number | string, urun_fiyati: number | string, urun_dovizi: string, urun_kdv: number): OfferLineInput => ({ urun_miktari, urun_fiyati, urun_dovizi, urun_kdv });

describe('computeOffer: the worked examples', () => {
  it('3 x 100 $ at 18 %, 2 x 50 EUR at 8 %, 1 x 1000 TL at 0 % in a $ offer (USD 40, EUR 45)', () => {
    const { lines, totals } = computeOffer([line(3, 100, '$', 18), line(2, 50, '€', 8), line(1, 1000, '₺', 0)], rates, '$');
    expect(lines).toEqual([
      { toplamTL: 12000, toplamKdvTL: 2160, toplamDoviz: 300, toplamKdvDoviz: 54 },
      { toplamTL: 4500, toplamKdvTL: 360, toplamDoviz: 112.5, toplamKdvDoviz: 9 },
      { toplamTL: 1000, toplamKdvTL: 0, toplamDoviz: 25, toplamKdvDoviz: 0 },
    ]);
    expect(totals).toEqual({ teklif_tutartl: 17500, teklif_kdvtl: 2520, teklif_gtoplamtl: 20020, teklif_tutardoviz: 437.5, teklif_kdvdoviz: 63, teklif_gtoplamdoviz: 500.5 });
    // As the screen shows them:
    expect([totals.teklif_tutartl, totals.teklif_kdvtl, totals.teklif_gtoplamtl].map((n) => formatNumber(n))).toEqual(['17.500,00', '2.520,00', '20.020,00']);
    expect([totals.teklif_tutardoviz, totals.teklif_kdvdoviz, totals.teklif_gtoplamdoviz].map((n) => formatNumber(n))).toEqual(['437,50', '63,00', '500,50']);
  });

  it('the same items in a € offer and in a lira offer', () => {
    const items = [line(3, 100, '$', 18), line(2, 50, '€', 8), line(1, 1000, '₺', 0)];
    const eur = computeOffer(items, rates, '€').totals;
    // 12000/45 = 266.666… -> 266.67; 4500/45 = 100; 1000/45 = 22.222… -> 22.22
    expect(eur.teklif_tutardoviz).toBe(388.89);
    // 2160/45 = 48; 360/45 = 8
    expect(eur.teklif_kdvdoviz).toBe(56);
    expect(eur.teklif_gtoplamdoviz).toBe(444.89);
    const tl = computeOffer(items, rates, '₺').totals;
    expect(tl.teklif_tutardoviz).toBe(17500);
    expect(tl.teklif_gtoplamdoviz).toBe(20020);
  });

  it('rounds each line half up at half cents, and totals are sums of the rounded lines', () => {
    // 0.125 TL x 1 -> 0.13 (half up), three times: 0.39, not round(0.375) = 0.38
    const { lines, totals } = computeOffer([line(1, '0.125', '₺', 0), line(1, '0.125', '₺', 0), line(1, '0.125', '₺', 0)], rates, '₺');
    expect(lines.map((l) => l.toplamTL)).toEqual([0.13, 0.13, 0.13]);
    expect(totals.teklif_tutartl).toBe(0.39);
    // VAT of 0.13 at 18 % = 0.0234 -> 0.02
    expect(computeOffer([line(1, '0.125', '₺', 18)], rates, '₺').lines[0].toplamKdvTL).toBe(0.02);
    // 1.005 TL: binary floats would give 1.00; decimal half up gives 1.01
    expect(computeOffer([line(1, '1.005', '₺', 0)], rates, '₺').totals.teklif_tutartl).toBe(1.01);
    // 0.1 x 3 in a float is 0.30000000000000004
    expect(computeOffer([line(3, '0.1', '₺', 0)], rates, '₺').totals.teklif_tutartl).toBe(0.3);
  });

  it('uses the rates kept on the offer with their decimals', () => {
    const { lines } = computeOffer([line(7, '12.34', '$', 8)], { usd: '34.5678', eur: null }, '$');
    // 7 x 12.34 x 34.5678 = 2985.97 (2985.971364), VAT 238.88 (238.8776); in $: 2985.97 / 34.5678 = 86.38 (86.3801…)
    expect(lines[0]).toEqual({ toplamTL: 2985.97, toplamKdvTL: 238.88, toplamDoviz: 86.38, toplamKdvDoviz: 6.91 });
  });

  it('a missing, zero or negative rate that is needed is an error naming its field; an unneeded one is not', () => {
    expect(() => computeOffer([line(1, 10, '$', 18)], { usd: null, eur: 45 }, '₺')).toThrow(OfferRateError);
    try { computeOffer([line(1, 10, '€', 18)], { usd: 40, eur: 0 }, '₺'); } catch (e) { expect((e as OfferRateError).field).toBe('teklif_eurkur'); }
    try { computeOffer([line(1, 10, '₺', 18)], { usd: -1, eur: 45 }, '$'); } catch (e) { expect((e as OfferRateError).field).toBe('teklif_usdkur'); }
    expect(tryComputeOffer([line(1, 10, '€', 18)], { usd: '', eur: 45 }, '$')).toBeNull();
    expect(computeOffer([line(2, 10, '₺', 18)], { usd: null, eur: null }, '₺').totals.teklif_gtoplamtl).toBe(23.6);
  });

  it('no items and zero prices give zero totals', () => {
    expect(computeOffer([], rates, '$').totals.teklif_gtoplamtl).toBe(0);
    expect(computeOffer([line(5, 0, '$', 18)], rates, '$').totals.teklif_gtoplamdoviz).toBe(0);
  });
});

describe('the checks of a save (spec 001 5)', () => {
  const draft = (over: Partial<OfferDraft> = {}): OfferDraft => ({
    firma_id: null, firma_adi: 'Acme', firma_ulke: 'Türkiye', teklif_durumu: 0, teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45,
    offeritem: [line(3, 100, '$', 18)], ...over,
  });

  it('accepts a consistent draft and answers the money', () => {
    const r = checkOffer(draft(), { teklif_gtoplamtl: 14160, teklif_gtoplamdoviz: '354.00' });
    expect(r.ok).toBe(true);
  });
  it('names each failing field', () => {
    const r = checkOffer(draft({ firma_adi: ' ', firma_ulke: '', offeritem: [] }));
    expect(r).toEqual({ ok: false, message: 'offer.company.required', fields: { firma_adi: 'offer.company.required', firma_ulke: 'offer.country.required', offeritem: 'offer.items.required' } });
  });
  it('refuses an order (or any status but 0) without a registered company', () => {
    expect(checkOffer(draft({ teklif_durumu: 1 }))).toMatchObject({ ok: false, fields: { firma_id: 'offer.company.unregistered' } });
    expect(checkOffer(draft({ teklif_durumu: 1, firma_id: 'c1' }), {}, false)).toMatchObject({ ok: false, fields: { firma_id: 'offer.company.unregistered' } });
    expect(checkOffer(draft({ teklif_durumu: 1, firma_id: 'c1' })).ok).toBe(true);
  });
  it('refuses zero totals and totals off by more than a cent', () => {
    expect(checkOffer(draft({ offeritem: [line(1, 0, '$', 18)] }))).toMatchObject({ ok: false, message: 'offer.totals.zero', fields: { tutarhatasi: 'offer.totals.zero' } });
    expect(checkOffer(draft(), { teklif_tutartl: 12000.02 })).toMatchObject({ ok: false, message: 'offer.totals.inconsistent', fields: { tutarhatasi: 'offer.totals.inconsistent' } });
    expect(checkOffer(draft(), { teklif_tutartl: 12000.01 }).ok).toBe(true);
  });
  it('names the missing rate', () => {
    expect(checkOffer(draft({ teklif_usdkur: null }))).toMatchObject({ ok: false, fields: { teklif_usdkur: 'offer.rate.missing' } });
  });
});

describe('property: stored totals equal the recomputation from items and rates', () => {
  const currency = fc.constantFrom('₺', '$', '€');
  const item = fc.record({
    urun_miktari: fc.integer({ min: 1, max: 100_000 }).map((n) => new Decimal(n).dividedBy(100).toFixed(2)),
    urun_fiyati: fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Decimal(n).dividedBy(10000).toFixed(4)),
    urun_dovizi: currency,
    urun_kdv: fc.constantFrom(0, 8, 18),
  });
  const rate = fc.integer({ min: 1, max: 100_000_000 }).map((n) => new Decimal(n).dividedBy(1_000_000).toFixed(6));

  it('each line is the half-up rounding of the exact value; totals are the sums of the lines; a sent copy is consistent', () => {
    fc.assert(fc.property(fc.array(item, { maxLength: 30 }), rate, rate, currency, (items, usd, eur, cur) => {
      const { lines, totals } = computeOffer(items, { usd, eur }, cur);
      const rateOf = (c: string) => new Decimal(c === '₺' ? 1 : c === '€' ? eur : usd);
      const sums = { tl: new Decimal(0), kdv: new Decimal(0), dv: new Decimal(0), kdvDv: new Decimal(0) };
      items.forEach((it, i) => {
        const exact = new Decimal(it.urun_fiyati).times(it.urun_miktari).times(rateOf(it.urun_dovizi));
        const tl = exact.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        expect(lines[i].toplamTL).toBe(tl.toNumber());
        const kdv = tl.dividedBy(100).times(it.urun_kdv).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        expect(lines[i].toplamKdvTL).toBe(kdv.toNumber());
        expect(lines[i].toplamDoviz).toBe(tl.dividedBy(rateOf(cur)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber());
        sums.tl = sums.tl.plus(tl); sums.kdv = sums.kdv.plus(kdv);
        sums.dv = sums.dv.plus(lines[i].toplamDoviz); sums.kdvDv = sums.kdvDv.plus(lines[i].toplamKdvDoviz);
      });
      expect(totals.teklif_tutartl).toBe(sums.tl.toNumber());
      expect(totals.teklif_kdvtl).toBe(sums.kdv.toNumber());
      expect(totals.teklif_gtoplamtl).toBe(sums.tl.plus(sums.kdv).toNumber());
      expect(totals.teklif_tutardoviz).toBe(sums.dv.toNumber());
      expect(totals.teklif_gtoplamdoviz).toBe(sums.dv.plus(sums.kdvDv).toNumber());
      // Sent back as a client would (numbers or strings), the totals are consistent; a cent and a half off is not.
      expect(inconsistentTotals(totals, totals)).toEqual([]);
      expect(inconsistentTotals({ teklif_kdvtl: String(totals.teklif_kdvtl) }, totals)).toEqual([]);
      expect(inconsistentTotals({ teklif_gtoplamtl: totals.teklif_gtoplamtl + 0.015 }, totals)).toEqual(['teklif_gtoplamtl']);
    }), { numRuns: 300 });
  });
});

describe('stockLineMoney: a stock-production line (spec 002 2.2; issue 24)', () => {
  const stock = (urun_miktari: number | string, urun_fiyati: number | string, urun_kdv: number | string, urun_dovizi: string, r: { usd: unknown; eur: unknown } = rates) =>
    stockLineTotals({ urun_miktari, urun_fiyati, urun_kdv, urun_dovizi }, r as never);

  it('computes the currency and lira totals with VAT; no lira without a rate', () => {
    expect(stock(3, 46.5, 18, '$')).toEqual({
      toplamDoviz: 139.5, toplamKdvDoviz: 25.11, genelDoviz: 164.61, toplamTL: 5580, toplamKdvTL: 1004.4, genelTL: 6584.4, priceTL: 1860,
    });
    expect(stock(2, 10, 0, '€', { usd: 40, eur: null })).toMatchObject({ toplamDoviz: 20, toplamTL: null, toplamKdvTL: null, genelTL: null, priceTL: null });
    expect(stock(2, 10, 8, '₺', { usd: null, eur: null })).toMatchObject({ toplamTL: 20, toplamKdvTL: 1.6, genelTL: 21.6, priceTL: 10 });
    expect(stock(2, 10, 8, '€')).toMatchObject({ toplamTL: 900, toplamKdvTL: 72, priceTL: 450 });
    // A rate of 0 or one that does not read is no rate.
    expect(stock(2, 10, 8, '$', { usd: '0', eur: 45 }).toplamTL).toBeNull();
  });

  it('rounds each figure once, half up to the cent, in decimals (the browser\'s float copy showed 1 for 1.005)', () => {
    expect(stock(1, '1.005', 0, '₺')).toMatchObject({ toplamDoviz: 1.01, toplamTL: 1.01, priceTL: 1.01 });
    expect(stock(3, '0.1', 0, '$').toplamDoviz).toBe(0.3);
    expect(stock('2.5', '100.0001', 0, '€').toplamTL).toBe(11250.01);
  });

  it('takes VAT of the exact total (the stored rule), not of the rounded one as an offer line does', () => {
    // 0.045 x 10 % = 0.0045: 0.00; the offer's rule (VAT of the rounded 0.05) would say 0.01.
    expect(stock(1, '0.045', 10, '₺')).toMatchObject({ toplamDoviz: 0.05, toplamKdvDoviz: 0, toplamTL: 0.05, toplamKdvTL: 0 });
    expect(computeOffer([line(1, '0.045', '₺', 10)], rates, '₺').lines[0].toplamKdvTL).toBe(0.01);
  });

  it('a grand total is the rounded total plus the rounded VAT, as an offer\'s (the float copy rounded the exact sum: 0.15)', () => {
    expect(stock(1, '0.125', 20, '$', { usd: 1, eur: 1 })).toMatchObject({ toplamDoviz: 0.13, toplamKdvDoviz: 0.03, genelDoviz: 0.16, genelTL: 0.16 });
  });

  it('a half-typed field counts as 0', () => {
    expect(stock('', 10, 18, '$')).toMatchObject({ toplamDoviz: 0, toplamKdvDoviz: 0, toplamTL: 0 });
    expect(stock(2, Number.NaN, 18, '$').toplamDoviz).toBe(0);
    expect(stock(2, 10, 'x', '$').toplamKdvDoviz).toBe(0);
  });

  it('keeps the exact decimals the server stores, beyond a float\'s digits', () => {
    const m = stockLineMoney({ urun_miktari: '999999999', urun_fiyati: '99999999999.9999', urun_kdv: '20', urun_dovizi: '$' }, { usd: '42.123456', eur: null });
    expect(m.toplamDoviz.toFixed()).toBe('99999999899999900000');
    expect(m.toplamTL?.toFixed()).toBe('4212345595787650187654.4');
    expect(m.toplamKdvTL?.toFixed()).toBe('842469119157530037530.88');
  });
});
