import { describe, expect, it } from 'vitest';
import { ACTION_TABLE, actionConfig, actionLevel, actionsOfScreen, canDo, unknownActionScreens } from './actions.js';
import { routeLevel } from './roles.js';

describe('the action table', () => {
  it('names each action once and only screens of the route table', () => {
    const keys = ACTION_TABLE.map((a) => a.key);
    expect(keys.length).toBe(new Set(keys).size);
    expect(unknownActionScreens()).toEqual([]);
    expect(ACTION_TABLE.filter((a) => a.screens.length === 0).map((a) => a.key)).toEqual([]);
  });

  it("gives an action the level of the least privileged screen that offers it, stricter only with the spec's reason", () => {
    const wrong = ACTION_TABLE.filter((a) => a.level !== undefined)
      .filter((a) => !a.why || a.level! >= Math.max(...a.screens.map(routeLevel)))
      .map((a) => a.key);
    expect(wrong).toEqual([]);
  });

  it('lets role 3 do what the production screens offer it (issue 23)', () => {
    expect(actionsOfScreen('/componentlist').map((a) => a.key)).toContain('POST /api/buying/create');
    expect(canDo('POST /api/buying/create', 3)).toBe(true);
    expect(actionsOfScreen('/productslabels').map((a) => a.key)).toContain('GET /api/products/list');
    expect(canDo('GET /api/products/list', 3)).toBe(true);
    expect(canDo('GET /api/products/list', 4)).toBe(false);
    // The spec's stricter rules stay: a line is deleted below role 3, an operation's quantity changed below 2.
    expect(canDo('DELETE /api/orders/delete/:id', 3)).toBe(false);
    expect(canDo('DELETE /api/orders/delete/:id', 2)).toBe(true);
    expect(canDo('order.operationQty', 2)).toBe(false);
    expect(canDo('order.operationQty', 1)).toBe(true);
  });

  it('gives a route its guard, and refuses a rule as a route', () => {
    expect(actionConfig('POST /api/buying/create')).toEqual({ act: 'POST /api/buying/create', level: 3, module: 'buying', action: 'write' });
    expect(actionConfig('GET /api/users/list')).toEqual({ act: 'GET /api/users/list', level: 1 });
    expect(() => actionConfig('order.operationQty')).toThrow();
    expect(() => actionLevel('nothing')).toThrow();
  });
});
