import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { dec, lineTotal, markupPrice, productionCostUsd, productionRowUsd, round, round2, round4, toTry, toUsd } from './money.js';

const rates = { usd: '32.5000', eur: '35.1000' };

describe('money', () => {
  it('rounds half up with decimal arithmetic, not binary floats', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2('2.675')).toBe(2.68);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round4('1,23455')).toBe(1.2346);
    expect(lineTotal(3, '0.1')).toBe(0.3);
    expect(lineTotal('1.5', '19.99')).toBe(29.99);
    expect(dec('').toNumber()).toBe(0);
  });

  it('reads numeric text with no more decimals than asked exactly as the Decimal path does (its fast path)', () => {
    const slow = (v: string, places: number) => dec(v).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
    const samples = ['0', '-0', '-0.0000', '0.0000', '12.5000', '007.10', '1', '-1.2345', '123456789012345678901234.5',
      '0.0000001', '9007199254740993', '9007199254740993.0001', '0.1000', '2.6750', '-2.6750', '3.1400', '5.000', '-0.0050', '1e5', ' 1.5', '1,5', 'NaN'];
    for (let i = 0; i < 2000; i++) {
      const int = String(Math.floor(Math.random() * 10 ** (1 + (i % 18))));
      const frac = `${String(Math.floor(Math.random() * 10 ** (i % 7))).padStart(i % 7, '0')}${'0'.repeat(i % 4)}`;
      samples.push(`${i % 3 === 0 ? '-' : ''}${int}${i % 7 ? `.${frac}` : ''}`);
    }
    for (const v of samples) {
      for (const places of [0, 2, 4]) expect(Object.is(round(v, places), slow(v, places)), `${v} to ${places}`).toBe(true);
    }
  });

  it('markup price = price + price / (100 - rate) x rate, 2 decimals (spec 001 9)', () => {
    expect(markupPrice(100, 0)).toBe(100);
    expect(markupPrice(100, 30)).toBe(142.86);
    expect(markupPrice(100, 50)).toBe(200);
    expect(markupPrice('12.34', 25)).toBe(16.45);
    expect(markupPrice(0, 30)).toBe(0);
    // Every slider position keeps 2 decimals.
    for (let r = 0; r <= 50; r += 5) expect(String(markupPrice('19.99', r))).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(() => markupPrice(100, 100)).toThrow(RangeError);
    expect(() => markupPrice(100, -5)).toThrow(RangeError);
  });

  it('converts production row prices to USD: ₺ / USD rate, $ unchanged, € x EUR / USD', () => {
    expect(toUsd(100, '$', rates)).toBe(100);
    expect(toUsd(325, '₺', rates)).toBe(10);
    expect(toUsd(100, '€', rates)).toBe(108);
    expect(toUsd(1, '₺', rates)).toBe(0.0308);
    expect(() => toUsd(1, '₺', { usd: 0, eur: 1 })).toThrow(RangeError);
    expect(() => toUsd(1, 'GBP', rates)).toThrow(RangeError);
  });

  it('converts to lira with the selling rate (₺ rate 1)', () => {
    expect(toTry(10, '$', rates)).toBe(325);
    expect(toTry(10, '€', rates)).toBe(351);
    expect(toTry('10.555', '₺', rates)).toBe(10.56);
  });

  it('sums a bill of operations in USD from rounded rows', () => {
    const rows = [
      { materialqyt: 2, materialprice: 1.25, materialcurrency: '$' },
      { materialqyt: 1, materialprice: 65, materialcurrency: '₺' },
      { materialqyt: 3, materialprice: '0.3333', materialcurrency: '€' },
    ];
    expect(productionRowUsd(rows[0], rates)).toBe(2.5);
    expect(productionRowUsd(rows[1], rates)).toBe(2);
    expect(productionRowUsd(rows[2], rates)).toBe(1.08);
    expect(productionCostUsd(rows, rates)).toBe(5.58);
  });
});
