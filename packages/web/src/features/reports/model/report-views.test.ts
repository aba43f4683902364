import { describe, expect, it } from 'vitest';
import { apiQuery, chartRows, periodLabel, readFilters } from './report-views';

describe('report filters in the URL (issue 26)', () => {
  it('reads the known filters and falls back to the defaults for anything else', () => {
    const f = readFilters('sales', new URLSearchParams('from=01.02.2031&to=2031-03-31&currency=USD&by=model'));
    expect(f).toMatchObject({ name: 'sales', from: '2031-02-01', to: '2031-03-31', currency: 'USD', by: 'model' });
    expect(readFilters('nope', new URLSearchParams('currency=GBP&by=week&from=2031-02-30'))).toMatchObject({ name: 'sales', currency: 'TRY', by: 'month', from: '' });
    expect(readFilters('stock', new URLSearchParams('view=slow&days=0'))).toMatchObject({ view: 'slow', days: 90 });
  });

  it('asks the API only for what the report takes', () => {
    expect(apiQuery(readFilters('stock', new URLSearchParams('view=slow&days=30&from=2031-01-01')))).toEqual({ view: 'slow', days: 30, page: 1, pageSize: 50 });
    expect(apiQuery(readFilters('purchasing', new URLSearchParams('by=supplier&currency=USD')))).toEqual({ from: undefined, to: undefined, by: 'supplier', currency: undefined });
    // The views below and slow answer a page (issue 27): its page from the URL, 50 rows a page.
    expect(apiQuery(readFilters('stock', new URLSearchParams('view=slow&days=120&page=4')))).toEqual({ view: 'slow', days: 120, page: 4, pageSize: 50 });
    expect(apiQuery(readFilters('stock', new URLSearchParams('view=below&page=3')))).toEqual({ view: 'below', days: undefined, page: 3, pageSize: 50 });
    expect(apiQuery(readFilters('stock', new URLSearchParams('view=below&page=x')))).toEqual({ view: 'below', days: undefined, page: 1, pageSize: 50 });
    expect(apiQuery(readFilters('stock', new URLSearchParams('view=category&page=3')))).toEqual({ view: 'category', days: undefined });
  });

  it('draws every month of the period, quiet ones as empty, and labels months and weeks in the Turkish order', () => {
    const rows = chartRows([{ key: '2041-02', amount: 5 }], { by: 'month' }, { from: '2040-12-15', to: '2041-03-01' });
    expect(rows.map((r) => r.key)).toEqual(['2040-12', '2041-01', '2041-02', '2041-03']);
    expect(rows[2]).toEqual({ key: '2041-02', amount: 5 });
    expect(periodLabel('2041-02')).toBe('02.2041');
    expect(periodLabel('2041-02-03')).toBe('03.02.2041');
  });
});
