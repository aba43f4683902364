import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { desc, eq } from 'drizzle-orm';
import { COMMAND_TIMEOUT_MS, liveSocketProtocols, type Command, type CommandStatus } from '@isik/domain';
import { createTestContext, type TestContext } from '../../server/src/test/helper.js';
import { ManualClock } from './clock.js';
import { createDeviceService, type DeviceService } from './service.js';
import { deviceAccounts, deviceLogs } from './db/schema.js';
import { SESSION_CACHE_MS } from './accounts.js';
import { SimProcess } from './test/sim-process.js';
import { until } from './test/wait.js';
import type { DeviceDb } from './db/types.js';

/**
 * The device service against the real gateway simulator process (`npm run gateway-sim`). The service's
 * dispatcher runs on a clock the test moves; the simulator's programs run on its manual clock.
 */
const ADMIN = { email: 'iot-admin@test.local', password: 'DeviceAdmin123!' };

let t: TestContext;
let clock: ManualClock;
let base: string;
let token: string;
const sims: SimProcess[] = [];

function simArgs(seed: number, extra: string[] = []): string[] {
  return ['--count', '1', '--url', base, '--email', ADMIN.email, '--password', ADMIN.password, '--seed', String(seed), '--lights', '6-6', '--meter-interval', '0', '--answer-delay', '10-40', ...extra];
}
function startSim(seed: number, extra: string[] = [], url?: string): SimProcess {
  const s = new SimProcess(url ? simArgs(seed, extra).map((a) => (a === base ? url : a)) : simArgs(seed, extra));
  sims.push(s);
  // A test that times out waiting for the simulator says what the simulator last did.
  onTestFailed(() => { console.error(s.report()); });
  return s;
}
async function gatewayOf(sim: SimProcess, service: DeviceService = t.app.devices) {
  const ready = await sim.next((e) => e.event === 'ready');
  await sim.next((e) => e.event === 'connected');
  const gw = (ready.gateways as { mac: string; lights: { mac: string; connected: boolean }[] }[])[0];
  const rec = await service.gateways.byMac(gw.mac);
  await until(service, () => service.links.sender.isOnline(rec!.id));
  const lights = gw.lights.filter((l) => l.connected).map((l) => l.mac);
  // Online comes with the hello; the lights come in the frames after it: a command names stored lights only.
  await until(service, async () => {
    const stored = new Set((await service.gateways.details(rec!.id)).mesh_items.map((m) => m.mac_addr));
    return lights.every((mac) => stored.has(mac));
  });
  return { id: rec!.id, mac: gw.mac, lights };
}
function command(deviceId: string, macs: string[], value: number, baseUrl?: string) {
  return fetch(`${baseUrl ?? base}/device-api/gateway_commands/create/`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ device_id: deviceId, command: 'set_mesh_status', payload: { macs, cid: 1, value } }),
  }).then(async (r) => {
    const body = await r.json() as Command;
    // Every command of these tests is accepted; a refusal says why instead of failing later on a missing field.
    expect(r.status, JSON.stringify(body)).toBe(200);
    return { status: r.status, body };
  });
}
function statusOf(id: string, service: DeviceService = t.app.devices, want: CommandStatus) {
  return until(service, async () => ((await service.dispatcher.get(id))?.status === want ? true : false));
}

