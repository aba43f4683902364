// The device service on its own port (`npm run devices`): its own Fastify server with the service under
// /device-api. Database: DATABASE_URL (the back office's database by default, the service keeps to its own
// schema), else an embedded PGlite folder of its own (DEVICE_DATA_DIR, default ./data-devices).
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { PGlite } from '@electric-sql/pglite';
import { createDeviceService } from './service.js';
import { DeviceConfigError, loadDeviceConfig } from './config.js';
import type { DeviceDb } from './db/types.js';

async function main() {
  const config = loadDeviceConfig();
  const url = process.env.DATABASE_URL;
  let db: DeviceDb;
  let closeDb: () => Promise<void>;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    db = drizzlePg({ client: pool }) as unknown as DeviceDb;
    closeDb = () => pool.end();
  } else {
    const dir = path.resolve(process.env.DEVICE_DATA_DIR || './data-devices');
    fs.mkdirSync(dir, { recursive: true });
    const client = new PGlite(dir);
    await client.waitReady;
    db = drizzlePglite({ client }) as unknown as DeviceDb;
    closeDb = () => client.close();
  }
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'info' }, routerOptions: { ignoreTrailingSlash: true }, trustProxy: true });
  const service = await createDeviceService({ db, config, log: (msg, err) => app.log.warn({ err }, msg) });
  await app.register(service.plugin, { prefix: '/device-api' });
  const stop = async () => { await app.close(); await closeDb(); process.exit(0); };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  await app.listen({ port: config.port, host: process.env.HOST || '0.0.0.0' });
  console.log(`\n  Device service on http://localhost:${config.port}/device-api (gateways link at /device-api/link)`);
  console.log(service.admin.created
    ? `  Device admin: ${service.admin.email} / ${service.admin.password ?? '(the password configured)'}${service.admin.password ? '   <- generated, shown only this once' : ''}\n`
    : `  Device admin: ${service.admin.email}\n`);
}

main().catch((err) => {
  console.error(err instanceof DeviceConfigError ? err.message : err);
  process.exit(1);
});
