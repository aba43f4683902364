import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import type { Offer, OrderLine } from '@isik/domain';
import { createTestContext, ADMIN, type TestContext } from './test/helper.js';
import { insertMaterial, insertModel, insertProduct } from './modules/catalogue/test-fixtures.js';

// The failure test of issue 27 (ADR 0042): `npm run cluster`'s parts started for real (scripts/cluster.mjs: two API
// instances and two device-service instances on this file's PostgreSQL database, HAProxy in front), a steady load of
// list reads, offer saves and production records through the balancer, and kill -9 of the API instance that holds a
// live socket. No GET may fail (the balancer retries them on the other instance), the socket reconnects and refetches
// and so misses no offer, and afterwards every acknowledged write is stored and every stock balance equals its ledger.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-cluster-'));
fs.chmodSync(dataDir, 0o755);

let t: TestContext;
let cluster: ChildProcess | undefined;
let output = '';
let base = 0;
let line: OrderLine;
const materialIds: string[] = [];
let productId = '';
let companyId = '';

interface State { parts: { name: string; kind: string; port?: number; pid: number | null }[] }
const state = (): State => JSON.parse(fs.readFileSync(path.join(dataDir, 'cluster.json'), 'utf8')) as State;
const url = (p: string) => `http://127.0.0.1:${base}${p}`;
const auth = () => ({ authorization: `Bearer ${t.tokens[2]}`, 'accept-language': 'en' });

/**
 * A port with the next four free too (the cluster takes PORT … PORT+4), below Linux's ephemeral range (32768 on), so
 * no outgoing connection takes one between this check and the cluster's listen.
 */