beforeAll(async () => {
  clock = new ManualClock(Date.now());
  t = await createTestContext({ DEVICE_ADMIN_EMAIL: ADMIN.email, DEVICE_ADMIN_PASSWORD: ADMIN.password }, { deviceClock: clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  token = (await t.app.devices.accounts.login(ADMIN.email, ADMIN.password, '127.0.0.1')).token;
}, 180_000);
afterAll(async () => {
  for (const s of sims) await s.stop();
  await t?.close();
});

describe('gateway simulator against the device service', () => {
  it('a brightness command to three lights completes and the lights report the new value', async () => {
    const sim = startSim(11);
    const gw = await gatewayOf(sim);
    const three = gw.lights.slice(0, 3);
    const res = await command(gw.id, three, 35);
    expect(res.status).toBe(200);
    expect(['queued', 'sent']).toContain(res.body.status);
    await statusOf(res.body._id, undefined, 'completed');
    const details = await t.app.devices.gateways.details(gw.id);
    for (const m of details.mesh_items) expect(m.brightness).toBe(three.includes(m.mac_addr) ? 35 : 60);
    expect(details.device_status).toBe('online');
    expect(details.eMeterVoltageValue).toMatch(/^\d+(\.\d)? \/ \d+(\.\d)? \/ \d+(\.\d)?$/);
    const history = await t.app.devices.dispatcher.list(gw.id);
    expect(history.commandList[0]).toMatchObject({ status: 'completed', attempts: 1, user: 'Device Admin' });
  });

  it('a simulator told to answer without delay (--answer-delay 0, as the benchmark plays) completes commands with their lights', async () => {
    const sim = startSim(17, ['--answer-delay', '0']);
    const gw = await gatewayOf(sim);
    const res = await command(gw.id, gw.lights.slice(0, 1), 45);
    await statusOf(res.body._id, undefined, 'completed');
    const took = sim.events.findIndex((e) => e.event === 'command' && e.id === res.body._id);
    expect(sim.events[took + 1]).toMatchObject({ event: 'applied', id: res.body._id, value: 45 });
    expect((await t.app.devices.gateways.details(gw.id)).mesh_items.find((m) => m.mac_addr === gw.lights[0])?.brightness).toBe(45);
  });

  it('a simulator that ignores commands gives timeout, three retries, then failed', async () => {
    const sim = startSim(12, ['--ignore-commands']);
    const gw = await gatewayOf(sim);
    const seen: string[] = [];
    const off = t.app.devices.dispatcher.onChange((c) => { seen.push(c.status); });
    const res = await command(gw.id, gw.lights.slice(0, 1), 50);
    for (let attempt = 1; attempt <= 4; attempt++) {
      await sim.next((e) => e.event === 'command' && e.id === res.body._id && e.attempt === attempt);
      await statusOf(res.body._id, undefined, 'sent');
      clock.advance(COMMAND_TIMEOUT_MS);
      if (attempt < 4) await until(t.app.devices, async () => (await t.app.devices.dispatcher.get(res.body._id))?.attempts === attempt + 1);
    }
    await statusOf(res.body._id, undefined, 'failed');
    off();
    expect(seen.filter((s) => s === 'timeout')).toHaveLength(4);
    expect((await t.app.devices.dispatcher.get(res.body._id))).toMatchObject({ status: 'failed', attempts: 4 });
    expect(sim.events.filter((e) => e.event === 'command' && e.id === res.body._id)).toHaveLength(4);
  });

  it('a command to a gateway that is offline waits queued and goes out when it comes back', async () => {
    const sim = startSim(13);
    const gw = await gatewayOf(sim);
    await sim.send({ cmd: 'offline' });
    await until(t.app.devices, () => !t.app.devices.links.sender.isOnline(gw.id));
    const res = await command(gw.id, gw.lights.slice(0, 2), 10);
    expect(res.body.status).toBe('queued');
    await sim.send({ cmd: 'online' });
    await statusOf(res.body._id, undefined, 'completed');
    const details = await t.app.devices.gateways.details(gw.id);
    expect(details.mesh_items.filter((m) => gw.lights.slice(0, 2).includes(m.mac_addr)).map((m) => m.brightness)).toEqual([10, 10]);
  });

  it('a queued command expires when its gateway stays offline past its time to live', async () => {
    const sim = startSim(14);
    const gw = await gatewayOf(sim);
    await sim.send({ cmd: 'offline' });
    await until(t.app.devices, () => !t.app.devices.links.sender.isOnline(gw.id));
    const res = await command(gw.id, gw.lights.slice(0, 1), 90);
    clock.advance(t.config.devices.commandTtlMs + 60_000);
    await statusOf(res.body._id, undefined, 'expired');
    await sim.send({ cmd: 'online' });
    await gatewayOf(sim);
    expect((await t.app.devices.dispatcher.get(res.body._id))?.status).toBe('expired');
  });

  it('programs are pushed on change and change the lights\' brightness at their time', async () => {
    // Monday 5 January 2026, 20:00 in Istanbul.
    const sim = startSim(15, ['--clock', 'manual', '--start', '2026-01-05T17:00:00Z']);
    const gw = await gatewayOf(sim);
    const mark = sim.mark;
    const create = (body: Record<string, unknown>) => fetch(`${base}/device-api/gateway_programs/create`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ device_id: gw.id, ...body }),
    });
    expect((await create({ user_defined_time: '20:30', brightness: 25, monday: true })).status).toBe(200);
    expect((await create({ user_defined_time: '20:15', brightness: 100, tuesday: true })).status).toBe(200);
    await sim.next((e) => e.event === 'programs' && e.count === 2, mark);
    await sim.send({ cmd: 'advance', ms: 20 * 60_000 });
    expect(sim.events.some((e) => e.event === 'program-run')).toBe(false);
    await sim.send({ cmd: 'advance', ms: 11 * 60_000 });
    const run = await sim.next((e) => e.event === 'program-run');
    expect(run).toMatchObject({ time: '20:30', brightness: 25 });
    await until(t.app.devices, async () => (await t.app.devices.gateways.details(gw.id)).mesh_items.filter((m) => m.connected).every((m) => m.brightness === 25));
  });

  it('a gateway\'s lights report and answer sent together: when the command shows completed, the lights already show the value', async () => {
    const reg = await t.app.devices.gateways.register(null, { mac_addr: 'AA:BB:CC:DD:EE:03', device_name: 'raw link', device_description: '', city: '', map_lat: null, map_lng: null, time_zone: 'Europe/Istanbul' });
    const light = { mac_addr: 'AA:BB:CC:DD:EE:31', name: 'L', rssi: -50, version: '1', brightness: 60, connected: true, map_lat: null, map_lng: null };
    const ws = new WebSocket(`${base.replace('http', 'ws')}/device-api/link`);
    const frames: { type: string; id?: string }[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (d) => { frames.push(JSON.parse(d.toString())); for (const w of waiters.splice(0)) w(); });
    const frame = async (type: string) => { while (!frames.some((f) => f.type === type)) await new Promise<void>((r) => waiters.push(r)); return frames.find((f) => f.type === type)!; };
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', mac: 'AA:BB:CC:DD:EE:03', key: reg.key })));
    await frame('welcome');
    ws.send(JSON.stringify({ type: 'mesh', items: [light] }));
    await until(t.app.devices, async () => (await t.app.devices.gateways.details(reg._id)).mesh_items.length === 1);
    // What a browser refetching on the command's event reads at once.
    let atCompleted: Promise<number> | undefined;
    const off = t.app.devices.dispatcher.onChange((c) => {
      if (c.status === 'completed') atCompleted ??= t.app.devices.gateways.details(reg._id).then((d) => d.mesh_items[0].brightness);
    });
    const res = await command(reg._id, [light.mac_addr], 25);
    expect(res.body.status).toBe('sent');
    const cmd = await frame('command');
    // As a gateway answers: the lights' new state, then the answer, in one write.
    ws.send(JSON.stringify({ type: 'mesh', items: [{ ...light, brightness: 25 }] }));
    ws.send(JSON.stringify({ type: 'ack', id: cmd.id, status: 'completed' }));
    await statusOf(res.body._id, undefined, 'completed');
    off();
    expect(await atCompleted).toBe(25);
    // A lights report alone is stored on its own, as before.
    ws.send(JSON.stringify({ type: 'mesh', items: [{ ...light, brightness: 5 }] }));
    await until(t.app.devices, async () => (await t.app.devices.gateways.details(reg._id)).mesh_items[0].brightness === 5);
    ws.close();
  });

  it('a wrong gateway key is refused and logged', async () => {
    const reg = await t.app.devices.gateways.register(null, { mac_addr: 'AA:BB:CC:DD:EE:01', device_name: 'keyed', device_description: '', city: '', map_lat: null, map_lng: null, time_zone: 'Europe/Istanbul' });
    const ws = new WebSocket(`${base.replace('http', 'ws')}/device-api/link`);
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', mac: 'AA:BB:CC:DD:EE:01', key: 'not-the-key' })));
    expect(await closed).toBe(4401);
    const [log] = await t.database.db.select().from(deviceLogs).where(eq(deviceLogs.action, 'link.refused')).orderBy(desc(deviceLogs.id)).limit(1);
    expect(log).toMatchObject({ gateway_id: reg._id, detail: { mac: 'AA:BB:CC:DD:EE:01', reason: 'wrong key' } });
    expect(t.app.devices.links.sender.isOnline(reg._id)).toBe(false);
  });
});

