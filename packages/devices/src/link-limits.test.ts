import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { asc, eq, like } from 'drizzle-orm';
import { LINK_CLOSE, LINK_MAX_FRAME_BYTES, type Command } from '@isik/domain';
import { createTestContext, type TestContext } from '../../server/src/test/helper.js';
import { ManualClock } from './clock.js';
import { createDeviceService } from './service.js';
import { deviceLogs } from './db/schema.js';
import { REFUSAL_SAMPLE, REFUSAL_WINDOW_MS } from './link.js';
import { until } from './test/wait.js';
import type { DeviceDb } from './db/types.js';

/**
 * What a gateway link may cost the service (issue 22): refused attempts, lights, queued frames and frame size
 * are bounded, each by one setting or constant, and a flooding link does not hold up the others.
 */
const ADMIN = { email: 'iot-admin@test.local', password: 'DeviceAdmin123!' };
const MAX_LIGHTS = 40;
const LINK_QUEUE = 200;

let t: TestContext;
let clock: ManualClock;
let base: string;
let token: string;
let macSeq = 0;

const light = (mac: string, brightness = 60) => ({ mac_addr: mac, name: `L ${mac.slice(-5)}`, rssi: -50, version: '1', brightness, connected: true, map_lat: null, map_lng: null });
const lightMac = (gw: number, i: number) => `AA:CC:${gw.toString(16).padStart(2, '0')}:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase();

async function register(name: string) {
  macSeq++;
  const mac = `AA:BB:EE:00:00:${macSeq.toString(16).padStart(2, '0').toUpperCase()}`;
  const reg = await t.app.devices.gateways.register(null, { mac_addr: mac, device_name: name, device_description: '', city: '', map_lat: null, map_lng: null, time_zone: 'Europe/Istanbul' });
  return { id: reg._id, mac, key: reg.key, n: macSeq };
}

/** A gateway's link as raw frames; `frame(type)` waits for the first frame of that type from the service. */
function link(url: string, hello?: { mac: string; key: string }) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/device-api/link`);
  const frames: { type: string; id?: string }[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (d) => { frames.push(JSON.parse(d.toString())); for (const w of waiters.splice(0)) w(); });
  ws.on('error', () => { /* the close event follows */ });
  const closed = new Promise<{ code: number; reason: string }>((r) => ws.on('close', (code, reason) => r({ code, reason: reason.toString() })));
  const opened = new Promise<void>((r) => ws.on('open', () => r()));
  if (hello) void opened.then(() => ws.send(JSON.stringify({ type: 'hello', ...hello })));
  const frame = async (type: string) => {
    while (!frames.some((f) => f.type === type)) await new Promise<void>((r) => waiters.push(r));
    return frames.find((f) => f.type === type)!;
  };
  return { ws, closed, opened, frame, send: (m: unknown) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)) };
}

async function welcomed(url: string, gw: { mac: string; key: string; id: string }, service = t.app.devices) {
  const l = link(url, gw);
  await l.frame('welcome');
  await until(service, () => service.links.sender.isOnline(gw.id));
  return l;
}

const logs = (action: string) => t.database.db.select().from(deviceLogs).where(eq(deviceLogs.action, action));

