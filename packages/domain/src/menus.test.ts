import { describe, expect, it } from 'vitest';
import { menuForRole } from './menus.js';
import { isAllowed, routeLevel } from './roles.js';

const links = (role: number | null) => menuForRole(role).flatMap((g) => g.items.map((i) => i.to));

describe('menuForRole', () => {
  it('gives guests and roles 4-7 the public menu only', () => {
    for (const role of [null, 4, 5, 6, 7]) expect(links(role)).toEqual(['/web', '/login']);
  });

  it('gives role 3 and below the production group only when role is 3', () => {
    expect(links(3)).toEqual(['/productionDashBoard', '/orderitemlist', '/componentlist']);
  });

  it('gives role 2 the reduced menu of the spec, and the reports (issue 26)', () => {
    expect(links(2)).toEqual(['/', '/imagemanagment', '/tcmblist', '/products', '/offers', '/contacts', '/ordersdashboard', '/orders', '/modeldashboard', '/productionDashBoard', '/orderitemlist', '/componentlist', '/reports']);
  });

  it('offers the offer settings page to role 1 and below, contacts to role 2 and below', () => {
    expect(links(1)).toEqual(expect.arrayContaining(['/offers', '/contacts', '/offersettings']));
    expect(links(2)).not.toContain('/offersettings');
  });

  it('gives roles 0 and 1 the company group with users, which role 2 lacks', () => {
    expect(links(0)).toContain('/users');
    expect(links(1)).toContain('/users');
    expect(links(1)).toContain('/models');
    expect(links(2)).not.toContain('/users');
  });

  it('never links a role to a screen its level refuses', () => {
    for (const role of [0, 1, 2, 3]) {
      for (const to of links(role)) {
        if (to === '/web' || to === '/streetlightmap') continue;
        expect(isAllowed(routeLevel(to), role)).toBe(true);
      }
    }
  });
});