describe('the token check', () => {
  it('sees an account deactivated behind the service\'s back (another instance) within SESSION_CACHE_MS', async () => {
    const created = await t.app.devices.accounts.create({ id: 'x', email: ADMIN.email, name: 'Admin', admin: true }, { email: 'elsewhere@test.local', name: 'Elsewhere', password: 'Elsewhere123!', admin: false });
    const other = (await t.app.devices.accounts.login('elsewhere@test.local', 'Elsewhere123!', '127.0.0.1')).token;
    const list = () => fetch(`${base}/device-api/gateway/list`, { headers: { authorization: `Bearer ${other}` } }).then((r) => r.status);
    expect(await list()).toBe(200);
    // Written straight to the table, as another instance mounting the service would.
    await t.database.db.update(deviceAccounts).set({ active: false }).where(eq(deviceAccounts.id, created._id));
    clock.advance(SESSION_CACHE_MS + 1);
    expect(await list()).toBe(401);
  });
});

describe('the browser socket', () => {
  /** Opens the browser socket offering `token` the way the web client does (Sec-WebSocket-Protocol), or in the query. */
  function open(token: string | null, opts: { origin?: string; query?: string } = {}) {
    const url = `${base.replace('http', 'ws')}/device-api/ws${opts.query ? `?${opts.query}` : ''}`;
    const ws = new WebSocket(url, token === null ? [] : liveSocketProtocols(token), opts.origin ? { headers: { origin: opts.origin } } : {});
    const messages: { entity?: string; action?: string; device_id?: string }[] = [];
    const waiters: { pred: (m: (typeof messages)[number]) => boolean; resolve: () => void }[] = [];
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      messages.push(m);
      for (const w of [...waiters]) if (w.pred(m)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
    });
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    const next = (pred: (m: (typeof messages)[number]) => boolean) => (messages.some(pred) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ pred, resolve })));
    return { ws, closed, next };
  }

  it('carries a command\'s changes to a signed-in device session', async () => {
    const reg = await t.app.devices.gateways.register(null, { mac_addr: 'AA:BB:CC:DD:EE:02', device_name: 'socket', device_description: '', city: '', map_lat: null, map_lng: null, time_zone: 'Europe/Istanbul' });
    await t.app.devices.gateways.upsertMesh(reg._id, [{ mac_addr: 'AA:BB:CC:DD:EE:21', name: 'L', rssi: -50, version: '1', brightness: 10, connected: true, map_lat: null, map_lng: null }]);
    const s = open(token);
    // The server answers our protocol name only, never the offered token.
    await new Promise<void>((r) => (s.ws.readyState === 1 ? r() : s.ws.once('open', () => r())));
    expect(s.ws.protocol).toBe('isik.live');
    await s.next((m) => m.entity === 'hello');
    await command(reg._id, ['AA:BB:CC:DD:EE:21'], 40);
    await s.next((m) => m.entity === 'gateway_commands' && m.device_id === reg._id);
    s.ws.close();
  });

  it('refuses a back-office token, a token in the address, no token and a foreign origin', async () => {
    expect(await open(t.tokens[0]).closed).toBe(4401);
    expect(await open('nonsense').closed).toBe(4401);
    expect(await open(null, { query: `token=${encodeURIComponent(token)}` }).closed).toBe(4401);
    expect(await open(null).closed).toBe(4401);
    expect(await open(token, { origin: 'http://evil.example' }).closed).toBe(1008);
  });
});