beforeAll(async () => {
  clock = new ManualClock(Date.now());
  t = await createTestContext({ DEVICE_ADMIN_EMAIL: ADMIN.email, DEVICE_ADMIN_PASSWORD: ADMIN.password, DEVICE_MAX_LIGHTS: String(MAX_LIGHTS), DEVICE_LINK_QUEUE: String(LINK_QUEUE) }, { deviceClock: clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  token = (await t.app.devices.accounts.login(ADMIN.email, ADMIN.password, '127.0.0.1')).token;
}, 180_000);
afterAll(async () => { await t?.close(); });

describe('refused link attempts', () => {
  it('many refusals write a bounded number of log rows that still say how many were refused, and why', async () => {
    const gw = await register('guessed');
    const before = (await t.database.db.select().from(deviceLogs).where(like(deviceLogs.action, 'link.refused%'))).length;
    const attempts = 300;
    for (let i = 0; i < attempts; i += 20) {
      const batch = Array.from({ length: 20 }, (_, j) => link(base, i + j < 250 ? { mac: gw.mac, key: `guess-${i + j}` } : { mac: `AA:BB:EE:FF:FF:${(i + j) % 100}`, key: 'x' }));
      for (const l of batch) expect((await l.closed).code).toBe(LINK_CLOSE.refused);
    }
    const rows = () => t.database.db.select().from(deviceLogs).where(like(deviceLogs.action, 'link.refused%')).orderBy(asc(deviceLogs.id));
    // The first few are logged one by one, as a single refusal always was; the rest only counted.
    expect((await rows()).length - before).toBeLessThanOrEqual(REFUSAL_SAMPLE);
    // At the end of the window one row says how many were refused, why, and from where.
    clock.advance(REFUSAL_WINDOW_MS);
    await t.app.devices.links.flushRefusals();
    const all = (await rows()).slice(before);
    expect(all.map((r) => r.action)).toEqual([...Array<string>(REFUSAL_SAMPLE).fill('link.refused'), 'link.refused.summary']);
    expect(all[0]).toMatchObject({ gateway_id: gw.id, detail: { mac: gw.mac, reason: 'wrong key', remote: '127.0.0.1' } });
    expect(all[REFUSAL_SAMPLE].detail).toMatchObject({ refused: attempts, logged: REFUSAL_SAMPLE, reasons: { 'wrong key': 250, 'unknown gateway': 50 }, remotes: ['127.0.0.1'] });
    expect((all[REFUSAL_SAMPLE].detail.macs as string[]).length).toBeLessThanOrEqual(5);
  }, 60_000);
});

describe('lights per gateway', () => {
  it('lights beyond DEVICE_MAX_LIGHTS are refused and logged once; known lights still report; the map stays bounded', async () => {
    const gw = await register('inventive');
    const l = await welcomed(base, gw);
    const invented = 200;
    for (let i = 0; i < invented; i += 10) l.send({ type: 'mesh', items: Array.from({ length: 10 }, (_, j) => light(lightMac(gw.n, i + j))) });
    // A known light's report after the flood of new ones is still stored (frames are handled in order).
    l.send({ type: 'mesh', items: [light(lightMac(gw.n, 0), 25)] });
    await until(t.app.devices, async () => (await t.app.devices.gateways.details(gw.id)).mesh_items.find((m) => m.mac_addr === lightMac(gw.n, 0))?.brightness === 25);
    const details = await t.app.devices.gateways.details(gw.id);
    expect(details.mesh_items).toHaveLength(MAX_LIGHTS);
    // The first lights reported are the ones kept.
    expect(details.mesh_items.map((m) => m.mac_addr).sort()).toEqual(Array.from({ length: MAX_LIGHTS }, (_, i) => lightMac(gw.n, i)).sort());
    const map = await t.call({ method: 'GET', url: '/device-api/gateway/map', token });
    expect(map.json().gateways.find((g: { _id: string }) => g._id === gw.id).mesh_items).toHaveLength(MAX_LIGHTS);
    const logged = (await logs('link.lights_limit')).filter((r) => r.gateway_id === gw.id);
    expect(logged).toHaveLength(1);
    expect(logged[0].detail).toMatchObject({ limit: MAX_LIGHTS, reason: expect.stringMatching(/DEVICE_MAX_LIGHTS/) });
    l.ws.close();
  }, 60_000);
});

describe('a flooding link', () => {
  it('is closed with a logged reason once DEVICE_LINK_QUEUE frames wait, while another gateway still gets its command at once', async () => {
    const flooder = await register('flooder');
    const other = await register('bystander');
    await t.app.devices.gateways.upsertMesh(other.id, [light(lightMac(other.n, 1))]);
    const a = await welcomed(base, flooder);
    const b = await welcomed(base, other);
    let handled = 0;
    const off = t.app.devices.events.subscribe((e) => { if (e.entity === 'gateways' && e.id === flooder.id) handled++; });
    // As many as the audit sent (they took 19.9 s to drain, one after another).
    const frames = 30_000;
    const meter = JSON.stringify({ type: 'meter', voltage: [230, 231, 229], current: [1, 2, 3], read_at: new Date().toISOString() });
    for (let i = 0; i < frames; i++) a.send(meter);
    // During the flood: the other gateway's command is written to its link right away.
    const started = performance.now();
    const res = await t.call({ method: 'POST', url: '/device-api/gateway_commands/create', token, payload: { device_id: other.id, command: 'set_mesh_status', payload: { macs: [lightMac(other.n, 1)], cid: 1, value: 40 } } });
    expect(res.statusCode).toBe(200);
    const cmd = await b.frame('command');
    const took = performance.now() - started;
    expect(cmd.id).toBe((res.json() as Command)._id);
    // The flood ends either way: the link closed, or (without a bound) every frame handled.
    const closed = await Promise.race([a.closed, until(t.app.devices, () => handled >= frames).then(() => null)]);
    expect(closed).toEqual({ code: LINK_CLOSE.overloaded, reason: 'too many frames' });
    await until(t.app.devices, async () => (await t.app.devices.gateways.details(flooder.id)).device_status === 'offline');
    off();
    // What was waiting was dropped: no more than the queue's worth of frames was handled.
    expect(handled).toBeLessThanOrEqual(LINK_QUEUE + 5);
    const [row] = (await logs('link.closed')).filter((r) => r.gateway_id === flooder.id);
    expect(row.detail).toMatchObject({ reason: 'frame queue full', limit: LINK_QUEUE });
    // Every frame parsed and queued, it took over a second; with the flooding link no longer read, about 80 ms (20 without a flood).
    expect(took).toBeLessThan(500);
    b.ws.close();
  }, 120_000);
});

describe('the frame size limit', () => {
  async function tryFrames(url: string, service: typeof t.app.devices) {
    const gw = await register('big frames');
    const l = await welcomed(url, gw, service);
    // A gateway may add fields the protocol does not name; a 10 KB frame is within LINK_MAX_FRAME_BYTES.
    const mac = lightMac(gw.n, 7);
    const frame = JSON.stringify({ type: 'mesh', items: [light(mac)], firmware_notes: 'x'.repeat(10_000) });
    expect(frame.length).toBeGreaterThan(10_000);
    l.send(frame);
    const stored = until(service, async () => (await service.gateways.details(gw.id)).mesh_items.length === 1);
    expect(await Promise.race([stored.then(() => 'stored'), l.closed.then((c) => `closed ${c.code}`)])).toBe('stored');
    expect(l.ws.readyState).toBe(WebSocket.OPEN);
    // One byte above the limit closes the link (1009, message too big), the same everywhere.
    l.send(JSON.stringify({ type: 'mesh', items: [light(mac)], pad: 'x'.repeat(LINK_MAX_FRAME_BYTES) }));
    return (await l.closed).code;
  }

  it('a 10 KB frame is taken and a frame above LINK_MAX_FRAME_BYTES closes the link, in the all-in-one server and the service alone', async () => {
    expect(await tryFrames(base, t.app.devices)).toBe(1009);
    const app = Fastify();
    const service = await createDeviceService({ db: t.database.db as unknown as DeviceDb, config: t.config.devices, clock });
    await app.register(service.plugin, { prefix: '/device-api' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await tryFrames(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`, service)).toBe(1009);
    } finally {
      await app.close();
    }
  }, 60_000);
});
