import { describe, expect, it } from 'vitest';
import { applyListPatch, readOrder, readPage } from './use-list-params';

describe('applyListPatch', () => {
  it('sets values and keeps the other parameters', () => {
    const next = applyListPatch('?search=abc&category=2', { page: 3, orderBy: 'name' }, { page: 1 });
    expect(next.toString()).toBe('search=abc&category=2&page=3&orderBy=name');
  });

  it('drops undefined, empty values and defaults', () => {
    const next = applyListPatch('?page=4&search=abc&category=2&pageSize=20', { page: 1, search: '', category: undefined, pageSize: 10 }, { page: 1, pageSize: 10 });
    expect(next.toString()).toBe('');
  });

  it('keeps a value that is not the default', () => {
    const next = applyListPatch('', { pageSize: 20, order: 'asc' }, { pageSize: 10 });
    expect(next.get('pageSize')).toBe('20');
    expect(next.get('order')).toBe('asc');
  });

  it('compares defaults strictly', () => {
    expect(applyListPatch('', { page: '1' }, { page: 1 }).get('page')).toBe('1');
    expect(applyListPatch('?order=desc', { order: 'asc' }, { order: 'asc' }).has('order')).toBe(false);
  });

  it('accepts a query string without the question mark', () => {
    expect(applyListPatch('page=2', { search: 'x' }, {}).toString()).toBe('page=2&search=x');
  });
});

describe('readPage', () => {
  const page = (q: string) => readPage(new URLSearchParams(q));
  it('reads a whole page from 1', () => {
    expect(page('page=3')).toBe(3);
    expect(page('page=2.7')).toBe(2);
  });
  it('falls back to 1', () => {
    expect(page('')).toBe(1);
    expect(page('page=0')).toBe(1);
    expect(page('page=-2')).toBe(1);
    expect(page('page=abc')).toBe(1);
  });
});

describe('readOrder', () => {
  it('is desc only when asked', () => {
    expect(readOrder(new URLSearchParams('order=desc'))).toBe('desc');
    expect(readOrder(new URLSearchParams('order=asc'))).toBe('asc');
    expect(readOrder(new URLSearchParams('order=x'))).toBe('asc');
    expect(readOrder(new URLSearchParams(''))).toBe('asc');
  });
});
