import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifyInTx } from '../db/database.js';
import { users } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { signToken } from '../lib/tokens.js';
import { createTestContext, type SecondInstance, type TestContext } from '../test/helper.js';

interface LiveEvent { entity: string; id?: string; action: string }

/** A socket client that keeps every event it receives, so a test can wait for one or assert there was none. */
class Client {
  readonly events: LiveEvent[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.events.push(JSON.parse(String(data)) as LiveEvent);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
    this.opened = new Promise((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  }

  /** Waits for the first event (from index `from` on) that matches; fails after `ms`. */
  async next(match: (e: LiveEvent) => boolean, from = 0, ms = 3000): Promise<LiveEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(timer); resolve(); });
      });
    }
  }

  /** Resolves once the server's greeting arrived: from then on the socket receives every event. */
  ready() { return this.next((e) => e.entity === 'hello'); }
  close() { this.ws.terminate(); }
}

let t: TestContext;
let base: string;
const sockets: Client[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens /ws the way the web client does: the token as the subprotocol `bearer.<token>` beside `isik.live`. */
function connect(host: string, token: string | null, headers: Record<string, string> = {}, path = '/ws'): Client {
  const protocols = token === null ? [] : ['isik.live', `bearer.${token}`];
  const c = new Client(new WebSocket(`ws://${host}${path}`, protocols, { headers }));
  sockets.push(c);
  return c;
}
const tokenOf = (role: number) => t.tokens[role];

/**
 * A sentinel event sent through the database after everything a test did: events arrive in order, so once it
 * arrived every earlier event has too. Answers the events between `from` and the sentinel.
 */
async function eventsUntilSentinel(c: Client, from: number): Promise<LiveEvent[]> {
  const id = `sentinel-${newId()}`;
  await t.database.db.transaction(async (tx) => { await notifyInTx(tx, { entity: 'sentinel', id, action: 'changed' }); });
  await c.next((e) => e.id === id, from);
  const events = c.events.slice(from);
  return events.slice(0, events.findIndex((e) => e.id === id));
}

function newCompany(name: string) {
  return { company_name: name, company_city: 'Ankara', company_email: 'info@example.com' };
}

beforeAll(async () => {
  t = await createTestContext();
  base = await listen(t.app);
});
afterEach(() => { for (const s of sockets.splice(0)) s.close(); });
afterAll(async () => { await t?.close(); });

describe('the live socket /ws', () => {
  it('carries created events of a change, and the log event, to a role 2 socket', async () => {
    const c = connect(base, tokenOf(2));
    await c.ready();
    const res = await t.call({ method: 'POST', url: '/api/companies/create', payload: newCompany('Canlı Firma'), token: t.tokens[2] });
    expect(res.statusCode).toBe(200);
    const id = res.json()._id;
    expect(await c.next((e) => e.entity === 'companies')).toEqual({ entity: 'companies', id, action: 'created' });
    expect(await c.next((e) => e.entity === 'logs')).toMatchObject({ entity: 'logs', action: 'created' });
    // Updates and deletes are carried too, over real HTTP as well as injected calls.
    const c2 = (await t.call({ method: 'GET', url: `/api/companies/${id}`, token: t.tokens[2] })).json();
    const upd = await fetch(`http://${base}/api/companies/update/${id}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.tokens[2]}` },
      body: JSON.stringify({ ...newCompany('Canlı Firma 2'), __v: c2.__v }),
    });
    expect(upd.status).toBe(200);
    expect(await c.next((e) => e.entity === 'companies' && e.action === 'updated')).toEqual({ entity: 'companies', id, action: 'updated' });
    expect((await t.call({ method: 'DELETE', url: `/api/companies/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(200);
    expect(await c.next((e) => e.entity === 'companies' && e.action === 'deleted')).toEqual({ entity: 'companies', id, action: 'deleted' });
  });

  it('closes a socket without a token, with a bad token or with a role above 3 with code 4401', async () => {
    for (const token of [null, '', 'abc.def.ghi', tokenOf(5), tokenOf(7)]) {
      const c = connect(base, token);
      const { code } = await c.closed;
      expect(code, String(token)).toBe(4401);
      expect(c.events.filter((e) => e.entity !== 'hello')).toEqual([]);
    }
  });

  it('takes the token from the subprotocol only: a token in the URL is refused, and the answer names isik.live, never the token', async () => {
    const inUrl = connect(base, null, {}, `/ws?token=${encodeURIComponent(tokenOf(2))}`);
    expect((await inUrl.closed).code).toBe(4401);
    const c = connect(base, tokenOf(2));
    await c.ready();
    expect(c.ws.protocol).toBe('isik.live');
  });

  it('closes a socket whose token was revoked by sign-out with code 4401', async () => {
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'r3@test.local', password: 'User12345!' } });
    const token = login.json().token;
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    const c = connect(base, token);
    expect((await c.closed).code).toBe(4401);
    t.tokens[3] = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'r3@test.local', password: 'User12345!' } })).json().token;
  });

  it('closes the open socket of a user who is deactivated or changes their password, and only theirs', async () => {
    const id = newId();
    const hash = (await t.database.db.select({ h: users.password_hash }).from(users).where(eq(users.id, t.userIds[3])))[0].h;
    await t.database.db.insert(users).values({ id, firstname: 'Soket', lastname: 'Kisi', email: 'socket@test.local', role: 2, password_hash: hash });
    const token = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'socket@test.local', password: 'User12345!' } })).json().token;
    const theirs = connect(base, token);
    const bystander = connect(base, tokenOf(2));
    await Promise.all([theirs.ready(), bystander.ready()]);
    const u = (await t.call({ method: 'GET', url: `/api/users/${id}`, token: t.tokens[1] })).json();
    const { _id: _i, date: _d, usercompany_name: _n, ...body } = u;
    const res = await t.call({ method: 'POST', url: `/api/users/update/${id}`, payload: { ...body, userstate: false }, token: t.tokens[1] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await theirs.closed).code).toBe(4401);
    expect(await bystander.next((e) => e.entity === 'users' && e.id === id)).toEqual({ entity: 'users', id, action: 'updated' });
    expect(bystander.ws.readyState).toBe(WebSocket.OPEN);

    // A self password change closes the sockets of the old token; the fresh token connects.
    const r2 = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'r2@test.local', password: 'User12345!' } });
    const old = r2.json().token;
    const mine = connect(base, old);
    await mine.ready();
    const changed = await t.call({ method: 'POST', url: `/api/users/paswordchange/${t.userIds[2]}`, payload: { password: 'User12345!' }, token: old });
    expect(changed.statusCode).toBe(200);
    expect((await mine.closed).code).toBe(4401);
    t.tokens[2] = changed.json().token;
    const fresh = connect(base, tokenOf(2));
    await fresh.ready();
  });

  it('closes an open socket with 4401 when its token expires, not at a later sweep', async () => {
    // A token of role 2's session with 2 s to live (as TOKEN_TTL=2s would issue it).
    const { tv } = JSON.parse(Buffer.from(tokenOf(2).split('.')[1], 'base64url').toString()) as { tv: number };
    const short = signToken(t.config.jwtSecret, { sub: t.userIds[2], tv }, '2s');
    const c = connect(base, short.token);
    await c.ready();
    const { code } = await c.closed;
    expect(code).toBe(4401);
    // Closed within a second of the expiry (the sweep runs once a minute).
    expect(Date.now()).toBeLessThan(new Date(short.expiresAt).getTime() + 1_000);
  });

  it('closes a socket from a foreign Origin with 1008, and accepts its own origin', async () => {
    const foreign = connect(base, tokenOf(2), { origin: 'https://evil.example' });
    expect((await foreign.closed).code).toBe(1008);
    const own = connect(base, tokenOf(2), { origin: `http://${base}` });
    await own.ready();
    expect(own.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('sends nothing for a change refused inside its transaction', async () => {
    const c = connect(base, tokenOf(2));
    await c.ready();
    const created = (await t.call({ method: 'POST', url: '/api/companies/create', payload: newCompany('Çakışma Firma'), token: t.tokens[2] })).json();
    await c.next((e) => e.entity === 'companies' && e.id === created._id);
    await c.next((e) => e.entity === 'logs');
    const seen = c.events.length;

    // A stale version, a company with users, a duplicate e-mail and a module-permission refusal: all refused, none announced.
    const stale = await t.call({ method: 'POST', url: `/api/companies/update/${created._id}`, payload: { ...newCompany('Eski'), __v: created.__v + 1 }, token: t.tokens[2] });
    expect(stale.statusCode).toBe(409);
    await t.database.db.insert(users).values({ id: newId(), firstname: 'Bağlı', lastname: 'Kişi', email: 'bagli@test.local', company_id: created._id, password_hash: 'x' });
    const guarded = await t.call({ method: 'GET', url: `/api/companies/delete/${created._id}`, token: t.tokens[2] });
    expect(guarded.statusCode).toBe(409);
    const dup = await t.call({ method: 'POST', url: '/api/users/create', payload: { firstname: 'Aynı', lastname: 'Posta', email: 'r2@test.local', password: 'Secret123!' }, token: t.tokens[1] });
    expect(dup.statusCode).toBe(409);
    expect(await eventsUntilSentinel(c, seen)).toEqual([]);

    // The next accepted change is announced once.
    const ok = await t.call({ method: 'POST', url: `/api/companies/update/${created._id}`, payload: { ...newCompany('Yeni Ad'), __v: created.__v }, token: t.tokens[2] });
    expect(ok.statusCode).toBe(200);
    expect((await eventsUntilSentinel(c, seen)).filter((e) => e.entity !== 'sentinel'))
      .toEqual([{ entity: 'companies', id: created._id, action: 'updated' }, { entity: 'logs', action: 'created' }]);
  });

  it('delivers an event only when its transaction commits', async () => {
    const c = connect(base, tokenOf(1));
    await c.ready();
    const seen = c.events.length;
    await expect(t.database.db.transaction(async (tx) => {
      await notifyInTx(tx, { entity: 'companies', id: 'rolled-back', action: 'updated' });
      throw new Error('refused');
    })).rejects.toThrow('refused');
    let duringTx = -1;
    await t.database.db.transaction(async (tx) => {
      await notifyInTx(tx, { entity: 'companies', id: 'committed', action: 'updated' });
      // A ping answered means everything the server sent before it has arrived.
      await new Promise<void>((resolve) => { c.ws.once('pong', () => resolve()); c.ws.ping(); });
      duringTx = c.events.length - seen;
    });
    expect(duringTx).toBe(0);
    expect(await c.next((e) => e.id === 'committed', seen)).toEqual({ entity: 'companies', id: 'committed', action: 'updated' });
    expect((await eventsUntilSentinel(c, seen)).map((e) => e.id)).toEqual(['committed']);
  });
});

describe('two API instances on one database', () => {
  let second: SecondInstance;
  let other: string;
  beforeAll(async () => {
    second = await t.openSecondInstance();
    other = await listen(second.app);
  });
  afterAll(async () => { await second?.close(); });

  it('a change made through instance A reaches a socket on instance B, and the other way round', async () => {
    const onA = connect(base, tokenOf(2));
    const onB = connect(other, tokenOf(2));
    await Promise.all([onA.ready(), onB.ready()]);

    const viaA = await t.call({ method: 'POST', url: '/api/companies/create', payload: newCompany('A Firması'), token: t.tokens[2] });
    expect(viaA.statusCode).toBe(200);
    const idA = viaA.json()._id;
    expect(await onB.next((e) => e.id === idA)).toEqual({ entity: 'companies', id: idA, action: 'created' });
    expect(await onA.next((e) => e.id === idA)).toEqual({ entity: 'companies', id: idA, action: 'created' });

    const viaB = await fetch(`http://${other}/api/companies/create`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.tokens[2]}` }, body: JSON.stringify(newCompany('B Firması')),
    });
    expect(viaB.status).toBe(200);
    const idB = ((await viaB.json()) as { _id: string })._id;
    expect(await onA.next((e) => e.id === idB)).toEqual({ entity: 'companies', id: idB, action: 'created' });
    expect(await onB.next((e) => e.id === idB)).toEqual({ entity: 'companies', id: idB, action: 'created' });

    // Both instances read the same data and honour the same sessions.
    const fromB = await second.app.inject({ method: 'GET', url: `/api/companies/${idA}`, headers: { authorization: `Bearer ${t.tokens[2]}` } });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().company_name).toBe('A Firması');
  });

  it('a sign-out on one instance ends the session on the other at once', async () => {
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'r3@test.local', password: 'User12345!' } });
    const token = login.json().token;
    const live = connect(other, token);
    await live.ready();
    expect((await second.app.inject({ method: 'GET', url: '/api/auth/verifytoken', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    // B keeps its signed-in users in a cache that the users live event clears (issue 9): B refuses the
    // token as soon as the event, through LISTEN/NOTIFY, has reached it.
    let reachedB!: () => void;
    const onB = new Promise<void>((resolve) => { reachedB = resolve; });
    const stopB = await second.database.listen((p) => { if ((JSON.parse(p) as { entity?: string }).entity === 'users') reachedB(); });
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    await onB;
    await stopB();
    // B's own listener has its own connection: the event may reach the test's listener a moment before B's.
    await vi.waitFor(async () => {
      expect((await second.app.inject({ method: 'GET', url: '/api/auth/verifytoken', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    }, { timeout: 5_000, interval: 20 });
    // The socket it had open on the other instance is closed too.
    expect((await live.closed).code).toBe(4401);
    const c = connect(other, token);
    expect((await c.closed).code).toBe(4401);
    t.tokens[3] = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'r3@test.local', password: 'User12345!' } })).json().token;
  });
});
