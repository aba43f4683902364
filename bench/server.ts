// The benchmarked server: a child process (its own CPU, as in production) on a fresh database, bulk
// seeded, listening on a free port. Talks to bench/run.ts over IPC.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../packages/server/src/config.js';
import { createScratchDatabase, openDatabase } from '../packages/server/src/db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../packages/server/src/db/embedded.js';
import { companies, users } from '../packages/server/src/db/schema.js';
import { newId } from '../packages/server/src/lib/ids.js';
import { hashPassword } from '../packages/server/src/lib/passwords.js';
import { buildApp } from '../packages/server/src/app.js';
import { ensureAdmin } from '../packages/server/src/seed/seed.js';
import { bulkSeed, ledgerMismatches, type BenchSizes } from './seed.js';
import { seedBenchOffers } from './offers.js';
import { seedBenchOrders } from './orders.js';
import { growData, linkOrders } from './growth-seed.js';

const ADMIN = { email: 'bench@bench.local', password: 'Bench12345!' };
const send = (m: object) => process.send?.(m);
const log = (m: string) => send({ type: 'log', message: m });

async function main() {
  let serverUrl = process.env.BENCH_TARGET_URL;
  const sizes = JSON.parse(process.env.BENCH_SIZES ?? '{}') as BenchSizes & { companies: number; users: number };
  // Without a server URL: the product's default, an embedded PostgreSQL (durable, as `npm start` runs it).
  let embedded: EmbeddedServer | undefined;
  let dir: string | undefined;
  // BENCH_GROWTH_KEEP (a folder; bench/growth.ts): the seeded and grown data set is kept there between runs, so a 100×
  // copy (about 37 minutes) is made once and measured again after a change (its new migrations run on it at start).
  const keep = process.env.BENCH_GROWTH_KEEP ? path.resolve(process.env.BENCH_GROWTH_KEEP) : undefined;
  const keptFile = keep && path.join(keep, 'state.json');
  const kept = keptFile && fs.existsSync(keptFile) ? JSON.parse(fs.readFileSync(keptFile, 'utf8')) as KeptState : undefined;
  if (keep && serverUrl) throw new Error('BENCH_GROWTH_KEEP keeps an embedded PostgreSQL: not with BENCH_DATABASE_URL');
  if (!serverUrl) {
    dir = keep ? path.join(keep, 'pg') : fs.mkdtempSync(path.join(os.tmpdir(), 'isik-bench-'));
    if (keep && !kept) fs.rmSync(dir, { recursive: true, force: true }); // a copy stopped half-way is not kept
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: dir });
    serverUrl = embedded.url;
  }
  // A fresh database on the server, dropped afterwards (kept: the one database `bench`, left as it is).
  const scratch: { url: string; drop?: () => Promise<void> } = keep ? await keptDatabase(serverUrl) : await createScratchDatabase(serverUrl, 'bench');
  const databaseUrl = scratch.url;
  const drop = async () => {
    await scratch.drop?.();
    if (embedded) await embedded.stop();
    if (dir && !keep) fs.rmSync(dir, { recursive: true, force: true });
  };
  const t0 = Date.now();
  const database = await openDatabase({ databaseUrl });
  const config = loadConfig({ JWT_SECRET: 'bench-secret-0123456789abcdef', LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATES_JOB: 'false' });
  await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
  log(`database ${database.kind} open and migrated in ${Date.now() - t0} ms; ${kept ? `kept data set at ${kept.factor}× (${keep})` : 'seeding'}`);
  if (kept) {
    // What this run's new migrations changed is analysed before the load.
    await database.db.execute(sql`analyze`);
    await database.db.execute(sql`checkpoint`).catch(() => undefined);
    // The indexes into the page cache (pg_prewarm 'read'), as on a server whose memory holds them: a run starts a new
    // PostgreSQL on a data set larger than this machine's memory, and a page's index entries read from disk measure
    // the disk, not the query. The tables' rows are not prewarmed: the rows a page reads are its own cost
    // (docs/performance.md, "The 100× run with its indexes in memory").
    if (process.env.BENCH_PREWARM !== '0') {
      const t2 = Date.now();
      await database.db.execute(sql`create extension if not exists pg_prewarm`);
      const res = await database.db.execute(sql`select coalesce(sum(pg_prewarm(c.oid, 'read')), 0)::int8 as blocks from pg_class c where c.relkind = 'i' and c.relnamespace = 'public'::regnamespace`);
      const blocks = Number((res as unknown as { rows: { blocks: string }[] }).rows[0]?.blocks ?? 0);
      log(`indexes read into the page cache: ${(blocks * 8 / 1024 / 1024).toFixed(1)} GiB in ${Date.now() - t2} ms (BENCH_PREWARM=0: not)`);
    }
    const serving = await serveFresh(databaseUrl);
    listen(database, embedded, serving, drop, (factor) => fs.writeFileSync(keptFile!, JSON.stringify({ ...kept, factor })));
    send({ type: 'ready', port: serving.port, token: serving.token, kind: database.kind, databaseUrl, seedMs: 0, factor: kept.factor, ...kept.ready });
    return;
  }
  const t1 = Date.now();
  const data = await bulkSeed(database.db, sizes, log);
  // Companies and users for their lists and the company update.
  const companyIds: string[] = [];
  const cities = ['İstanbul', 'Ankara', 'İzmir', 'Bursa', 'Çanakkale', 'Şanlıurfa'];
  for (let from = 0; from < sizes.companies; from += 500) {
    const rows = Array.from({ length: Math.min(500, sizes.companies - from) }, (_, k) => {
      const i = from + k;
      const id = newId();
      companyIds.push(id);
      return { id, company_name: `Bench Firma ${i} ${cities[i % cities.length]} Aydınlatma A.Ş.`, company_city: cities[i % cities.length], company_email: `firma${i}@bench.local` };
    });
    await database.db.insert(companies).values(rows);
  }
  const hash = await hashPassword('Bench12345!');
  for (let from = 0; from < sizes.users; from += 500) {
    const rows = Array.from({ length: Math.min(500, sizes.users - from) }, (_, k) => {
      const i = from + k;
      return { id: newId(), firstname: `Kullanıcı${i}`, lastname: `Bench${i % 37}`, email: `user${i}@bench.local`, role: 1 + (i % 7), password_hash: hash };
    });
    await database.db.insert(users).values(rows);
  }
  log(`  ${sizes.companies} companies and ${sizes.users} users`);
  const offers = await seedBenchOffers(database.db, log);
  const orders = await seedBenchOrders(database.db, log);
  // Statistics for what was seeded after bulkSeed's ANALYZE, and the visibility map, as autovacuum would leave them on a
  // running server. Without the VACUUM, index-only scans (a list page's ids, its count) read the heap for every entry
  // and the planner sorts whole tables instead, until autovacuum happens to run during the load: one more source of
  // run-to-run difference (a catalogue page took 5-7 ms of PostgreSQL time before it, 0.8 ms after). BENCH_VACUUM=0
  // leaves it to autovacuum, as before.
  await database.db.execute(process.env.BENCH_VACUUM === '0' ? sql`analyze` : sql`vacuum analyze`);
  // The seed's dirty pages written out now, not by a checkpoint during the first scenario's load (the products list
  // ran right after seeding and was the slowest in one run of three). Needs a superuser; skipped when not one.
  await database.db.execute(sql`checkpoint`).catch(() => log('checkpoint skipped (not a superuser)'));
  const seedMs = Date.now() - t1;
  // The API serves from a fresh process on the seeded database (bench/serve-db.ts), as a started server would: served
  // from this process, whose heap and compiled code the seeding shaped, the same requests cost the API about twice the
  // CPU (offer list at 1,000 a page: 8.7-10.7 against 4.1 ms a request; docs/performance.md). BENCH_SERVE_INPROCESS=1
  // serves from here, as before 2026-11-27.
  let serving: Serving;
  if (process.env.BENCH_SERVE_INPROCESS === '1') {
    const app = await buildApp({ config, database, logger: false });
    if (process.env.BENCH_FILES_INSIDE_TX === '1') {
      // As before issue 8: files are prepared by `ingest`, inside the caller's transaction.
      app.services.files.prepared = (_body, work) => work();
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    serving = {
      port: (app.server.address() as { port: number }).port, token: login.json().token as string,
      cpu: async () => process.cpuUsage(), close: () => app.close(),
    };
  } else {
    serving = await serveFresh(databaseUrl);
  }
  const { port, token } = serving;

  const ready = {
    hotMaterial: data.hotMaterial, hotMovements: data.hotMovements, offers, orders,
    materialIds: data.materialIds.slice(0, 500), productIds: data.productIds.slice(0, 500), companyIds,
  };
  const save = keptFile ? (factor: number) => fs.writeFileSync(keptFile, JSON.stringify({ factor, ready } satisfies KeptState)) : undefined;
  listen(database, embedded, serving, drop, save);
  send({ type: 'ready', port, token, kind: database.kind, databaseUrl, seedMs, timings: data.timings, factor: 0, ...ready });
}

