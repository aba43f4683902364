import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createScratchDatabase } from '../../server/src/db/database.js';
import { createCluster, type ClusterMessage } from './cluster.js';
import { loadDeviceConfig } from './config.js';
import { createDeviceService, type DeviceService } from './service.js';
import type { DeviceDb } from './db/types.js';
import { until } from './test/wait.js';

/**
 * What a command costs the database when the device service runs on two instances (ADR 0043, issue 27's 5,000
 * gateways): commands created on A for gateways linked to B are claimed by B in one statement, not a read and an
 * UPDATE each; a gateway's meter reading is one statement (or less); live events for the other instance's browsers go out
 * together, each once.
 */
const ADMIN = { email: 'iot-admin@test.local', password: 'DeviceAdmin123!' };
const GATEWAYS = 12;

/** A pool that remembers the text of each statement sent outside a transaction (how the services query). */
function countingDb(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const texts: string[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const q = args[0] as string | { text: string };
    texts.push(typeof q === 'string' ? q : q.text);
    return query(...args);
  };
  return { pool, texts, db: drizzle({ client: pool }) as unknown as DeviceDb };
}

let url: string;
let drop: () => Promise<void>;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const { serverUrl, template } = inject('testDatabase');
  ({ url, drop } = await createScratchDatabase(serverUrl, 't', template));
}, 120_000);
afterAll(async () => {
  for (const c of closers.reverse()) await c().catch(() => undefined);
  await drop?.();
});

