// Device service on two instances (issue 27, ADR 0043): N simulated gateways (default 5,000) spread over two
// device-service processes (bench/devices-server.ts, BENCH_SHARED=1) on one PostgreSQL, gateway n linking first to
// instance n mod 2 and to the other when its link drops. Measures:
// - the command round trip (created -> completed, the service's own timestamps) under a burst of one command per
//   gateway, each created through the instance that does NOT hold its link half of the time (routed through NOTIFY);
//   target p95 <= 200 ms;
// - kill -9 of one instance: the time until every gateway is linked again (to the other), from the database's view
//   (status online, linked_to the survivor); target <= 30 s.
//
// `npx tsx bench/devices-cluster.ts`. Environment: BENCH_GATEWAYS (default 5000), BENCH_LIGHTS (default 5-10),
// BENCH_BURST_CONCURRENCY (default 50), BENCH_DATABASE_URL (a PostgreSQL server whose role may CREATE DATABASE; else
// an embedded PostgreSQL is started).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SimClock, SimGateway } from '@isik/gateway-sim';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const r1 = (v: number) => Math.round(v * 10) / 10;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Ready { port: number; token: string; instance: string }

function ask<T>(child: ChildProcess, msg: Record<string, unknown>, answer: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: { type: string; message?: string }) => {
      if (m.type === answer) { child.off('message', on); resolve(m as T); }
      if (m.type === 'error') { child.off('message', on); reject(new Error(m.message)); }
    };
    child.on('message', on);
    child.send(msg);
  });
}

function startInstance(url: string): { child: ChildProcess; ready: Promise<Ready> } {
  const child = fork(path.join(HERE, 'devices-server.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_TARGET_URL: url, BENCH_SHARED: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m: Ready & { type: string; message?: string }) => (m.type === 'ready' ? resolve(m) : reject(new Error(m.message))));
    child.once('exit', (c) => reject(new Error(`device bench server exited with ${c}`)));
  });
  return { child, ready };
}

