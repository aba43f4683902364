// The growth table (issue 27): `npx tsx bench/growth.ts` (or `BENCH_GROWTH=1,10,100 npm run bench:growth`).
// Seeds the bench's data set (bench/server.ts: 5,000 products, 2,000 materials, 200,000 movements, 2,000 companies,
// 500 users, 20,000 offers with 100,000 items, 20,000 order lines; 4,000 open lines made the lines of 1,000 open
// orders), measures p95 of each list, dashboard and report at 10 connections for BENCH_DURATION seconds (default 5),
// then makes the data set 10× and 100× in SQL (bench/growth-seed.ts: copies of the 1× rows, the ledger and the offers
// then laid out in date order as their 1× seeds write them) and measures again.
// Pages are random over the whole grown list. Prints the table (rows: scenario; columns: p95 at each size and the
// ratio last/first) and writes bench/results/growth.json.
// Environment: BENCH_GROWTH (the factors, default 1,10,100), BENCH_DURATION, BENCH_ONLY (a word, or words separated by
// '|': only the scenarios whose name contains one), BENCH_WARMUP (seconds of untimed load before each scenario; 3 by
// default with BENCH_GROWTH_KEEP), BENCH_DATABASE_URL (another PostgreSQL server), BENCH_GROWTH_KEEP (a folder: the data set is
// kept there at the largest size reached, and the next run starts from it after running any new migrations on it; the
// sizes below it are then not measured: e.g. `BENCH_GROWTH=100 BENCH_GROWTH_KEEP=/var/tmp/growth` grows once and
// measures 100× again after a change, beside a plain `BENCH_GROWTH=1` run for the 1× column; its indexes are read into
// the page cache before the load, BENCH_PREWARM=0 not: bench/server.ts).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportScenarios } from './reports.js';
import type { BenchOffers } from './offers.js';
import type { BenchOrders } from './orders.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const factors = (process.env.BENCH_GROWTH ?? '1,10,100').split(',').map(Number).filter((n) => Number.isInteger(n) && n >= 1).sort((a, b) => a - b);
const duration = num(process.env.BENCH_DURATION, 5);
/** Seconds of untimed load before each scenario's timed window: BENCH_WARMUP, by default 3 with a kept data set, else 0. */
const warmup = num(process.env.BENCH_WARMUP, process.env.BENCH_GROWTH_KEEP ? 3 : 0);
const sizes = { products: 5000, materials: 2000, movements: 200_000, models: 60, hotShare: 0.5, companies: 2000, users: 500 };

interface Ready { port: number; token: string; hotMaterial: string; hotMovements: number; offers: BenchOffers; orders: BenchOrders; factor: number }
/**
 * A scenario: its name and its next request's path at factor f (random pages over the grown list). An anchored one
 * (ADR 0051) measures what the web client sends: ANCHORS random pages are read first (untimed) for their Page-Anchor,
 * then each timed request asks for the next (or previous) page of one of them with its anchor.
 */
type Scenario = [string, (f: number) => string, 'anchored'?];

const randInt = (n: number) => 1 + Math.floor(Math.random() * n);
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
/** Pages read (untimed) for their anchors before an anchored scenario's timed window; each timed request starts from one. */
const ANCHORS = 40;

function startServer(): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(HERE, 'server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_SIZES: JSON.stringify(sizes), ...(process.env.BENCH_DATABASE_URL ? { BENCH_TARGET_URL: process.env.BENCH_DATABASE_URL } : {}) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (m: { type: string; message?: string }) => {
      if (m.type === 'log') console.log(`  ${m.message}`);
      else if (m.type === 'ready') resolve({ child, ready: m as unknown as Ready });
      else if (m.type === 'error') reject(new Error(m.message));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function grow(child: ChildProcess, from: number, to: number): Promise<{ ms: number; timings: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    const on = (m: { type: string; ms?: number; message?: string; timings?: Record<string, number> }) => {
      if (m.type === 'grown') { child.off('message', on); resolve({ ms: m.ms ?? 0, timings: m.timings ?? {} }); }
      if (m.type === 'error') { child.off('message', on); reject(new Error(m.message)); }
    };
    child.on('message', on);
    child.send({ type: 'grow', from, to });
  });
}

