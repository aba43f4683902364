import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RETURN_PATH_FRESH_MS, SHARED_KEY, clearReturnPath, homeOf, rememberReturnPath, returnPathFor } from './return-path';
import { memoryStorage } from '../test/memory-storage';

describe('return path after sign-in', () => {
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = { sessionStorage: memoryStorage(), localStorage: memoryStorage() };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('sends roles 0-2 to the dashboard, role 3 to the production dashboard and others to the catalogue', () => {
    expect(homeOf(1)).toBe('/');
    expect(homeOf(3)).toBe('/productionDashBoard');
    expect(homeOf(5)).toBe('/web');
  });

  it('returns to a remembered QR link when the role may open it', () => {
    rememberReturnPath('/orderoperations/i1/o1');
    expect(homeOf(3)).toBe('/orderoperations/i1/o1');
    expect(returnPathFor(6)).toBeNull();
    expect(homeOf(6)).toBe('/web');
  });

  it('keeps no open page and no path a role cannot reach', () => {
    rememberReturnPath('/login');
    expect(returnPathFor(0)).toBeNull();
    rememberReturnPath('/users');
    expect(returnPathFor(3)).toBeNull();
    expect(returnPathFor(1)).toBe('/users');
  });

  it('returns to a QR link kept in another tab (a QR scanner opens its own) for a while, and not once it is used', () => {
    rememberReturnPath('/orderoperations/i1/o1');
    const w = (globalThis as unknown as { window: { sessionStorage: Storage; localStorage: Storage } }).window;
    // The tab where the visitor signs in has a storage of its own.
    w.sessionStorage = memoryStorage();
    expect(homeOf(3)).toBe('/orderoperations/i1/o1');
    const kept = JSON.parse(w.localStorage.getItem(SHARED_KEY) ?? '{}') as { path: string; at: number };
    w.localStorage.setItem(SHARED_KEY, JSON.stringify({ ...kept, at: Date.now() - RETURN_PATH_FRESH_MS - 1 }));
    expect(homeOf(3)).toBe('/productionDashBoard');
    rememberReturnPath('/orderoperations/i1/o2');
    clearReturnPath();
    expect(homeOf(3)).toBe('/productionDashBoard');
  });
});
