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
import { SimProcess, type SimEvent } from '../../devices/src/test/sim-process.js';

// The failure test of issue 27 (ADR 0042, 0043): `npm run cluster`'s parts started for real (scripts/cluster.mjs: two
// API instances and two device-service instances on this file's PostgreSQL database, HAProxy in front), simulated
// gateways linked through the balancer, a steady load of list reads, offer saves, production records and device
// commands through the balancer, and kill -9 of the API instance that holds a live socket together with a device
// instance that holds gateways and commands on the wire. No GET may fail (the balancer retries them on the other
// instance), the socket reconnects and refetches and so misses no offer, the gateways link again within 10 s, every
// command is applied once, and afterwards every acknowledged write is stored and every stock balance equals its ledger.

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
let sim: SimProcess | undefined;
/** The simulated gateways (in the simulator's order: its 1-based index addresses one) and their lights. */
let gateways: { id: string; mac: string; lights: string[] }[] = [];
let deviceToken = '';

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
  // The device service's first account (made by this context's app on the fresh database) is the admin's too.
  t = await createTestContext({ DEVICE_ADMIN_EMAIL: ADMIN.email, DEVICE_ADMIN_PASSWORD: ADMIN.password });
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

  // Gateways linked through the balancer (leastconn spreads them over the two device instances), their lights stored.
  sim = new SimProcess(['--count', '6', '--url', url(''), '--email', ADMIN.email, '--password', ADMIN.password, '--seed', '27', '--lights', '4-4', '--meter-interval', '0', '--answer-delay', '10-40']);
  const s = sim;
  const plan = (await s.next((e) => e.event === 'ready')).gateways as { mac: string; lights: { mac: string; connected: boolean }[] }[];
  for (const g of plan) await s.next((e) => e.event === 'connected' && e.mac === g.mac);
  gateways = await until('the gateways and their lights stored', async () => {
    const rows = await t.database.db.execute(sql`
      select g.id, g.mac_addr as mac, count(m.*)::int as n from devices.gateways g join devices.mesh_items m on m.gateway_id = g.id
      where g.status = 'online' group by g.id`) as unknown as { rows: { id: string; mac: string; n: number }[] };
    const found = plan.map((p) => rows.rows.find((r) => r.mac === p.mac && r.n === p.lights.length));
    return found.every(Boolean) ? found.map((r, i) => ({ id: r!.id, mac: r!.mac, lights: plan[i].lights.filter((l) => l.connected).map((l) => l.mac) })) : undefined;
  }, 30_000);
  const login = await fetch(url('/device-api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  deviceToken = ((await login.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  await sim?.stop();
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

/**
 * A client's connection to the balancer kept open between requests (HTTP/1.1 keep-alive), as Node's fetch keeps one:
 * raw, so the test sees when the balancer closes it.
 */
function keptConnection() {
  const socket = net.connect(base, '127.0.0.1');
  let buffer = '';
  let closedAt: number | undefined;
  const waiters: (() => void)[] = [];
  const wake = () => { for (const w of waiters.splice(0)) w(); };
  socket.on('data', (d) => { buffer += String(d); wake(); });
  socket.on('close', () => { closedAt = Date.now(); wake(); });
  socket.on('error', () => undefined);
  return {
    get closedAt() { return closedAt; },
    async get(p: string): Promise<{ status: number; head: string }> {
      buffer = '';
      socket.write(`GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end >= 0) {
          const head = buffer.slice(0, end);
          if (buffer.length - end - 4 >= Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0)) return { status: Number(head.split(' ')[1]), head };
        }
        if (closedAt !== undefined) throw new Error(`the balancer closed the connection (${p})`);
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    close() { socket.destroy(); },
  };
}

/** Rows of a query on the test's database. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('kill -9 of an API instance and a device instance under load, behind HAProxy', () => {
  it('fails no GET, the live socket reconnects and misses no offer, the gateways link again within 10 s, every command is applied once, and every acknowledged write is stored with stock equal to its ledger', async () => {
    const s = sim!;
    // A client connection that stays idle through the run: the instances' answers say `Keep-Alive: timeout=72`
    // (Fastify's keepAliveTimeout) and HAProxy passes that on, so a client may send its next request on it that much
    // later. The balancer closing it after 10 s idle made Node's fetch fail with "other side closed" (3 in the soak).
    const kept = keptConnection();
    const hello = await kept.get('/api/health');
    expect(hello.status).toBe(200);
    const idleSince = Date.now();
    // A device command through the balancer; its answer says which device instance took it (X-Instance).
    const commands: string[] = [];
    let unacknowledgedCommands = 0;
    const refusals: string[] = [];
    const createCommand = async (g: number, value: number) => {
      const res = await fetch(url('/device-api/gateway_commands/create'), {
        method: 'POST', headers: { authorization: `Bearer ${deviceToken}`, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ device_id: gateways[g].id, command: 'set_mesh_status', payload: { macs: gateways[g].lights.slice(0, 2), cid: 1, value } }),
      });
      const text = await res.text();
      if (res.status !== 200) { refusals.push(`${res.status} ${text.slice(0, 300)}`); return undefined; }
      const c = JSON.parse(text) as { _id: string; status: string };
      commands.push(c._id);
      return { status: c.status, instance: String(res.headers.get('x-instance')) };
    };
    // Which device instance holds each gateway's link: a create is stored 'sent' by the instance holding it, 'queued'
    // by the other one (ADR 0043).
    const holder: string[] = [];
    for (let g = 0; g < gateways.length; g++) {
      expect(gateways[g].lights.length, `gateway ${g + 1} has no light on its mesh`).toBeGreaterThan(0);
      const c = await createCommand(g, 10 + 5 * g);
      expect(c, refusals.join('\n')).toBeDefined();
      holder.push(c!.status === 'sent' ? c!.instance : c!.instance === 'dev1' ? 'dev2' : 'dev1');
    }
    const victim = holder.includes('dev1') ? 'dev1' : 'dev2';
    const victimGateways = gateways.flatMap((g, i) => (holder[i] === victim ? [{ ...g, index: i + 1 }] : []));
    expect(victimGateways.length).toBeGreaterThan(0);

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
    const commander = async () => {
      for (let i = 0; running; i++) {
        try {
          if (!(await createCommand(i % gateways.length, 5 * (i % 21)))) unacknowledgedCommands++;
        } catch { unacknowledgedCommands++; }
      }
    };
    const load = Promise.all([
      reader(['/api/offers/list?pageSize=50', '/api/companies/list', '/api/orders/list?type=detaillist&filter1=1&filter2=6']),
      reader(['/api/materials/list', `/api/offers/list?pageSize=20&search=K%C3%BCme`, '/api/products/list']),
      offerWriter(), recorder(), commander(),
    ]);

    // Steady load, then kill -9 of api1 (the instance the live socket is on) and of a device instance holding
    // gateways, then load through the failure.
    await until('load before the kill', () => (offers.length >= 5 && records.length >= 5 && commands.length >= gateways.length + 10 ? true : undefined), 20_000);
    // The victim's gateways stop answering: what the victim sends them from now on stays on the wire when it dies.
    // What they answered before has been stored: an answer lost with the instance would make the gateway apply that
    // command again on its new link (ADR 0043, "Left open"), which this test is not about.
    for (const g of victimGateways) await s.send({ cmd: 'ignore', gateway: g.index, on: true });
    const victimMacs = new Set(victimGateways.map((g) => g.mac));
    await until('the victim\'s answers stored', async () => {
      const taken = [...new Set(s.events.filter((e) => e.event === 'command' && victimMacs.has(String(e.mac)) && !e.ignored).map((e) => String(e.id)))];
      if (taken.length === 0) return true;
      const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from devices.commands where status = 'completed' and id in ${taken}`);
      return n === taken.length ? true : undefined;
    }, 10_000);
    // At least one command on the wire to a victim's gateway (sent by the victim, taken, not answered).
    await s.next((e) => e.event === 'command' && e.ignored === true && victimMacs.has(String(e.mac)));
    const api1 = state().parts.find((p) => p.name === 'api1')!;
    const dev = state().parts.find((p) => p.name === victim)!;
    const offersBefore = offers.length;
    const commandsBefore = commands.length;
    const mark = s.mark;
    const killedAt = Date.now();
    process.kill(api1.pid!, 'SIGKILL');
    process.kill(dev.pid!, 'SIGKILL');
    await s.send({ cmd: 'ignore', on: false });
    // Each of the victim's gateways lost its link and linked again (to the other instance, or the victim started
    // again) within 10 s.
    const linkedAgain = (mac: string) => {
      const after = s.events.slice(mark);
      const lost = after.findIndex((e) => e.event === 'disconnected' && e.mac === mac);
      return lost >= 0 && after.slice(lost).some((e) => e.event === 'connected' && e.mac === mac);
    };
    const back = await until('the victim\'s gateways linked again', () => (victimGateways.every((g) => linkedAgain(g.mac)) ? Date.now() - killedAt : undefined), 15_000);
    expect(back).toBeLessThan(10_000);
    // What the victim had on the wire goes out again at once through the gateway's new link, not after the victim
    // is swept as dead (INSTANCE_STALE_MS, 15 s).
    const onWire = [...new Set(s.events.slice(0, mark).filter((e) => e.event === 'command' && e.ignored === true && victimMacs.has(String(e.mac))).map((e) => String(e.id)))];
    const resent = await until('the commands on the wire completed', async () => {
      const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from devices.commands where status = 'completed' and id in ${onWire}`);
      return n === onWire.length ? Date.now() - killedAt : undefined;
    }, 30_000);
    expect(resent).toBeLessThan(10_000);
    await until('the live socket back on another instance', () => (live!.reconnects > 0 && live!.instances.length > 1 ? true : undefined), 15_000);
    await until('writes after the kill', () => (offers.length >= offersBefore + 10 && commands.length >= commandsBefore + 10 ? true : undefined), 20_000);
    // The cluster starts the killed instance again; the balancer takes it back once ready.
    await until('api1 started again', () => (state().parts.find((p) => p.name === 'api1')!.pid !== api1.pid ? true : undefined), 10_000);
    running = false;
    await load;
    live!.stop();
    // The kept connection, idle longer than the balancer's old 10 s (and less than the Keep-Alive it was told), still answers.
    expect(Number(/keep-alive: *timeout=(\d+)/i.exec(hello.head)?.[1])).toBeGreaterThan(11);
    await until('the kept connection idle for 11 s', () => (Date.now() - idleSince >= 11_000 || kept.closedAt !== undefined ? true : undefined), 15_000);
    expect(kept.closedAt === undefined ? 'open' : `closed after ${kept.closedAt - idleSince} ms idle`).toBe('open');
    expect((await kept.get('/api/health')).status).toBe(200);
    kept.close();

    // Every command stored (the acknowledged ones and any whose answer died with its instance) completes, and the
    // gateways applied each once: the one on the wire when the victim died, those created while its gateways were away.
    const unfinished = () => rows<{ id: string; status: string }>(sql`select id, status from devices.commands where status <> 'completed'`);
    await until('every command completed', async () => ((await unfinished()).length === 0 ? true : undefined), 30_000)
      .catch(async (e: Error) => { throw new Error(`${e.message}\n${JSON.stringify(await unfinished())}\n${s.report(30)}`); });
    const storedCommands = (await rows<{ id: string }>(sql`select id from devices.commands`)).map((r) => r.id);
    expect(commands.filter((id) => !storedCommands.includes(id))).toEqual([]);
    const applied = new Map<string, number>();
    for (const e of s.events as SimEvent[]) if (e.event === 'applied') applied.set(String(e.id), (applied.get(String(e.id)) ?? 0) + 1);
    expect(storedCommands.filter((id) => applied.get(id) !== 1).map((id) => `${id}: applied ${applied.get(id) ?? 0} times`)).toEqual([]);
    expect(commands.length - commandsBefore).toBeGreaterThanOrEqual(10);
    console.log(`device instance ${victim} killed with ${victimGateways.length} of ${gateways.length} gateways and ${onWire.length} commands on the wire: `
      + `its gateways linked again in ${back} ms, those commands completed ${resent} ms after the kill; ${storedCommands.length} commands, each applied once (${unacknowledgedCommands} creates unanswered)`);

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
  }, 120_000);
});
