// Catalogue and stock benchmark (`npm run bench`; not part of npm test).
//
// For a fresh PGlite (always) and a fresh database on BENCH_DATABASE_URL (when set): seeds 5,000 products,
// 2,000 materials and 200,000 stock movements (half of them on one material), starts the API in a child
// process and measures, under concurrent load, p50/p95 latency and throughput of: the product list, a
// public catalogue page, a material's movement list (the 100k-row ledger, random pages), and stock-movement
// create (random materials, and all on one material: row-lock contention). Prints a table and writes
// bench/results/latest.json.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server URL whose role may CREATE DATABASE),
// BENCH_PRODUCTS, BENCH_MATERIALS, BENCH_MOVEMENTS, BENCH_DURATION (seconds per scenario, default 10),
// BENCH_CONNECTIONS (default 10), BENCH_SKIP_PGLITE=1.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { offerScenarios, type BenchOffers } from './offers.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const sizes = {
  products: num(process.env.BENCH_PRODUCTS, 5000),
  materials: num(process.env.BENCH_MATERIALS, 2000),
  movements: num(process.env.BENCH_MOVEMENTS, 200_000),
  models: 60,
  hotShare: 0.5,
};
const duration = num(process.env.BENCH_DURATION, 10);
const connections = num(process.env.BENCH_CONNECTIONS, 10);

interface Ready {
  type: 'ready'; port: number; token: string; kind: string; seedMs: number; timings: Record<string, number>;
  hotMaterial: string; hotMovements: number; materialIds: string[]; productIds: string[]; offers: BenchOffers;
}

interface Row {
  database: string; scenario: string; requests: number; rps: number; p50: number; p95: number; p99: number; max: number;
  non2xx: number; errors: number;
}

function startServer(targetUrl?: string): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(HERE, 'server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_SIZES: JSON.stringify(sizes), ...(targetUrl ? { BENCH_TARGET_URL: targetUrl } : {}) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (m: { type: string; message?: string }) => {
      if (m.type === 'log') console.log(`  ${m.message}`);
      else if (m.type === 'ready') resolve({ child, ready: m as Ready });
      else if (m.type === 'error') reject(new Error(m.message));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function ask<T>(child: ChildProcess, type: string, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type === answer) { child.off('message', on); resolve(m as T); }
    };
    child.on('message', on);
    child.send({ type });
  });
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const randInt = (n: number) => 1 + Math.floor(Math.random() * n);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(base: string, token: string, scenario: string, database: string, request: autocannon.Request): Promise<Row> {
  const latencies: number[] = [];
  let non2xx = 0;
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({
      url: base, connections, duration, timeout: 30,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'tr' },
      requests: [request],
    }, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (status < 200 || status >= 300) non2xx++;
    });
  });
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const r2 = (v: number) => Math.round(v * 100) / 100;
  return {
    database, scenario, requests: latencies.length, rps: r2(latencies.length / seconds),
    p50: r2(percentile(latencies, 50)), p95: r2(percentile(latencies, 95)), p99: r2(percentile(latencies, 99)), max: r2(latencies.at(-1) ?? 0),
    non2xx, errors: result.errors + result.timeouts,
  };
}

