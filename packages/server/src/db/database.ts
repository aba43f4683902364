import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { listenAgain } from '@isik/devices';
import { applyDerived } from './derived.js';
import { createPool, pingPool } from './pool.js';
import * as schema from './schema.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded.js';
import { legacyPgliteDir, moveFromPglite } from './pglite-move.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services pass it to repositories so one change is one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export const EVENTS_CHANNEL = 'app_events';
export const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const MIGRATION_LOCK = 727_001;
/** application_name of the back office's connections (pg_stat_activity). */
const APP_NAME = 'isik';
/** The application's database inside the embedded cluster. */
export const EMBEDDED_DB_NAME = 'isik';
/** File in DATA_DIR with the port of the running embedded PostgreSQL (removed when it stops). */
export const EMBEDDED_PORT_FILE = 'postgres.port';

/**
 * The URL of the application database of a data folder whose product is running (for `npm run backup`):
 * its port from EMBEDDED_PORT_FILE, the password from the data folder. undefined when it is not running.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  try {
    const port = Number(fs.readFileSync(path.join(dataDir, EMBEDDED_PORT_FILE), 'utf8').trim());
    const pw = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
    if (!(port > 0)) return undefined;
    return `postgres://postgres:${encodeURIComponent(pw)}@127.0.0.1:${port}/${EMBEDDED_DB_NAME}`;
  } catch {
    return undefined;
  }
}

export interface Database {
  db: Db;
  /** 'embedded': the product's own PostgreSQL in DATA_DIR; 'postgres': the server of DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** Connection URL of the application's database (carries the password: never log it). */
  url: string;
  /** The embedded server's cluster, port, and a note when the cluster lives outside the data folder. */
  embedded?: { clusterDir: string; port: number; note?: string; server: EmbeddedServer };
  /**
   * Subscribes to NOTIFY on the events channel; resolves to an unsubscribe function. The subscription survives a
   * dropped connection (it listens again); onResume tells that it did, after events may have been missed.
   */
  listen(onPayload: (payload: string, sentAt?: number) => void, onResume?: () => void): Promise<() => Promise<void>>;
  /** Whether the database answers a query (within 3 s). */
  ping(): Promise<boolean>;
  /** The connection pool (db/pool.ts), for its figures on /metrics. */
  pool: pg.Pool;
  /**
   * Readiness for /api/health: 'restarting' while the embedded PostgreSQL is being restarted by its supervisor,
   * 'unreachable' while the database does not answer, else 'ready'.
   */
  readiness(): Promise<Readiness>;
  sizeBytes(): Promise<number>;
  close(): Promise<void>;
}

export interface Readiness { ready: boolean; state: 'ready' | 'restarting' | 'unreachable' }

export class DataDirInUseError extends Error {}

export interface OpenOptions {
  databaseUrl?: string;
  /** Data folder of the embedded PostgreSQL (used when databaseUrl is unset). */
  dataDir?: string;
  /** Port of the embedded PostgreSQL; 0 or unset: a free one. */
  embeddedPort?: number;
  /** false only for throwaway data (tests): the embedded server runs without fsync. */
  durable?: boolean | 'process';
  log?: (msg: string) => void;
  /** Pool size (default 10). */
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.log, opts.poolSize);
  if (!opts.dataDir) throw new Error('openDatabase needs a databaseUrl or a dataDir');
  return openEmbedded(opts.dataDir, opts);
}

// ------------------------------------------------------------------ the data folder's lock

const LOCK_FILE = 'server.lock';
/** Data folders this process holds (a second opener in the same process is refused too). */
const heldHere = new Set<string>();

function pidAlive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}

