// CPU per request of the offer list at 1,000 a page, split by process: the API, PostgreSQL (every process of the
// embedded cluster) and the load generator (bench/lean-load.ts, this process), with req/s and p95 (issue 27;
// `npx tsx bench/offer-page-cpu.ts`; not part of npm test).
//
// One database is seeded once (bench/server.ts: BENCH_OFFERS offers, default 20,000 with 100,000 items, and small
// other tables). Then each variant is an API process on that same database (bench/serve-db.ts), loaded in turns
// A B A B … at OPC_CONNECTIONS (default 10) for OPC_DURATION seconds (default 5), OPC_ROUNDS rounds (default 3), with
// the bench's request (random page of 1,000, newest first, statuses 0-4). A Fastify hello-world (bench/hello.ts) is
// loaded before and after as the yardstick of the machine's state.
//
// Variants: B is this tree; OPC_A (optional) the folder of an exported earlier tree holding bench/serve-db.ts,
// e.g. `mkdir /tmp/old && git archive COMMIT packages bench package.json tsconfig.base.json | tar -x -C /tmp/old &&
// cp bench/serve-db.ts /tmp/old/bench/ && ln -s $PWD/node_modules /tmp/old/node_modules`.
// OPC_CPU_PROF=DIR: CPU profiles of the API processes (DIR/A, DIR/B). OPC_EXPLAIN=1: EXPLAIN (ANALYZE, BUFFERS) of the
// page at offset 10,000 (string_agg as the list runs it, the rows one by one, the ids alone) and what compressing a
// page would cost. OPC_SEEDER=1: the seeding process's own API (what `npm run bench` loads) as a third variant, S.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { leanLoad } from './lean-load.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const rounds = num(process.env.OPC_ROUNDS, 3);
const duration = num(process.env.OPC_DURATION, 5);
const connections = num(process.env.OPC_CONNECTIONS, 10);
const TICK = 100; // USER_HZ: /proc times are in 1/100 s on Linux

/** utime + stime of a process, ms (0 when it is gone). */
function procMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICK;
  } catch {
    return 0;
  }
}

/** The process and its children (one level: a postmaster's backends and helpers), with their CPU ms. */
function treeMs(root: number): Map<number, number> {
  const out = new Map<number, number>([[root, procMs(root)]]);
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === root) out.set(Number(d), procMs(Number(d)));
    } catch { /* gone */ }
  }
  return out;
}
const sumDelta = (a: Map<number, number>, b: Map<number, number>) => [...b].reduce((s, [pid, ms]) => s + ms - (a.get(pid) ?? 0), 0);

