// Backups (ADR 0016): one consistent export of the whole database (files included: they live in it) in a
// REPEATABLE READ, READ ONLY transaction, each table read through a cursor as PostgreSQL's own JSON of each
// row, written as gzip'd lines; and the restore into an empty database, checked table by table.
//
// File format (isik-backup 1): UTF-8 lines, gzip'd. Control lines start with '#' followed by JSON:
//   #{"format":"isik-backup","version":1,"createdAt":…,"server":…,"migrations":n}
//   #{"table":"companies","columns":["id",…]}   then one line per row: the row's JSON object
//   #{"end":"companies","rows":25}
//   #{"done":true,"tables":n,"rows":n}
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { appTables, assertEmpty, countRows, countsReport, loadColumns, loadRows, q, resetSequences } from '../db/transfer.js';

export const BACKUP_FORMAT = 'isik-backup';
const FILE_RE = /^isik-backup-\d{4}-\d{2}-\d{2}_\d{6}(-\d+)?\.jsonl\.gz$/;

export interface BackupSummary { file: string; tables: number; rows: number; bytes: number; ms: number }

/** A dated file name: isik-backup-2026-11-23_023000.jsonl.gz (UTC). */
export function backupFileName(now = new Date()): string {
  const iso = now.toISOString();
  return `isik-backup-${iso.slice(0, 10)}_${iso.slice(11, 19).replace(/:/g, '')}.jsonl.gz`;
}

/** Writes a consistent backup of the database at `url` to `file` (a .partial file until complete). */
export async function writeBackup(url: string, file: string): Promise<BackupSummary> {
  const t0 = Date.now();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const client = new pg.Client({ connectionString: url });
  const gz = zlib.createGzip({ level: 6 });
  const done = pipeline(gz, fs.createWriteStream(partial, { mode: 0o600 }));
  const write = async (line: string) => { if (!gz.write(`${line}\n`)) await once(gz, 'drain'); };
  let total = 0;
  try {
    await client.connect();
    await client.query('begin isolation level repeatable read read only');
    const tables = await appTables(client);
    const version = (await client.query<{ v: string }>('select version() as v')).rows[0].v;
    const migrations = await client.query('select 1 from drizzle.__drizzle_migrations').then((r) => r.rowCount ?? 0, () => 0);
    await write(`#${JSON.stringify({ format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), server: version, migrations })}`);
    for (const t of tables) {
      await write(`#${JSON.stringify({ table: t, columns: await loadColumns(client, t) })}`);
      await client.query(`declare c no scroll cursor for select row_to_json(x)::text as j from ${q(t)} x`);
      let n = 0;
      for (;;) {
        const res = await client.query<{ j: string }>('fetch 2000 from c');
        for (const { j } of res.rows) await write(j);
        n += res.rows.length;
        if (res.rows.length < 2000) break;
      }
      await client.query('close c');
      await write(`#${JSON.stringify({ end: t, rows: n })}`);
      total += n;
    }
    await client.query('commit');
    await write(`#${JSON.stringify({ done: true, tables: tables.length, rows: total })}`);
    gz.end();
    await done;
    fs.renameSync(partial, file);
    return { file, tables: tables.length, rows: total, bytes: fs.statSync(file).size, ms: Date.now() - t0 };
  } catch (e) {
    gz.destroy();
    await done.catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Tables kept by triggers from other tables, with the function that fills each afresh: the component list's
 * requirement table (migration 0015, from order_items) and the products' counts (migration 0017, from products).
 */
const DERIVED_TABLES: Record<string, string> = {
  order_material_needs: 'order_needs_refill', product_counts: 'product_counts_refill',
  // The ledger's hour buckets (migration 0020, from the movements; one function fills both); the offers' sums (0022).
  material_ledger_hours: 'ledger_buckets_refill', product_ledger_hours: 'ledger_buckets_refill', offer_sums: 'offer_sums_refill',
};

/**
 * Tables and columns a later migration dropped, which a backup made before it still has: left out of the restore.
 * Migration 0021 dropped the day buckets (the hour buckets, derived, replace them) and the movements' full stored
 * answers (answer_head, which the restore builds, replaces them).
 */
const DROPPED_TABLES = ['material_ledger_days', 'product_ledger_days'];
const DROPPED_COLUMNS: Record<string, string[]> = { material_movements: ['answer_json'], product_movements: ['answer_json'] };

export interface RestoreSummary { tables: number; rows: number; report: string[] }

/**
 * Loads a backup into the (migrated, empty) database at `url` in one transaction; every table's row count
 * must equal the backup's, or nothing is kept.
 */
export async function restoreBackup(file: string, url: string): Promise<RestoreSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let input: NodeJS.ReadableStream & { destroy(): void } | undefined;
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const targetTables = await appTables(client);
    await assertEmpty(client, targetTables, 'The target database');
    const expected: Record<string, number> = {};
    let header = false;
    let finished = false;
    let table: string | undefined;
    let dropped = false;
    let cols: string[] = [];
    let batch: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (table && batch.length) await loadRows(client, table, cols, batch);
      batch = [];
      bytes = 0;
    };
    // Opened only now: lines read before the loop starts would be lost.
    input = fs.createReadStream(file).pipe(zlib.createGunzip());
    const lines = readline.createInterface({ input, crlfDelay: Infinity });
    for await (const line of lines) {
      if (!header) {
        const h = line.startsWith('#') ? (JSON.parse(line.slice(1)) as { format?: string; version?: number }) : {};
        if (h.format !== BACKUP_FORMAT || h.version !== 1) throw new Error(`${file} is not a backup of this product (${BACKUP_FORMAT} 1).`);
        header = true;
        continue;
      }
      if (line.startsWith('#')) {
        const c = JSON.parse(line.slice(1)) as { table?: string; columns?: string[]; end?: string; rows?: number; done?: boolean };
        if (c.table) {
          await flush();
          if (DROPPED_TABLES.includes(c.table) && !targetTables.includes(c.table)) {
            dropped = true;
            continue;
          }
          if (!targetTables.includes(c.table)) throw new Error(`The backup has a table "${c.table}" this version does not know: it was made by a newer version. Restore it with that version.`);
          const have = await loadColumns(client, c.table);
          const unknown = (c.columns ?? []).filter((x) => !have.includes(x) && !DROPPED_COLUMNS[c.table!]?.includes(x));
          if (unknown.length) throw new Error(`The backup's table "${c.table}" has columns this version does not know (${unknown.join(', ')}): it was made by a newer version.`);
          table = c.table;
          // Columns added since the backup was made take their defaults.
          cols = (c.columns ?? []).filter((x) => have.includes(x));
        } else if (c.end && dropped) {
          dropped = false;
        } else if (c.end) {
          await flush();
          expected[c.end] = c.rows ?? 0;
          table = undefined;
        } else if (c.done) {
          finished = true;
        }
        continue;
      }
      if (dropped) continue;
      if (!table) throw new Error(`${file} is damaged: a row outside a table.`);
      batch.push(line);
      bytes += line.length;
      if (batch.length >= 1000 || bytes > 16 * 1024 * 1024) await flush();
    }
    if (!header) throw new Error(`${file} is empty.`);
    if (!finished) throw new Error(`${file} is incomplete (it has no end line): nothing was restored.`);
    await resetSequences(client);
    const after = await countRows(client, Object.keys(expected));
    const { lines: report, ok } = countsReport(expected, after);
    if (!ok) throw new Error(`Restoring ${file} failed: row counts differ, nothing was restored.\n${report.join('\n')}`);
    // A backup made before migration 0015 (0017, 0020) has no requirement table (no products' counts, no hour buckets):
    // its rows were loaded with the triggers off, so the table is filled from them (ADR 0026, 0031, 0033).
    const refills = new Set(Object.entries(DERIVED_TABLES).filter(([t]) => !(t in expected) && targetTables.includes(t)).map(([, f]) => f));
    for (const refill of refills) await client.query(`select ${refill}()`);
    // Movements of a backup made before migration 0020 have no stored answer (a column kept by a trigger, off here):
    // built now from their columns (ADR 0031, 0033). Rows that have one keep it.
    await client.query('select ledger_answers_refill()');
    await client.query('commit');
    return { tables: Object.keys(expected).length, rows: Object.values(after).reduce((a, b) => a + b, 0), report };
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    input?.destroy();
    await client.end().catch(() => undefined);
  }
}