/** A kept data set (BENCH_GROWTH_KEEP): the factor it was grown to, and what the bench needs to know of it. */
interface KeptState { factor: number; ready: Record<string, unknown> }

/** The kept data set's database `bench` on the server (created when missing). */
async function keptDatabase(serverUrl: string): Promise<{ url: string }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query(`select 1 from pg_database where datname = 'bench'`);
    if (exists.rowCount === 0) await admin.query('create database bench');
  } finally { await admin.end(); }
  const u = new URL(serverUrl);
  u.pathname = '/bench';
  return { url: u.toString() };
}

/** The bench's messages over IPC; `save` (a kept data set) records each size the data set reaches. */
function listen(database: Awaited<ReturnType<typeof openDatabase>>, embedded: EmbeddedServer | undefined, serving: Serving, drop: () => Promise<void>, save?: (factor: number) => void) {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await serving.close();
    await database.close();
    await drop();
    process.exit(0);
  };
  process.on('message', (m: { type: string }) => {
    if (m.type === 'check') {
      void ledgerMismatches(database.db).then((n) => send({ type: 'checked', mismatches: n }));
    } else if (m.type === 'cpu') {
      // Server CPU time (user + system, microseconds): bench/profile.ts takes it before and after its load.
      void serving.cpu().then((usage) => send({ type: 'cpu', usage }));
    } else if (m.type === 'grow') {
      // bench/growth.ts: link orders to lines (to 1), or make the data set `to` times the 1× set (issue 27).
      const g = m as unknown as { from: number; to: number };
      const t0 = Date.now();
      void (g.to === 1 ? linkOrders(database.db).then(() => database.db.execute(sql`vacuum analyze`)).then(() => ({})) : growData(database.db, g.from, g.to, log, Boolean(embedded)))
        .then((timings) => { save?.(g.to); send({ type: 'grown', ms: Date.now() - t0, timings }); }, (err) => send({ type: 'error', message: String(err?.stack ?? err) }));
    } else if (m.type === 'explain') {
      // bench/growth.ts: EXPLAIN ANALYZE of the given queries at the current size (why a scenario grows).
      const list = (m as unknown as { queries: [string, string][] }).queries;
      void (async () => {
        const out: string[] = [];
        for (const [name, q] of list) {
          const r = (await database.db.execute(sql.raw(`explain (analyze, buffers) ${q}`))) as unknown as { rows: Record<string, string>[] };
          out.push(`== ${name}\n${r.rows.map((x) => Object.values(x)[0]).join('\n')}`);
        }
        return out.join('\n\n');
      })().then((text) => send({ type: 'explained', text }), (err) => send({ type: 'explained', text: `explain failed: ${String(err?.stack ?? err)}` }));
    } else if (m.type === 'stop') {
      void stop();
    }
  });
  process.on('disconnect', () => void stop());
}

/**
 * bench/serve-db.ts in a child process on the database: its port and token, its CPU time (for bench/profile.ts), and
 * its stop. It gets this process's node options (a CPU profile with BENCH_CPU_PROF goes to the serving process).
 */
interface Serving { port: number; token: string; cpu: () => Promise<NodeJS.CpuUsage>; close: () => Promise<void> }

function serveFresh(databaseUrl: string): Promise<Serving> {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve-db.ts'), [], {
    execArgv: process.execArgv, env: { ...process.env, BENCH_DB_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) => new Promise<T>((resolve, reject) => {
    const on = (m: { type: string }) => { if (m.type === type) { child.off('message', on); resolve(m as T); } };
    child.on('message', on);
    child.once('exit', (code) => reject(new Error(`bench API process exited with ${code}`)));
  });
  return next<{ port: number; token: string }>('ready').then(({ port, token }) => ({
    port, token,
    cpu: () => { const a = next<{ usage: NodeJS.CpuUsage }>('cpu'); child.send({ type: 'cpu' }); return a.then((m) => m.usage); },
    close: () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.send({ type: 'stop' }); }),
  }));
}

main().catch((err) => {
  send({ type: 'error', message: String(err?.stack ?? err) });
  process.exit(1);
});
