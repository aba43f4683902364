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
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SimClock, SimGateway } from '@isik/gateway-sim';
import { ask, burst, forkDeviceServer, gatewayPlan, mb, num, pct, postgresCpu, r1, stopDeviceServer, withScratchDatabase } from './devices-common.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

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
  serverLagP99: number; simLagP99: number;
  /** CPU per command during the burst (ms): the device server, PostgreSQL's backends, this process (gateways and client). */
  serverCpuMs: number; postgresCpuMs: number; benchCpuMs: number;
  load: string;
}

async function one(database: string, targetUrl: string): Promise<DeviceBenchResult> {
  const count = num(process.env.BENCH_GATEWAYS, 1000);
  const [lo, hi] = (process.env.BENCH_LIGHTS ?? '5-10').split('-').map(Number);
  const concurrency = num(process.env.BENCH_BURST_CONCURRENCY, 50);
  const profileDir = path.join(HERE, 'results', 'profiles');
  const server = forkDeviceServer(targetUrl, { cpuProfDir: process.env.BENCH_CPU_PROF === 'all' ? profileDir : undefined });
  const { child } = server;
  const ready = await server.ready;
  const base = `http://127.0.0.1:${ready.port}`;
  const plan = gatewayPlan(count, 'BE', 'BENCH');
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
  const load = os.loadavg()[0].toFixed(2);
  await ask(child, { type: 'burst-start', dir: process.env.BENCH_CPU_PROF && process.env.BENCH_CPU_PROF !== 'all' ? profileDir : undefined }, 'burst-started');
  const { pids } = await ask<{ pids: number[] }>(child, { type: 'backends' }, 'backends');
  const cpu0 = { server: (await ask<{ ms: number }>(child, { type: 'cpu' }, 'cpu')).ms, postgres: postgresCpu(pids), bench: process.cpuUsage() };
  const simLag = monitorEventLoopDelay({ resolution: 5 });
  simLag.enable();
  const b0 = performance.now();
  const calls = plan.map((p, i) => ({ via: 0, body: JSON.stringify({ device_id: ids[p.mac_addr], command: 'set_mesh_status', payload: { macs: [sims[i].lights[0].mac_addr], cid: 1, value: 50 } }) }));
  // BENCH_CLIENT_THREAD=1: the creates from a worker thread, so this thread's event loop plays only the gateways.
  const { createMs, createErrors } = await burst([{ base, token: ready.token }], calls, concurrency, process.env.BENCH_CLIENT_THREAD === '1');
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
  const cpu1 = { server: (await ask<{ ms: number }>(child, { type: 'cpu' }, 'cpu')).ms, postgres: postgresCpu(pids), bench: process.cpuUsage(cpu0.bench) };
  const serverBurst = await ask<{ lagP99: number; profile?: string }>(child, { type: 'burst-end', dir: process.env.BENCH_CPU_PROF && process.env.BENCH_CPU_PROF !== 'all' ? profileDir : undefined }, 'burst-ended');
  if (serverBurst.profile) console.log(`device server's CPU profile of the burst: ${serverBurst.profile}`);
  for (const s of sims) s.stop();
  clock.stop();
  await stopDeviceServer(child);

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
  const perCommand = (ms: number) => Math.round((ms / Math.max(1, stats.length)) * 100) / 100;
  return {
    database, gateways: count, lights,
    connectMs, rssMbIdle: mb(idle.rss), rssMbConnected: mb(mem.rss), heapMbConnected: mb(mem.heapUsed),
    commands: stats.length, completed: rtt.length, createErrors, burstMs,
    roundTripP50: r1(pct(rtt, 50)), roundTripP95: r1(pct(rtt, 95)), roundTripMax: r1(rtt[rtt.length - 1] ?? 0),
    createP50: r1(pct(created, 50)), createP95: r1(pct(created, 95)),
    toSentP95: r1(pct(toSent, 95)), sentToDoneP95: r1(pct(sentToDone, 95)),
    toGatewayP95: r1(pct(toGateway, 95)), gatewayAnswerP95: r1(pct(gatewayAnswer, 95)), answerToDoneP95: r1(pct(answerToDone, 95)),
    storeP95: r1(pct(store, 95)), storedToGatewayP95: r1(pct(storedToGateway, 95)),
    serverLagP99: serverBurst.lagP99, simLagP99: Math.round(simLag.percentile(99) / 1e4) / 100,
    serverCpuMs: perCommand(cpu1.server - cpu0.server), postgresCpuMs: perCommand(cpu1.postgres - cpu0.postgres),
    benchCpuMs: perCommand((cpu1.bench.user + cpu1.bench.system) / 1000), load,
  };
}

/**
 * The device benchmark on the product's database: a scratch database on BENCH_DATABASE_URL, else on an embedded
 * PostgreSQL started for the run (durable, as `npm start` runs it), dropped afterwards.
 */
export async function runDeviceBench(): Promise<DeviceBenchResult[]> {
  return [await withScratchDatabase('bench_devices', (url, label) => one(label, url))];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runDeviceBench().then((rows) => { console.table(rows); }).catch((e) => { console.error(e); process.exit(1); });
}
