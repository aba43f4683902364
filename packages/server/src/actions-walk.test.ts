import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_TABLE, ROUTE_LEVELS, actionLevel, actionsOfScreen, canDo, isAllowed } from '@isik/domain';
import { createTestContext, type TestContext } from './test/helper.js';
import { insertMaterial, insertModel, insertProduct } from './modules/catalogue/test-fixtures.js';

/**
 * The role walk (issue 23; docs/decisions/0036-action-table.md): every screen of the route table, as every role its
 * level admits, fires every action and read the action table says the screen offers. What the screen shows that
 * role (canDo) must not answer 401 or 403 (made-up input may answer 400, 404 or 409); what it hides must answer 403.
 */
let t: TestContext;
beforeAll(async () => { t = await createTestContext(); }, 60_000);
afterAll(() => t.close());

const isCall = (key: string) => /^[A-Z]+ \/api\//.test(key);
// The screens whose work goes to the device service (its own accounts and tokens, ADR 0024-0025) or that call nothing.
const NO_API_CALLS = new Set(['/gatewaylist', '/devicedetails/:id', '/deviceaccounts', '/:deviceScreen', '/app/settings/myCompany/:id']);
// Signing out ends the walker's session; its boundary is in routes-contract.test.ts.
const SESSION_ENDING = new Set(['POST /api/auth/logout']);
// Calls on the caller's own record (/profile): the walk fills the id with the caller's.
const SELF = new Set(['GET /api/users/:id', 'POST /api/users/paswordchange/:id']);

function fire(key: string, role: number) {
  const [method, path] = key.split(' ');
  const url = path.replace(/:[A-Za-z_]+/g, SELF.has(key) ? t.userIds[role] : 'x');
  // A document is not rendered for the walk: an unknown language (or a body of the wrong shape) is refused after the guard.
  const pdf = path.startsWith('/api/pdf/');
  const body = method === 'GET' || method === 'DELETE' ? {} : { payload: pdf ? [] : {} };
  return t.call({ method: method as 'GET', url: pdf ? `${url}?lang=zz` : url, token: t.tokens[role], ...body });
}

/** The screens walked: every guarded screen, the shell ('*') and the signed-in public top bar (/web). */
const walked = ROUTE_LEVELS.filter((r) => !r.open || r.pattern === '/web');