describe('a restart of the device service', () => {
  let port = 0;
  async function startService(): Promise<{ app: FastifyInstance; service: DeviceService }> {
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    const service = await createDeviceService({ db: t.database.db as unknown as DeviceDb, config: t.config.devices, clock });
    await app.register(service.plugin, { prefix: '/device-api' });
    await app.listen({ port, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    return { app, service };
  }

  it('keeps queued commands and sends them when the gateway reconnects to the new instance', async () => {
    const first = await startService();
    const url = `http://127.0.0.1:${port}`;
    const sim = startSim(16, [], url);
    const gw = await gatewayOf(sim, first.service);
    await sim.send({ cmd: 'offline' });
    await until(first.service, () => !first.service.links.sender.isOnline(gw.id));
    const res = await command(gw.id, gw.lights.slice(0, 3), 75, url);
    expect(res.body.status, JSON.stringify(res)).toBe('queued');
    await first.app.close();

    const second = await startService();
    expect((await second.service.dispatcher.get(res.body._id))?.status).toBe('queued');
    await sim.send({ cmd: 'online' });
    await statusOf(res.body._id, second.service, 'completed');
    const details = await second.service.gateways.details(gw.id);
    expect(details.mesh_items.filter((m) => gw.lights.slice(0, 3).includes(m.mac_addr)).every((m) => m.brightness === 75)).toBe(true);
    await second.app.close();
  });
});

describe('a service without a listening connection on a database a shared instance also uses (these tests)', () => {
  it('is not swept as a dead instance: its gateway stays online and its command on the wire completes', async () => {
    const app = Fastify();
    const bare = await createDeviceService({ db: t.database.db as unknown as DeviceDb, config: t.config.devices, clock });
    await app.register(bare.plugin, { prefix: '/device-api' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const reg = await bare.gateways.register(null, { mac_addr: 'AA:BB:CC:DD:EE:05', device_name: 'bare', device_description: '', city: '', map_lat: null, map_lng: null, time_zone: 'Europe/Istanbul' });
      await bare.gateways.upsertMesh(reg._id, [{ mac_addr: 'AA:BB:CC:DD:EE:51', name: 'L', rssi: -50, version: '1', brightness: 60, connected: true, map_lat: null, map_lng: null }]);
      const ws = new WebSocket(`ws://127.0.0.1:${(app.server.address() as { port: number }).port}/device-api/link`);
      const frames: { type: string; id?: string }[] = [];
      const waiters: (() => void)[] = [];
      ws.on('message', (d) => { frames.push(JSON.parse(d.toString())); for (const w of waiters.splice(0)) w(); });
      const frame = async (type: string) => { while (!frames.some((f) => f.type === type)) await new Promise<void>((r) => waiters.push(r)); return frames.find((f) => f.type === type)!; };
      ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', mac: 'AA:BB:CC:DD:EE:05', key: reg.key })));
      await frame('welcome');
      await until(bare, async () => (await bare.gateways.details(reg._id)).device_status === 'online');
      const session = { id: 'x', email: ADMIN.email, name: 'Admin', admin: true };
      const cmd = await bare.dispatcher.create(session, { device_id: reg._id, command: 'set_mesh_status', payload: { macs: ['AA:BB:CC:DD:EE:51'], cid: 1, value: 30 } });
      expect(cmd.status).toBe('sent');
      await frame('command');
      // The shared instance's heartbeat sweep (every HEARTBEAT_MS) while the command is on the wire. The bare service
      // is in no heartbeat table: had it marked the gateway and the command as its own, the sweep would take both
      // from it (offline; the command queued again with nothing to send it, its answer ignored, a wait on it never woken).
      await t.app.devices.cluster.sweep();
      expect((await bare.gateways.details(reg._id)).device_status).toBe('online');
      ws.send(JSON.stringify({ type: 'ack', id: cmd._id, status: 'completed' }));
      await statusOf(cmd._id, bare, 'completed');
      ws.close();
    } finally {
      await app.close();
    }
  });
});