/** Deletes all but the newest `keep` backups in `dir` (by their dated names); answers the deleted names. */
export function pruneBackups(dir: string, keep: number): string[] {
  let names: string[];
  try { names = fs.readdirSync(dir).filter((f) => FILE_RE.test(f)).sort(); } catch { return []; }
  const gone = names.slice(0, Math.max(0, names.length - keep));
  for (const f of gone) fs.rmSync(path.join(dir, f), { force: true });
  return gone;
}

/** Milliseconds from `now` to the next local time `at` (HH:MM). */
export function msUntil(at: string, now = new Date()): number {
  const [h, m] = at.split(':').map(Number);
  const next = new Date(now);
  next.setHours(h, m, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * The nightly job: at `at` every day, a backup into `dir`, then only the newest `keep` are kept. One instance
 * at a time (an advisory lock), and a failure is logged, not thrown. Answers a stop function.
 */
export function startNightlyBackups(opts: { url: string; dir: string; keep: number; at: string; log: (level: 'info' | 'error', msg: string) => void }): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => { void runNightlyBackup(opts).finally(schedule); }, msUntil(opts.at));
    timer.unref();
  };
  schedule();
  return () => { stopped = true; if (timer) clearTimeout(timer); };
}

const NIGHTLY_LOCK = 727_002;

export async function runNightlyBackup(opts: { url: string; dir: string; keep: number; log: (level: 'info' | 'error', msg: string) => void }): Promise<BackupSummary | undefined> {
  const lock = new pg.Client({ connectionString: opts.url });
  try {
    await lock.connect();
    const got = (await lock.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [NIGHTLY_LOCK])).rows[0].ok;
    if (!got) return undefined;
    let file = path.join(opts.dir, backupFileName());
    if (fs.existsSync(file)) file = file.replace('.jsonl.gz', `-${process.pid}.jsonl.gz`);
    const s = await writeBackup(opts.url, file);
    const gone = pruneBackups(opts.dir, opts.keep);
    opts.log('info', `nightly backup ${s.file}: ${s.tables} tables, ${s.rows} rows, ${(s.bytes / 1048576).toFixed(1)} MB in ${(s.ms / 1000).toFixed(1)} s${gone.length ? `; removed ${gone.join(', ')}` : ''}`);
    return s;
  } catch (e) {
    opts.log('error', `nightly backup failed: ${(e as Error).message}`);
    return undefined;
  } finally {
    await lock.end().catch(() => undefined);
  }
}