/** Queries of the scenarios that read more than a page, EXPLAIN ANALYZEd after each size (bench/results/growth-explain.txt). */
const EXPLAIN: [string, string][] = [
  ['orders overview: units to deliver and late lines before the cutoff\'s day (kept per order day, ADR 0049 addendum 2)', `select coalesce(sum(units), 0)::text, coalesce(sum(n) filter (where day < ((now() - interval '30.5 days') at time zone 'Europe/Istanbul')::date), 0), count(*), count(distinct day) from order_open_days`],
  ['orders overview: late lines of the cutoff\'s own day (order_items_open_order_date_idx, ADR 0058)', `select count(*) from order_items l where l.order_in_production and (l.tamamlanma_orani < 100 or l.teslim_edilmis < l.urun_miktari) and l.siparis_tarihi <= now() - interval '30.5 days' and l.siparis_tarihi >= (((now() - interval '30.5 days') at time zone 'Europe/Istanbul')::date::timestamp at time zone 'Europe/Istanbul')`],
  ['orders overview: the 50 most late lines (order_items_open_order_date_idx, the order in production flagged on the line, ADR 0058)', `select l.id, o.teklif_no from order_items l join offers o on o.id = l.offer_id where l.order_in_production and (l.tamamlanma_orani < 100 or l.teslim_edilmis < l.urun_miktari) and l.siparis_tarihi <= now() - interval '30.5 days' order by l.siparis_tarihi, l.id limit 50`],
  ['orders overview: a page of 20 open orders', `select o.id from offers o where o.teklif_durumu between 1 and 3 order by coalesce(o.siparis_tarihi, 'infinity'::timestamptz), o.id limit 20 offset 20000`],
  ['order-line list: the page after an anchor (status 1-4, newest first; order_items_date_idx, ADR 0051)', `select l.id from order_items l where l.siparis_durumu between 1 and 4 and (l.siparis_tarihi, l.id) < (now() - interval '100 days', '') order by l.siparis_tarihi desc, l.id desc limit 12`],
  ['order-line list: the status tabs and total (kept lines per status, order_figure_sums kind 0, ADR 0055)', `select status, coalesce(sum(n) filter (where kind = 0), 0)::int, count(*)::int, count(distinct (kind, name))::int from order_figure_sums group by status`],
  ['users list: the page after an anchor (users_firstname_key_idx, ADR 0055)', `select id from users where (firstname_key collate "C", id) > ('kullanh{c{h{2', '') order by firstname_key collate "C", id limit 10`],
  ['companies and users lists: the unfiltered total (table_counts, ADR 0055)', `select (select coalesce(sum(n), 0)::int from table_counts where name = 'companies'), (select coalesce(sum(n), 0)::int from table_counts where name = 'users'), (select count(*)::int from table_counts)`],
  ['orders overview: the page after an anchor (offers_open_order_date_idx, ADR 0051)', `select o.id from offers o where o.teklif_durumu between 1 and 3 and (coalesce(o.siparis_tarihi, 'infinity'::timestamptz), o.id) > (now() - interval '200 days', '') order by coalesce(o.siparis_tarihi, 'infinity'::timestamptz), o.id limit 20`],
  ['materials list: the page after an anchor (materials_name_key_idx) with its kept total (table_counts, ADR 0056)', `select (select coalesce(sum(n), 0) from table_counts where name = 'materials') as total, array(select id from materials where (material_name_key, id) > ((select material_name_key from materials order by id limit 1), '') order by material_name_key, id limit 10) as ids`],
  ['movements list: the hot material\'s busiest hour, keys and quantities from the ledger index alone (ADR 0056)', `select count(*), sum(sum_qty) from material_movements m where m.stock_id = (select id from materials order by stock_moves desc limit 1) and m.operation_date >= (select hour at time zone 'UTC' from material_ledger_hours where stock_id = (select id from materials order by stock_moves desc limit 1) order by moves desc limit 1) and m.operation_date < (select (hour + interval '1 hour') at time zone 'UTC' from material_ledger_hours where stock_id = (select id from materials order by stock_moves desc limit 1) order by moves desc limit 1)`],
  ['stock: slow movers (materials scanned)', `select m.id from materials m where m.stock_sum > 0 and (m.last_movement_at is null or m.last_movement_at < now() - interval '90 days')`],
  ['stock: slow movers, first page of 50 (materials_unmoved_idx, ADR 0057)', `select x.id from materials x where x.stock_sum > 0 and (x.last_movement_at is null or x.last_movement_at < now() - interval '90 days') order by x.last_movement_at nulls first, x.id limit 50`],
  ['stock: slow movers\' total: materials with stock moved in the period (materials_unmoved_idx)', `select count(*) from materials x where x.stock_sum > 0 and x.last_movement_at >= now() - interval '90 days'`],
  ['stock: below minimum, first page of 50 (materials_below_min_idx, ADR 0057)', `select x.id from materials x where x.min_stock is not null and x.stock_sum < x.min_stock order by x.min_stock - x.stock_sum desc, x.material_name, x.id limit 50`],
  ['stock per category and the totals (material_stock_sums, ADR 0057)', `select category, unit, sum(n), sum(stock), sum(avg_value), sum(usd_price), sum(eur_price), sum(try_value), sum(below) from material_stock_sums group by 1, 2`],
  ['dashboard tile counts: offers by status', `select teklif_durumu, count(*) from offers group by 1`],
];