/**
 * One product per data folder. The lock file names the holder's pid and host; a holder that is no longer
 * running (kill -9, power cut) leaves a stale file that the next start takes over at once.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  const inUse = (who: string) => new DataDirInUseError(
    `The data folder ${dataDir} is in use by another running server (${who}). Stop that server first, or start this one with another DATA_DIR.`,
  );
  if (heldHere.has(file)) throw inUse(`this process, pid ${process.pid}`);
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        try { if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file, { force: true }); } catch { /* gone */ }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let st: fs.Stats;
    try { st = fs.lstatSync(file); } catch { continue; }
    if (st.isDirectory()) {
      // The lock of the earlier PGlite server (proper-lockfile), refreshed every 5 s while it runs.
      if (Date.now() - st.mtimeMs < 15_000) throw inUse('an earlier version of the server');
      fs.rmSync(file, { recursive: true, force: true });
      continue;
    }
    let holder: { pid?: number; host?: string } = {};
    try { holder = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof holder; } catch { /* half written: stale */ }
    if (typeof holder.pid === 'number' && holder.host && holder.host !== os.hostname()) {
      throw inUse(`pid ${holder.pid} on host ${holder.host}; if it no longer runs, delete ${file}`);
    }
    if (typeof holder.pid === 'number' && holder.pid !== process.pid && pidAlive(holder.pid)) throw inUse(`pid ${holder.pid}`);
    fs.rmSync(file, { force: true });
  }
  throw inUse('the lock could not be taken');
}

async function openEmbedded(dataDirIn: string, opts: OpenOptions): Promise<Database> {
  const dataDir = path.resolve(dataDirIn);
  const log = opts.log ?? (() => undefined);
  const release = lockDataDir(dataDir);
  let server: EmbeddedServer | undefined;
  const onExit = () => server?.stopSync();
  try {
    server = await startEmbeddedPostgres({ dataDir, port: opts.embeddedPort, durable: opts.durable, log });
    process.on('exit', onExit);
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      const has = await admin.query('select 1 from pg_database where datname = $1', [EMBEDDED_DB_NAME]);
      if (has.rowCount === 0) await admin.query(`CREATE DATABASE ${EMBEDDED_DB_NAME}`);
    } finally {
      await admin.end();
    }
    const u = new URL(server.url);
    u.pathname = `/${EMBEDDED_DB_NAME}`;
    const inner = await openPostgres(u.toString(), log, opts.poolSize);
    const legacy = legacyPgliteDir(dataDir);
    if (legacy) {
      log(`Found data of the earlier embedded PGlite database in ${legacy}: moving it into PostgreSQL`);
      try {
        const moved = await moveFromPglite(legacy, u.toString(), MIGRATIONS);
        log(`Moved ${moved.rows} rows of ${moved.tables} tables from PGlite into PostgreSQL; every table's row count is the same:\n${moved.report.join('\n')}\nThe PGlite files are kept in ${moved.keptAt}; delete that folder once you have checked the data.`);
      } catch (e) {
        await inner.close();
        throw e;
      }
    }
    const srv = server;
    // For the tools (`npm run backup`) while the product runs: where its PostgreSQL listens.
    const portFile = path.join(dataDir, EMBEDDED_PORT_FILE);
    fs.writeFileSync(portFile, `${srv.port}\n`);
    return {
      ...inner,
      kind: 'embedded',
      embedded: { clusterDir: srv.clusterDir, port: srv.port, note: srv.note, server: srv },
      async readiness() {
        // Restarted by its supervisor (embedded.ts): not ready until it answers again.
        if (srv.state() === 'restarting') return { ready: false, state: 'restarting' };
        return inner.readiness();
      },
      async close() {
        try {
          await inner.close();
        } finally {
          fs.rmSync(portFile, { force: true });
          await srv.stop();
          process.off('exit', onExit);
          release();
        }
      },
    };
  } catch (e) {
    process.off('exit', onExit);
    await server?.stop().catch(() => undefined);
    release();
    throw e;
  }
}

