import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services pass it to repositories so one change is one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export const EVENTS_CHANNEL = 'app_events';
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const MIGRATION_LOCK = 727_001;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to NOTIFY on the events channel; resolves to an unsubscribe function. */
  listen(onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  sizeBytes(): Promise<number>;
  close(): Promise<void>;
}

export class DataDirInUseError extends Error {}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; undefined means in memory (tests). */
  dataDir?: string;
  log?: (msg: string) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.log) : openPglite(opts.dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let pgDir: string | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, 'server.lock'), stale: 15_000, update: 5_000 });
    } catch {
      throw new DataDirInUseError(
        `The data folder ${dataDir} is in use by another running server. Stop that server first, or start this one with another DATA_DIR.`,
      );
    }
    pgDir = path.join(dataDir, 'pgdata');
  }
  const client = pgDir ? new PGlite(pgDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: 'pglite',
    async listen(onPayload) {
      const unsub = await client.listen(EVENTS_CHANNEL, onPayload);
      return async () => { await unsub(); };
    },
    async ping() {
      try { await client.query('select 1'); return true; } catch { return false; }
    },
    async sizeBytes() {
      if (!pgDir) {
        const r = await client.query<{ size: string }>('select pg_database_size(current_database())::text as size');
        return Number(r.rows[0]?.size ?? 0);
      }
      return folderSize(pgDir);
    },
    async close() {
      await client.close();
      if (release) await release();
    },
  };
}

async function openPostgres(url: string, log?: (m: string) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (e) => log?.(`database pool error: ${e.message}`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  // Several API instances may start together: one migrates, the others wait.
  const c = await pool.connect();
  try {
    await c.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client: c, schema }), { migrationsFolder: MIGRATIONS });
  } finally {
    await c.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    c.release();
  }
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: 'postgres',
    async listen(onPayload) {
      let closed = false;
      let client: pg.Client | undefined;
      const connect = async (): Promise<void> => {
        if (closed) return;
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (n) => { if (n.channel === EVENTS_CHANNEL && n.payload) onPayload(n.payload); });
        next.on('error', (e) => {
          log?.(`listen connection lost: ${e.message}`);
          listeners.delete(next);
          setTimeout(() => { void connect().catch(() => undefined); }, 1000);
        });
        await next.connect();
        await next.query(`LISTEN ${EVENTS_CHANNEL}`);
        client = next;
        listeners.add(next);
      };
      await connect();
      return async () => {
        closed = true;
        if (client) { listeners.delete(client); await client.end().catch(() => undefined); }
      };
    },
    async ping() {
      try { await pool.query('select 1'); return true; } catch { return false; }
    },
    async sizeBytes() {
      const r = await pool.query<{ size: string }>('select pg_database_size(current_database())::text as size');
      return Number(r.rows[0]?.size ?? 0);
    },
    async close() {
      for (const l of listeners) await l.end().catch(() => undefined);
      await pool.end();
    },
  };
}

function folderSize(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderSize(p);
    else if (entry.isFile()) total += fs.statSync(p).size;
  }
  return total;
}

/** Publishes a live event inside the caller's transaction: PostgreSQL delivers it only on commit. */
export async function notifyInTx(tx: Executor, payload: object): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * Creates a fresh, uniquely named database on the PostgreSQL server of `serverUrl` (tests, benchmarks) and
 * answers its URL and a function that drops it again.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try { await admin.query(`CREATE DATABASE ${name}`); } finally { await admin.end(); }
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
