import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { DeviceDb } from './types.js';

export const DEVICE_MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
export const DEVICE_MIGRATIONS_SCHEMA = 'devices';
export const DEVICE_MIGRATIONS_TABLE = '__device_migrations';

/**
 * Applies the device service's migrations on whatever Drizzle database the host hands over (node-postgres in
 * the product): the same thing each driver's `migrate` does, with the service's own folder and table.
 */
export async function migrateDevices(db: DeviceDb): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: DEVICE_MIGRATIONS });
  const d = db as unknown as { dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> }; session: unknown };
  await d.dialect.migrate(migrations, d.session, { migrationsFolder: DEVICE_MIGRATIONS, migrationsSchema: DEVICE_MIGRATIONS_SCHEMA, migrationsTable: DEVICE_MIGRATIONS_TABLE });
}
