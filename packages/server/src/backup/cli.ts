// `npm run backup [FILE|FOLDER]` and `npm run restore FILE` (ADR 0016). Both act on the database the product
// uses: DATABASE_URL when set, else the embedded PostgreSQL of DATA_DIR (the running product's, for a backup;
// started here when the product is not running).
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirInUseError, openDatabase, runningEmbeddedUrl, type Database } from '../db/database.js';
import { EmbeddedPostgresError } from '../db/embedded.js';
import { BackupError, backupFileName, restoreBackup, writeBackup } from './backup.js';

const log = (m: string) => console.log(m);

async function withDatabase<T>(forRestore: boolean, fn: (url: string) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    // Migrated first, so a restore meets the current tables.
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 1 });
    try { return await fn(database.url); } finally { await database.close(); }
  }
  let database: Database;
  try {
    database = await openDatabase({ dataDir: config.dataDir, embeddedPort: config.EMBEDDED_PG_PORT, log, poolSize: 1 });
  } catch (e) {
    const running = e instanceof DataDirInUseError ? runningEmbeddedUrl(config.dataDir) : undefined;
    if (running && !forRestore) {
      log(`The server is running on ${config.dataDir}: backing up its database while it runs.`);
      return fn(running);
    }
    if (e instanceof DataDirInUseError && forRestore) throw new DataDirInUseError(`${e.message} A restore needs the server stopped.`);
    throw e;
  }
  try { return await fn(database.url); } finally { await database.close(); }
}

async function main(): Promise<number> {
  const [cmd, arg] = process.argv.slice(2);
  if (cmd === 'backup') {
    const config = loadConfig();
    let file = arg ? path.resolve(arg) : path.join(config.backupDir, backupFileName());
    if (arg && fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, backupFileName());
    const s = await withDatabase(false, (url) => writeBackup(url, file));
    log(`Backup written: ${s.file} (${s.tables} tables, ${s.rows} rows, ${(s.bytes / 1048576).toFixed(1)} MB, ${(s.ms / 1000).toFixed(1)} s; sha256 ${s.sha256})`);
    return 0;
  }
  if (cmd === 'restore') {
    if (!arg) { console.error('Usage: npm run restore FILE   (into an empty data folder, DATA_DIR, or an empty database, DATABASE_URL)'); return 2; }
    const file = path.resolve(arg);
    if (!fs.existsSync(file)) { console.error(`No such file: ${file}`); return 2; }
    const s = await withDatabase(true, (url) => restoreBackup(file, url));
    for (const w of s.warnings) console.warn(`Warning: ${w}`);
    const made = `made ${s.header.createdAt ?? 'at an unknown time'}${s.header.app ? ` by version ${s.header.app}` : ''}, migrations: back office ${s.header.migrations.public}, device service ${s.header.migrations.devices}`;
    log(`Restored ${s.rows} rows of ${s.tables} tables from ${file} (${made}); ${s.sha256 ? `its checksum matches (sha256 ${s.sha256}) and ` : ''}every table's row count equals the backup's:\n${s.report.join('\n')}`);
    return 0;
  }
  console.error('Usage: npm run backup [FILE|FOLDER]  |  npm run restore FILE');
  return 2;
}

main().then((code) => process.exit(code), (err: Error) => {
  const known = err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof EmbeddedPostgresError || err instanceof BackupError;
  console.error(known ? err.message : `Failed: ${err.message}`);
  process.exit(1);
});
