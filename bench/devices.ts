// Device benchmark (DECISIONS 10): N simulated gateways (default 1,000) on one device-service instance.
// Measures the time until every gateway's link is up, the service's memory with all links open, and the
// command round trip (stored -> sent -> answered -> completed, from the service's own timestamps) and the
// create call's latency under a burst of one brightness command per gateway. The gateways answer at once,
// so the figures are the service's own cost.
//
// `npx tsx bench/devices.ts` alone, or through `npm run bench` (bench/run.ts). Environment: BENCH_GATEWAYS
// (default 1000), BENCH_LIGHTS (lights per gateway, default 5-10), BENCH_BURST_CONCURRENCY (default 50),
// BENCH_DATABASE_URL (a PostgreSQL server whose role may CREATE DATABASE; else an embedded PostgreSQL is started).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SimClock, SimGateway } from '@isik/gateway-sim';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);

export interface DeviceBenchResult {
  database: string; gateways: number; lights: number;
  connectMs: number; rssMbIdle: number; rssMbConnected: number; heapMbConnected: number;
  commands: number; completed: number; burstMs: number;
  roundTripP50: number; roundTripP95: number; roundTripMax: number; createP50: number; createP95: number;
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const mb = (b: number) => Math.round((b / 1048576) * 10) / 10;

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

async function one(database: string, targetUrl?: string): Promise<DeviceBenchResult> {
  const count = num(process.env.BENCH_GATEWAYS, 1000);
  const [lo, hi] = (process.env.BENCH_LIGHTS ?? '5-10').split('-').map(Number);
  const concurrency = num(process.env.BENCH_BURST_CONCURRENCY, 50);
  const child = fork(path.join(HERE, 'devices-server.ts'), [], { execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(HERE, 'results', 'profiles')}`] : [])], env: { ...process.env, ...(targetUrl ? { BENCH_TARGET_URL: targetUrl } : {}) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    child.once('message', (m: { type: string; port: number; token: string; message?: string }) => (m.type === 'ready' ? resolve(m) : reject(new Error(m.message))));
    child.once('exit', (c) => reject(new Error(`device bench server exited with ${c}`)));
  });
  const base = `http://127.0.0.1:${ready.port}`;
  const plan = Array.from({ length: count }, (_, i) => ({
    mac_addr: `02:BE:${((i >> 16) & 255).toString(16).padStart(2, '0')}:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:00`.toUpperCase(),
    device_name: `BENCH-${i + 1}`, city: 'Ankara', device_description: '', map_lat: 39.92 + (i % 40) * 0.001, map_lng: 32.85 + Math.floor(i / 40) * 0.001, time_zone: 'Europe/Istanbul',
  }));
  const { keys, ids } = await ask<{ keys: Record<string, string>; ids: Record<string, string> }>(child, { type: 'register', gateways: plan }, 'registered');
  const idle = await ask<{ rss: number }>(child, { type: 'mem' }, 'mem');

  const clock = new SimClock('real');
  let connected = 0;
  let allUp: () => void = () => undefined;
  const up = new Promise<void>((r) => { allUp = r; });
  const t0 = performance.now();
  const sims = plan.map((p, i) => new SimGateway({
    linkUrl: `ws://127.0.0.1:${ready.port}/device-api/link`, index: i + 1, mac: p.mac_addr, key: keys[p.mac_addr], name: p.device_name,
    lat: p.map_lat, lng: p.map_lng, lights: lo + (i % (hi - lo + 1)), seed: 7, clock, timeZone: 'Europe/Istanbul', answerDelay: [0, 0], meterIntervalMs: 0,
    emit: (e) => { if (e.event === 'connected' && ++connected === count) allUp(); },
  }));
  for (const s of sims) s.start();
  await up;
  const connectMs = Math.round(performance.now() - t0);
  const mem = await ask<{ rss: number; heapUsed: number }>(child, { type: 'mem' }, 'mem');

  // The burst: one command per gateway to its first light, `concurrency` calls in flight.
  const createMs: number[] = [];
  let next = 0;
  const b0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      const started = performance.now();
      const res = await fetch(`${base}/device-api/gateway_commands/create/`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ready.token}` },
        body: JSON.stringify({ device_id: ids[plan[i].mac_addr], command: 'set_mesh_status', payload: { macs: [sims[i].lights[0].mac_addr], cid: 1, value: 50 } }),
      });
      await res.arrayBuffer();
      createMs.push(performance.now() - started);
    }
  }));
  // Every answer arrives within the 10 s timeout; wait until the history says so.
  let stats: { status: string; ms: number }[] = [];
  for (let tries = 0; tries < 300; tries++) {
    stats = (await ask<{ rows: { status: string; ms: number }[] }>(child, { type: 'stats' }, 'stats')).rows;
    if (stats.every((s) => s.status === 'completed' || s.status === 'failed')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const burstMs = Math.round(performance.now() - b0);
  for (const s of sims) s.stop();
  clock.stop();
  const exited = new Promise((r) => { if (child.exitCode !== null) r(null); else child.once('exit', r); });
  child.send({ type: 'stop' });
  await exited;

  const rtt = stats.filter((s) => s.status === 'completed').map((s) => s.ms).sort((a, b) => a - b);
  const created = createMs.sort((a, b) => a - b);
  const r1 = (v: number) => Math.round(v * 10) / 10;
  return {
    database, gateways: count, lights: Math.round(sims.reduce((n, s) => n + s.lights.length, 0)),
    connectMs, rssMbIdle: mb(idle.rss), rssMbConnected: mb(mem.rss), heapMbConnected: mb(mem.heapUsed),
    commands: stats.length, completed: rtt.length, burstMs,
    roundTripP50: r1(pct(rtt, 50)), roundTripP95: r1(pct(rtt, 95)), roundTripMax: r1(rtt[rtt.length - 1] ?? 0),
    createP50: r1(pct(created, 50)), createP95: r1(pct(created, 95)),
  };
}

/**
 * The device benchmark on the product's database: a scratch database on BENCH_DATABASE_URL, else on an embedded
 * PostgreSQL started for the run (durable, as `npm start` runs it), dropped afterwards.
 */
export async function runDeviceBench(): Promise<DeviceBenchResult[]> {
  const { createScratchDatabase } = await import('../packages/server/src/db/database.js');
  let serverUrl = process.env.BENCH_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    const { startEmbeddedPostgres } = await import('../packages/server/src/db/embedded.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-bench-devices-'));
    fs.chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir: dir });
    serverUrl = embedded.url;
    stopEmbedded = async () => { await embedded.stop(); fs.rmSync(dir, { recursive: true, force: true }); };
  }
  try {
    const scratch = await createScratchDatabase(serverUrl, 'bench_devices');
    try {
      return [await one(process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL', scratch.url)];
    } finally {
      await scratch.drop();
    }
  } finally {
    await stopEmbedded?.();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runDeviceBench().then((rows) => { console.table(rows); }).catch((e) => { console.error(e); process.exit(1); });
}
