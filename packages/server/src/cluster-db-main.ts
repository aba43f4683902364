// The database keeper of `npm run cluster` (scripts/cluster.mjs, ADR 0042): one PostgreSQL for every instance.
// Without DATABASE_URL it opens the embedded PostgreSQL of DATA_DIR exactly as `npm start` does (the data folder's
// lock, its cluster, its port file for `npm run backup`, ADR 0015); with DATABASE_URL it uses that server. Either
// way it runs the back office's migrations once, before any instance starts, then tells the parent the application
// database's URL over the IPC channel (never on stdout: it carries the password) and stays until SIGTERM/SIGINT or
// until the parent is gone, then stops the embedded PostgreSQL.
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError, openDatabase, type Database } from './db/database.js';
import { EmbeddedPostgresError } from './db/embedded.js';

let database: Database | undefined;
let stopping: Promise<void> | undefined;

function stop(code: number): Promise<void> {
  stopping ??= (async () => {
    try { await database?.close(); } catch (e) { console.error('[cluster-db] closing the database:', e); }
    process.exit(code);
  })();
  return stopping;
}

async function main() {
  const config = loadConfig();
  database = await openDatabase({
    databaseUrl: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.dataDir, embeddedPort: config.EMBEDDED_PG_PORT,
    log: (m) => console.log(`[cluster-db] ${m}`),
  });
  const where = database.embedded ? `embedded PostgreSQL in ${database.embedded.clusterDir} on 127.0.0.1:${database.embedded.port}` : 'PostgreSQL (DATABASE_URL)';
  if (database.embedded?.note) console.log(`[cluster-db] ${database.embedded.note}`);
  process.send?.({ type: 'ready', url: database.url, where });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(0));
// The parent (scripts/cluster.mjs) gone, even by kill -9: no PostgreSQL left behind.
process.on('disconnect', () => void stop(0));
main().catch(async (err) => {
  console.error(err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof EmbeddedPostgresError ? err.message : err);
  await stop(1);
});
