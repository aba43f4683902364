import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError, openDatabase } from './db/database.js';
import { EmbeddedPostgresError } from './db/embedded.js';
import { startNightlyBackups } from './backup/backup.js';
import { buildApp } from './app.js';
import { ensureAdmin, ensureSecret, seedDemo } from './seed/seed.js';
import { startDemoGateways } from './seed/demo-gateways.js';
import type { Fleet } from '@isik/gateway-sim';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.dataDir, embeddedPort: config.EMBEDDED_PG_PORT, log: console.error });
  config.jwtSecret = await ensureSecret(database.db, config.jwtSecret);
  const admin = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  // Without ADMIN_PASSWORD the admin's password is generated and told once; the device system's admin (created
  // with it on a new data folder) gets the same one unless DEVICE_ADMIN_PASSWORD names its own: one password to note.
  const deviceSharesAdminPassword = admin.password !== undefined && config.devices.adminPassword === undefined;
  if (deviceSharesAdminPassword) config.devices = { ...config.devices, adminPassword: admin.password };
  const seeded = config.SEED_DEMO ? await seedDemo(database.db) : false;
  const app = await buildApp({ config, database });

  const demo: { fleet?: Fleet } = {};
  // The nightly backup (BACKUP_KEEP=0 turns it off).
  const stopBackups = config.BACKUP_KEEP > 0
    ? startNightlyBackups({ url: database.url, dir: config.backupDir, keep: config.BACKUP_KEEP, at: config.BACKUP_AT, log: (level, msg) => app.log[level](msg) })
    : () => undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopBackups();
    app.log.info(`${signal}: stopping`);
    try {
      // Draining (ADR 0037): readiness 503 at once, new calls 503, the calls in flight finish, live sockets told 1012.
      app.lifecycle.drain();
      demo.fleet?.stop();
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  const address = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const deviceAdmin = app.devices.admin;
  // The demo gateways (DECISIONS 10): on with the demo data unless GATEWAY_SIM says otherwise.
  const gatewaySim = config.devices.gatewaySim ?? config.SEED_DEMO;
  const fleet = gatewaySim ? await startDemoGateways({ app, port, config }) : undefined;
  demo.fleet = fleet;
  const lines = [
    '',
    `  Işık back office is running at ${address}`,
    `  Database: ${database.embedded ? `embedded PostgreSQL in ${database.embedded.clusterDir} on 127.0.0.1:${database.embedded.port}` : 'PostgreSQL (DATABASE_URL)'}`,
    database.embedded?.note ? `  Note: ${database.embedded.note}` : '',
    `  API docs: ${address}/api/docs`,
    admin.created
      ? `  Admin sign-in: ${admin.email} / ${admin.password ?? '(the ADMIN_PASSWORD you set)'}${admin.password ? '   <- generated, shown only this once' : ''}`
      : `  Admin sign-in: ${admin.email} (password as set at first start)`,
    deviceAdmin.created
      ? `  Device system (/${config.devices.slug}login): ${deviceAdmin.email} / ${deviceAdmin.password ?? (deviceSharesAdminPassword ? `${admin.password}   <- the admin's generated password above` : '(the DEVICE_ADMIN_PASSWORD or ADMIN_PASSWORD you set)')}${deviceAdmin.password ? '   <- generated, shown only this once' : ''}`
      : `  Device system (/${config.devices.slug}login): ${deviceAdmin.email}`,
    fleet ? `  Gateway simulator: ${fleet.gateways.length} gateways in Ankara (GATEWAY_SIM=false turns it off)` : '',
    seeded ? '  Demo data seeded: companies, catalogue with stock and pictures, users role1@example.com … role7@example.com (password Demo12345!)' : '',
    '',
  ];
  console.log(lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1).join('\n'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof EmbeddedPostgresError) {
    console.error(err.message);
  } else {
    console.error('The server could not start:', err);
  }
  process.exit(1);
});