function explain(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    const on = (m: { type: string; text?: string }) => {
      if (m.type === 'explained') { child.off('message', on); resolve(m.text ?? ''); }
    };
    child.on('message', on);
    child.send({ type: 'explain', queries: EXPLAIN });
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * 10 clients, each sending the scenario's next request when its last one is answered, for `duration` seconds; a
 * request still running at the end is awaited and counted, so a slow scenario neither loses its samples nor leaves
 * work running into the next one (autocannon stops counting at the end and leaves up to 10 requests running).
 */
async function measure(base: string, token: string, next: () => string, anchored = false, seconds = duration): Promise<{ p95: number; rps: number; non2xx: number; requests: number }> {
  const latencies: number[] = [];
  let non2xx = 0;
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'tr' };
  // Anchored: the pages on screen and their anchors are read first, untimed (by number, so by OFFSET: at 10× and 100×
  // slow, and beside the timed requests they would load the server as no user's next page does), ANCHORS of them.
  const shown: { path: string; anchor: string }[] = [];
  if (anchored) {
    const paths = Array.from({ length: ANCHORS }, next);
    await Promise.all(Array.from({ length: 10 }, async () => {
      for (let path = paths.pop(); path; path = paths.pop()) {
        const res = await fetch(`${base}${path}`, { headers }).catch(() => null);
        const anchor = res?.headers.get('page-anchor');
        if (res) await res.arrayBuffer();
        if (anchor) shown.push({ path, anchor });
        else non2xx++; // a paged answer without its anchor counts as a failure of the scenario
      }
    }));
  }
  const nextPath = () => {
    if (!anchored) return next();
    // Timed: the page the pager's next or previous asks for, from one of the pages on screen.
    const { path, anchor } = pick(shown);
    const url = new URL(path, base);
    const page = Number(url.searchParams.get('page') ?? 1);
    url.searchParams.set('page', String(page > 1 && Math.random() < 0.5 ? page - 1 : page + 1));
    url.searchParams.set('anchor', anchor);
    return `${url.pathname}${url.search}`;
  };
  const started = Date.now();
  const end = started + seconds * 1000;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (Date.now() < end && (!anchored || shown.length > 0)) {
      const path = nextPath();
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers }).catch(() => null);
      if (res) await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!res || res.status < 200 || res.status >= 300) non2xx++;
    }
  }));
  latencies.sort((a, b) => a - b);
  return { p95: Math.round(percentile(latencies, 95) * 10) / 10, rps: Math.round((latencies.length / ((Date.now() - started) / 1000)) * 10) / 10, non2xx, requests: latencies.length };
}

