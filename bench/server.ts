// The benchmarked server: a child process (its own CPU, as in production) on a fresh database, bulk
// seeded, listening on a free port. Talks to bench/run.ts over IPC.
import { loadConfig } from '../packages/server/src/config.js';
import { createScratchDatabase, openDatabase } from '../packages/server/src/db/database.js';
import { buildApp } from '../packages/server/src/app.js';
import { ensureAdmin } from '../packages/server/src/seed/seed.js';
import { bulkSeed, ledgerMismatches, type BenchSizes } from './seed.js';
import { seedBenchOffers } from './offers.js';

const ADMIN = { email: 'bench@bench.local', password: 'Bench12345!' };
const send = (m: object) => process.send?.(m);
const log = (m: string) => send({ type: 'log', message: m });

async function main() {
  const serverUrl = process.env.BENCH_TARGET_URL;
  const sizes = JSON.parse(process.env.BENCH_SIZES ?? '{}') as BenchSizes;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (serverUrl) {
    // A fresh database on the given server, dropped afterwards.
    const scratch = await createScratchDatabase(serverUrl, 'bench');
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  const t0 = Date.now();
  const database = await openDatabase({ databaseUrl });
  const config = loadConfig({ JWT_SECRET: 'bench-secret-0123456789abcdef', LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATES_JOB: 'false' });
  await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
  log(`database ${database.kind} open and migrated in ${Date.now() - t0} ms; seeding`);
  const t1 = Date.now();
  const data = await bulkSeed(database.db, sizes, log);
  const offers = await seedBenchOffers(database.db, log);
  const seedMs = Date.now() - t1;
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  const token = login.json().token as string;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    if (drop) await drop();
    process.exit(0);
  };
  process.on('message', (m: { type: string }) => {
    if (m.type === 'check') {
      void ledgerMismatches(database.db).then((n) => send({ type: 'checked', mismatches: n }));
    } else if (m.type === 'stop') {
      void stop();
    }
  });
  process.on('disconnect', () => void stop());
  send({
    type: 'ready', port, token, kind: database.kind, seedMs, timings: data.timings,
    hotMaterial: data.hotMaterial, hotMovements: data.hotMovements, offers,
    materialIds: data.materialIds.slice(0, 500), productIds: data.productIds.slice(0, 500),
  });
}

main().catch((err) => {
  send({ type: 'error', message: String(err?.stack ?? err) });
  process.exit(1);
});
