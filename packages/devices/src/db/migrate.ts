import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desc, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { DeviceDb } from './types.js';

export const DEVICE_MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
export const DEVICE_MIGRATIONS_SCHEMA = 'devices';
export const DEVICE_MIGRATIONS_TABLE = '__device_migrations';
/**
 * The device service's migration lock (the back office's is 727_001 in packages/server/src/db/database.ts): instances
 * starting together on one database migrate one after the other.
 */
export const DEVICE_MIGRATION_LOCK = 727_003;

/** Drizzle's migrations table, as its migrator makes it (id, hash, created_at = the migration folder's millis). */
const applied = pgSchema(DEVICE_MIGRATIONS_SCHEMA).table(DEVICE_MIGRATIONS_TABLE, {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  created_at: bigint('created_at', { mode: 'number' }),
});

/**
 * Applies the device service's migrations on whatever Drizzle database the host hands over (node-postgres in the
 * product), with the service's own folder and table: what Drizzle's migrator does, but in ONE transaction that first
 * takes the advisory lock DEVICE_MIGRATION_LOCK (ADR 0043). Two instances (or a restore and an instance) starting on
 * an empty database would otherwise both run `create schema` / `create table` and one would fail; with the lock the
 * second waits on the same connection's transaction, then finds every migration applied.
 */
export async function migrateDevices(db: DeviceDb): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: DEVICE_MIGRATIONS });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEVICE_MIGRATION_LOCK}::bigint)`);
    await tx.execute(sql`create schema if not exists ${sql.identifier(DEVICE_MIGRATIONS_SCHEMA)}`);
    await tx.execute(sql`create table if not exists ${sql.identifier(DEVICE_MIGRATIONS_SCHEMA)}.${sql.identifier(DEVICE_MIGRATIONS_TABLE)} (
      id serial primary key, hash text not null, created_at bigint)`);
    const [last] = await tx.select({ at: applied.created_at }).from(applied).orderBy(desc(applied.created_at)).limit(1);
    for (const m of migrations) {
      if (last && Number(last.at) >= m.folderMillis) continue;
      for (const stmt of m.sql) await tx.execute(sql.raw(stmt));
      await tx.insert(applied).values({ hash: m.hash, created_at: m.folderMillis });
    }
  });
}