function scenarios(r: Ready): Scenario[] {
  const get = (name: string, url: (f: number) => string): Scenario => [name, url];
  const anchored = (name: string, url: (f: number) => string): Scenario => [name, url, 'anchored'];
  const today = new Date().toISOString().slice(0, 10);
  return [
    anchored('products list (10/page, next page from a random page\'s anchor)', (f) => `/api/products/list?type=list&pageSize=10&page=${randInt(Math.ceil((sizes.products * f) / 10))}`),
    anchored('materials list (10/page, next page from a random page\'s anchor)', (f) => `/api/materials/list?type=list&pageSize=10&page=${randInt(Math.ceil((sizes.materials * f) / 10))}`),
    // By number: the ledger reaches any page through its kept hour positions (ADR 0033, 0056), no anchor needed.
    get('movements list (the hot material\'s ledger, random page of 50)', (f) => `/api/stock/list/${r.hotMaterial}?pageSize=50&page=${randInt(Math.ceil((r.hotMovements * f) / 50))}`),
    anchored('companies list (10/page, next page from a random page\'s anchor)', (f) => `/api/companies/list?page=${randInt(Math.ceil((sizes.companies * f) / 10))}`),
    anchored('users list (10/page, next page from a random page\'s anchor)', (f) => `/api/users/list?page=${randInt(Math.ceil((sizes.users * f) / 10))}`),
    get('public catalogue page (9/page, random of the first 400)', () => `/api/web/products?page=${randInt(400)}&orderBy=${pick(['model_category', 'urun_guc', 'urun_fiyat'])}`),
    anchored('offer list (30/page, newest first, next page from a random page\'s anchor)', (f) => `/api/offers/list?pageSize=30&page=${randInt(Math.ceil((r.offers.offers * f) / 30))}&orderBy=teklif_tarihi`),
    anchored('offer list (1000/page, with totals, next page from a random page\'s anchor)', (f) => `/api/offers/list?pageSize=1000&page=${randInt(Math.ceil((r.offers.offers * f) / 1000))}&orderBy=teklif_tarihi&filter1=0&filter2=4`),
    get('offer list (1000/page, with totals, random page by number: what the earlier client sends; information)', (f) => `/api/offers/list?pageSize=1000&page=${randInt(Math.ceil((r.offers.offers * f) / 1000))}&orderBy=teklif_tarihi&filter1=0&filter2=4`),
    get('offer list search, one offer\'s number (a selective term)', () => `/api/offers/list?pageSize=30&search=${encodeURIComponent(`TKF-${2024 + Math.floor(Math.random() * 3)}-${1000 + randInt(5000)}`)}`),
    get('offer list search', () => `/api/offers/list?pageSize=30&search=${encodeURIComponent(pick(r.offers.searches))}`),
    anchored('order-line list (status 1-4, 12/page, next page from a random page\'s anchor)', (f) => `/api/orders/list?type=list&filter1=1&filter2=4&pageSize=12&page=${randInt(Math.ceil((r.orders.lines * 0.8 * f) / 12))}`),
    get('order-line list search', () => `/api/orders/list?type=list&pageSize=12&page=1&search=${encodeURIComponent(pick(r.orders.searches))}`),
    get('component list with suggestions', () => '/api/orders/components'),
    get('production dashboard', () => '/api/orders/dashboard/production'),
    get('orders overview, first page (the dashboard: load and late lines)', () => '/api/orders/overview?pageSize=1'),
    anchored('orders overview, page of 20 orders (next page from a random page\'s anchor)', (f) => `/api/orders/overview?pageSize=20&page=${randInt(Math.ceil((8000 * f) / 20))}`),
    get('orders overview, jump to a random page of 20 by number (OFFSET; information)', (f) => `/api/orders/overview?pageSize=20&page=${randInt(Math.ceil((8000 * f) / 20))}`),
    get('dashboard: tile counts', () => '/api/dashboard/counts'),
    get("dashboard: materials used today", () => `/api/stock/outlist/${today}`),
    ...reportScenarios().map(([name, req]): Scenario => [name, () => String(req.path)]),
  ];
}