async function freeBase(): Promise<number> {
  const free = (port: number) => new Promise<boolean>((resolve) => {
    const s = net.createServer().once('error', () => resolve(false)).listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
  for (;;) {
    const p = 20_000 + Math.floor(Math.random() * 12_000);
    let ok = true;
    for (let i = 0; i <= 4 && ok; i++) ok = await free(p + i);
    if (ok) return p;
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function post<T>(p: string, body: unknown): Promise<{ status: number; json?: T }> {
  const res = await fetch(url(p), { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: res.status === 200 ? JSON.parse(text) as T : undefined };
}

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  for (let i = 0; i < 2; i++) materialIds.push(await insertMaterial(db, 900 + i));
  const model = await insertModel(db, 910, { productiondetail: [{ No: 1, Operation: 'Dizgi' }] });
  productId = await insertProduct(db, 911, { id: model, index: 911 }, {
    production: [
      { op_name: 'Dizgi', information: materialIds[0], materialqyt: 2, StockUpdate: true },
      { op_name: 'Dizgi', information: materialIds[1], materialqyt: 0.5, StockUpdate: true },
    ],
  });
  const company = await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[0], payload: { company_name: 'Küme Ltd', company_city: 'Ankara', company_email: 'info@kume.test' } });
  expect(company.statusCode, company.body).toBe(200);
  const order = await t.call({ method: 'POST', url: '/api/offers/create', token: t.tokens[2], payload: offerBody(company.json()._id, 1, productId) });
  expect(order.statusCode, order.body).toBe(200);
  const lines = await t.call({ method: 'GET', url: `/api/orders/list?type=detaillist&filter1=1&filter2=6&offer=${order.json()._id}`, token: t.tokens[2] });
  line = (lines.json() as { orders: OrderLine[] }).orders[0];
  const started = await t.call({ method: 'POST', url: `/api/orders/operations/${line._id}/${line.Operations[0]._id}/start`, token: t.tokens[2], payload: {} });
  expect(started.statusCode, started.body).toBe(200);
  companyId = company.json()._id;

  base = await freeBase();
  cluster = spawn(process.execPath, [path.join(ROOT, 'scripts/cluster.mjs'), '--no-web'], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(base), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: t.databaseUrl,
      JWT_SECRET: t.config.jwtSecret, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'false',
      RATES_JOB: 'false', TCMB_URL: 'http://127.0.0.1:9/none', BACKUP_KEEP: '0', CLUSTER_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cluster.stdout!.on('data', (d) => { output += d; });
  cluster.stderr!.on('data', (d) => { output += d; });
  await until('the cluster', () => (output.includes('Ctrl-C stops everything') ? true : undefined), 150_000);
}, 180_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null) {
    const exited = new Promise((r) => cluster!.once('exit', r));
    cluster.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function offerBody(firma: string, status: number, urunId?: string) {
  return {
    firma_id: firma, firma_adi: 'Küme Ltd', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: status,
    offeritem: [{ urun_adi: 'Astra 30 W', urun_kodu: ['AST', 'P1', '30W'], urun_miktari: urunId ? 100_000 : 3, urun_birimi: 'Adet', urun_fiyati: 46.5, urun_dovizi: '$', urun_kdv: 18, order_type: 'default', ...(urunId ? { urun_id: urunId } : {}) }],
  };
}

/**
 * A browser's live socket as the web client keeps it (web lib/live.ts): it remembers the offers it knows, adds each
 * created offer the socket tells, and after a closed socket connects again through the balancer and refetches.
 */
class LiveClient {
  readonly known = new Set<string>();
  readonly instances: string[] = [];
  reconnects = 0;
  private ws?: WebSocket;
  private stopped = false;

  async start() { await this.connect(); }

  private async refetch() {
    const res = await fetch(url('/api/offers/list?pageSize=1000&filter1=0&filter2=0'), { headers: auth() });
    expect(res.status).toBe(200);
    for (const o of ((await res.json()) as { offers: { _id: string }[] }).offers) this.known.add(o._id);
  }

  private connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${base}/ws`, ['isik.live', `bearer.${t.tokens[2]}`]);
      this.ws = ws;
      ws.on('upgrade', (res) => this.instances.push(String(res.headers['x-instance'])));
      ws.on('message', (data) => {
        const e = JSON.parse(String(data)) as { entity: string; id?: string; action: string };
        // Subscribed from the greeting on: the refetch after it misses nothing made in between.
        if (e.entity === 'hello') void this.refetch().then(resolve, reject);
        if (e.entity === 'offers' && e.action === 'created' && e.id) this.known.add(e.id);
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (this.stopped) return;
        this.reconnects++;
        const again = () => { if (!this.stopped) this.connect().catch(() => setTimeout(again, 200)); };
        setTimeout(again, 200);
      });
    });
  }

  get instance() { return this.instances.at(-1); }
  stop() { this.stopped = true; this.ws?.terminate(); }
}

describe('kill -9 of an API instance under load, behind HAProxy', () => {
  it('fails no GET, the live socket reconnects and misses no offer, and every acknowledged write is stored with stock equal to its ledger', async () => {
    // A live socket on api1, the instance to be killed (round robin: a few tries find it).
    let live: LiveClient | undefined;
    const spare: LiveClient[] = [];
    for (let i = 0; i < 6 && !live; i++) {
      const c = new LiveClient();
      await c.start();
      if (c.instance === 'api1') live = c; else spare.push(c);
      // Each try makes two calls (the upgrade, the refetch): one more moves the round robin on.
      await fetch(url('/api/live'));
    }
    for (const c of spare) c.stop();
    expect(live, 'no live socket landed on api1').toBeDefined();

    const failedGets: string[] = [];
    let gets = 0;
    const offers: string[] = [];
    const records: string[] = [];
    let unacknowledged = 0;
    let running = true;
    const reader = async (paths: string[]) => {
      for (let i = 0; running; i++) {
        const p = paths[i % paths.length];
        try {
          const res = await fetch(url(p), { headers: auth() });
          await res.arrayBuffer();
          gets++;
          if (res.status !== 200) failedGets.push(`${p}: ${res.status}`);
        } catch (e) {
          failedGets.push(`${p}: ${(e as Error).message}`);
        }
      }
    };
    const offerWriter = async () => {
      while (running) {
        try {
          const r = await post<Offer>('/api/offers/create', offerBody(companyId, 0));
          if (r.json) offers.push(r.json._id); else unacknowledged++;
        } catch { unacknowledged++; }
      }
    };
    const recorder = async () => {
      while (running) {
        try {
          const r = await post<OrderLine>(`/api/orders/operations/${line._id}/${line.Operations[0]._id}/record`, { qty: 1 });
          if (r.json) records.push(r.json.Operations[0].OperationComplatedList.at(-1)!._id); else unacknowledged++;
        } catch { unacknowledged++; }
      }
    };
    const load = Promise.all([
      reader(['/api/offers/list?pageSize=50', '/api/companies/list', '/api/orders/list?type=detaillist&filter1=1&filter2=6']),
      reader(['/api/materials/list', `/api/offers/list?pageSize=20&search=K%C3%BCme`, '/api/products/list']),
      offerWriter(), recorder(),
    ]);

    // Steady load, then kill -9 of api1 (the instance the live socket is on), then load through the failure.
    await until('load before the kill', () => (offers.length >= 5 && records.length >= 5 ? true : undefined), 20_000);
    const api1 = state().parts.find((p) => p.name === 'api1')!;
    const offersBefore = offers.length;
    process.kill(api1.pid!, 'SIGKILL');
    await until('the live socket back on another instance', () => (live!.reconnects > 0 && live!.instances.length > 1 ? true : undefined), 15_000);
    await until('writes after the kill', () => (offers.length >= offersBefore + 10 ? true : undefined), 20_000);
    // The cluster starts the killed instance again; the balancer takes it back once ready.
    await until('api1 started again', () => (state().parts.find((p) => p.name === 'api1')!.pid !== api1.pid ? true : undefined), 10_000);
    running = false;
    await load;
    live!.stop();

    expect(failedGets).toEqual([]);
    expect(gets).toBeGreaterThan(50);
    expect(live!.instances[0]).toBe('api1');
    expect(live!.instance).toBe('api2');
    // Every acknowledged offer reached the socket's client (as an event, or by the refetch after reconnecting)...
    const missed = () => offers.filter((id) => !live!.known.has(id));
    await until('every offer known to the live client', () => (missed().length === 0 ? true : undefined), 5_000).catch(() => undefined);
    expect(missed()).toEqual([]);
    // ... and is stored.
    const stored = await t.database.db.execute(sql`select count(*)::int as n from offers where id in ${offers}`) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0].n).toBe(offers.length);
    // Every acknowledged production record is in the line; at most the unacknowledged ones more.
    const after = await t.call({ method: 'GET', url: `/api/orders/list?type=detaillist&filter1=1&filter2=6&offer=${line.teklifno!._id}`, token: t.tokens[2] });
    const op = (after.json() as { orders: OrderLine[] }).orders[0].Operations[0];
    const entries = new Set(op.OperationComplatedList.map((e) => e._id));
    expect(records.filter((id) => !entries.has(id))).toEqual([]);
    expect(op.OperationComplated).toBe(op.OperationComplatedList.length);
    expect(op.OperationComplatedList.length - records.length).toBeLessThanOrEqual(unacknowledged);
    // Every stock balance equals its ledger.
    const off = await t.database.db.execute(sql`
      select id from materials m where m.stock_sum <> (select coalesce(sum(sum_qty), 0) from material_movements x where x.stock_id = m.id)
      union all select id from products p where p.stock_sum <> (select coalesce(sum(sum_qty), 0) from product_movements x where x.product_id = p.id)`) as unknown as { rows: unknown[] };
    expect(off.rows).toEqual([]);
    // The records moved stock: 2 + 0.5 of the materials per piece.
    const taken = await t.database.db.execute(sql`select coalesce(sum(sum_qty), 0)::float as q from material_movements where stock_id = ${materialIds[0]}`) as unknown as { rows: { q: number }[] };
    expect(taken.rows[0].q).toBe(-2 * op.OperationComplated);
  }, 90_000);
});
