import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { verify } from '@node-rs/argon2';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase } from '../../../server/src/db/database.js';
import { DEVICE_MIGRATIONS, migrateDevices } from './migrate.js';
import { ensureDeviceAdmin } from '../accounts.js';
import type { DeviceDb } from './types.js';

// Two device-service instances starting together on an empty database (npm run cluster, several machines) each run
// the migrations: the second must wait for the first (the advisory lock) and then find nothing left to do. Each then
// makes the first admin when there is none: one of them does.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => { for (const c of cleanups.splice(0).reverse()) await c(); });

/** An empty database (no template: no device tables) and two pools on it, each with a connection already open. */
async function emptyDatabase() {
  const { serverUrl } = inject('testDatabase');
  const { url, drop } = await createScratchDatabase(serverUrl, 'dvmig');
  cleanups.push(drop);
  const pools = [0, 1].map(() => new pg.Pool({ connectionString: url, max: 2 }));
  cleanups.push(async () => { await Promise.all(pools.map((p) => p.end())); });
  // Opened beforehand, so both migrations start at the same moment rather than one after its connection.
  await Promise.all(pools.map(async (p) => (await p.connect()).release()));
  return { pools, dbs: pools.map((client) => drizzle({ client }) as unknown as DeviceDb) };
}

describe('device migrations started twice at once on an empty database', () => {
  it('both succeed, and each migration and each table is made once', async () => {
    const { pools, dbs } = await emptyDatabase();
    const results = await Promise.allSettled([migrateDevices(dbs[0]), migrateDevices(dbs[1])]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason?.cause ?? r.reason) : 'ok'))).toEqual(['ok', 'ok']);

    const files = readMigrationFiles({ migrationsFolder: DEVICE_MIGRATIONS });
    const recorded = await pools[0].query<{ created_at: string }>('select created_at from devices.__device_migrations order by id');
    expect(recorded.rows.map((r) => Number(r.created_at))).toEqual(files.map((f) => f.folderMillis));
    const tables = await pools[1].query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'devices' order by 1");
    for (const t of ['gateways', 'commands', 'instances', '__device_migrations']) expect(tables.rows.map((r) => r.table_name)).toContain(t);

    // A third start (an instance restarted later) finds everything applied and changes nothing.
    await migrateDevices(dbs[1]);
    const again = await pools[0].query<{ n: number }>('select count(*)::int as n from devices.__device_migrations');
    expect(again.rows[0].n).toBe(files.length);
  });
});

describe('the first device admin made by two instances starting at once', () => {
  it('is made once, and only the instance that made it reports a generated password (the one stored)', async () => {
    const { pools, dbs } = await emptyDatabase();
    await migrateDevices(dbs[0]);
    const made = await Promise.all(dbs.map((db) => ensureDeviceAdmin(db, 'first@test.local')));
    const accounts = await pools[0].query<{ password_hash: string }>('select password_hash from devices.accounts');
    expect(accounts.rows).toHaveLength(1);
    // What `npm run devices` prints ("Device admin: … / password"): one instance, with the password that signs in.
    const printed = made.filter((m) => m.password !== undefined);
    expect(printed).toHaveLength(1);
    expect(await verify(accounts.rows[0].password_hash, printed[0].password!)).toBe(true);
    const logged = await pools[0].query<{ n: number }>("select count(*)::int as n from devices.logs where action = 'account.created'");
    expect(logged.rows[0].n).toBe(1);
  });
});
