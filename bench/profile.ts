// CPU profile of one list endpoint under load (`npx tsx bench/profile.ts [path]`; not part of npm test).
//
// Starts the bench server (bench/server.ts: a fresh, bulk-seeded database) as a child process under
// `node --cpu-prof`, loads one endpoint with autocannon, stops the server and prints throughput, latency, bytes
// per answer and where the server's CPU went (self time by function and by package). Keep it short: the
// machine is shared. The .cpuprofile stays in PROFILE_DIR (open it in Chrome DevTools or speedscope).
//
// Environment: BENCH_DATABASE_URL (PostgreSQL server URL; without it the embedded default), PROFILE_DURATION
// (seconds, default 8), PROFILE_CONNECTIONS (default 10), PROFILE_DIR (default bench/results/profiles),
// BENCH_PRODUCTS (default 1000), BENCH_MATERIALS (default 200), BENCH_MOVEMENTS (default 2000).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const target = process.argv[2] && process.argv[2] !== '--summary' ? process.argv[2] : '/api/products/list?type=list&pageSize=10';
const duration = num(process.env.PROFILE_DURATION, 8);
const connections = num(process.env.PROFILE_CONNECTIONS, 10);
const dir = path.resolve(process.env.PROFILE_DIR ?? path.join(HERE, 'results', 'profiles'));
const sizes = {
  products: num(process.env.BENCH_PRODUCTS, 1000), materials: num(process.env.BENCH_MATERIALS, 200),
  movements: num(process.env.BENCH_MOVEMENTS, 2000), models: 60, hotShare: 0.5,
  companies: num(process.env.BENCH_COMPANIES, 2000), users: num(process.env.BENCH_USERS, 500),
};

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number }

/** Which package (or part of the app) a script URL belongs to. */
function packageOf(url: string): string {
  if (!url) return '(native / V8)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/packages/')) return `app: ${/packages\/([^/]+)/.exec(url)![1]}`;
  return path.basename(url);
}

/**
 * Self time per function of the samples inside `window` (microseconds of the monotonic clock, which V8's profile
 * timestamps and process.hrtime share on Linux): the load only, not start-up and seeding.
 */
function summarise(file: string, window?: { from: number; to: number }) {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = p.startTime;
  p.samples.forEach((id, i) => {
    at += p.timeDeltas[i] ?? 0;
    if (window && (at < window.from || at > window.to)) return;
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  let total = 0;
  let idle = 0;
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const name = n.callFrame.functionName || '(anonymous)';
    if (name === '(idle)') { idle += us; continue; }
    total += us;
    const key = `${name}  ${packageOf(n.callFrame.url)}${n.callFrame.url ? `:${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    const pkg = ['(garbage collector)', '(program)'].includes(name) ? name : packageOf(n.callFrame.url);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  console.log(`\nbusy CPU ${(total / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s`);
  console.log('\nself time by package:');
  for (const [k, us] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(us)}  ${k}`);
  console.log('\nself time by function (top 25):');
  for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${pct(us)}  ${k}`);
  return total;
}

async function main() {
  fs.mkdirSync(dir, { recursive: true });
  const before = new Set(fs.readdirSync(dir));
  const child = fork(path.join(HERE, 'server.ts'), [], {
    execArgv: ['--import', 'tsx', '--cpu-prof', '--cpu-prof-dir', dir],
    env: { ...process.env, BENCH_SIZES: JSON.stringify(sizes), ...(process.env.BENCH_DATABASE_URL ? { BENCH_TARGET_URL: process.env.BENCH_DATABASE_URL } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const ready = await new Promise<{ port: number; token: string; kind: string; hotMaterial: string }>((resolve, reject) => {
    child.on('message', (m: { type: string; message?: string; port?: number; token?: string; kind?: string; hotMaterial?: string }) => {
      if (m.type === 'log') console.log(`  ${m.message}`);
      if (m.type === 'ready') resolve(m as { port: number; token: string; kind: string; hotMaterial: string });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  // {hot}: the material with the long ledger, e.g. "/api/stock/list/{hot}?pageSize=50&page=1000".
  const url = `http://127.0.0.1:${ready.port}${target.replace('{hot}', ready.hotMaterial)}`;
  const headers = { authorization: `Bearer ${ready.token}` };
  const probe = await fetch(url, { headers });
  const answer = Buffer.from(await probe.arrayBuffer());
  const bytes = answer.byteLength;
  fs.writeFileSync(path.join(dir, 'answer.json'), answer);
  console.log(`${ready.kind}: GET ${target} -> ${probe.status}, ${bytes} bytes; ${connections} connections for ${duration} s`);
  const now = () => Number(process.hrtime.bigint() / 1000n);
  const cpu = () => new Promise<number>((resolve) => {
    const on = (m: { type: string; usage?: { user: number; system: number } }) => {
      if (m.type !== 'cpu') return;
      child.off('message', on);
      resolve(m.usage!.user + m.usage!.system);
    };
    child.on('message', on);
    child.send({ type: 'cpu' });
  });
  const cpu0 = await cpu();
  const from = now();
  const r = await autocannon({ url, connections, duration, headers });
  const to = now();
  const cpuMs = (await cpu() - cpu0) / 1000;
  console.log(`${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p97.5 ${r.latency.p97_5} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
  child.send({ type: 'stop' });
  await exited;
  // One profile per thread: the main thread's (thread id 0) is the server; tsx's loader runs in a worker.
  const made = fs.readdirSync(dir).filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f) && !before.has(f));
  if (made.length === 0) throw new Error('no profile written');
  const file = path.join(dir, made.sort().at(-1)!);
  const busy = summarise(file, { from, to });
  console.log(`\nserver CPU (process.cpuUsage, user + system) ${(cpuMs / r.requests.total).toFixed(2)} ms per request; profiled busy time ${((busy / 1e3) / r.requests.total).toFixed(2)} ms per request (${r.requests.total} requests); profile: ${file}`);
}

// `tsx bench/profile.ts --summary FILE` prints the summary of a profile written earlier.
const run = process.argv[2] === '--summary' ? async () => { summarise(path.resolve(process.argv[3])); } : main;
run().catch((err) => {
  console.error(err);
  process.exit(1);
});
