import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig } from '../config.js';
import { buildApp } from '../app.js';
import { ensureAdmin } from '../seed/seed.js';
import { insertMaterial } from '../modules/catalogue/test-fixtures.js';
import { openDatabase, type Database } from './database.js';
import type { EmbeddedState } from './embedded.js';
import { materialMovements } from './schema.js';

// Issue 22: kill -9 of the embedded PostgreSQL (the product's default database) under writes. The process lives,
// the requests in flight and those during the restart answer 503, the supervisor starts PostgreSQL again (logged),
// /api/health says "not ready" until it is back, the events listener listens again, nothing acknowledged is lost.
// A cluster of its own in a temporary folder; every commit is written before it is answered (it survives a killed
// server), without the product's fsync (which only a power cut needs).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-supervisor-test-'));
// Reachable by the system user the embedded PostgreSQL runs as when the tests run as root.
fs.chmodSync(dataDir, 0o755);
const logged: string[] = [];
let database: Database;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  database = await openDatabase({ dataDir, durable: 'process', log: (m) => logged.push(m), poolSize: 8 });
  const config = loadConfig({ JWT_SECRET: 'test-secret-0123456789abcdef', LOG_LEVEL: 'silent', SEED_DEMO: 'false', TCMB_URL: 'http://127.0.0.1:9/none', RATES_JOB: 'false' });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  await ensureAdmin(database.db, 'admin@test.local', 'Admin12345!');
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@test.local', password: 'Admin12345!' } });
  token = (login.json() as { token: string }).token;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = (opts: InjectOptions) => app.inject({ ...opts, headers: { authorization: `Bearer ${token}`, 'accept-language': 'tr', ...(opts.headers ?? {}) } });

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the embedded PostgreSQL killed under writes', () => {
  it('is restarted by its supervisor; health is not ready until then; in-flight writes answer 503; nothing acknowledged is lost', async () => {
    const server = database.embedded!.server;
    const health0 = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health0.statusCode).toBe(200);
    expect(health0.json()).toEqual({ status: 'ok', ready: true, database: { kind: 'embedded', ok: true, state: 'ready' } });

    const heard: string[] = [];
    let resumed = 0;
    const unlisten = await database.listen((p) => heard.push(p), () => { resumed++; });
    const states: EmbeddedState[] = [];
    const offState = server.onStateChange((s) => states.push(s));

    const mid = await insertMaterial(database.db, 1);
    const statuses: number[] = [];
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const res = await call({ method: 'POST', url: '/api/stock/create', payload: { stock_id: mid, operation_type: 'giris', operation_center: 'fatura', qty: 1, price: 1, description: `w${w}-${i}` } });
        statuses.push(res.statusCode);
        if (res.statusCode === 200) acknowledged.push((res.json() as { _id: string })._id);
        else if (res.statusCode === 503) {
          expect(res.json()).toEqual({ code: 'error.databaseUnavailable', message: 'Veritabanına şu an ulaşılamıyor, lütfen tekrar deneyin.' });
          // While PostgreSQL is down every call fails at once: give the others a turn.
          await new Promise((r) => setTimeout(r, 10));
        }
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    const oldPid = server.pid;
    try {
      await until(() => acknowledged.length >= 12, 'saves before the kill');
      process.kill(oldPid, 'SIGKILL');
      await until(() => states.includes('restarting'), 'the supervisor to notice');
      const during = await app.inject({ method: 'GET', url: '/api/health' });
      expect(during.statusCode).toBe(503);
      expect(during.json()).toEqual({ status: 'degraded', ready: false, database: { kind: 'embedded', ok: false, state: 'restarting' } });

      await until(() => states.includes('running'), 'PostgreSQL to run again');
      await until(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200, 'health to say ready');
      const before = acknowledged.length;
      await until(() => acknowledged.length >= before + 12, 'saves after the restart');
    } finally {
      stop = true;
      await Promise.all(writers);
      offState();
    }
    expect(server.pid).not.toBe(oldPid);
    expect(server.state()).toBe('running');
    expect(logged.some((m) => m.includes(`The embedded PostgreSQL (pid ${oldPid}) ended unexpectedly (signal SIGKILL): restarting it`))).toBe(true);
    expect(logged.some((m) => m.startsWith('The embedded PostgreSQL is running again'))).toBe(true);

    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    const rows = await database.db.select({ id: materialMovements.id }).from(materialMovements).where(eq(materialMovements.stock_id, mid));
    const stored = new Set(rows.map((r) => r.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    // The events listener came back by itself (PostgreSQL was gone for longer than one retry) and hears again.
    await until(() => resumed > 0, 'the listener to resume');
    await until(async () => { await database.db.execute(`select pg_notify('app_events', 'after-restart')`); return heard.includes('after-restart'); }, 'an event after the restart');
    await unlisten();
  }, 60_000);
});
