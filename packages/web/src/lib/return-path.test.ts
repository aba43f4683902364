import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { homeOf, rememberReturnPath, returnPathFor } from './return-path';
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
});