function start<T>(file: string, env: Record<string, string>, prof?: string): Promise<{ child: ChildProcess; ready: T }> {
  return new Promise((resolve, reject) => {
    const child = fork(file, [], { execArgv: ['--import', 'tsx', ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [])], cwd: path.resolve(path.dirname(file), '..'), env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (m: { type: string; message?: string }) => {
      if (m.type === 'log') console.log(`  ${m.message}`);
      else if (m.type === 'ready') resolve({ child, ready: m as unknown as T });
      else if (m.type === 'error') reject(new Error(m.message));
    });
    child.on('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function load(port: number, token: string, pathOf: () => string, seconds: number) {
  const latencies: number[] = [];
  let bad = 0;
  await leanLoad(`http://127.0.0.1:${port}`, {
    connections, seconds, headers: token ? { authorization: `Bearer ${token}` } : {},
    request: { method: 'GET', setupRequest: (req) => ({ ...req, path: pathOf() }) },
  }, (status, ms) => {
    latencies.push(ms);
    if (status !== 200) bad++;
  });
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p95: percentile(latencies, 95), bad };
}

async function measured(apiPid: number, pgRoot: number, port: number, token: string, pathOf: () => string) {
  await load(port, token, pathOf, 1); // warm-up: every pooled connection open, statements prepared
  const api0 = procMs(apiPid);
  const pg0 = treeMs(pgRoot);
  const gen0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await load(port, token, pathOf, duration);
  const s = (performance.now() - t0) / 1000;
  const gen = process.cpuUsage(gen0);
  const per = (ms: number) => ms / r.n;
  return {
    rps: r.n / s, p95: r.p95, bad: r.bad,
    api: per(procMs(apiPid) - api0), pg: per(sumDelta(pg0, treeMs(pgRoot))), gen: per((gen.user + gen.system) / 1000),
    load: os.loadavg()[0],
  };
}

async function hello() {
  const h = await start<{ port: number }>(path.join(HERE, 'hello.ts'), {});
  const r = await measured(h.child.pid!, h.child.pid!, h.ready.port, '', () => '/');
  h.child.send({ type: 'stop' });
  return `hello-world ${r.rps.toFixed(0)} req/s (load ${r.load.toFixed(1)})`;
}

/**
 * OPC_EXPLAIN=1: what PostgreSQL spends on a page at offset 10,000 (EXPLAIN (ANALYZE, BUFFERS), the page joined by
 * string_agg as the list runs it, against the same rows sent one by one), and what compressing the answer would cost.
 */
async function explainAndCompress(dbUrl: string, b: { port: number; token: string }, pathOf: () => string) {
  const pg = (await import('pg')).default;
  const zlib = await import('node:zlib');
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const ids = `select id, teklif_tarihi as k0, teklif_no as k1 from offers where teklif_durumu between 0 and 4 order by teklif_tarihi desc, teklif_no desc limit 1000 offset 10000`;
  const probe = `cross join lateral (select coalesce(o.list_json, offer_list_json(o)) as j from offers o where o.id = p.id limit 1) r`;
  // The list's own keys statement (offers-repository.ts offerPageSql: ids and cache keys from offers_list_date_idx,
  // ADR 0061), and as it was before: a primary-key probe per row for its key.
  const { offerListPlan, offerListSorts, offerPageSql } = await import('../packages/server/src/modules/offers/offers-repository.js');
  const { planPage } = await import('../packages/server/src/lib/anchored-page.js');
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const { fillPlaceholders } = await import('drizzle-orm');
  const keys = offerListSorts('desc').teklif_tarihi;
  const plan = planPage(keys.map(([expr, d], i) => ({ expr, desc: d === 'desc', type: (['timestamptz', 'text'] as const)[i] })), { page: 11, size: 1000, scope: 'x' }, 'placeholder');
  const q = new PgDialect().sqlToQuery(offerPageSql({ keys, status: [0, 4], plan, kind: undefined, mode: 'all', anchored: true, texts: false }));
  const inline = (text: string, params: unknown[]) => text.replace(/\$(\d+)/g, (_, n: string) => { const v = params[Number(n) - 1]; return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`; });
  const keysNow = inline(q.sql, fillPlaceholders(q.params, { lo: 0, hi: 4, size: plan.limit, off: plan.offset }));
  // Page 11 as the list reads it now (ADR 0063): nearer the end, so from the end, its limit and offset from the kept count.
  const listed = offerListPlan({ page: 11, pageSize: 1000, orderBy: 'teklif_tarihi', order: 'desc', from: 0, to: 4 }, 20_000);
  const qEnd = new PgDialect().sqlToQuery(offerPageSql({ keys, status: [0, 4], plan: listed.plan, kind: undefined, mode: 'all', anchored: true, texts: false, keptEnd: listed.keptEnd }));
  const keysEnd = inline(qEnd.sql, fillPlaceholders(qEnd.params, { lo: 0, hi: 4, size: listed.plan.limit, off: listed.plan.offset, start: 10_000 }));
  const shapes: [string, string][] = [
    [`the keys statement of page 11 as the list reads it (${listed.keptEnd ? 'from the end, ADR 0063' : 'from the start'})`, keysEnd],
    ['the keys statement of page 11 from the start (keys from the index, ADR 0061; before ADR 0063)', keysNow],
    ['the keys statement with a probe per row (before ADR 0061)', `with p as materialized (${ids}) select string_agg(r.h, '' order by p.k0 desc, p.k1 desc) from p cross join lateral (select encode(coalesce(o.list_key, offer_list_key(offer_list_json(o))), 'hex') as h from offers o where o.id = p.id limit 1) r`],
    ['string_agg (the texts)', `select coalesce(string_agg(r.j, ',' order by p.k0 desc, p.k1 desc), '') as x from (${ids}) p ${probe}`],
    ['rows one by one', `select r.j from (${ids}) p ${probe} order by p.k0 desc, p.k1 desc`],
    ['the ids alone', ids],
  ];
  for (const [name, text] of shapes) {
    let best = Infinity;
    let plan = '';
    for (let i = 0; i < 10; i++) {
      const r = await c.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, timing off) ${text}`);
      const lines = r.rows.map((x) => x['QUERY PLAN']);
      const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]);
      if (ms < best) { best = ms; plan = lines.join('\n'); }
    }
    console.log(`EXPLAIN ${name}: min of 10 ${best} ms\n${plan}`);
    // Wall time as a client sees it (the rows transferred and parsed by node-pg), min of 10.
    let wall = Infinity;
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await c.query(text);
      wall = Math.min(wall, performance.now() - t0);
    }
    console.log(`  as a query from node-pg: min of 10 ${wall.toFixed(2)} ms`);
  }
  await c.end();
  const res = await fetch(`http://127.0.0.1:${b.port}${pathOf()}`, { headers: { authorization: `Bearer ${b.token}` } });
  const body = Buffer.from(await res.arrayBuffer());
  console.log(`a page: ${body.length} bytes; content-encoding ${res.headers.get('content-encoding') ?? 'none'}`);
  const time = (name: string, f: () => Buffer) => {
    let best = Infinity;
    let size = 0;
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      size = f().length;
      best = Math.min(best, performance.now() - t0);
    }
    console.log(`  ${name}: ${size} bytes, min of 10 ${best.toFixed(2)} ms CPU`);
  };
  time('gzip level 1', () => zlib.gzipSync(body, { level: 1 }));
  time('gzip level 6 (default)', () => zlib.gzipSync(body));
  time('brotli quality 4', () => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }));
  time('utf8 decode + encode (what the bytes path saves)', () => Buffer.from(body.toString('utf8'), 'utf8'));
}