async function main() {
  const disk = fs.statfsSync(os.tmpdir());
  console.log(`growth bench: factors ${factors.join(', ')}; ${duration} s a scenario; ${(disk.bavail * disk.bsize / 2 ** 30).toFixed(0)} GiB free in ${os.tmpdir()}; load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const { child, ready } = await startServer();
  const base = `http://127.0.0.1:${ready.port}`;
  const only = process.env.BENCH_ONLY?.split('|').filter(Boolean);
  const list = scenarios(ready).filter(([n]) => !only?.length || only.some((w) => n.includes(w)));
  const table = new Map<string, Record<number, { p95: number; rps: number; non2xx: number; requests: number }>>();
  const meta: Record<number, { growMs: number; timings: Record<string, number>; load: number[]; freeGiB: number }> = {};
  // A kept data set (BENCH_GROWTH_KEEP) starts at the size it was grown to; the sizes below it are not measured.
  let current = Math.max(1, ready.factor);
  const explained: string[] = [];
  if (ready.factor === 0) await grow(child, 0, 1); // the 1× links of orders and lines
  else console.log(`  kept data set at ${ready.factor}×${factors.some((f) => f < ready.factor) ? `: ${factors.filter((f) => f < ready.factor).join(', ')}× not measured` : ''}`);
  try {
    for (const f of factors.filter((x) => x >= current)) {
      const { ms: growMs, timings } = f > current ? await grow(child, current, f) : { ms: 0, timings: {} };
      const free = fs.statfsSync(os.tmpdir());
      const freeGiB = Math.round((free.bavail * free.bsize) / 2 ** 30);
      if (f > current) console.log(`  grown to ${f}× in ${(growMs / 1000).toFixed(0)} s; ${freeGiB} GiB free; load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
      current = Math.max(current, f);
      meta[f] = { growMs, timings, load: os.loadavg(), freeGiB };
      for (const [name, req, how] of list) {
        // BENCH_WARMUP seconds of the same load first, not counted: a kept data set (BENCH_GROWTH_KEEP) is read by a
        // freshly started PostgreSQL, so without it a scenario's first reads come from disk (docs/performance.md).
        if (warmup > 0) await measure(base, ready.token, () => req(f), how === 'anchored', warmup);
        const m = await measure(base, ready.token, () => req(f), how === 'anchored');
        table.set(name, { ...table.get(name), [f]: m });
        console.log(`  ${f}× ${name}: p95 ${m.p95} ms, ${m.rps} req/s, ${m.requests} requests${m.non2xx ? `, ${m.non2xx} non-2xx` : ''}`);
      }
      explained.push(`#### ${f}×\n\n${await explain(child)}`);
      // Written after each size, so a run stopped during the next copy keeps what it measured.
      write(table, meta, explained);
    }
  } finally {
    child.send({ type: 'stop' });
  }
  console.log(`\n${write(table, meta, explained).join('\n')}\n`);
}

/** The table (rows: scenario; columns: p95 at each size measured so far, the ratio last/first) and the result files. */
function write(table: Map<string, Record<number, { p95: number; rps: number; non2xx: number; requests: number }>>, meta: Record<number, unknown>, explained: string[]): string[] {
  const done = factors.filter((f) => f in meta);
  const first = done[0];
  const last = done[done.length - 1];
  const lines = [
    `| scenario | ${done.map((f) => `p95 ${f}× (ms)`).join(' | ')} | ${last}×/${first}× |`,
    `|---|${done.map(() => '---|').join('')}---|`,
    ...[...table.entries()].map(([name, byF]) => `| ${name} | ${done.map((f) => `${byF[f]?.p95 ?? '—'}${byF[f]?.non2xx ? ` (${byF[f].non2xx} non-2xx)` : ''}`).join(' | ')} | ${byF[first] && byF[last] ? (byF[last].p95 / Math.max(byF[first].p95, 0.1)).toFixed(1) : '—'} |`),
  ];
  fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
  fs.writeFileSync(path.join(HERE, 'results', 'growth-explain.txt'), `${explained.join('\n\n')}\n`);
  fs.writeFileSync(path.join(HERE, 'results', 'growth.json'), JSON.stringify({ at: new Date().toISOString(), factors: done, duration, meta, table: Object.fromEntries(table), lines }, null, 2));
  return lines;
}

main().catch((e) => { console.error(e); process.exit(1); });
