// Benchmark (`npm run bench`; not part of npm test; docs/performance.md).
//
// On the product's default database, an embedded PostgreSQL (or a fresh database on BENCH_DATABASE_URL):
// seeds 5,000 products, 2,000 materials, 200,000 stock movements (half on one material), 2,000 companies and
// 500 users, starts the API in a child process and measures p50/p95/p99 and throughput of the issue 9 targets:
// the lists of products, materials, movements, companies and users and the public catalogue at 10 and at 50
// connections, and the writes (stock movement, company update) at 10. A Fastify hello-world in its own process
// is measured in the same run, at 10 and 50 connections, and every figure is also given as a ratio to it
// (the comparable number on a shared machine). Prints a table and writes bench/results/latest.json.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server URL whose role may CREATE DATABASE), BENCH_PRODUCTS,
// BENCH_MATERIALS, BENCH_MOVEMENTS, BENCH_COMPANIES, BENCH_USERS, BENCH_DURATION (seconds per scenario,
// default 10), BENCH_EXTRA=1 (also the search, ledger-contention and dashboard scenarios), BENCH_CPU_PROF=1 (a
// CPU profile of the API process into bench/results; `node bench/profile-summary.mjs FILE` sums it up), BENCH_ONLY
// (a word: only the scenarios whose name contains it), BENCH_WARMUP (seconds of unrecorded load on each list before
// the first scenario, default 3; 0: none).
// BENCH_FILES_INSIDE_TX=1 (the server prepares files inside the transaction, as before issue 8: the before figure of
// the 5 MB picture scenario, which runs when BENCH_ONLY is unset or names it).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import autocannon from 'autocannon';
import { leanLoad, type LeanRequest } from './lean-load.js';
import { runDeviceBench } from './devices.js';
import { runDocumentsBench } from './documents.js';
import sharp from 'sharp';
import { bundleReport } from './bundle-size.js';
import { floorReport } from './bundle-floor.js';
import { offerScenarios, type BenchOffers } from './offers.js';
import { orderScenarios, type BenchOrders } from './orders.js';
import { reportScenarios } from './reports.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const sizes = {
  products: num(process.env.BENCH_PRODUCTS, 5000),
  materials: num(process.env.BENCH_MATERIALS, 2000),
  movements: num(process.env.BENCH_MOVEMENTS, 200_000),
  models: 60,
  hotShare: 0.5,
  companies: num(process.env.BENCH_COMPANIES, 2000),
  users: num(process.env.BENCH_USERS, 500),
};
const duration = num(process.env.BENCH_DURATION, 10);

interface Ready {
  type: 'ready'; port: number; token: string; kind: string; seedMs: number; timings: Record<string, number>;
  hotMaterial: string; hotMovements: number; materialIds: string[]; productIds: string[]; companyIds: string[]; offers: BenchOffers; orders: BenchOrders;
}

interface Row {
  database: string; scenario: string; connections: number; requests: number; rps: number; p50: number; p95: number; p99: number; max: number;
  non2xx: number; errors: number;
  /** Throughput as a share of the hello-world's at the same connections, and p95 as a multiple of its p95. */
  rpsRatio?: number; p95Ratio?: number;
}