async function benchOne(label: string, targetUrl?: string) {
  console.log(`\n[${label}] seeding ${sizes.products} products, ${sizes.materials} materials, ${sizes.movements} movements …`);
  const { child, ready } = await startServer(targetUrl);
  console.log(`  seeded in ${(ready.seedMs / 1000).toFixed(1)} s; API on port ${ready.port}; hot material has ${ready.hotMovements} movements`);
  const base = `http://127.0.0.1:${ready.port}`;
  const productPages = Math.ceil(sizes.products / 10);
  const publicPages = Math.ceil((sizes.products * 0.9) / 9);
  const ledgerPages = Math.ceil(ready.hotMovements / 50);
  const scenarios: [string, autocannon.Request][] = [
    ['product list (10/page, random page, model embedded)', {
      method: 'GET', path: '/api/products/list?type=list',
      setupRequest: (req) => ({ ...req, path: `/api/products/list?type=list&pageSize=10&page=${randInt(productPages)}` }),
    }],
    ['product list with search', {
      method: 'GET', path: '/api/products/list?type=detaillist',
      setupRequest: (req) => ({ ...req, path: `/api/products/list?type=detaillist&search=${encodeURIComponent(pick(['astra', 'projektör', 'solar', 'isk-bat', 'panel', '60 w']))}&page=1` }),
    }],
    ['public catalogue page (9/page, no token)', {
      method: 'GET', path: '/api/web/products',
      setupRequest: (req) => ({ ...req, headers: { 'accept-language': 'tr' }, path: `/api/web/products?page=${randInt(Math.min(publicPages, 400))}&orderBy=${pick(['model_category', 'urun_guc', 'urun_fiyat'])}` }),
    }],
    [`material movement list (${ready.hotMovements} rows, random page of 50)`, {
      method: 'GET', path: `/api/stock/list/${ready.hotMaterial}`,
      setupRequest: (req) => ({ ...req, path: `/api/stock/list/${ready.hotMaterial}?pageSize=50&page=${randInt(ledgerPages)}` }),
    }],
    ['material movement list (first page)', { method: 'GET', path: `/api/stock/list/${ready.hotMaterial}?pageSize=50&page=1` }],
    ['stock-movement create (random materials)', {
      method: 'POST', path: '/api/stock/create', headers: { 'content-type': 'application/json' },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ stock_id: pick(ready.materialIds), operation_center: 'fatura', operation_type: pick(['giris', 'cikis']), qty: randInt(20), price: 1.25, description: 'bench' }) }),
    }],
    ['stock-movement create (one material: row lock)', {
      method: 'POST', path: '/api/stock/create', headers: { 'content-type': 'application/json' },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ stock_id: ready.hotMaterial, operation_center: 'uretim', operation_type: pick(['giris', 'cikis']), qty: randInt(5), price: 2, description: 'bench hot' }) }),
    }],
    // After the creates, so today has outgoing movements to list (the dashboard refetches these on every stock event).
    ["dashboard: materials used today (all materials, today's outgoing)", { method: 'GET', path: `/api/stock/outlist/${new Date().toISOString().slice(0, 10)}` }],
    ['dashboard: tile counts', { method: 'GET', path: '/api/dashboard/counts' }],
    ...offerScenarios(ready.offers),
  ];
  const rows: Row[] = [];
  try {
    for (const [name, req] of scenarios) {
      process.stdout.write(`  ${name} … `);
      const row = await load(base, ready.token, name, ready.kind, req);
      console.log(`${row.rps} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms${row.non2xx ? `, ${row.non2xx} non-2xx` : ''}`);
      rows.push(row);
    }
    const { mismatches } = await ask<{ mismatches: number }>(child, 'check', 'checked');
    console.log(`  ledger check: ${mismatches === 0 ? 'every balance equals the signed sum of its movements' : `${mismatches} balances out of step!`}`);
    return { database: ready.kind, seedMs: ready.seedMs, seedTimings: ready.timings, rows, ledgerMismatches: mismatches };
  } finally {
    child.removeAllListeners('exit');
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
      setTimeout(() => { child.kill('SIGKILL'); resolve(); }, 30_000).unref();
    });
  }
}

function table(rows: Row[]): string {
  const head = ['database', 'scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'non-2xx'];
  const body = rows.map((r) => [r.database, r.scenario, String(r.rps), String(r.p50), String(r.p95), String(r.p99), String(r.requests), String(r.non2xx + r.errors)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

async function main() {
  console.log(`Catalogue and stock benchmark: ${connections} connections, ${duration} s per scenario, ${os.cpus().length} CPUs, node ${process.version}`);
  const runs = [];
  if (process.env.BENCH_SKIP_PGLITE !== '1') runs.push(await benchOne('PGlite'));
  if (process.env.BENCH_DATABASE_URL) runs.push(await benchOne('PostgreSQL', process.env.BENCH_DATABASE_URL));
  const rows = runs.flatMap((r) => r.rows);
  console.log(`\n${table(rows)}\n`);
  const out = path.join(HERE, 'results');
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, 'latest.json');
  fs.writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), sizes, connections, durationSeconds: duration, cpus: os.cpus().length, node: process.version, load: os.loadavg(), runs }, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), file)}`);
  if (runs.some((r) => r.ledgerMismatches !== 0)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
