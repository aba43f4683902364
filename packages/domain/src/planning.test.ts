import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec } from './money.js';
import { suggestedPurchase } from './orders.js';

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
