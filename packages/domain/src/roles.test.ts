import { describe, expect, it } from 'vitest';
import { canEnterBackOffice, isAllowed, roleTagColor, routeLevel } from './roles.js';

describe('roles', () => {
  it('allows a route when its level is at least the role number', () => {
    expect(isAllowed(routeLevel('/users'), 1)).toBe(true);
    expect(isAllowed(routeLevel('/users'), 2)).toBe(false);
    expect(isAllowed(routeLevel('/companies'), 2)).toBe(true);
    expect(isAllowed(routeLevel('/companies'), 3)).toBe(false);
    expect(isAllowed(routeLevel('/web'), null)).toBe(true);
    expect(isAllowed(routeLevel('/'), null)).toBe(false);
  });

  it('opens the back office to roles 0-3 only', () => {
    expect([0, 1, 2, 3].every(canEnterBackOffice)).toBe(true);
    expect([4, 5, 6, 7].some(canEnterBackOffice)).toBe(false);
    expect(canEnterBackOffice(null)).toBe(false);
  });

  it('colours role tags as the user list does', () => {
    expect([0, 1, 2, 3, 4, 7].map(roleTagColor)).toEqual(['green', 'blue', 'yellow', 'dark', 'red', 'red']);
  });
});
