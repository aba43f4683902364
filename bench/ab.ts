// Interleaved A/B of two server variants (`npx tsx bench/ab.ts`; not part of npm test).
//
// On this VM one load run differs from the next by ±20 % even on a quiet machine (docs/performance.md, "Run-to-run
// noise"), so a change is judged on interleaved runs: A and B are two bench servers (bench/server.ts, each with its
// own freshly seeded database and embedded PostgreSQL), started once with the environment of their variant, then
// loaded in turns A B A B … with the same scenarios. Only one is loaded at a time; the other sits idle.
//
// Environment: AB_A and AB_B (JSON objects of environment variables for each variant's server, default {}),
// AB_A_SERVER and AB_B_SERVER (the bench server file of each variant, default this folder's server.ts: point one at
// the bench/server.ts of an exported earlier commit, e.g. `git archive main packages/server bench | tar -x -C DIR`),
// AB_ROUNDS (default 3), AB_DURATION (seconds per load, default 8), AB_CONNECTIONS (default 10), AB_ONLY (scenario
// names containing it), BENCH_PRODUCTS / BENCH_MATERIALS / BENCH_MOVEMENTS / BENCH_COMPANIES / BENCH_USERS (as
// `npm run bench`: 5,000 / 2,000 / 200,000 / 2,000 / 500).
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { offerScenarios, type BenchOffers } from './offers.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const sizes = {
  products: num(process.env.BENCH_PRODUCTS, 5000), materials: num(process.env.BENCH_MATERIALS, 2000),
  movements: num(process.env.BENCH_MOVEMENTS, 200_000), models: 60, hotShare: 0.5,
  companies: num(process.env.BENCH_COMPANIES, 2000), users: num(process.env.BENCH_USERS, 500),
};
const rounds = num(process.env.AB_ROUNDS, 3);
const duration = num(process.env.AB_DURATION, 8);
const connections = num(process.env.AB_CONNECTIONS, 10);

interface Ready { port: number; token: string; hotMaterial: string; hotMovements: number; offers: BenchOffers }

function start(label: string, env: Record<string, string>, server?: string): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.resolve(server ?? path.join(HERE, 'server.ts')), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env, BENCH_SIZES: JSON.stringify(sizes) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (m: { type: string; message?: string }) => {
      if (m.type === 'log') console.log(`  [${label}] ${m.message}`);
      else if (m.type === 'ready') resolve({ child, ready: m as unknown as Ready });
      else if (m.type === 'error') reject(new Error(m.message));
    });
    child.on('exit', (code) => reject(new Error(`server ${label} exited with ${code}`)));
  });
}

function cpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: { type: string; usage?: { user: number; system: number } }) => {
      if (m.type !== 'cpu') return;
      child.off('message', on);
      resolve(m.usage!.user + m.usage!.system);
    };
    child.on('message', on);
    child.send({ type: 'cpu' });
  });
}

const randInt = (n: number) => 1 + Math.floor(Math.random() * n);
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

/** The list scenarios of `npm run bench` (random pages), then the offer scenarios (bench/offers.ts), by name. */
function scenarios(ready: Ready): [string, autocannon.Request][] {
  const pages = (n: number, size: number) => Math.ceil(n / size);
  const get = (path: () => string): autocannon.Request => ({ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) });
  const lists: [string, () => string][] = [
    ['products', () => `/api/products/list?type=list&pageSize=10&page=${randInt(pages(sizes.products, 10))}`],
    ['materials', () => `/api/materials/list?pageSize=10&page=${randInt(pages(sizes.materials, 10))}`],
    ['movements', () => `/api/stock/list/${ready.hotMaterial}?pageSize=50&page=${randInt(pages(ready.hotMovements, 50))}`],
    ['companies', () => `/api/companies/list?page=${randInt(pages(sizes.companies, 10))}`],
    ['users', () => `/api/users/list?page=${randInt(pages(sizes.users, 10))}`],
    ['catalogue', () => `/api/web/products?page=${randInt(Math.min(pages(sizes.products * 0.9, 9), 400))}&orderBy=${pick(['model_category', 'urun_guc', 'urun_fiyat'])}`],
  ];
  return [...lists.map(([n, path]) => [n, get(path)] as [string, autocannon.Request]), ...offerScenarios(ready.offers)];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function loadOnce(child: ChildProcess, ready: Ready, request: autocannon.Request) {
  const latencies: number[] = [];
  let bad = 0;
  const cpu0 = await cpu(child);
  const t0 = Date.now();
  await new Promise<void>((resolve, reject) => {
    const inst = autocannon({
      url: `http://127.0.0.1:${ready.port}`, connections, duration, timeout: 30,
      headers: { authorization: `Bearer ${ready.token}`, 'accept-language': 'tr' },
      requests: [request],
    }, (err) => (err ? reject(err) : resolve()));
    inst.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
      latencies.push(ms);
      if (status !== 200) bad++;
    });
  });
  const seconds = (Date.now() - t0) / 1000;
  const cpuMs = (await cpu(child) - cpu0) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), cpu: cpuMs / latencies.length, bad };
}

async function main() {
  const envA = JSON.parse(process.env.AB_A ?? '{}') as Record<string, string>;
  const envB = JSON.parse(process.env.AB_B ?? '{}') as Record<string, string>;
  console.log(`A = ${process.env.AB_A_SERVER ?? 'server.ts'} ${JSON.stringify(envA)}, B = ${process.env.AB_B_SERVER ?? 'server.ts'} ${JSON.stringify(envB)}; ${rounds} rounds of ${duration} s at ${connections} connections`);
  const a = await start('A', envA, process.env.AB_A_SERVER);
  const b = await start('B', envB, process.env.AB_B_SERVER);
  const results: string[] = [];
  try {
    for (const [name] of scenarios(a.ready)) {
      if (process.env.AB_ONLY && !process.env.AB_ONLY.split(',').some((s) => name.includes(s))) continue;
      const runs: Record<'A' | 'B', Awaited<ReturnType<typeof loadOnce>>[]> = { A: [], B: [] };
      for (let r = 0; r < rounds; r++) {
        // Alternate which variant goes first, so neither always follows the other's load.
        const order = r % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
        for (const v of order) {
          const s = v === 'A' ? a : b;
          const request = scenarios(s.ready).find(([n]) => n === name)![1];
          const res = await loadOnce(s.child, s.ready, request);
          runs[v].push(res);
          console.log(`${name} ${v} round ${r + 1}: ${res.rps.toFixed(0)} req/s, p50 ${res.p50} ms, p95 ${res.p95} ms, ${res.cpu.toFixed(2)} ms CPU/req${res.bad ? `, ${res.bad} not 200` : ''}`);
        }
      }
      const fmt = (v: 'A' | 'B') => `${v}: req/s ${runs[v].map((x) => x.rps.toFixed(0)).join(', ')}; p95 ms ${runs[v].map((x) => x.p95).join(', ')}; CPU ms/req ${runs[v].map((x) => x.cpu.toFixed(2)).join(', ')}`;
      results.push(`${name}\n  ${fmt('A')}\n  ${fmt('B')}`);
    }
  } finally {
    a.child.send({ type: 'stop' });
    b.child.send({ type: 'stop' });
  }
  console.log(`\n${results.join('\n')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
