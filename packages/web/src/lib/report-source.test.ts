import { describe, expect, it, vi } from 'vitest';
import { allPagesOf, describeFilters, fetchAllPages, REPORT_PAGE_SIZE } from './report-source';

/** A paged list of `total` rows answered `size` a page, as the list calls answer. */
function pagedList(total: number) {
  const all = Array.from({ length: total }, (_, i) => `row ${i + 1}`);
  const calls: { page: number; pageSize: number; search: string }[] = [];
  const call = (search: string) => async (page: number, pageSize: number) => {
    calls.push({ page, pageSize, search });
    const matching = all.filter((r) => r.includes(search));
    return {
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      totalPage: Math.max(1, Math.ceil(matching.length / pageSize)),
      totalItemCount: matching.length,
    };
  };
  return { all, calls, call };
}

describe('fetchAllPages', () => {
  it('walks every page in order and reports progress against the total', async () => {
    const { all, call } = pagedList(25);
    const progress = vi.fn();
    const rows = await fetchAllPages(async (n) => {
      const r = await call('')(n, 10);
      return { rows: r.items, totalPage: r.totalPage, totalItemCount: r.totalItemCount };
    }, progress);
    expect(rows).toEqual(all);
    expect(progress.mock.calls).toEqual([[10, 25], [20, 25], [25, 25]]);
  });

  it('answers no rows for an empty list after one call', async () => {
    const page = vi.fn(async () => ({ rows: [] as string[], totalPage: 1, totalItemCount: 0 }));
    expect(await fetchAllPages(page)).toEqual([]);
    expect(page).toHaveBeenCalledTimes(1);
  });
});

describe('allPagesOf', () => {
  it('fetches every page of the call (not only the first) with the screen’s filter on each call', async () => {
    const { all, calls, call } = pagedList(2500);
    const fetchAll = allPagesOf(call('row 1'), (r) => r.items);
    const rows = await fetchAll();
    const expected = all.filter((r) => r.includes('row 1'));
    expect(expected.length).toBeGreaterThan(REPORT_PAGE_SIZE);
    expect(rows).toEqual(expected);
    expect(calls).toEqual([
      { page: 1, pageSize: REPORT_PAGE_SIZE, search: 'row 1' },
      { page: 2, pageSize: REPORT_PAGE_SIZE, search: 'row 1' },
    ]);
  });

  it('asks for the given page size where a list allows fewer rows a call', async () => {
    const { all, calls, call } = pagedList(250);
    const rows = await allPagesOf(call(''), (r) => r.items, 100)();
    expect(rows).toEqual(all);
    expect(calls.map((c) => [c.page, c.pageSize])).toEqual([[1, 100], [2, 100], [3, 100]]);
  });

  it('passes a failed call on, so the menu reports the failure instead of a partial file', async () => {
    let n = 0;
    const fetchAll = allPagesOf(async (page: number) => {
      n += 1;
      if (page === 2) throw new Error('network');
      return { items: ['a'], totalPage: 3, totalItemCount: 3 };
    }, (r) => r.items);
    await expect(fetchAll()).rejects.toThrow('network');
    expect(n).toBe(2);
  });
});

describe('describeFilters', () => {
  it('names only the filters in use', () => {
    expect(describeFilters([['Arama', 'led'], ['Kategori', undefined], ['Grup', ''], ['Durum', 'Aktif']])).toBe('Arama: led · Durum: Aktif');
    expect(describeFilters([['Arama', ''], ['Kategori', null]])).toBeUndefined();
  });
});