describe('the role walk', () => {
  it('covers every screen of the route table (000, 001, 002 2.1)', () => {
    const silent = walked.filter((r) => actionsOfScreen(r.pattern).length === 0).map((r) => r.pattern);
    expect(silent.filter((p) => !NO_API_CALLS.has(p))).toEqual([]);
    for (const p of ['/componentlist', '/productslabels', '/orderitemlist', '/orderproductiondetail/:id', '/orderitemdetail/:id', '/productionDashBoard', '/buyings', '/offers', '/users']) {
      expect(walked.map((r) => r.pattern)).toContain(p);
    }
  });

  it('as every role a screen admits, no action the screen shows answers 401/403, and every hidden one answers 403', async () => {
    // What a role may do does not depend on the screen it is on: each action is fired once per role, for the
    // first screen that needs it.
    const pairs = new Map<string, { key: string; role: number; screen: string }>();
    for (const screen of walked) {
      for (const a of actionsOfScreen(screen.pattern)) {
        if (!isCall(a.key) || SESSION_ENDING.has(a.key)) continue;
        for (let role = 0; role <= 7; role++) {
          if (isAllowed(screen.level, role) && !pairs.has(`${a.key}|${role}`)) pairs.set(`${a.key}|${role}`, { key: a.key, role, screen: screen.pattern });
        }
      }
    }
    const wrong: string[] = [];
    let shown = 0;
    const list = [...pairs.values()];
    // Made-up input writes nothing, so the calls go in small parallel batches.
    const answers = [];
    for (let i = 0; i < list.length; i += 8) answers.push(...await Promise.all(list.slice(i, i + 8).map((p) => fire(p.key, p.role))));
    for (const [i, { key, role, screen }] of list.entries()) {
      const res = answers[i];
      if (canDo(key, role)) {
        shown++;
        if (res.statusCode === 401 || res.statusCode === 403) wrong.push(`${screen} as role ${role}: ${key} -> ${res.statusCode} ${res.json().message}`);
      } else if (res.statusCode !== 403) {
        wrong.push(`${screen} as role ${role}: ${key} is hidden (level ${actionLevel(key)}) but answers ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(shown).toBeGreaterThan(300);
  }, 60_000);

  it('refuses every action to the role just above its level with 403', async () => {
    const wrong: string[] = [];
    for (const a of ACTION_TABLE.filter((x) => isCall(x.key) && !SESSION_ENDING.has(x.key))) {
      const level = actionLevel(a.key);
      if (level >= 7) continue;
      const res = await fire(a.key, level + 1);
      if (res.statusCode !== 403) wrong.push(`${a.key} as role ${level + 1} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 30_000);

  it('role 3 raises a purchase request from the component list and reads the products for the label picker', async () => {
    const buy = await t.call({
      method: 'POST', url: '/api/buying/create', token: t.tokens[3], lang: 'tr',
      payload: { siparis_notu: 'Eksik', material_id: 'yok', material_name: 'Vida', material_qty: '5', material_unit: 'Adet', satinalma_durumu: 0 },
    });
    expect(buy.statusCode, buy.body).not.toBe(403);
    const products = await t.call({ method: 'GET', url: '/api/products/list?type=list&page=1&pageSize=10', token: t.tokens[3] });
    expect(products.statusCode, products.body).toBe(200);
    const one = await t.call({ method: 'GET', url: '/api/products/x', token: t.tokens[3] });
    expect(one.statusCode).toBe(404);
    // Role 4 (a dealer) is still outside the back office.
    expect((await t.call({ method: 'GET', url: '/api/products/list', token: t.tokens[4] })).statusCode).toBe(403);
  });

  it("keeps the rules inside a call: another user's record is the user screen's (roles 0-1)", async () => {
    const other = t.userIds[5];
    for (const role of [0, 1]) expect((await t.call({ method: 'GET', url: `/api/users/${other}`, token: t.tokens[role] })).statusCode).toBe(200);
    for (const role of [2, 3]) {
      expect(canDo('user.readOther', role)).toBe(false);
      expect((await t.call({ method: 'GET', url: `/api/users/${other}`, token: t.tokens[role] })).statusCode).toBe(403);
      expect((await t.call({ method: 'GET', url: `/api/users/${t.userIds[role]}`, token: t.tokens[role] })).statusCode).toBe(200);
    }
  });

  it("keeps the order editor's row menus to roles below 3 on the server too (002 6), and role 3 still saves the line", async () => {
    const db = t.database.db;
    const mat = await insertMaterial(db, 901);
    const model = await insertModel(db, 902, { productiondetail: [{ No: 1, Operation: 'Dizgi' }] });
    const product = await insertProduct(db, 903, { id: model, index: 903 }, { production: [{ op_name: 'Dizgi', information: mat, materialqyt: 2, StockUpdate: true }] });
    const made = await t.call({ method: 'POST', url: '/api/orders/create/', token: t.tokens[3], payload: { urun_id: product, urun_miktari: 4, urun_fiyati: 10 } });
    expect(made.statusCode, made.body).toBe(200);
    type Line = { _id: string; __v: number; order_type: string; Operations: { _id: string; Operation: string; Qty: number; OperationDescription: string; OperationDetails: Record<string, unknown>[] }[] };
    const bodyOf = (l: Line, ops = l.Operations) => ({
      order_type: l.order_type, __v: l.__v,
      Operations: ops.map((o) => ({ _id: o._id, Operation: o.Operation, Qty: o.Qty, OperationDescription: o.OperationDescription, OperationDetails: o.OperationDetails })),
    });
    const save = (token: string, body: unknown) => t.call({ method: 'POST', url: `/api/orders/updateitem/${made.json()._id}`, token, payload: body as Record<string, unknown> });
    let line = made.json() as Line;
    // Role 3: the order type and the unchanged operations (the editor's save) go through.
    const typed = await save(t.tokens[3], { ...bodyOf(line), order_type: 'production' });
    expect(typed.statusCode, typed.body).toBe(200);
    line = typed.json() as Line;
    // Adding, renaming or removing an operation is the row menus' (roles below 3).
    const extra = { _id: undefined as unknown as string, Operation: 'Paketleme', Qty: 4, OperationDescription: '', OperationDetails: [] };
    for (const ops of [[...line.Operations, extra], [{ ...line.Operations[0], Operation: 'Montaj' }], []]) {
      const refused = await save(t.tokens[3], bodyOf(line, ops));
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().fields).toEqual({ Operations: expect.any(String) });
    }
    const added = await save(t.tokens[2], bodyOf(line, [...line.Operations, extra]));
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as Line).Operations.map((o) => o.Operation)).toEqual(['Dizgi', 'Paketleme']);
  });
});