function startServer(targetUrl?: string): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(HERE, 'server.ts'), [], {
      // BENCH_CPU_PROF=1: a CPU profile of the API process into bench/results (node --cpu-prof).
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${path.join(HERE, 'results')}`] : [])],
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

/** The load generator: this bench's own (bench/lean-load.ts), or autocannon with BENCH_CLIENT=autocannon (figures before 2026-11-27 06:40). */
const CLIENT = process.env.BENCH_CLIENT === 'autocannon' ? 'autocannon' : 'lean';

async function load(base: string, token: string, scenario: string, database: string, request: autocannon.Request, connections: number, loadSeconds = duration): Promise<Row> {
  const latencies: number[] = [];
  let non2xx = 0;
  const started = Date.now();
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'tr' };
  const onResponse = (status: number, ms: number) => {
    latencies.push(ms);
    if (status < 200 || status >= 300) non2xx++;
  };
  const result = CLIENT === 'lean'
    ? await leanLoad(base, { connections, seconds: loadSeconds, headers, request: request as LeanRequest }, onResponse)
    : await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url: base, connections, duration: loadSeconds, timeout: 30, headers, requests: [request] }, (err, res) => (err ? reject(err) : resolve(res)));
      instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => onResponse(status, responseTime));
    });
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const r2 = (v: number) => Math.round(v * 100) / 100;
  return {
    database, scenario, connections, requests: latencies.length, rps: r2(latencies.length / seconds),
    p50: r2(percentile(latencies, 50)), p95: r2(percentile(latencies, 95)), p99: r2(percentile(latencies, 99)), max: r2(latencies.at(-1) ?? 0),
    non2xx, errors: result.errors + result.timeouts,
  };
}

/**
 * A ~5 MB PNG of noise, and distinct copies of it: each carries a tEXt chunk with its own number, so every save
 * stores a new file (new hash, new small image) with the same decoding and resizing work.
 */
async function bigPictures(): Promise<(n: number) => string> {
  const side = 1290;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
  const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
  const ihdrEnd = 8 + 8 + 13 + 4;
  return (n: number) => {
    const data = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`bench\0${n}-${Date.now()}`, 'latin1')]);
    const chunk = Buffer.alloc(4 + data.length + 4);
    chunk.writeUInt32BE(data.length - 4, 0);
    data.copy(chunk, 4);
    chunk.writeUInt32BE(crc32(data), 4 + data.length);
    return `data:image/png;base64,${Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]).toString('base64')}`;
  };
}

/**
 * Ten users list products while one user saves a product with a 5 MB picture again and again: the list's p95
 * (files are prepared outside the transaction, so the one PGlite connection is not held while sharp works).
 */
async function listWhileSaving(base: string, token: string, database: string, productId: string, productPages: number): Promise<Row[]> {
  const picture = await bigPictures();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'tr' };
  let running = true;
  const saves: number[] = [];
  let failed = 0;
  const saver = (async () => {
    for (let n = 0; running; n++) {
      const current = await (await fetch(`${base}/api/products/${productId}`, { headers })).json() as { __v: number };
      const t0 = performance.now();
      const res = await fetch(`${base}/api/products/update/${productId}`, {
        method: 'POST', headers,
        body: JSON.stringify({ __v: current.__v, productImages: [{ image: picture(n), description: 'Ana Görsel' }] }),
      });
      const text = await res.text();
      if (res.status === 200) saves.push(performance.now() - t0);
      else if (failed++ === 0) console.log(`\n  a save failed: ${res.status} ${text.slice(0, 300)}`);
    }
  })();
  const row = await load(base, token, 'product list while one user saves a 5 MB picture', database, {
    method: 'GET', path: '/api/products/list?type=list',
    setupRequest: (req) => ({ ...req, path: `/api/products/list?type=list&pageSize=10&page=${randInt(productPages)}` }),
  }, 10);
  running = false;
  await saver;
  saves.sort((a, b) => a - b);
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const saveRow: Row = {
    database, scenario: '  (the 5 MB picture saves meanwhile)', connections: 1, requests: saves.length, rps: r2(saves.length / duration),
    p50: r2(percentile(saves, 50)), p95: r2(percentile(saves, 95)), p99: r2(percentile(saves, 99)), max: r2(saves.at(-1) ?? 0), non2xx: failed, errors: 0,
  };
  return [row, saveRow];
}

const wanted = (name: string) => !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY);

async function benchOne(label: string, targetUrl?: string) {
  console.log(`\n[${label}] seeding ${sizes.products} products, ${sizes.materials} materials, ${sizes.movements} movements …`);
  const { child, ready } = await startServer(targetUrl);
  console.log(`  seeded in ${(ready.seedMs / 1000).toFixed(1)} s; API on port ${ready.port}; hot material has ${ready.hotMovements} movements`);
  const base = `http://127.0.0.1:${ready.port}`;
  const productPages = Math.ceil(sizes.products / 10);
  const materialPages = Math.ceil(sizes.materials / 10);
  const publicPages = Math.ceil((sizes.products * 0.9) / 9);
  const ledgerPages = Math.ceil(ready.hotMovements / 50);
  const companyPages = Math.ceil(sizes.companies / 10);
  const userPages = Math.ceil(sizes.users / 10);
  const lists: [string, autocannon.Request][] = [
    ['products list (10/page, random page)', {
      method: 'GET', path: '/api/products/list',
      setupRequest: (req) => ({ ...req, path: `/api/products/list?type=list&pageSize=10&page=${randInt(productPages)}` }),
    }],
    ['materials list (10/page, random page)', {
      method: 'GET', path: '/api/materials/list',
      setupRequest: (req) => ({ ...req, path: `/api/materials/list?pageSize=10&page=${randInt(materialPages)}` }),
    }],
    [`movements list (${ready.hotMovements}-row ledger, random page of 50)`, {
      method: 'GET', path: `/api/stock/list/${ready.hotMaterial}`,
      setupRequest: (req) => ({ ...req, path: `/api/stock/list/${ready.hotMaterial}?pageSize=50&page=${randInt(ledgerPages)}` }),
    }],
    ['companies list (10/page, random page)', {
      method: 'GET', path: '/api/companies/list',
      setupRequest: (req) => ({ ...req, path: `/api/companies/list?page=${randInt(companyPages)}` }),
    }],
    ['users list (10/page, random page)', {
      method: 'GET', path: '/api/users/list',
      setupRequest: (req) => ({ ...req, path: `/api/users/list?page=${randInt(userPages)}` }),
    }],
    ['public catalogue page (9/page, no token)', {
      method: 'GET', path: '/api/web/products',
      setupRequest: (req) => ({ ...req, headers: { 'accept-language': 'tr' }, path: `/api/web/products?page=${randInt(Math.min(publicPages, 400))}&orderBy=${pick(['model_category', 'urun_guc', 'urun_fiyat'])}` }),
    }],
  ];
  // Each company is updated with the version it has: round robin over all, so no two updates of one company
  // are in flight at once, and each answer's version is the one sent plus one.
  const versions = new Map<string, number>();
  let nextCompany = 0;
  const writes: [string, autocannon.Request][] = [
    ['write: stock movement (random materials)', {
      method: 'POST', path: '/api/stock/create', headers: { 'content-type': 'application/json' },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ stock_id: pick(ready.materialIds), operation_center: 'fatura', operation_type: pick(['giris', 'cikis']), qty: randInt(20), price: 1.25, description: 'bench' }) }),
    }],
    ['write: company update', {
      method: 'POST', path: '/api/companies/update/x', headers: { 'content-type': 'application/json' },
      setupRequest: (req) => {
        const i = nextCompany++ % ready.companyIds.length;
        const id = ready.companyIds[i];
        const v = versions.get(id) ?? 0;
        versions.set(id, v + 1);
        const body = { company_name: `Bench Firma ${i} güncellendi ${v + 1}`, company_city: 'Ankara', company_email: `firma${i}@bench.local`, company_phone: `0212 555 ${String(randInt(9999)).padStart(4, '0')}`, __v: v };
        return { ...req, path: `/api/companies/update/${id}`, body: JSON.stringify(body) };
      },
    }],
  ];
  const extra: [string, autocannon.Request][] = process.env.BENCH_EXTRA === '1' ? [
    ['product list with search', {
      method: 'GET', path: '/api/products/list?type=detaillist',
      setupRequest: (req) => ({ ...req, path: `/api/products/list?type=detaillist&search=${encodeURIComponent(pick(['astra', 'projektör', 'solar', 'isk-bat', 'panel', '60 w']))}&page=1` }),
    }],
    ['write: stock movement (one material: row lock)', {
      method: 'POST', path: '/api/stock/create', headers: { 'content-type': 'application/json' },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ stock_id: ready.hotMaterial, operation_center: 'uretim', operation_type: pick(['giris', 'cikis']), qty: randInt(5), price: 2, description: 'bench hot' }) }),
    }],
    ["dashboard: materials used today (all materials, today's outgoing)", { method: 'GET', path: `/api/stock/outlist/${new Date().toISOString().slice(0, 10)}` }],
    ['dashboard: tile counts', { method: 'GET', path: '/api/dashboard/counts' }],
  ] : [];
  const only = process.env.BENCH_ONLY;
  const scenarios: [string, autocannon.Request, number][] = [
    ...lists.map(([n, r]) => [n, r, 10] as [string, autocannon.Request, number]),
    ...lists.map(([n, r]) => [n, r, 50] as [string, autocannon.Request, number]),
    ...writes.map(([n, r]) => [n, r, 10] as [string, autocannon.Request, number]),
    ...extra.map(([n, r]) => [n, r, 10] as [string, autocannon.Request, number]),
    // Issue 10: the offer list over 20,000 offers / 100,000 items and saving a 50-item offer (bench/offers.ts).
    ...offerScenarios(ready.offers).map(([n, r]) => [n, r, 10] as [string, autocannon.Request, number]),
    // Issue 11: the order-line list over 20,000 lines and operation records under 50 connections (bench/orders.ts).
    ...orderScenarios(ready.orders),
    // Issue 26: each report's aggregate over the same data (bench/reports.ts).
    ...reportScenarios(),
  ].filter(([n]) => !only || n.includes(only));
  const rows: Row[] = [];
  try {
    // A running server has served these lists before: its code is compiled by V8's optimiser and each pool connection
    // has parsed the prepared statements. Without this, the first scenario measured that warm-up (the products list
    // answered about 950 req/s first, 1,400-2,400 when measured later in the same run). Not recorded.
    const warmup = num(process.env.BENCH_WARMUP, 3);
    if (warmup > 0) {
      process.stdout.write(`  warm-up: ${warmup} s of each list at 10 connections, not recorded … `);
      for (const [name, req] of lists) await load(base, ready.token, name, label, req, 10, warmup);
      console.log('done');
    }
    for (const [name, req, conns] of scenarios) {
      process.stdout.write(`  ${name}, ${conns} connections … `);
      const row = await load(base, ready.token, name, label, req, conns);
      console.log(`${row.rps} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms${row.non2xx ? `, ${row.non2xx} non-2xx` : ''}`);
      rows.push(row);
    }
    if (wanted('5 MB picture')) {
      process.stdout.write('  product list while one user saves a 5 MB picture … ');
      const [list, saves] = await listWhileSaving(base, ready.token, label, ready.productIds[0], productPages);
      console.log(`${list.rps} req/s, p50 ${list.p50} ms, p95 ${list.p95} ms; ${saves.requests} saves, p50 ${saves.p50} ms${list.non2xx + saves.non2xx ? `, ${list.non2xx + saves.non2xx} non-2xx` : ''}`);
      rows.push(list, saves);
    }
    const { mismatches } = await ask<{ mismatches: number }>(child, 'check', 'checked');
    console.log(`  ledger check: ${mismatches === 0 ? 'every balance equals the signed sum of its movements' : `${mismatches} balances out of step!`}`);
    return { database: label, seedMs: ready.seedMs, seedTimings: ready.timings, rows, ledgerMismatches: mismatches };
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
  const head = ['database', 'scenario', 'conn', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s ÷ hello', 'p95 × hello', 'requests', 'non-2xx'];
  const body = rows.map((r) => [r.database, r.scenario, String(r.connections), String(r.rps), String(r.p50), String(r.p95), String(r.p99),
    r.rpsRatio === undefined ? '' : r.rpsRatio.toFixed(3), r.p95Ratio === undefined ? '' : r.p95Ratio.toFixed(1), String(r.requests), String(r.non2xx + r.errors)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

/** The Fastify hello-world of the same run, at 10 and 50 connections. */
async function hello(): Promise<Row[]> {
  const child = fork(path.join(HERE, 'hello.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: { type: string; port: number }) => { if (m.type === 'ready') resolve(m.port); });
    child.on('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
  });
  const rows: Row[] = [];
  try {
    for (const conns of [10, 50]) {
      process.stdout.write(`  Fastify hello-world, ${conns} connections … `);
      const row = await load(`http://127.0.0.1:${port}`, '', 'Fastify hello-world', 'none', { method: 'GET', path: '/' }, conns);
      console.log(`${row.rps} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms`);
      rows.push(row);
    }
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGTERM');
  }
  return rows;
}

async function main() {
  // The web client's first download per route (bench/bundle-size.ts); needs a built client.
  try {
    bundleReport();
  } catch (err) {
    console.log(`web client sizes skipped: ${(err as Error).message}`);
  }
  // What the prescribed stack alone weighs, to judge those sizes against.
  await floorReport();
  const t0 = Date.now();
  console.log(`Benchmark: ${duration} s per scenario, ${os.cpus().length} CPUs, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('\n[yardstick]');
  const base = await hello();
  const runs = [];
  runs.push(await benchOne(process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PostgreSQL', process.env.BENCH_DATABASE_URL));
  console.log('\n[yardstick again]');
  const after = await hello();
  // The ratio uses the mean of the hello-world before and after, at the same number of connections.
  for (const r of runs.flatMap((x) => x.rows)) {
    const h = [...base, ...after].filter((x) => x.connections === r.connections);
    const rps = h.reduce((s, x) => s + x.rps, 0) / h.length;
    const p95 = h.reduce((s, x) => s + x.p95, 0) / h.length;
    if (rps > 0) r.rpsRatio = r.rps / rps;
    if (p95 > 0) r.p95Ratio = r.p95 / p95;
  }
  const rows = [...base, ...runs.flatMap((r) => r.rows), ...after];
  console.log(`\n${table(rows)}\n`);
  // The device service (bench/devices.ts): 1,000 gateways, connect time, memory, command round trip.
  const devices = process.env.BENCH_DEVICES === 'false' ? [] : await runDeviceBench();
  if (devices.length) console.table(devices);
  // The documents (bench/documents.ts): server render of a 20-line offer and of the 5,000-product price list.
  const documents = process.env.BENCH_DOCUMENTS === 'false' ? [] : await runDocumentsBench();
  if (documents.length) console.table(documents);
  const out = path.join(HERE, 'results');
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, 'latest.json');
  fs.writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), sizes, durationSeconds: duration, cpus: os.cpus().length, node: process.version, load: os.loadavg(), seconds: Math.round((Date.now() - t0) / 1000), hello: { before: base, after }, runs, devices, documents }, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), file)} (whole run ${Math.round((Date.now() - t0) / 1000)} s)`);
  if (runs.some((r) => r.ledgerMismatches !== 0)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