async function run(url: string) {
  const count = num(process.env.BENCH_GATEWAYS, 5000);
  const [lo, hi] = (process.env.BENCH_LIGHTS ?? '5-10').split('-').map(Number);
  const concurrency = num(process.env.BENCH_BURST_CONCURRENCY, 50);
  const db = new pg.Client({ connectionString: url });
  // One after the other: the first prepares the database.
  const one = startInstance(url);
  const a = await one.ready;
  const two = startInstance(url);
  const b = await two.ready;
  await db.connect();
  const q = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
  try {
    const plan = Array.from({ length: count }, (_, i) => ({
      mac_addr: `02:BC:${((i >> 16) & 255).toString(16).padStart(2, '0')}:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:00`.toUpperCase(),
      device_name: `CLUSTER-${i + 1}`, city: 'Ankara', device_description: '', map_lat: 39.92 + (i % 40) * 0.001, map_lng: 32.85 + Math.floor(i / 40) * 0.001, time_zone: 'Europe/Istanbul',
    }));
    const say = (m: string) => console.log(`[devices-cluster ${new Date().toISOString().slice(11, 19)}] ${m}`);
    say(`registering ${count} gateways`);
    const { keys, ids } = await ask<{ keys: Record<string, string>; ids: Record<string, string> }>(one.child, { type: 'register', gateways: plan }, 'registered');
    const links = [`ws://127.0.0.1:${a.port}/device-api/link`, `ws://127.0.0.1:${b.port}/device-api/link`];
    const clock = new SimClock('real');
    const sims = plan.map((p, i) => new SimGateway({
      linkUrl: i % 2 === 0 ? links : [links[1], links[0]], index: i + 1, mac: p.mac_addr, key: keys[p.mac_addr], name: p.device_name,
      lat: p.map_lat, lng: p.map_lng, lights: lo + (i % (hi - lo + 1)), seed: 9, clock, timeZone: 'Europe/Istanbul', answerDelay: [0, 0], meterIntervalMs: 0,
    }));
    say('connecting');
    const t0 = performance.now();
    for (const s of sims) s.start();
    const lights = sims.reduce((n, s) => n + s.lights.length, 0);
    // Every gateway linked (the database says so) and every light stored (a command names stored lights only).
    for (;;) {
      const [{ online }] = await q<{ online: number }>("select count(*)::int as online from devices.gateways where status = 'online'");
      const [{ n }] = await q<{ n: number }>('select count(*)::int as n from devices.mesh_items');
      if (online === count && n >= lights) break;
      if (performance.now() - t0 > 300_000) { say(`only ${online} of ${count} gateways linked after 300 s`); break; }
      await pause(100);
    }
    const connectMs = Math.round(performance.now() - t0);
    say(`all linked in ${connectMs} ms; the burst`);
    const perInstance = await q<{ linked_to: string; n: number }>('select linked_to, count(*)::int as n from devices.gateways group by 1 order by 1');

    // The burst: one command per gateway, created through instance A for even gateways and B for odd ones; gateway n
    // links first to instance n mod 2... so half the creates land where the link is not (cross-instance).
    const load = os.loadavg()[0].toFixed(2);
    const bases = [`http://127.0.0.1:${a.port}`, `http://127.0.0.1:${b.port}`];
    const tokens = [a.token, b.token];
    const holder = new Map((await q<{ id: string; linked_to: string }>('select id, linked_to from devices.gateways')).map((r) => [r.id, r.linked_to]));
    let next = 0;
    let createErrors = 0;
    let crossed = 0;
    const b0 = performance.now();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < plan.length) {
        const i = next++;
        const via = Math.floor(i / 2) % 2;
        const id = ids[plan[i].mac_addr];
        if (holder.get(id) !== [a.instance, b.instance][via]) crossed++;
        const res = await fetch(`${bases[via]}/device-api/gateway_commands/create/`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[via]}` },
          body: JSON.stringify({ device_id: id, command: 'set_mesh_status', payload: { macs: [sims[i].lights[0].mac_addr], cid: 1, value: 50 } }),
        });
        const text = await res.text();
        if (!res.ok && createErrors++ === 0) console.error(`device cluster bench: a create answered ${res.status}: ${text.slice(0, 300)}`);
      }
    }));
    for (let tries = 0; tries < 600; tries++) {
      const [{ open }] = await q<{ open: number }>("select count(*)::int as open from devices.commands where status not in ('completed', 'failed', 'expired')");
      if (open === 0) break;
      await pause(100);
    }
    const burstMs = Math.round(performance.now() - b0);
    const rows = await q<{ status: string; ms: number }>(
      "select status, extract(epoch from (updated_at - created_at)) * 1000 as ms from devices.commands");
    const done = rows.filter((r) => r.status === 'completed').map((r) => Number(r.ms)).sort((x, y) => x - y);

    say(`burst done in ${burstMs} ms; kill -9 of instance A`);
    // kill -9 of instance A: every gateway linked again, to B.
    const k0 = performance.now();
    one.child.kill('SIGKILL');
    let backMs = -1;
    for (;;) {
      const [{ n }] = await q<{ n: number }>("select count(*)::int as n from devices.gateways where status = 'online' and linked_to = $1", [b.instance]);
      if (n === count) { backMs = Math.round(performance.now() - k0); break; }
      if (performance.now() - k0 > 120_000) break;
      await pause(100);
    }
    const simsOnline = sims.filter((s) => s.online).length;

    // A second burst, all through B, after the kill: it still serves every gateway.
    const c0 = await q<{ n: number }>('select count(*)::int as n from devices.commands');
    next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < plan.length) {
        const i = next++;
        const res = await fetch(`${bases[1]}/device-api/gateway_commands/create/`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[1]}` },
          body: JSON.stringify({ device_id: ids[plan[i].mac_addr], command: 'set_mesh_status', payload: { macs: [sims[i].lights[0].mac_addr], cid: 1, value: 60 } }),
        });
        await res.text();
        if (!res.ok) createErrors++;
      }
    }));
    for (let tries = 0; tries < 600; tries++) {
      const [{ open }] = await q<{ open: number }>("select count(*)::int as open from devices.commands where status not in ('completed', 'failed', 'expired')");
      if (open === 0) break;
      await pause(100);
    }
    const after = await q<{ status: string; ms: number }>(
      'select status, extract(epoch from (updated_at - created_at)) * 1000 as ms from devices.commands order by created_at offset $1', [c0[0].n]);
    const doneAfter = after.filter((r) => r.status === 'completed').map((r) => Number(r.ms)).sort((x, y) => x - y);

    for (const s of sims) s.stop();
    clock.stop();
    const exited = new Promise((r) => { if (two.child.exitCode !== null) r(null); else two.child.once('exit', r); });
    two.child.send({ type: 'stop' });
    await exited;
    return {
      gateways: count, lights, connectMs, perInstance: perInstance.map((r) => r.n).join(' + '),
      commands: rows.length, completed: done.length, crossInstance: crossed, createErrors, burstMs,
      roundTripP50: r1(pct(done, 50)), roundTripP95: r1(pct(done, 95)), roundTripMax: r1(done[done.length - 1] ?? 0),
      allBackAfterKillMs: backMs, simsOnline,
      afterKillCompleted: `${doneAfter.length}/${after.length}`, afterKillP95: r1(pct(doneAfter, 95)),
      load, loadAfter: os.loadavg()[0].toFixed(2),
    };
  } finally {
    await db.end().catch(() => undefined);
    for (const c of [one.child, two.child]) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
}

async function main() {
  const { createScratchDatabase } = await import('../packages/server/src/db/database.js');
  let serverUrl = process.env.BENCH_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    const { startEmbeddedPostgres } = await import('../packages/server/src/db/embedded.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-bench-devices-cluster-'));
    fs.chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir: dir });
    serverUrl = embedded.url;
    stopEmbedded = async () => { await embedded.stop(); fs.rmSync(dir, { recursive: true, force: true }); };
  }
  try {
    const scratch = await createScratchDatabase(serverUrl, 'bench_devices_cluster');
    try {
      console.table([await run(scratch.url)]);
    } finally {
      await scratch.drop();
    }
  } finally {
    await stopEmbedded?.();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
