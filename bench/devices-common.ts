// What the two device benchmarks share (bench/devices.ts: one instance; bench/devices-cluster.ts: two instances,
// ADR 0043): the forked device server (bench/devices-server.ts) and its IPC, the gateways' plan, the burst of create
// calls (in this thread or a worker), the scratch database, and the CPU accounting (device servers, PostgreSQL's
// backends of the scratch database, this process) that makes a figure comparable on a busy machine. The create
// calls themselves are bench/devices-client.mjs.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sendCalls, type BurstCall, type BurstTarget, type SendResult } from './devices-client.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
export const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
export const r1 = (v: number) => Math.round(v * 10) / 10;
export const mb = (b: number) => Math.round((b / 1048576) * 10) / 10;
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks the forked device server over IPC and waits for its answer of type `answer` (or its error). */
export function ask<T>(child: ChildProcess, msg: Record<string, unknown>, answer: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: { type: string; message?: string }) => {
      if (m.type === answer) { child.off('message', on); resolve(m as T); }
      if (m.type === 'error') { child.off('message', on); reject(new Error(m.message)); }
    };
    child.on('message', on);
    child.send(msg);
  });
}

export interface DeviceServerReady { port: number; token: string; instance: string }

/**
 * Forks bench/devices-server.ts on `targetUrl`; `shared`: one of several instances on that database (ADR 0043);
 * `cpuProfDir`: a CPU profile of the whole process (node --cpu-prof) written there when it exits.
 */
export function forkDeviceServer(targetUrl: string, opts: { shared?: boolean; cpuProfDir?: string } = {}): { child: ChildProcess; ready: Promise<DeviceServerReady> } {
  const execArgv = ['--import', 'tsx', ...(opts.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`] : [])];
  const env = { ...process.env, BENCH_TARGET_URL: targetUrl, ...(opts.shared ? { BENCH_SHARED: '1' } : {}) };
  const child = fork(path.join(HERE, 'devices-server.ts'), [], { execArgv, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<DeviceServerReady>((resolve, reject) => {
    child.once('message', (m: DeviceServerReady & { type: string; message?: string }) => (m.type === 'ready' ? resolve(m) : reject(new Error(m.message))));
    child.once('exit', (c) => reject(new Error(`device bench server exited with ${c}`)));
  });
  return { child, ready };
}

/** Stops a forked device server cleanly (its links closed, its instance row removed) and waits for its exit. */
export async function stopDeviceServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.send({ type: 'stop' });
  await exited;
}

export interface GatewayPlan { mac_addr: string; device_name: string; city: string; device_description: string; map_lat: number; map_lng: number; time_zone: string }

/** `count` gateways to register, MAC addresses 02:<tag>:..., names <name>-n. */
export function gatewayPlan(count: number, tag: string, name: string): GatewayPlan[] {
  const hex = (v: number) => (v & 255).toString(16).padStart(2, '0');
  return Array.from({ length: count }, (_, i) => ({
    mac_addr: `02:${tag}:${hex(i >> 16)}:${hex(i >> 8)}:${hex(i)}:00`.toUpperCase(),
    device_name: `${name}-${i + 1}`, city: 'Ankara', device_description: '', map_lat: 39.92 + (i % 40) * 0.001, map_lng: 32.85 + Math.floor(i / 40) * 0.001, time_zone: 'Europe/Istanbul',
  }));
}

export type { BurstCall, BurstTarget, SendResult } from './devices-client.mjs';

/**
 * The create calls (bench/devices-client.mjs): closed loop, `concurrency` in flight (rate 0), or open loop at `rate`
 * calls a second; their latencies and how many failed. `thread`: from a worker, so this thread's event loop plays
 * only the gateways.
 */
export async function burst(targets: BurstTarget[], calls: BurstCall[], concurrency: number, thread = false, rate = 0): Promise<SendResult> {
  if (!thread) return sendCalls({ targets, calls, concurrency, rate });
  const worker = new Worker(path.join(HERE, 'devices-client.mjs'), { workerData: { devicesClient: { targets, calls, concurrency, rate } } });
  try {
    return await new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
  } finally {
    await worker.terminate();
  }
}

/**
 * Runs `fn` on a fresh scratch database: on BENCH_DATABASE_URL, else on an embedded PostgreSQL started for the run
 * (durable, as `npm start` runs it); dropped afterwards. `label` names the database kind for the result table.
 */
export async function withScratchDatabase<T>(name: string, fn: (url: string, label: string) => Promise<T>): Promise<T> {
  const { createScratchDatabase } = await import('../packages/server/src/db/database.js');
  let serverUrl = process.env.BENCH_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    const { startEmbeddedPostgres } = await import('../packages/server/src/db/embedded.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `isik-${name.replace(/_/g, '-')}-`));
    fs.chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir: dir });
    serverUrl = embedded.url;
    stopEmbedded = async () => { await embedded.stop(); fs.rmSync(dir, { recursive: true, force: true }); };
  }
  try {
    const scratch = await createScratchDatabase(serverUrl, name);
    try {
      return await fn(scratch.url, process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL');
    } finally {
      await scratch.drop();
    }
  } finally {
    await stopEmbedded?.();
  }
}

/** CPU time (ms, user + system) a process has used so far, from /proc (Linux); 0 when it is gone or unreadable. */
export function processCpuMs(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: state is field 3, utime 14 and stime 15 (clock ticks of 10 ms).
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The CPU used by PostgreSQL's backends of one database between two readings: `read(pids)` sums them (a backend that
 * ended in between is counted up to the previous reading only, so keep the pools' connections open meanwhile).
 */
export function postgresCpu(pids: number[]): number {
  return pids.reduce((n, pid) => n + processCpuMs(pid), 0);
}