async function openPostgres(url: string, log?: (m: string) => void, poolSize = 10): Promise<Database> {
  const pool = createPool(url, { max: poolSize, name: APP_NAME, log });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  // Several API instances may start together: one migrates, the others wait.
  const c = await pool.connect();
  try {
    await c.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client: c, schema }), { migrationsFolder: MIGRATIONS });
    // The current functions and triggers of the derived data (db/derived/*.sql, docs/derived-data.md), after the
    // migrations and in one transaction: what changed is applied and its data refilled; an unchanged start changes nothing.
    await c.query('begin');
    try {
      const applied = await applyDerived(c);
      await c.query('commit');
      if (applied.changed.length) log?.(`Derived data: applied ${applied.changed.join(', ')}${applied.refilled.length ? `; refilled ${applied.refilled.join(', ')}` : ''}`);
    } catch (e) {
      await c.query('rollback').catch(() => undefined);
      throw e;
    }
  } finally {
    await c.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    c.release();
  }
  /** The unsubscribe functions of the open listeners (close() ends them all, pending reconnections too). */
  const listeners = new Set<() => Promise<void>>();
  const ping = () => pingPool(pool);
  return {
    db,
    kind: 'postgres',
    url,
    pool,
    listen: (onPayload, onResume) => listenForEvents(url, onPayload, onResume, listeners, log),
    ping,
    async readiness() {
      return (await ping()) ? { ready: true, state: 'ready' } : { ready: false, state: 'unreachable' };
    },
    async sizeBytes() {
      const r = await pool.query<{ size: string }>('select pg_database_size(current_database())::text as size');
      return Number(r.rows[0]?.size ?? 0);
    },
    async close() {
      for (const stop of [...listeners]) await stop();
      await pool.end();
    },
  };
}

/**
 * LISTEN on the events channel on a connection of its own. When that connection drops (its backend terminated,
 * PostgreSQL restarting), it listens again on a new one, retrying with a growing pause (0.25 s … 10 s) until the
 * server answers; onResume is called then: events sent meanwhile were missed, so callers refresh what they keep.
 * The first connection must succeed (the start fails otherwise). The reconnecting loop is the device service's
 * listenAgain (@isik/devices, which the server already depends on), shared with its cluster listener.
 */
async function listenForEvents(
  url: string, onPayload: (payload: string, sentAt?: number) => void, onResume: (() => void) | undefined,
  listeners: Set<() => Promise<void>>, log?: (m: string) => void,
): Promise<() => Promise<void>> {
  const listener = await listenAgain({
    url, channel: EVENTS_CHANNEL, applicationName: `${APP_NAME} events`, label: 'events listener', log, onResume,
    onPayload(payload) {
      // notifyInTx's send time, taken off: listeners get the event as it was written, and its time beside it.
      const stamp = SENT_AT.exec(payload);
      if (stamp) onPayload(`${payload.slice(0, stamp.index)}}`, Number(stamp[1]));
      else onPayload(payload);
    },
  });
  const stop = async () => {
    listeners.delete(stop);
    await listener.stop();
  };
  listeners.add(stop);
  return stop;
}

/** The send time notifyInTx puts at the end of an event (`,"at":<ms>}`); the listener takes it off again. */
const SENT_AT = /,"at":(\d{1,16})\}$/;

/**
 * Publishes a live event inside the caller's transaction: PostgreSQL delivers it only on commit. It carries its send
 * time (`at`, ms, last): the listening instances measure the live-event lag with it (/metrics) and take it off, so
 * listeners and browsers get the event as written.
 */
export async function notifyInTx(tx: Executor, payload: object): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ ...payload, at: Date.now() })})`);
}

/**
 * Creates a fresh, uniquely named database on the PostgreSQL server of `serverUrl` (tests, benchmarks), as a
 * copy of `template` when given (a migrated template makes a test database in milliseconds), and answers its
 * URL and a function that drops it again.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try { await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`); } finally { await admin.end(); }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try { await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } finally { await c.end(); }
    },
  };
}
