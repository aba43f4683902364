import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.js';
import { buildApp } from '../app.js';
import { createTestContext, type TestContext } from '../test/helper.js';

// /metrics, the probes, draining and request ids as a caller sees them (issue 27).
const TOKEN = 'metrics-token-0123456789';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-metrics-test-'));
const backupDir = path.join(tmp, 'backups');
const webDist = path.join(tmp, 'web');
fs.mkdirSync(backupDir);
fs.mkdirSync(webDist);
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body>the app</body></html>');

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ METRICS_TOKEN: TOKEN, BACKUP_DIR: backupDir, WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
/** The value of one series (name with its labels as written), or undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('answers only the METRICS_TOKEN as a bearer token: 401 without it or with another', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-language': 'en' } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'The metrics are read only with the right METRICS_TOKEN (Authorization: Bearer).', code: 'error.metricsToken' });
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    // A user's sign-in token opens no metrics either.
    const user = await t.call({ method: 'GET', url: '/metrics', token: t.tokens[0] });
    expect(user.statusCode).toBe(401);
    const right = await scrape();
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toContain('text/plain');
  });

  it('counts requests by route pattern and status, with a latency histogram', async () => {
    const id = 'no-such-company-4711';
    expect((await t.call({ method: 'GET', url: `/api/companies/${id}`, token: t.tokens[0] })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/companies/list', token: t.tokens[0] })).statusCode).toBe(200);
    const text = (await scrape()).body;
    expect(value(text, 'http_requests_total{method="GET",route="/api/companies/:id",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_requests_total{method="GET",route="/api/companies/list",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/api/companies/list",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/companies/list",status="200"}');
    // The raw URL (a record's id) never becomes a series.
    expect(text).not.toContain(id);
  });

  it('tells the pool, the live-event lag, device links and commands by state, and the process figures', async () => {
    // A change: its NOTIFY reaches this instance's listener, which measures its lag.
    const before = value((await scrape()).body, 'live_event_lag_seconds_count') ?? 0;
    const created = await t.call({ method: 'POST', url: '/api/companies/create/', token: t.tokens[0], payload: { company_name: 'Ölçüm A.Ş.', company_city: 'Ankara', company_email: 'olcum@example.com' } });
    expect(created.statusCode).toBe(200);
    await expect.poll(async () => value((await scrape()).body, 'live_event_lag_seconds_count') ?? 0).toBeGreaterThan(before);

    // Two commands in states of their own, written as the dispatcher would.
    await t.database.db.execute(`insert into devices.gateways (id, mac_addr, device_name, key_hash) values ('gw-metrics', 'AA:BB:CC:00:00:01', 'Ölçüm', 'x')`);
    for (const [id, status] of [['c1', 'queued'], ['c2', 'completed'], ['c3', 'completed']]) {
      await t.database.db.execute(`insert into devices.commands (id, gateway_id, command, payload, user_name, status, created_at, expires_at, updated_at)
        values ('${id}', 'gw-metrics', 'set_mesh_status', '{"macs":[],"cid":1,"value":0}', 'test', '${status}', now(), now() + interval '1 hour', now())`);
    }
    const text = (await scrape()).body;
    expect(value(text, 'device_commands{state="queued"}')).toBe(1);
    expect(value(text, 'device_commands{state="completed"}')).toBe(2);
    expect(value(text, 'device_links')).toBe(0);
    expect(value(text, 'db_pool_connections{pool="isik",state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'db_pool_connections{pool="isik",state="idle"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'db_pool_waiting{pool="isik"}')).toBe(0);
    expect(value(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it("tells the newest backup's age, and nothing while the folder holds none", async () => {
    expect((await scrape()).body).not.toMatch(/^backup_age_seconds/m);
    const older = path.join(backupDir, 'isik-backup-2026-01-01_023000.jsonl.gz');
    const newer = path.join(backupDir, 'isik-backup-2026-01-02_023000.jsonl.gz');
    fs.writeFileSync(older, 'x');
    fs.writeFileSync(newer, 'x');
    fs.writeFileSync(path.join(backupDir, 'notes.txt'), 'not a backup');
    const now = Date.now() / 1000;
    fs.utimesSync(older, now - 90_000, now - 90_000);
    fs.utimesSync(newer, now - 3600, now - 3600);
    fs.utimesSync(path.join(backupDir, 'notes.txt'), now, now);
    const age = value((await scrape()).body, 'backup_age_seconds{file="isik-backup-2026-01-02_023000.jsonl.gz"}');
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3700);
  });

  it('answers 404 when METRICS_TOKEN is unset, as JSON, not with the web app\'s page', async () => {
    const config = loadConfig({ JWT_SECRET: 'test-secret-0123456789abcdef', LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATES_JOB: 'false', TCMB_URL: 'http://127.0.0.1:9/none', WEB_DIST: webDist });
    const app = await buildApp({ config, database: t.database, logger: false });
    try {
      await app.ready();
      // The web app answers its own paths: the fallback is really there.
      expect((await app.inject({ method: 'GET', url: '/companies' })).body).toContain('the app');
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await app.inject({ method: 'GET', url: '/metrics', headers: { ...headers, 'accept-language': 'en' } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'No such address.', code: 'error.routeNotFound' });
      }
    } finally {
      await app.close();
    }
  });
});

describe('liveness, readiness and draining', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: t.config, database: t.database, logger: false });
    await app.ready();
  });
  afterAll(async () => { await app?.close(); });

  it('answers /api/live and /api/health apart; once draining, readiness 503 draining, liveness 200, other calls 503', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/live' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    app.lifecycle.drain();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'draining', ready: false, database: { kind: 'postgres', ok: false, state: 'draining' } });
    const live = await app.inject({ method: 'GET', url: '/api/live' });
    expect(live.statusCode).toBe(200);
    const other = await app.inject({ method: 'GET', url: '/api/companies/list', headers: { 'accept-language': 'en' } });
    expect(other.statusCode).toBe(503);
    expect(other.headers.connection).toBe('close');
    expect(other.json()).toEqual({ message: 'The server is stopping; please try again in a moment.', code: 'error.draining' });
  });
});

describe('request ids', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = { ...t.config, LOG_LEVEL: 'info' as const };
    app = await buildApp({ config, database: t.database, logStream: { write: (line) => { lines.push(line); } } });
    await app.ready();
  });
  afterAll(async () => { await app?.close(); });
  const logged = (id: string) => lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string }).filter((l) => l.reqId === id);

  it('keeps a plain X-Request-Id, answers it back and logs the request under it', async () => {
    const id = 'web-3f2a:call_1.2';
    const res = await app.inject({ method: 'GET', url: '/api/live', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    expect(logged(id).map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('replaces an id with other characters or over 64 characters by a new one, on every answer (404s and errors too)', async () => {
    for (const bad of ['has space', 'a'.repeat(65), '<script>', 'ä-umlaut', '']) {
      const res = await app.inject({ method: 'GET', url: '/api/companies/list', headers: { 'x-request-id': bad } });
      expect(res.statusCode).toBe(401);
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(/^[A-Za-z0-9\-_.:]{1,64}$/);
      expect(id).not.toBe(bad);
      expect(logged(id).length).toBeGreaterThan(0);
    }
    const a = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    const b = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(a.statusCode).toBe(404);
    expect(a.headers['x-request-id']).toBeTruthy();
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect('a'.repeat(64)).toMatch(/^[A-Za-z0-9\-_.:]{1,64}$/);
    const longest = await app.inject({ method: 'GET', url: '/api/live', headers: { 'x-request-id': 'a'.repeat(64) } });
    expect(longest.headers['x-request-id']).toBe('a'.repeat(64));
  });
});
