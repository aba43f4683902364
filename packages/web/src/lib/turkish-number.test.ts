import { describe, expect, it } from 'vitest';
import { formatFieldNumber, parseTurkishNumber } from './turkish-number';

const value = (text: string, rules = {}) => {
  const r = parseTurkishNumber(text, rules);
  return r.ok ? r.value : r.problem;
};

describe('parseTurkishNumber', () => {
  it('reads what the app displays: dot thousands, comma decimals', () => {
    expect(value('1.234,56')).toBe(1234.56);
    expect(value('1.234.567,5')).toBe(1234567.5);
    expect(value('1.500')).toBe(1500);
    expect(value('12.000.000')).toBe(12_000_000);
  });

  it('reads plain digits with or without a comma', () => {
    expect(value('1234,56')).toBe(1234.56);
    expect(value('1500')).toBe(1500);
    expect(value('0,5')).toBe(0.5);
    expect(value(',5')).toBe(0.5);
    expect(value('1234,')).toBe(1234);
    expect(value('  42 ')).toBe(42);
    expect(value('-12,5')).toBe(-12.5);
  });

  it('answers null for an empty field', () => {
    expect(parseTurkishNumber('')).toEqual({ ok: true, value: null });
    expect(parseTurkishNumber('   ')).toEqual({ ok: true, value: null });
  });

  it('refuses a dot that is not a thousands group instead of guessing', () => {
    expect(value('1234.56')).toBe('dot');
    expect(value('1.5')).toBe('dot');
    expect(value('1.50')).toBe('dot');
    expect(value('1,234.56')).toBe('dot');
    expect(value('12.34.567')).toBe('dot');
  });

  it('refuses text it cannot read', () => {
    expect(value('12a')).toBe('invalid');
    expect(value('1,2,3')).toBe('invalid');
    expect(value(',')).toBe('invalid');
    expect(value('-')).toBe('invalid');
    expect(value('abc')).toBe('invalid');
  });

  it('neither rounds nor clamps: too many decimals, a fraction, a minus or a value out of range is refused', () => {
    expect(parseTurkishNumber('1,234', { decimalScale: 2 })).toEqual({ ok: false, problem: 'decimals', limit: 2 });
    expect(value('1,5', { allowDecimal: false })).toBe('integer');
    expect(value('1,5', { decimalScale: 0 })).toBe('integer');
    expect(value('-1', { allowNegative: false })).toBe('negative');
    expect(parseTurkishNumber('30', { max: 22 })).toEqual({ ok: false, problem: 'max', limit: 22 });
    expect(parseTurkishNumber('0', { min: 1 })).toEqual({ ok: false, problem: 'min', limit: 1 });
    expect(value('22', { max: 22 })).toBe(22);
    expect(value('1.234,5', { decimalScale: 2, min: 0 })).toBe(1234.5);
  });
});

describe('formatFieldNumber', () => {
  it('writes what the parser reads back', () => {
    expect(formatFieldNumber(1234.56)).toBe('1.234,56');
    expect(formatFieldNumber(1500)).toBe('1.500');
    expect(formatFieldNumber(46.5, { decimalScale: 2, fixedDecimalScale: true })).toBe('46,50');
    expect(formatFieldNumber(0.1234, { decimalScale: 4 })).toBe('0,1234');
    for (const n of [0, 1, 1234.56, 1_000_000.25, 0.5, 22.123]) expect(value(formatFieldNumber(n))).toBe(n);
  });
});
