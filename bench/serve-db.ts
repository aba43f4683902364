// A back-office API on an existing (already seeded) database, for bench/server.ts and bench/offer-page-cpu.ts: BENCH_DB_URL names the
// database. Reports { type: 'ready', port, token } over IPC; stops on { type: 'stop' } or when the parent goes.
// Copied into an exported earlier tree (`git archive`), it serves that tree's code on the same data.
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/database.js';
import { buildApp } from '../packages/server/src/app.js';
import { ensureAdmin } from '../packages/server/src/seed/seed.js';

const ADMIN = { email: 'bench@bench.local', password: 'Bench12345!' };
const database = await openDatabase({ databaseUrl: process.env.BENCH_DB_URL });
const config = loadConfig({ JWT_SECRET: 'bench-secret-0123456789abcdef', LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATES_JOB: 'false' });
await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
const app = await buildApp({ config, database, logger: false });
if (process.env.BENCH_FILES_INSIDE_TX === '1') {
  // As before issue 8: files are prepared by `ingest`, inside the caller's transaction.
  app.services.files.prepared = (_body, work) => work();
}
await app.listen({ port: 0, host: '127.0.0.1' });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
process.send?.({ type: 'ready', port: (app.server.address() as { port: number }).port, token: login.json().token as string });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('message', (m: { type: string }) => {
  if (m.type === 'stop') void stop();
  // Its CPU time (user + system, microseconds), for bench/server.ts's { type: 'cpu' }.
  else if (m.type === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage() });
});
process.on('disconnect', () => void stop());
