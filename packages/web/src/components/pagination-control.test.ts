import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination-control';

describe('pageWindow (spec 000 9: up to 5 page numbers)', () => {
  it('centres on the current page', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });
  it('shifts at both ends instead of shrinking', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
  it('shows every page when there are fewer than 5', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
  it('clamps a page outside the range', () => {
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
  });
});
