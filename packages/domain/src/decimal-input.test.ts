import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimalField, intChoice, wholeNumberField } from './decimal-input.js';
import { dec, isDecimal, readDecimal } from './money.js';

describe('readDecimal: one reading of a number (ADR 0035)', () => {
  it('reads JSON numbers, canonical strings and Turkish strings one way each', () => {
    const cases: [unknown, string][] = [
      [1234.56, '1234.56'], [-0, '0'], ['1234.56', '1234.56'], ['1.234', '1.234'], ['.5', '.5'], ['+2', '2'], [' 12 ', '12'],
      ['1.234,56', '1234.56'], ['1,234', '1.234'], ['1,5', '1.5'], ['1234,5', '1234.5'], ['12.345.678,9', '12345678.9'], [',5', '0.5'],
      ['-1.234,5', '-1234.5'], ['1.234,', '1234.0'],
    ];
    for (const [v, want] of cases) expect(readDecimal(v), String(v)).toBe(want);
    expect(dec('1.234,56').toNumber()).toBe(1234.56);
  });

  it('reads nothing from ambiguous or malformed text', () => {
    for (const v of ['1.234.567', '1,234.56', '1.23,4', '12.34,5', '1,2,3', '1e5', '12a', '', ' ', ',', '.', '-', '0x10', 'Infinity', '١٢', null, [], {}, true, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(readDecimal(v), JSON.stringify(v)).toBeNull();
      expect(isDecimal(v)).toBe(false);
    }
  });
});

describe('decimalField', () => {
  const qty = z.object({ qty: decimalField({ key: 'stock.qty.positive', label: 'qty', places: 4, positive: true, max: 1e10 }) });
  const issue = (v: unknown) => {
    const r = qty.safeParse({ qty: v });
    return r.success ? r.data.qty : r.error.issues[0];
  };

  it('answers the canonical value, rounded to the places kept', () => {
    expect(issue('1.234,56')).toBe('1234.56');
    expect(issue(12.5)).toBe('12.5');
    expect(issue('0,00004')).toMatchObject({ message: 'stock.qty.positive' });
    expect(issue('2,00005')).toBe('2.0001');
  });

  it('refuses unreadable text naming the field, and values out of range with the field\'s own message', () => {
    expect(issue('1.234.567')).toMatchObject({ message: 'number.unreadable.qty' });
    expect(issue('abc')).toMatchObject({ message: 'number.unreadable.qty' });
    for (const v of [0, '-1', '0,0', null, '', 2e10, [], {}, true, undefined]) expect(issue(v)).toMatchObject({ message: 'stock.qty.positive' });
  });

  it('a blank value may mean a given value', () => {
    const rate = decimalField({ key: 'offer.rate.invalid', label: 'rate', places: 6, positive: true, max: 1e6, blank: null });
    expect(rate.parse('')).toBeNull();
    expect(rate.parse(null)).toBeNull();
    expect(rate.parse('36,123456')).toBe('36.123456');
  });
});

describe('intChoice and wholeNumberField', () => {
  it('intChoice takes only the listed values, as numbers or exact integer text', () => {
    const status = intChoice([0, 1, 2, 3, 4] as const, 'offer.status.invalid');
    expect(status.parse(3)).toBe(3);
    expect(status.parse('2')).toBe(2);
    expect(status.parse(0)).toBe(0);
    for (const v of [[], null, '5e-400', 5e-400 + 0.5, '-0', -0, '', ' 1', '1.0', '01', 1.5, 5, -1, true, {}, '0x1']) {
      expect(status.safeParse(v).success, JSON.stringify(v)).toBe(false);
    }
  });

  it('wholeNumberField reads like a decimal and refuses fractions', () => {
    const n = wholeNumberField({ key: 'offerRequest.quantity.invalid', label: 'qty', min: 1, max: 1_000_000 });
    expect(n.parse('1.200,0')).toBe(1200);
    expect(n.parse(7)).toBe(7);
    for (const v of ['1,5', 0, [], null, '5e-400', '-0']) expect(n.safeParse(v).success, JSON.stringify(v)).toBe(false);
    expect(n.safeParse('1.000').error?.issues[0].message).toBe('number.unreadable.qty');
    expect(n.parse('1000')).toBe(1000);
  });
});
