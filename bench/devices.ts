// Device benchmark (DECISIONS 10): N simulated gateways (default 1,000) on one device-service instance.
// Measures the time until every gateway's link is up, the service's memory with all links open, and the
// command round trip (stored -> sent -> answered -> completed, from the service's own timestamps) and the
// create call's latency under a burst of one brightness command per gateway. The gateways answer at once,
// so the figures are the service's own cost.
//
// `npx tsx bench/devices.ts` alone, or through `npm run bench` (bench/run.ts). Environment: BENCH_GATEWAYS
// (default 1000), BENCH_LIGHTS (lights per gateway, default 5-10), BENCH_BURST_CONCURRENCY (default 50),
// BENCH_DATABASE_URL (a PostgreSQL server whose role may CREATE DATABASE; else an embedded PostgreSQL is started),
// BENCH_CLIENT_THREAD=1 (the burst's create calls from a worker thread, so this thread plays only the gateways),
// BENCH_CPU_PROF=1 (a CPU profile of the device server during the burst only, in bench/results/profiles;
// BENCH_CPU_PROF=all profiles the whole device server process, registration and connects included).
// Besides the round trip it reports its two parts (stored -> sent: the service's dispatch; sent -> completed: the
// link, the simulated gateway and the answer's handling) and the event-loop delay during the burst of the device
// server and of this process, which plays the 1,000 gateways and sends the creates.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { SimClock, SimGateway } from '@isik/gateway-sim';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);

export interface DeviceBenchResult {
  database: string; gateways: number; lights: number;
  connectMs: number; rssMbIdle: number; rssMbConnected: number; heapMbConnected: number;
  commands: number; completed: number; createErrors: number; burstMs: number;
  roundTripP50: number; roundTripP95: number; roundTripMax: number; createP50: number; createP95: number;
  /** The round trip's parts, p95: stored -> sent, sent -> completed. */
  toSentP95: number; sentToDoneP95: number;
  /**
   * The sent -> completed part split at the simulated gateway (p95, wall clocks of the two processes on one
   * machine): service's sent -> the gateway has the frame (the link and this process's event loop), the gateway's
   * own answer time (configured 0 here: timer delay only), its answer sent -> completed stored by the service.
   */
  toGatewayP95: number; gatewayAnswerP95: number; answerToDoneP95: number;
  /** sent -> the gateway has it, split (p95): the statement storing it (pool wait included), then link and gateway's loop. */
  storeP95: number; storedToGatewayP95: number;
  /** Event-loop delay during the burst (ms, p99): the device server, and this process (the gateways and the client). */
  serverLagP99: number; simLagP99: number; load: string;
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

/** The burst's create calls, `concurrency` in flight; their latencies and how many failed (as bench/devices-client.mjs). */
async function burst(base: string, token: string, bodies: string[], concurrency: number): Promise<{ createMs: number[]; createErrors: number }> {
  const createMs: number[] = [];
  let createErrors = 0;
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < bodies.length) {
      const i = next++;
      const started = performance.now();
      const res = await fetch(`${base}/device-api/gateway_commands/create/`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: bodies[i],
      });
      const body = await res.text();
      createMs.push(performance.now() - started);
      if (!res.ok && createErrors++ === 0) console.error(`device bench: a create answered ${res.status}: ${body.slice(0, 300)}`);
    }
  }));
  return { createMs, createErrors };
}

