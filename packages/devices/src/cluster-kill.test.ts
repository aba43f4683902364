import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { liveSocketProtocols } from '@isik/domain';
import { createScratchDatabase } from '../../server/src/db/database.js';
import { startDevicesProcess } from '../../server/src/test/devices-process.js';
import { SimProcess, type SimEvent } from './test/sim-process.js';

/**
 * Two device-service processes (`npm run devices`) on one database, four simulated gateways spread over them
 * (`--url P1,P2`), then kill -9 of one (ADR 0043): its gateways link to the other within 10 s, and every command (the
 * one on the wire when it died, those created meanwhile) is applied once.
 */
const ADMIN = { email: 'iot-admin@test.local', password: 'DeviceAdmin123!' };

let dbUrl: string;
let drop: () => Promise<void>;
const children: ChildProcess[] = [];
let sim: SimProcess | undefined;

const startInstance = () => startDevicesProcess({ DATABASE_URL: dbUrl, DEVICE_ADMIN_EMAIL: ADMIN.email, DEVICE_ADMIN_PASSWORD: ADMIN.password }, children);

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/device-api${url}`, {
    method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

beforeAll(async () => {
  const { serverUrl, template } = inject('testDatabase');
  ({ url: dbUrl, drop } = await createScratchDatabase(serverUrl, 'dvk', template));
});
afterAll(async () => {
  await sim?.stop();
  for (const c of children) if (c.exitCode === null && c.signalCode === null) { const gone = new Promise((r) => c.once('exit', r)); c.kill('SIGTERM'); await gone; }
  await drop?.();
});

describe('kill -9 of one of two device-service processes', () => {
  it('its gateways link to the other within 10 s and every command, on the wire or queued, is applied once', async () => {
    // One after the other: the first prepares the database (migrations, the first admin).
    const p1 = startInstance();
    const base1 = await p1.address;
    const p2 = startInstance();
    const base2 = await p2.address;
    const token = (await call(base2, 'POST', '/auth/login', ADMIN)).body.token as string;

    sim = new SimProcess(['--count', '4', '--url', `${base1},${base2}`, '--email', ADMIN.email, '--password', ADMIN.password, '--seed', '41', '--lights', '6-6', '--meter-interval', '0', '--answer-delay', '10-40']);
    const s = sim;
    onTestFailed(() => { console.error(s.report(40)); });
    const ready = await s.next((e) => e.event === 'ready');
    const plan = (ready.gateways as { mac: string; lights: { mac: string; connected: boolean }[] }[]);
    const connectedAll = async (macs: string[], from: number) => { for (const mac of macs) await s.next((e) => e.event === 'connected' && e.mac === mac, from); };
    await connectedAll(plan.map((g) => g.mac), 0);

    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows;
      // Gateway n links to the n-th address (round): 1 and 3 to P1, 2 and 4 to P2.
      const gws: { id: string; mac: string; lights: string[] }[] = [];
      for (const g of plan) {
        const [row] = await q('select id from devices.gateways where mac_addr = $1', [g.mac]);
        gws.push({ id: row.id as string, mac: g.mac, lights: g.lights.filter((l) => l.connected).map((l) => l.mac) });
      }
      // Each linked: the instance's row says so once it said hello.
      const linked = async () => (await q('select linked_to from devices.gateways where id = any($1) and status = $2', [gws.map((g) => g.id), 'online'])).map((r) => r.linked_to as string);
      const browser = new WebSocket(`${base2.replace('http', 'ws')}/device-api/ws`, liveSocketProtocols(token));
      const waiters: (() => void)[] = [];
      browser.on('message', () => { for (const w of waiters.splice(0)) w(); });
      await new Promise((resolve, reject) => { browser.once('message', resolve); browser.once('error', reject); });
      /** Resolves once check holds, looking again after each live event of P2 (which hears P1's too). */
      const until = async (check: () => Promise<boolean>) => {
        for (;;) {
          const next = new Promise<void>((r) => waiters.push(r));
          if (await check()) return;
          await next;
        }
      };
      await until(async () => new Set(await linked()).size === 2 && (await linked()).length === 4);
      const owners = await q('select id, linked_to from devices.gateways where id = any($1)', [gws.map((g) => g.id)]);
      const ownerOf = (id: string) => owners.find((r) => r.id === id)!.linked_to as string;
      expect(ownerOf(gws[0].id)).toBe(ownerOf(gws[2].id));
      expect(ownerOf(gws[0].id)).not.toBe(ownerOf(gws[1].id));

      const create = async (g: (typeof gws)[number], value: number) => {
        const res = await call(base2, 'POST', '/gateway_commands/create', { device_id: g.id, command: 'set_mesh_status', payload: { macs: g.lights.slice(0, 2), cid: 1, value } }, token);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body._id as string;
      };
      // A command on the wire to gateway 1 when P1 dies: created through P2, sent by P1, not answered.
      await s.send({ cmd: 'ignore', gateway: 1, on: true });
      const onWire = await create(gws[0], 15);
      await s.next((e) => e.event === 'command' && e.id === onWire);
      await s.send({ cmd: 'ignore', gateway: 1, on: false });

      const mark = s.mark;
      const killedAt = Date.now();
      p1.child.kill('SIGKILL');
      expect(await p1.exited).toBe(null);
      // Created while P1's gateways are on their way to P2: queued, or sent at once if one is already there.
      const meanwhile = [await create(gws[0], 25), await create(gws[2], 30), await create(gws[1], 40), await create(gws[3], 45)];
      await connectedAll([gws[0].mac, gws[2].mac], mark);
      const back = Date.now() - killedAt;
      expect(back).toBeLessThan(10_000);

      const all = [onWire, ...meanwhile];
      await until(async () => (await q("select count(*)::int as n from devices.commands where id = any($1) and status = 'completed'", [all]))[0].n === all.length);
      // At once, not after the dead instance is swept (INSTANCE_STALE_MS): the gateway's new link takes over what was on the wire.
      const done = Date.now() - killedAt;
      expect(done).toBeLessThan(10_000);
      console.log(`gateways back in ${back} ms, every command completed ${done} ms after the kill`);
      // Applied once each: one 'applied' event per command in the simulator's whole log.
      const applied = (id: string) => s.events.filter((e: SimEvent) => e.event === 'applied' && e.id === id).length;
      expect(all.map(applied)).toEqual(all.map(() => 1));
      // Every gateway online, linked to P2.
      await until(async () => { const l = await linked(); return l.length === 4 && new Set(l).size === 1; });
      expect(ownerOf(gws[1].id)).toBe((await linked())[0]);
      browser.close();
    } finally {
      await client.end();
    }
  }, 120_000);
});
