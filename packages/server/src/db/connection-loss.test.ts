import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { WebSocket } from 'ws';
import { materialMovements } from './schema.js';
import { createTestContext, type TestContext } from '../test/helper.js';
import { insertMaterial } from '../modules/catalogue/test-fixtures.js';
import { createPool } from './pool.js';

// Issue 22: the app's connections are dropped under it (pg_terminate_backend from another connection, as a DBA or
// a failover would) while six writers save stock movements. A connection in use had no 'error' handler: the
// process ended. Now the requests in flight answer 503 (or succeed), the pool reconnects, nothing acknowledged is lost.

let t: TestContext;
let admin: pg.Client;
beforeAll(async () => {
  t = await createTestContext();
  admin = new pg.Client({ connectionString: t.databaseUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await t?.close();
});

/** Ends every other connection to the test file's database: the app's pool and its LISTEN connection. */
async function terminateAppConnections(): Promise<number> {
  const r = await admin.query<{ n: number }>(
    'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return r.rows[0].n;
}

/** Resolves once `check` is true, checked every 20 ms, or fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a dropped database connection', () => {
  it('answers 503 in the caller\'s language for the requests in flight, never 500 or a crash; later requests succeed and nothing acknowledged is lost', async () => {
    const mid = await insertMaterial(t.database.db, 1);
    const statuses: number[] = [];
    const acknowledged: string[] = [];
    const unavailable: { message: string; code: string }[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const res = await t.call({
          method: 'POST', url: '/api/stock/create', token: t.tokens[2], lang: 'tr',
          payload: { stock_id: mid, operation_type: 'giris', operation_center: 'fatura', qty: 1, price: 1, description: `w${w}-${i}` },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 200) acknowledged.push((res.json() as { _id: string })._id);
        else if (res.statusCode === 503) unavailable.push(res.json());
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    try {
      for (let round = 0; round < 3; round++) {
        // Saves go through (the pool has reconnected), then the connections are cut under them.
        const before = acknowledged.length;
        await until(() => acknowledged.length >= before + 12, `saves before drop ${round + 1}`);
        expect(await terminateAppConnections()).toBeGreaterThan(0);
      }
      const before = acknowledged.length;
      await until(() => acknowledged.length >= before + 12, 'saves after the last drop');
    } finally {
      stop = true;
      await Promise.all(writers);
    }

    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // Six writers were in the middle of their transactions: some were cut.
    expect(unavailable.length).toBeGreaterThan(0);
    for (const body of unavailable) {
      expect(body).toEqual({ code: 'error.databaseUnavailable', message: 'Veritabanına şu an ulaşılamıyor, lütfen tekrar deneyin.' });
    }
    // Every acknowledged movement is stored; the balance is the ledger's sum (a cut commit may have stored a
    // movement whose answer was 503: stored rows >= acknowledged).
    const rows = await t.database.db.select({ id: materialMovements.id }).from(materialMovements).where(eq(materialMovements.stock_id, mid));
    const stored = new Set(rows.map((r) => r.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    const material = await t.call({ method: 'GET', url: `/api/materials/${mid}`, token: t.tokens[2] });
    expect(material.statusCode).toBe(200);
    expect(material.json()).toMatchObject({ stockSum: rows.length });
    const [sum] = await t.database.db.select({ s: sql<string>`sum(${materialMovements.sum_qty})::text` }).from(materialMovements).where(eq(materialMovements.stock_id, mid));
    expect(Number(sum.s)).toBe(rows.length);
  });

  it('the events listener comes back by itself and hears NOTIFY again', async () => {
    const heard: string[] = [];
    const unlisten = await t.database.listen((p) => { heard.push(p); });
    try {
      const notify = (p: string) => admin.query('select pg_notify($1, $2)', ['app_events', p]);
      await notify('before');
      await until(() => heard.includes('before'), 'the first event');
      // Twice: the second drop hits the listener that came back after the first.
      for (const round of [1, 2]) {
        expect(await terminateAppConnections()).toBeGreaterThan(0);
        const payload = `after-${round}`;
        // Sent until heard: NOTIFY reaches only listeners that were listening when it was sent.
        await until(async () => { await notify(payload); return heard.includes(payload); }, `an event after drop ${round}`);
      }
      // One listener, not one per drop: a last event is heard once.
      const last = `last-${Date.now()}`;
      await notify(last);
      await until(() => heard.includes(last), 'the last event');
      await notify('end');
      await until(() => heard.includes('end'), 'the end marker');
      expect(heard.filter((p) => p === last)).toHaveLength(1);
    } finally {
      await unlisten();
    }
  });

  it('a dead connection never keeps its pool slot, even when its holder does not release it', async () => {
    const logged: string[] = [];
    const pool = createPool(t.databaseUrl!, { max: 1, log: (m) => logged.push(m) });
    try {
      // A holder whose connection is cut while it holds it, and that never releases it (as Drizzle's transaction()
      // does when its BEGIN fails on a cut connection).
      const held = await pool.connect();
      const { rows: [{ pid }] } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
      const lost = new Promise((resolve) => held.once('error', resolve));
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await lost;
      // The only slot is free again: the next query gets a new connection (it waited forever before).
      expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await expect(held.query('select 1')).rejects.toThrow(/not queryable/);
      held.release();
      expect(logged.some((m) => m.startsWith('database connection lost'))).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('live sockets are asked to reconnect once the events connection is back (events meanwhile were missed), and then carry events again', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = () => {
      const ws = new WebSocket(`ws://${host}/ws`, ['isik.live', `bearer.${t.tokens[2]}`]);
      const events: { entity: string; action: string }[] = [];
      ws.on('message', (d) => events.push(JSON.parse(String(d)) as { entity: string; action: string }));
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      return { ws, events, closed };
    };
    const first = open();
    await until(() => first.events.some((e) => e.entity === 'hello'), 'the greeting');
    expect(await terminateAppConnections()).toBeGreaterThan(0);
    // 1012 (service restart): the web client reconnects and refetches what it shows (web lib/live.ts).
    expect(await first.closed).toBe(1012);
    const second = open();
    try {
      await until(() => second.events.some((e) => e.entity === 'hello'), 'the greeting after reconnecting');
      const made = await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[2], payload: { company_name: 'Yeniden Bağlanan A.Ş.', company_city: 'Ankara', company_email: 'info@example.com' } });
      expect(made.statusCode).toBe(200);
      await until(() => second.events.some((e) => e.entity === 'companies' && e.action === 'created'), 'the event of a change');
    } finally {
      second.ws.terminate();
    }
  });
});
