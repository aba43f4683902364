import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, truncate } from './format.js';

describe('Turkish formats', () => {
  it('formats numbers with comma decimals and dot thousands', () => {
    expect(formatNumber(1234567.891)).toBe('1.234.567,89');
    expect(formatNumber('12.5')).toBe('12,50');
    expect(formatNumber(0.12345, 4)).toBe('0,1235');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('abc')).toBe('');
  });

  it('formats dates as DD.MM.YYYY and DD.MM.YYYY HH:mm', () => {
    const d = new Date(2026, 0, 5, 9, 7);
    expect(formatDate(d)).toBe('05.01.2026');
    expect(formatDateTime(d)).toBe('05.01.2026 09:07');
    expect(formatDate('not a date')).toBe('');
  });

  it('cuts long texts with an ellipsis', () => {
    expect(truncate('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}…`);
    expect(truncate('short', 30)).toBe('short');
  });
});
