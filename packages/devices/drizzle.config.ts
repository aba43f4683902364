import { defineConfig } from 'drizzle-kit';

// The device service's own migrations: its own folder, schema and migrations table (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/devices/src/db/schema.ts',
  out: './packages/devices/drizzle',
  schemaFilter: ['devices'],
  migrations: { schema: 'devices', table: '__device_migrations' },
});
