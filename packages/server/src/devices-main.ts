// The device service on its own port (`npm run devices`, DECISIONS 1 and 10): its own Fastify server with the
// service under /device-api. Database: DATABASE_URL (the back office's database by default; the service keeps to
// its own schema), else an embedded PostgreSQL in a data folder of its own (DEVICE_DATA_DIR, default
// ./data-devices) — the same engine the product runs on (ADR 0015), started and stopped with the service.
// It lives in the server package because the embedded PostgreSQL does (the devices package stays database-free).
//
// Stopping (SIGTERM/SIGINT): one shutdown, whatever number of signals arrive (`pkill -f devices-main.ts` hits the
// npm shell and node at once, a terminal's Ctrl-C may be pressed twice): later signals wait for the one under way.
// A signal during the start waits for the start to finish, then stops what it started, the PostgreSQL too. `npm run
// devices` runs plain node with tsx as a loader (no tsx CLI in between: its signal relay kills the process with
// SIGKILL when a relayed signal is not confirmed within 30 ms, which a process busy shutting down may miss, and a
// killed process leaves its PostgreSQL running).
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { createPool, pingPool } from './db/pool.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createDeviceService, DeviceConfigError, loadDeviceConfig, type DeviceDb } from '@isik/devices';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { ConfigError, loadMetricsToken, loadTrustProxy, trustProxyOption } from './config.js';
import { metricsPlugin } from './plugins/metrics.js';
import { requestIdOptions, requestIdPlugin } from './plugins/request-id.js';
import { drainOptions, lifecyclePlugin } from './plugins/lifecycle.js';
import { loggerOptions, PathSecrets } from './lib/logging.js';

/** What the start has made so far, stopped in reverse by the shutdown. */
const started: { app?: FastifyInstance; pool?: pg.Pool; embedded?: EmbeddedServer } = {};

async function main() {
  const config = loadDeviceConfig();
  const trust = loadTrustProxy();
  const metricsToken = loadMetricsToken();
  let url = process.env.DATABASE_URL;
  if (!url) {
    const dir = path.resolve(process.env.DEVICE_DATA_DIR || './data-devices');
    started.embedded = await startEmbeddedPostgres({ dataDir: dir, log: (m) => console.log(`[devices] ${m}`) });
    if (started.embedded.note) console.log(`[devices] ${started.embedded.note}`);
    url = started.embedded.url;
  }
  // A dropped connection (PostgreSQL restarting, a backend terminated) is told, never a crash of the service; the
  // requests in flight answer 503 and the pool reconnects (issue 22, db/pool.ts).
  const pool = createPool(url, { max: 10, name: 'isik devices', log: (m) => console.error(`[devices] ${m}`) });
  started.pool = pool;
  const db = drizzle({ client: pool }) as unknown as DeviceDb;
  // The back office's log rules (no tokens in headers, queries or path segments) and proxy rule (TRUST_PROXY: the
  // per-address sign-in limit counts the client's own address, which no client may choose with X-Forwarded-For).
  const pathSecrets = new PathSecrets();
  const app = Fastify({
    logger: loggerOptions(process.env.LOG_LEVEL || 'info', undefined, pathSecrets), routerOptions: { ignoreTrailingSlash: true }, trustProxy: trustProxyOption(trust),
    // As the back office (ADR 0037): request ids in the log and the answers, draining on SIGTERM.
    ...requestIdOptions, ...drainOptions,
  });
  app.addHook('onRoute', (r) => pathSecrets.add(r.url));
  started.app = app;
  const service = await createDeviceService({ db, config, listenUrl: url, log: (msg, err) => app.log.warn({ err }, msg) });
  await app.register(requestIdPlugin);
  await app.register(lifecyclePlugin, { probes: ['/device-api/live', '/device-api/health', '/metrics'] });
  // Its own /metrics (METRICS_TOKEN; 404 when unset): requests, its pool, device links and commands by state.
  await app.register(metricsPlugin, {
    token: metricsToken,
    pools: () => [{ name: 'isik devices', pool }],
    devices: () => ({ links: service.links.count, commandsByState: () => service.dispatcher.countByStatus() }),
  });
  await app.register(service.plugin, { prefix: '/device-api' });
  // Liveness: the process runs; the database is not asked.
  app.get('/device-api/live', async () => ({ status: 'ok' }));
  // Readiness, as the back office's /api/health: 503 while the database does not answer or the embedded PostgreSQL
  // is being restarted by its supervisor (db/embedded.ts).
  const embedded = started.embedded;
  app.get('/device-api/health', async (_req, reply) => {
    if (app.lifecycle.draining) return reply.status(503).header('retry-after', '2').send({ status: 'draining', ready: false, database: { ok: false, state: 'draining' } });
    const state = embedded?.state() === 'restarting' ? 'restarting' : (await pingPool(pool)) ? 'ready' : 'unreachable';
    if (state !== 'ready') return reply.status(503).header('retry-after', '2').send({ status: 'degraded', ready: false, database: { ok: false, state } });
    return { status: 'ok', ready: true, database: { ok: true, state } };
  });
  if (shutdown) return;
  await app.listen({ port: config.port, host: process.env.HOST || '0.0.0.0' });
  const port = (app.server.address() as { port: number }).port;
  console.log(`\n  Device service on http://localhost:${port}/device-api (gateways link at /device-api/link)`);
  console.log(service.admin.created
    ? `  Device admin: ${service.admin.email} / ${service.admin.password ?? '(the password configured)'}${service.admin.password ? '   <- generated, shown only this once' : ''}\n`
    : `  Device admin: ${service.admin.email}\n`);
}

let shutdown: Promise<void> | undefined;

/** The one shutdown: after the start (finished or failed), the server, the pool, then PostgreSQL; exits 0. */
function stop(signal: string, startup: Promise<unknown>): Promise<void> {
  shutdown ??= (async () => {
    console.log(`[devices] ${signal}: stopping`);
    await startup.catch(() => undefined);
    try {
      started.app?.lifecycle?.drain();
      await started.app?.close();
    } catch (e) {
      console.error('[devices] closing the server:', e);
    } finally {
      await started.pool?.end().catch(() => undefined);
      await started.embedded?.stop();
      process.exit(0);
    }
  })();
  return shutdown;
}

const startup = main();
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal, startup));
// A crash or an exit without the shutdown still asks PostgreSQL to stop (it runs in its own process group).
process.on('exit', () => started.embedded?.stopSync());
startup.catch(async (err) => {
  console.error(err instanceof DeviceConfigError || err instanceof ConfigError ? err.message : err);
  if (shutdown) return;
  await started.pool?.end().catch(() => undefined);
  await started.embedded?.stop().catch(() => undefined);
  process.exit(1);
});
