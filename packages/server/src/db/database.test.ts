import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DataDirInUseError, MIGRATIONS, openDatabase, type Db } from './database.js';
import { FALLBACK_ROOT } from './embedded.js';
import { companies } from './schema.js';
import { seedDemo } from '../seed/seed.js';
import { appTables, type Runner } from './transfer.js';

// The embedded PostgreSQL as `npm start` opens it, on data folders of its own (not the test run's server).
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-db-test-'));
// Reachable by the system user PostgreSQL runs as when the tests run as root, as a data folder should be.
fs.chmodSync(base, 0o755);
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
  fs.rmSync(base, { recursive: true, force: true });
});

/** Row count and a hash of the content of every application table. */
async function fingerprint(r: Runner): Promise<Record<string, string>> {
  await r.query("set timezone = 'UTC'");
  const out: Record<string, string> = {};
  for (const t of await appTables(r)) {
    // Stored generated columns are left out: the move computes them again on the target (db/transfer.ts), with its
    // own lower() (the embedded cluster's C locale lowers ASCII letters only, PGlite every letter).
    const generated = (await r.query<{ c: string }>(
      "select column_name as c from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated <> 'NEVER'", [t],
    )).rows.map((x) => x.c);
    const res = await r.query<{ n: string; h: string }>(
      `select count(*)::text as n, md5(coalesce(string_agg(md5(x), '' order by md5(x)), '')) as h from (select (to_jsonb(t) - $1::text[])::text as x from "${t}" t) s`,
      [generated],
    );
    out[t] = `${res.rows[0].n} rows, ${res.rows[0].h}`;
  }
  return out;
}

describe('embedded PostgreSQL in a data folder', () => {
  it('refuses a second opener, keeps data across a close and reopen, and releases the folder on close', async () => {
    const dir = path.join(base, 'plain');
    const first = await openDatabase({ dataDir: dir });
    expect(first.kind).toBe('embedded');
    expect(first.embedded?.clusterDir).toBe(path.join(dir, 'postgres'));
    expect(new URL(first.url).hostname).toBe('127.0.0.1');
    // Durable: the server of the product never runs without fsync.
    const settings = (await first.db.execute(
      "select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sc, current_setting('listen_addresses') as la",
    )) as unknown as { rows: unknown[] };
    expect(settings.rows[0]).toEqual({ fsync: 'on', sc: 'on', la: '127.0.0.1' });
    // The generated password is kept in the data folder, readable by its owner only.
    expect(fs.statSync(path.join(dir, 'postgres.password')).mode & 0o077).toBe(0);
    await first.db.insert(companies).values({ id: 'kept', company_name: 'Kalıcı Firma', company_city: 'Ankara', company_email: 'a@b.com.tr' });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);

    const again = await openDatabase({ dataDir: dir });
    try {
      const [row] = await again.db.select().from(companies).where(eq(companies.id, 'kept'));
      expect(row.company_name).toBe('Kalıcı Firma');
    } finally {
      await again.close();
    }
  });

  it('takes over the lock of a server that no longer runs at once', async () => {
    const dir = path.join(base, 'stale');
    fs.mkdirSync(dir, { recursive: true });
    // What a product killed with kill -9 leaves: a lock naming a pid that is gone.
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), since: new Date().toISOString() }));
    const database = await openDatabase({ dataDir: dir, durable: false });
    await database.close();
  });

  it('moves the data of an earlier PGlite data folder into PostgreSQL once, every table and row the same', async () => {
    const dir = path.join(base, 'from-pglite');
    fs.mkdirSync(dir, { recursive: true });
    // The data folder as the earlier embedded default (PGlite in DATA_DIR/pgdata) left it, with the demo data.
    const lite = new PGlite(path.join(dir, 'pgdata'), { extensions: { pg_trgm } }); // migration 0040 creates pg_trgm
    const liteDb = drizzle({ client: lite });
    await migrate(liteDb, { migrationsFolder: MIGRATIONS });
    await seedDemo(liteDb as unknown as Db);
    const before = await fingerprint(lite as unknown as Runner);
    await lite.close();
    expect(Number(before.material_movements.split(' ')[0])).toBeGreaterThan(0);
    expect(Number(before.files.split(' ')[0])).toBeGreaterThan(0);

    const logs: string[] = [];
    const database = await openDatabase({ dataDir: dir, durable: false, log: (m) => logs.push(m) });
    try {
      const c = new pg.Client({ connectionString: database.url });
      await c.connect();
      try {
        expect(await fingerprint(c)).toEqual(before);
        // Identity and serial columns go on after the moved rows.
        await c.query("insert into logs (title) values ('after the move')");
      } finally {
        await c.end();
      }
    } finally {
      await database.close();
    }
    expect(logs.join('\n')).toMatch(/Moved \d+ rows of \d+ tables from PGlite into PostgreSQL/);
    expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false);
    expect(fs.readdirSync(dir).some((f) => f.startsWith('pgdata.moved-'))).toBe(true);

    // Once: the next start finds nothing to move and keeps the data.
    const logs2: string[] = [];
    const again = await openDatabase({ dataDir: dir, durable: false, log: (m) => logs2.push(m) });
    try {
      const c = new pg.Client({ connectionString: again.url });
      await c.connect();
      const fp = await fingerprint(c);
      await c.end();
      expect(fp.companies).toBe(before.companies);
    } finally {
      await again.close();
    }
    expect(logs2.join('\n')).not.toMatch(/PGlite/);
  }, 240_000);

  it('moves an earlier PGlite folder that predates the pg_trgm migration: the move migrates it, creating the extension', async () => {
    const dir = path.join(base, 'from-old-pglite');
    fs.mkdirSync(dir, { recursive: true });
    const lite = new PGlite(path.join(dir, 'pgdata'));
    await lite.waitReady;
    await lite.close();
    const logs: string[] = [];
    const database = await openDatabase({ dataDir: dir, durable: false, log: (m) => logs.push(m) });
    await database.close();
    expect(logs.join('\n')).toMatch(/Moved 0 rows of \d+ tables from PGlite into PostgreSQL/);
  }, 240_000);

  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    it('as root, with a data folder the PostgreSQL user cannot reach, keeps the cluster in a named reachable place', async () => {
      const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-closed-'));
      fs.chmodSync(closed, 0o700); // like /root
      const dir = path.join(closed, 'data');
      cleanups.push(() => fs.rmSync(closed, { recursive: true, force: true }));
      const first = await openDatabase({ dataDir: dir, durable: false });
      const clusterDir = first.embedded!.clusterDir;
      cleanups.push(() => fs.rmSync(clusterDir, { recursive: true, force: true }));
      try {
        expect(clusterDir.startsWith(FALLBACK_ROOT)).toBe(true);
        expect(first.embedded?.note).toContain(clusterDir);
        expect(first.embedded?.note).toContain(`${closed} is closed`);
        expect(fs.readFileSync(path.join(dir, 'postgres.location'), 'utf8').trim()).toBe(clusterDir);
        await first.db.insert(companies).values({ id: 'far', company_name: 'Uzak Firma', company_city: 'Van', company_email: 'u@v.com.tr' });
      } finally {
        await first.close();
      }
      const again = await openDatabase({ dataDir: dir, durable: false });
      try {
        expect(again.embedded?.clusterDir).toBe(clusterDir);
        const [row] = await again.db.select().from(companies).where(eq(companies.id, 'far'));
        expect(row.company_name).toBe('Uzak Firma');
      } finally {
        await again.close();
      }
    }, 120_000);
  }
});