async function main() {
  const sizes = { products: 50, materials: 20, movements: 200, models: 5, hotShare: 0.5, companies: 20, users: 5 };
  console.log(`seeding (BENCH_OFFERS ${process.env.BENCH_OFFERS ?? 20000}) …`);
  const seeded = await start<{ databaseUrl: string; offers: { offers: number } }>(path.join(HERE, 'server.ts'), { BENCH_SIZES: JSON.stringify(sizes), BENCH_ORDER_LINES: '100' });
  const dbUrl = seeded.ready.databaseUrl;
  const pgPort = Number(new URL(dbUrl).port);
  // The embedded cluster's postmaster: the parent of a backend of this database.
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  // The visibility map a used table has (autovacuum's work; the seed has just written every row, and until a vacuum
  // the list's index-only scans read each row's heap page too).
  if (process.env.OPC_VACUUM !== '0') await c.query('vacuum analyze offers');
  const backend = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
  const stat = fs.readFileSync(`/proc/${backend}/stat`, 'utf8');
  await c.end();
  const postmaster = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  console.log(`database on port ${pgPort}, postmaster ${postmaster}`);
  const pages = Math.ceil(seeded.ready.offers.offers / 1000);
  const page = () => `/api/offers/list?pageSize=1000&page=${1 + Math.floor(Math.random() * pages)}&orderBy=teklif_tarihi&filter1=0&filter2=4`;
  const variants: [string, string][] = [
    ...(process.env.OPC_A ? [['A', path.join(path.resolve(process.env.OPC_A), 'bench', 'serve-db.ts')] as [string, string]] : []),
    ['B', path.join(HERE, 'serve-db.ts')],
  ];
  const servers = new Map<string, { child: ChildProcess; ready: { port: number; token: string } }>();
  // OPC_SEEDER=1: also load the API of the seeding process itself (bench/server.ts, as `npm run bench` does), as S.
  if (process.env.OPC_SEEDER === '1') {
    variants.push(['S', '']);
    servers.set('S', seeded as unknown as { child: ChildProcess; ready: { port: number; token: string } });
  }
  // OPC_CPU_PROF=DIR: a CPU profile of each API process (written when it stops; bench/profile-summary.mjs).
  for (const [v, file] of variants) if (file) servers.set(v, await start(file, { BENCH_DB_URL: dbUrl }, process.env.OPC_CPU_PROF ? path.join(path.resolve(process.env.OPC_CPU_PROF), v) : undefined));
  if (process.env.OPC_EXPLAIN === '1') await explainAndCompress(dbUrl, servers.get('B')!.ready, page);
  const lines: string[] = [await hello()];
  console.log(lines[0]);
  try {
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? variants : [...variants].reverse();
      for (const [v] of order) {
        const s = servers.get(v)!;
        const m = await measured(s.child.pid!, postmaster, s.ready.port, s.ready.token, page);
        const line = `${v} round ${r + 1}: ${m.rps.toFixed(1)} req/s, p95 ${m.p95} ms; CPU ms/req: API ${m.api.toFixed(2)}, PostgreSQL ${m.pg.toFixed(2)}, load generator ${m.gen.toFixed(2)}, total ${(m.api + m.pg + m.gen).toFixed(2)}${m.bad ? `; ${m.bad} not 200` : ''} (load ${m.load.toFixed(1)})`;
        console.log(line);
        lines.push(line);
      }
    }
    const after = await hello();
    console.log(after);
  } finally {
    for (const [v, s] of servers) if (v !== 'S') s.child.send({ type: 'stop' });
    seeded.child.send({ type: 'stop' });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