async function one(database: string, targetUrl?: string): Promise<DeviceBenchResult> {
  const count = num(process.env.BENCH_GATEWAYS, 1000);
  const [lo, hi] = (process.env.BENCH_LIGHTS ?? '5-10').split('-').map(Number);
  const concurrency = num(process.env.BENCH_BURST_CONCURRENCY, 50);
  const profileDir = path.join(HERE, 'results', 'profiles');
  const child = fork(path.join(HERE, 'devices-server.ts'), [], { execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF === 'all' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])], env: { ...process.env, ...(targetUrl ? { BENCH_TARGET_URL: targetUrl } : {}) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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
  const received = new Map<string, number>();
  const answered = new Map<string, number>();
  let connected = 0;
  let allUp: () => void = () => undefined;
  const up = new Promise<void>((r) => { allUp = r; });
  const t0 = performance.now();
  const sims = plan.map((p, i) => new SimGateway({
    linkUrl: `ws://127.0.0.1:${ready.port}/device-api/link`, index: i + 1, mac: p.mac_addr, key: keys[p.mac_addr], name: p.device_name,
    lat: p.map_lat, lng: p.map_lng, lights: lo + (i % (hi - lo + 1)), seed: 7, clock, timeZone: 'Europe/Istanbul', answerDelay: [0, 0], meterIntervalMs: 0,
    emit: (e) => {
      if (e.event === 'connected' && ++connected === count) allUp();
      else if (e.event === 'command') received.set(e.id as string, Date.now());
      else if (e.event === 'applied') answered.set(e.id as string, Date.now());
    },
  }));
  for (const s of sims) s.start();
  await up;
  const connectMs = Math.round(performance.now() - t0);
  // Connected is the service's welcome; the lights each gateway reports next must be stored before a command
  // may name them (else 400 device.macs.unknown), so the burst starts once the service holds every light.
  const lights = sims.reduce((n, s) => n + s.lights.length, 0);
  for (let tries = 0; tries < 600; tries++) {
    if ((await ask<{ n: number }>(child, { type: 'lights' }, 'lights')).n >= lights) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const mem = await ask<{ rss: number; heapUsed: number }>(child, { type: 'mem' }, 'mem');

  // The burst: one command per gateway to its first light, `concurrency` calls in flight.
  const createMs: number[] = [];
  let createErrors = 0;
  const load = os.loadavg()[0].toFixed(2);
  const clientThread = process.env.BENCH_CLIENT_THREAD === '1';
  await ask(child, { type: 'burst-start', dir: process.env.BENCH_CPU_PROF && process.env.BENCH_CPU_PROF !== 'all' ? profileDir : undefined }, 'burst-started');
  const simLag = monitorEventLoopDelay({ resolution: 5 });
  simLag.enable();
  const b0 = performance.now();
  const bodies = plan.map((p, i) => JSON.stringify({ device_id: ids[p.mac_addr], command: 'set_mesh_status', payload: { macs: [sims[i].lights[0].mac_addr], cid: 1, value: 50 } }));
  if (clientThread) {
    // The creates from a worker thread: this thread's event loop plays only the gateways.
    const worker = new Worker(path.join(HERE, 'devices-client.mjs'), { workerData: { base, token: ready.token, bodies, concurrency } });
    const r = await new Promise<{ createMs: number[]; createErrors: number }>((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
    createMs.push(...r.createMs);
    createErrors = r.createErrors;
    await worker.terminate();
  } else {
    const r = await burst(base, ready.token, bodies, concurrency);
    createMs.push(...r.createMs);
    createErrors = r.createErrors;
  }
  // Every answer arrives within the 10 s timeout; wait until the history says so.
  type Stat = { id: string; status: string; ms: number; toSent: number | null; sentAt: number | null; storedAt: number | null };
  let stats: Stat[] = [];
  for (let tries = 0; tries < 300; tries++) {
    stats = (await ask<{ rows: Stat[] }>(child, { type: 'stats' }, 'stats')).rows;
    if (stats.every((s) => s.status === 'completed' || s.status === 'failed')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const burstMs = Math.round(performance.now() - b0);
  simLag.disable();
  const serverBurst = await ask<{ lagP99: number; profile?: string }>(child, { type: 'burst-end', dir: process.env.BENCH_CPU_PROF && process.env.BENCH_CPU_PROF !== 'all' ? profileDir : undefined }, 'burst-ended');
  if (serverBurst.profile) console.log(`device server's CPU profile of the burst: ${serverBurst.profile}`);
  for (const s of sims) s.stop();
  clock.stop();
  const exited = new Promise((r) => { if (child.exitCode !== null) r(null); else child.once('exit', r); });
  child.send({ type: 'stop' });
  await exited;

  const done = stats.filter((s) => s.status === 'completed');
  const rtt = done.map((s) => s.ms).sort((a, b) => a - b);
  const toSent = done.map((s) => s.toSent ?? 0).sort((a, b) => a - b);
  const sentToDone = done.map((s) => s.ms - (s.toSent ?? 0)).sort((a, b) => a - b);
  const sorted = (f: (s: Stat) => number | undefined) => done.map(f).filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  const toGateway = sorted((s) => (received.has(s.id) && s.sentAt !== null ? received.get(s.id)! - s.sentAt : undefined));
  const store = sorted((s) => (s.storedAt !== null && s.sentAt !== null ? s.storedAt - s.sentAt : undefined));
  const storedToGateway = sorted((s) => (s.storedAt !== null && received.has(s.id) ? received.get(s.id)! - s.storedAt : undefined));
  const gatewayAnswer = sorted((s) => (received.has(s.id) && answered.has(s.id) ? answered.get(s.id)! - received.get(s.id)! : undefined));
  const answerToDone = sorted((s) => (answered.has(s.id) && s.sentAt !== null ? s.sentAt - (s.toSent ?? 0) + s.ms - answered.get(s.id)! : undefined));
  const created = createMs.sort((a, b) => a - b);
  const r1 = (v: number) => Math.round(v * 10) / 10;
  return {
    database, gateways: count, lights,
    connectMs, rssMbIdle: mb(idle.rss), rssMbConnected: mb(mem.rss), heapMbConnected: mb(mem.heapUsed),
    commands: stats.length, completed: rtt.length, createErrors, burstMs,
    roundTripP50: r1(pct(rtt, 50)), roundTripP95: r1(pct(rtt, 95)), roundTripMax: r1(rtt[rtt.length - 1] ?? 0),
    createP50: r1(pct(created, 50)), createP95: r1(pct(created, 95)),
    toSentP95: r1(pct(toSent, 95)), sentToDoneP95: r1(pct(sentToDone, 95)),
    toGatewayP95: r1(pct(toGateway, 95)), gatewayAnswerP95: r1(pct(gatewayAnswer, 95)), answerToDoneP95: r1(pct(answerToDone, 95)),
    storeP95: r1(pct(store, 95)), storedToGatewayP95: r1(pct(storedToGateway, 95)),
    serverLagP99: serverBurst.lagP99, simLagP99: Math.round(simLag.percentile(99) / 1e4) / 100, load,
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
