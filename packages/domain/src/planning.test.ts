import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec, tenThousandths } from './money.js';
import { componentShortage, suggestedPurchase } from './orders.js';

// ADR 0044: the quantity the component list suggests buying is the least one that covers the shortage, is at least
// the minimum purchase and a multiple of the purchase multiple (4 decimals, as the fields keep).
describe('suggestedPurchase', () => {
  it('examples: none, a multiple, a minimum, both', () => {
    expect(suggestedPurchase(0, 5, 10)).toBe(0);
    expect(suggestedPurchase(-3, 5, 10)).toBe(0);
    expect(suggestedPurchase(7)).toBe(7);
    expect(suggestedPurchase(7.25, null, null)).toBe(7.25);
    expect(suggestedPurchase(7, 5)).toBe(10);
    expect(suggestedPurchase(10, 5)).toBe(10);
    expect(suggestedPurchase(7, null, 12.5)).toBe(12.5);
    expect(suggestedPurchase(20, null, 12.5)).toBe(20);
    expect(suggestedPurchase(7, 5, 12.5)).toBe(15);
    expect(suggestedPurchase(0.0001, 0.25)).toBe(0.25);
    expect(suggestedPurchase(1.1, '0.3')).toBe(1.2);
  });

  const places4 = (max: number) => fc.integer({ min: 1, max: max * 10_000 }).map((n) => n / 10_000);
  it('on random shortages, multiples and minimums: covers, reaches the minimum, is a multiple, and is the least such', () => {
    fc.assert(fc.property(places4(100_000), fc.option(places4(1_000), { nil: null }), fc.option(places4(10_000), { nil: null }), (s, k, m) => {
      const q = dec(suggestedPurchase(s, k, m));
      const floor = dec(Math.max(s, m ?? 0));
      expect(q.gte(floor)).toBe(true);
      if (k === null) expect(q.eq(floor)).toBe(true);
      else {
        expect(q.mod(k).isZero()).toBe(true);
        expect(q.minus(k).lt(floor)).toBe(true);
      }
    }), { numRuns: 2000 });
  });
});

// The component list runs componentShortage and suggestedPurchase on every row: plain quantities of at most 4 decimals
// (numeric text, numbers) take a fast path on exact integers of ten-thousandths; anything else (here: the same
// values as Decimals) the Decimal statement. Both must give the same number, to the last bit.
describe('the fast path of the component list rules', () => {
  const digits = (max: bigint) => fc.bigInt({ min: 0n, max }).map(String);
  /** Plain quantity text as PostgreSQL writes a numeric: a sign, up to 11 digits, 0-4 decimals (with trailing zeros). */
  const qtyText = fc.tuple(fc.boolean(), fc.oneof(digits(9n), digits(999n), digits(99_999_999_999n)), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9999 }))
    .map(([neg, whole, places, frac]) => `${neg ? '-' : ''}${whole}${places ? `.${String(frac).padStart(4, '0').slice(0, places)}` : ''}`);
  const positiveText = qtyText.filter((t) => !t.startsWith('-') && dec(t).gt(0));
  // toBe compares with Object.is: the same double, and 0 is not -0.
  const same = (fast: number, slow: number) => expect(fast).toBe(slow);

  it('reads plain quantities as exact integers of ten-thousandths, and nothing else', () => {
    expect(tenThousandths('3022280.0000')).toBe(30_222_800_000);
    expect(tenThousandths('-12.5')).toBe(-125_000);
    expect(tenThousandths('99999999999.9999')).toBe(999_999_999_999_999);
    expect(tenThousandths(0.0001)).toBe(1);
    expect(tenThousandths(7)).toBe(70_000);
    for (const v of ['1.23456', '123456789012', '12,5', '1e5', ' 5', '5 ', '', '-', '.5', '5.', '+5', '1.2.3', null, undefined, 1e-7, 1e21, dec(5)]) {
      expect(tenThousandths(v)).toBe(null);
    }
  });

  it('componentShortage: the fast path answers what the Decimal path answers', () => {
    fc.assert(fc.property(qtyText, qtyText, qtyText, (r, s, o) => {
      same(componentShortage(r, s, o), componentShortage(dec(r), dec(s), dec(o)));
      same(componentShortage(Number(r), Number(s), Number(o)), componentShortage(dec(Number(r)), dec(Number(s)), dec(Number(o))));
    }), { numRuns: 2000 });
  });

  it('suggestedPurchase: the fast path answers what the Decimal path answers', () => {
    const opt = fc.option(qtyText, { nil: null });
    fc.assert(fc.property(fc.oneof(qtyText, positiveText), fc.oneof(opt, positiveText), fc.oneof(opt, positiveText), (s, k, m) => {
      const shortage = componentShortage(s, 0, 0);
      same(suggestedPurchase(shortage, k, m), suggestedPurchase(dec(shortage), k, m));
      same(suggestedPurchase(s, k, m), suggestedPurchase(dec(s), k, m));
    }), { numRuns: 2000 });
  });
});
