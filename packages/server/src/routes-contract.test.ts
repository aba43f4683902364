import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_TABLE, actionLevel } from '@isik/domain';
import { createTestContext, type TestContext } from './test/helper.js';
import type { RouteEntry } from './plugins/auth.js';

/**
 * Walks every API route the app registers, so a route added later is covered without anyone remembering to:
 * each declares its level, the guard answers 401/403 before anything else, and no input makes it answer 500.
 */
let t: TestContext;
let routes: RouteEntry[];

beforeAll(async () => {
  t = await createTestContext();
  routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
}, 60_000);
afterAll(() => t.close());

/** The route's path with every parameter (and wildcard) replaced by `value`. */
const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, encodeURIComponent(value)).replace(/\*/g, encodeURIComponent(value));
const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';
// Calls that end the admin's own session are left out of the garbage run; their own tests cover them.
const SESSION_ENDING = new Set(['/api/auth/logout']);
// Routes of the /profile screen act on the caller's own record: the boundary check fills their id with the caller's.
const SELF_ROUTES = new Set(['GET /api/users/:id', 'POST /api/users/paswordchange/:id']);

const WRONG_TYPES = {
  _id: { $ne: null }, __v: 'x', id: [], email: 12, password: { a: 1 }, name: '\u0000', firstname: ['a'], lastname: null,
  company_name: 'a\u0000b', company_id: 5, product_id: true, qty: 'çok', price: '1e999', date: 'yesterday', status: 99,
  page: -1, pageSize: 'all', filter: { x: 1 }, task: 'x'.repeat(20_000), person_id: '../../etc', data: 'data:text/html;base64,PGgxPg==',
  sirket_adi: 7, sirket_ulke: [], urun_adi: 3, material_name: {}, model_kodu: false, productId: '\u0000', quantity: 1e308,
  // Issue 22: a lone surrogate (a label's QR address threw URIError), numbers no reading takes, choices as odd values.
  ProductID: '\ud800', model: '\udfff', urun_miktari: '1.234.567', material_qty: '1,234.5', teklif_usdkur: '1.23,4', teklif_durumu: [], invoice_type: '5e-400', role: '-0',
};

describe('every API route', () => {
  it('declares its level explicitly', () => {
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => r.level === undefined).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('takes every guarded level from the action table, and every call of the table is a route (ADR 0036)', () => {
    const guarded = routes.filter((r) => r.level !== 'public');
    expect(guarded.filter((r) => !r.act).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(guarded.filter((r) => r.act && r.level !== actionLevel(r.act)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const calls = ACTION_TABLE.map((a) => a.key).filter((k) => /^[A-Z]+ \/api\//.test(k));
    expect(calls.filter((k) => !guarded.some((r) => r.act === k))).toEqual([]);
  });

  it('answers 401 without a token unless it is public', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.level !== 'public')) {
      const res = await t.call({ method: r.method as 'GET', url: fill(r.url, 'x'), token: null, ...(hasBody(r.method) ? { payload: {} } : {}) });
      if (res.statusCode !== 401) wrong.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a user of its level in and refuses the next role with 403 (its boundary, from the route table)', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const r of routes.filter((x) => typeof x.level === 'number')) {
      if (SESSION_ENDING.has(r.url)) continue;
      const level = r.level as number;
      // Malformed JSON: a caller past the guard gets 400 from the parser, so nothing is written.
      const call = (role: number) => t.call({
        method: r.method as 'GET', url: fill(r.url, SELF_ROUTES.has(`${r.method} ${r.url}`) ? t.userIds[role] : 'x'), token: t.tokens[role],
        ...(hasBody(r.method) ? { payload: '{"broken' } : {}), headers: { 'content-type': 'application/json' },
      });
      const inside = await call(level);
      if (inside.statusCode === 401 || inside.statusCode === 403) wrong.push(`${r.method} ${r.url}: role ${level} (its level) -> ${inside.statusCode}`);
      if (level < 7) {
        const outside = await call(level + 1);
        if (outside.statusCode !== 403) wrong.push(`${r.method} ${r.url}: role ${level + 1} -> ${outside.statusCode}, not 403`);
      }
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  }, 120_000);

  it('holds the levels of spec 2.1 where they were once too open', () => {
    const levelOf = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)?.level;
    expect(levelOf('GET', '/api/dashboard/counts')).toBe(2);
    expect(levelOf('POST', '/api/files/upload')).toBe(2);
    expect(levelOf('GET', '/api/models/list')).toBe(2);
    expect(levelOf('GET', '/api/users/list')).toBe(1);
  });

  it('answers 403 to a role above its level, before looking at the input', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => typeof x.level === 'number' && x.level < 7)) {
      const res = await t.call({ method: r.method as 'GET', url: fill(r.url, 'x'), token: t.tokens[7], ...(hasBody(r.method) ? { payload: '{"broken' } : {}), headers: { 'content-type': 'application/json' } });
      if (res.statusCode !== 403) wrong.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never answers 500 to odd parameters and bodies, and every error says what went wrong', async () => {
    const failures: string[] = [];
    let calls = 0;
    const params = ['x', 'ş'.repeat(300), '0', '-1', "1' or '1'='1"];
    const bodies: { payload: string; type: string }[] = [
      { payload: '{"broken', type: 'application/json' },
      { payload: '[]', type: 'application/json' },
      { payload: '"text"', type: 'application/json' },
      { payload: '{}', type: 'application/json' },
      { payload: JSON.stringify(WRONG_TYPES), type: 'application/json' },
      { payload: 'a=1', type: 'application/x-www-form-urlencoded' },
    ];
    for (const r of routes) {
      if (SESSION_ENDING.has(r.url)) continue;
      for (const p of params) {
        const url = fill(r.url, p);
        const variants = hasBody(r.method) ? bodies : [{ payload: undefined, type: undefined }];
        for (const b of variants) {
          for (const query of [undefined, '?page=abc&pageSize=-5&orderBy=%00&filter=%7B&order=sideways&search=%25%5F']) {
            calls++;
            const res = await t.call({
              method: r.method as 'GET', url: query ? url + query : url, token: t.tokens[0],
              ...(b.payload !== undefined ? { payload: b.payload, headers: { 'content-type': b.type! } } : {}),
            });
            if (res.statusCode >= 500 && res.statusCode !== 503) failures.push(`${r.method} ${url}${query ?? ''} [${b.payload?.slice(0, 20) ?? ''}] -> ${res.statusCode} ${res.body.slice(0, 200)}`);
            else if (res.statusCode >= 400 && !(res.headers['content-type'] ?? '').includes('json')) failures.push(`${r.method} ${url} -> ${res.statusCode} without a JSON error`);
            else if (res.statusCode >= 400 && typeof res.json().message !== 'string') failures.push(`${r.method} ${url} -> ${res.statusCode} without a message`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(routes.length * 10);
  }, 240_000);
});
