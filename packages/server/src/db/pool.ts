import pg from 'pg';
import { corkQuerySubmits } from './pg-cork.js';
import { takeRawBytesColumns } from './pg-raw-bytes.js';

export interface PoolOptions {
  max?: number;
  /** Shown in pg_stat_activity (application_name). */
  name?: string;
  log?: (msg: string) => void;
}

/**
 * The connection pool of the back office and of the device service (issue 22). A connection that drops (its
 * backend terminated, PostgreSQL restarting or killed) must never end the process:
 * - idle in the pool: pg-pool removes it and emits 'error' on the pool;
 * - in use by a request: the client emits 'error', and an 'error' event without a listener ends a Node process.
 *   Every client gets a listener when it is made; the query in flight fails with a connection error (the error
 *   handlers answer 503), and the pool drops the client when it is released (it is no longer queryable).
 * Later requests get fresh connections: the pool reconnects by itself once the server answers again.
 */
export function createPool(url: string, opts: PoolOptions = {}): pg.Pool {
  corkQuerySubmits();
  takeRawBytesColumns();
  const log = opts.log ?? (() => undefined);
  const pool = new pg.Pool({
    connectionString: url, max: opts.max ?? 10, application_name: opts.name,
    // A server that accepts no connection (stopped, not yet back) fails the request within this time, not never.
    connectionTimeoutMillis: 10_000,
  });
  /** Clients handed out by connect() and not yet released. */
  const held = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', (e) => {
      log(`database connection lost: ${e.message} (the pool opens a new one when needed)`);
      // A holder may never release a dead client: Drizzle's transaction() sends BEGIN before its try/finally, so a
      // BEGIN on a cut connection throws without release(), and each such client would keep a pool slot forever
      // (10 of them and every request waits). A dead client is released (and so removed) at once; the holder's
      // own release() later is a no-op, its further queries fail at once as not queryable (503).
      if (held.has(client)) client.release(e);
    });
  });
  // An idle client's error: its own listener above has told it already.
  pool.on('error', () => undefined);
  const guard = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release.bind(client);
    let released = false;
    held.add(client);
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      held.delete(client);
      release(err);
    };
    return client;
  };
  const connect = pool.connect.bind(pool) as (cb: (err: Error | undefined, client: pg.PoolClient | undefined, done: (err?: Error) => void) => void) => void;
  // Also the callback form: pool.query() calls it.
  pool.connect = ((cb?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (err?: Error) => void) => void) => {
    if (cb) {
      connect((err, client, done) => {
        if (err || !client) { cb(err, client, done); return; }
        const c = guard(client);
        cb(undefined, c, c.release);
      });
      return undefined;
    }
    return new Promise<pg.PoolClient>((resolve, reject) => {
      connect((err, client) => { if (err || !client) reject(err ?? new Error('no client')); else resolve(guard(client)); });
    });
  }) as typeof pool.connect;
  return pool;
}

/** Whether the database answers a query; false after 3 s without an answer (a hung or unreachable server). */
export async function pingPool(pool: pg.Pool): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), 3000); });
  try {
    return await Promise.race([pool.query('select 1').then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