async function instance(): Promise<{ service: DeviceService; base: string; texts: string[]; pool: pg.Pool }> {
  const { pool, texts, db } = countingDb(url);
  const config = loadDeviceConfig({ DEVICE_ADMIN_EMAIL: ADMIN.email, DEVICE_ADMIN_PASSWORD: ADMIN.password, DEVICE_JWT_SECRET: 'test-secret-0123456789abcdef' });
  const service = await createDeviceService({ db, config, listenUrl: url });
  const app: FastifyInstance = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  await app.register(service.plugin, { prefix: '/device-api' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(async () => { await app.close(); await pool.end(); });
  return { service, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, texts, pool };
}

describe('two device-service instances: statements per command', () => {
  it('commands created on A for gateways linked to B are claimed by B together, each written to its gateway once; a meter reading is one statement', async () => {
    const a = await instance();
    const b = await instance();
    const token = (await a.service.accounts.login(ADMIN.email, ADMIN.password, '127.0.0.1')).token;
    // GATEWAYS gateways linked to B by raw links, each with one light; they answer each command, then send a reading.
    const received = new Map<string, number>();
    const gws = await Promise.all(Array.from({ length: GATEWAYS }, async (_, i) => {
      const mac = `AA:BD:00:00:00:${(i + 1).toString(16).padStart(2, '0').toUpperCase()}`;
      const light = `AA:BD:01:00:00:${(i + 1).toString(16).padStart(2, '0').toUpperCase()}`;
      const reg = await a.service.gateways.register(null, { mac_addr: mac, device_name: `G${i}`, device_description: '', city: '', map_lat: null, map_lng: null, time_zone: 'Europe/Istanbul' });
      const ws = new WebSocket(`${b.base.replace('http', 'ws')}/device-api/link`);
      closers.push(async () => { ws.close(); });
      await new Promise<void>((r) => ws.on('open', () => r()));
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as { type: string; id?: string };
        if (m.type === 'welcome') {
          ws.send(JSON.stringify({ type: 'mesh', items: [{ mac_addr: light, name: 'L', rssi: -50, version: '1', brightness: 60, connected: true, map_lat: null, map_lng: null }] }));
        } else if (m.type === 'command' && m.id) {
          received.set(m.id, (received.get(m.id) ?? 0) + 1);
          ws.send(JSON.stringify({ type: 'ack', id: m.id, status: 'completed' }));
          ws.send(JSON.stringify({ type: 'meter', voltage: [230, 230, 230], current: [0.1, 0.1, 0.1], read_at: new Date(Date.now() - i * 1000).toISOString() }));
        }
      });
      ws.send(JSON.stringify({ type: 'hello', mac, key: reg.key }));
      return { id: reg._id, light };
    }));
    await until(b.service, async () => {
      if (!gws.every((g) => b.service.links.sender.isOnline(g.id))) return false;
      const lights = await Promise.all(gws.map((g) => b.service.gateways.lightMacs(g.id)));
      return lights.every((l) => l.length === 1);
    });

    const before = b.texts.length;
    const created = await Promise.all(gws.map(async (g) => {
      const res = await fetch(`${a.base}/device-api/gateway_commands/create`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ device_id: g.id, command: 'set_mesh_status', payload: { macs: [g.light], cid: 1, value: 40 } }),
      });
      expect(res.status).toBe(200);
      const body = await res.json() as { _id: string; status: string };
      expect(body.status).toBe('queued');
      return body._id;
    }));
    // Watched through A (it hears B's live events), so B's statements are the delivery's only.
    const readings = async () => (await a.pool.query('select count(*)::int as n from devices.meter_readings')).rows[0].n as number;
    await until(a.service, async () => {
      const all = await Promise.all(created.map((id) => a.service.dispatcher.get(id)));
      return all.every((c) => c?.status === 'completed') && (await readings()) === GATEWAYS;
    });
    // Each command reached its gateway once, as its first attempt.
    expect(created.map((id) => received.get(id))).toEqual(created.map(() => 1));
    const sent = b.texts.slice(before);
    // B claimed them in one statement per group of `cmd` messages it heard (at most one per command), with no read of
    // each gateway's queued commands first: with the answers, at most two statements per command (three before).
    const claims = sent.filter((s) => /^\s*with due as/.test(s));
    expect(claims.length).toBeGreaterThan(0);
    expect(claims.length).toBeLessThanOrEqual(GATEWAYS);
    expect(sent.filter((s) => s.startsWith('select "id", "expires_at" from "devices"."commands"'))).toEqual([]);
    // (The heartbeat's safety net, every 5 s, reads and sweeps too: not counted.)
    const onCommands = sent.filter((s) => s.includes('"devices"."commands"') && !/select distinct|not in \(select/.test(s));
    if (onCommands.length > 2 * GATEWAYS) console.error(onCommands.join('\n'));
    expect(onCommands.length).toBeLessThanOrEqual(2 * GATEWAYS);
    // A meter reading: the gateway's latest figures and the stored reading in one statement, with the other readings
    // of the same 50 ms (meter-batch.test.ts).
    expect(sent.filter((s) => /insert into "devices"."meter_readings"/i.test(s)).length).toBeLessThanOrEqual(GATEWAYS);
    expect(sent.filter((s) => /^update "devices"."gateways" set "meter_voltage"/i.test(s)).length).toBe(0);
  }, 120_000);

  it('live events for the other instances go out together, each said once', async () => {
    const sender = countingDb(url);
    const receiver = countingDb(url);
    closers.push(() => sender.pool.end(), () => receiver.pool.end());
    const one = createCluster({ db: sender.db, listenUrl: url });
    const other = createCluster({ db: receiver.db, listenUrl: url });
    closers.push(() => one.close(), () => other.close());
    await one.start();
    await other.start();
    const heard: ClusterMessage[] = [];
    // A last message (not an event) closes the run: NOTIFYs of one sender arrive in the order they were sent.
    // Only this run's events: the first test's two instances share the database and announce links and heartbeats.
    const end = new Promise<void>((resolve) => other.on((m) => {
      if (m.k === 'cmd' && m.g === 'end') resolve();
      else if (m.k === 'ev' && m.e.device_id === 'g') heard.push(m);
    }));
    // 30 events, each in a turn of its own (as the answers of 30 commands arrive), one of them said twice.
    const sends: Promise<void>[] = [];
    for (let i = 0; i < 30; i++) {
      sends.push(one.publish({ k: 'ev', e: { entity: 'gateway_commands', id: `c${i}`, device_id: 'g', action: 'updated' } }));
      if (i === 7) sends.push(one.publish({ k: 'ev', e: { entity: 'gateway_commands', id: 'c7', device_id: 'g', action: 'updated' } }));
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(sends);
    const notifies = sender.texts.filter((s) => s.includes('pg_notify')).length;
    await one.publish({ k: 'cmd', g: 'end' });
    await end;
    expect(heard.length).toBe(30);
    expect(heard.filter((m) => m.k === 'ev' && m.e.id === 'c7')).toHaveLength(1);
    // One NOTIFY for the lot (a few on a slow machine), not one per turn.
    expect(notifies).toBeLessThanOrEqual(5);
  }, 60_000);
});
