// The device service on its own port (`npm run devices`, DECISIONS 1 and 10): its own Fastify server with the
// service under /device-api. Database: DATABASE_URL (the back office's database by default; the service keeps to
// its own schema), else an embedded PostgreSQL in a data folder of its own (DEVICE_DATA_DIR, default
// ./data-devices) — the same engine the product runs on (ADR 0015), started and stopped with the service.
// It lives in the server package because the embedded PostgreSQL does (the devices package stays database-free).
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { corkQuerySubmits } from './db/pg-cork.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createDeviceService, DeviceConfigError, loadDeviceConfig, type DeviceDb } from '@isik/devices';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';

async function main() {
  const config = loadDeviceConfig();
  let url = process.env.DATABASE_URL;
  let embedded: EmbeddedServer | undefined;
  if (!url) {
    const dir = path.resolve(process.env.DEVICE_DATA_DIR || './data-devices');
    embedded = await startEmbeddedPostgres({ dataDir: dir, log: (m) => console.log(`[devices] ${m}`) });
    if (embedded.note) console.log(`[devices] ${embedded.note}`);
    url = embedded.url;
  }
  corkQuerySubmits();
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle({ client: pool }) as unknown as DeviceDb;
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'info' }, routerOptions: { ignoreTrailingSlash: true }, trustProxy: true });
  const service = await createDeviceService({ db, config, log: (msg, err) => app.log.warn({ err }, msg) });
  await app.register(service.plugin, { prefix: '/device-api' });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await pool.end();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('exit', () => embedded?.stopSync());
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
