// Backups (ADR 0016): one consistent export of the whole system — the back office's tables (schema public, uploaded
// files included: they live in it) and the device service's (schema devices) — in a REPEATABLE READ, READ ONLY
// transaction, each table read through a cursor as PostgreSQL's own JSON of each row, written as gzip'd lines with a
// checksum of them; and the restore into an empty database, checked first as a whole and then table by table.
//
// File format (isik-backup 2): UTF-8 lines, gzip'd. Control lines start with '#' followed by JSON:
//   #{"format":"isik-backup","version":2,"createdAt":…,"app":"1.0.0","server":…,"migrations":{"public":n,"devices":n}}
//   #{"table":"companies","columns":["id",…]}   then one line per row: the row's JSON object
//   #{"end":"companies","rows":25}
//   … the device service's tables are named with their schema: #{"table":"devices.gateways",…}
//   #{"done":true,"tables":n,"rows":n,"sha256":"…"}   the SHA-256 of every line before it, each with its '\n'
// Version 1 (before issue 22) had only schema public, `migrations` as one number and no checksum.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migrateDevices } from '@isik/devices';
import {
  assertEmpty, countRows, countsReport, loadColumns, loadRows, migrationLevel, qt, resetSequences, systemTables,
} from '../db/transfer.js';

export const BACKUP_FORMAT = 'isik-backup';
export const BACKUP_VERSION = 2;
export const FILE_RE = /^isik-backup-\d{4}-\d{2}-\d{2}_\d{6}(-\d+)?\.jsonl\.gz$/;

/** The product's version (the root package.json's), written into each backup's header. */
export const APP_VERSION: string = (() => {
  try {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json');
    return (JSON.parse(fs.readFileSync(root, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

/** A backup file that cannot be restored, with the reason; the target database is left as it was. */
export class BackupError extends Error {}

export interface BackupSummary { file: string; tables: number; rows: number; bytes: number; ms: number; sha256: string }

/** A dated file name: isik-backup-2026-11-23_023000.jsonl.gz (UTC). */
export function backupFileName(now = new Date()): string {
  const iso = now.toISOString();
  return `isik-backup-${iso.slice(0, 10)}_${iso.slice(11, 19).replace(/:/g, '')}.jsonl.gz`;
}

/**
 * A client whose connection may drop (the database restarts, an operator ends it): node-postgres emits 'error' on
 * it, and an 'error' without a listener ends the process (ADR 0015). The query in flight fails on its own and the
 * caller reports that; the listener only keeps the server alive (the nightly backup runs inside it).
 */
function watched(client: pg.Client): pg.Client {
  client.on('error', () => undefined);
  return client;
}

/** Writes a consistent backup of the database at `url` to `file` (a .partial file until complete). */
export async function writeBackup(url: string, file: string): Promise<BackupSummary> {
  const t0 = Date.now();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const client = watched(new pg.Client({ connectionString: url, application_name: 'isik backup' }));
  const gz = zlib.createGzip({ level: 6 });
  const done = pipeline(gz, fs.createWriteStream(partial, { mode: 0o600 }));
  const hash = createHash('sha256');
  const write = async (line: string, hashed = true) => {
    const text = `${line}\n`;
    if (hashed) hash.update(text);
    if (!gz.write(text)) await once(gz, 'drain');
  };
  let total = 0;
  try {
    await client.connect();
    await client.query('begin isolation level repeatable read read only');
    const tables = await systemTables(client);
    const server = (await client.query<{ v: string }>('select version() as v')).rows[0].v;
    const migrations = await migrationLevel(client);
    await write(`#${JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), app: APP_VERSION, server, migrations })}`);
    for (const t of tables) {
      await write(`#${JSON.stringify({ table: t, columns: await loadColumns(client, t) })}`);
      await client.query(`declare c no scroll cursor for select row_to_json(x)::text as j from ${qt(t)} x`);
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
    const sha256 = hash.digest('hex');
    await write(`#${JSON.stringify({ done: true, tables: tables.length, rows: total, sha256 })}`, false);
    gz.end();
    await done;
    fs.renameSync(partial, file);
    return { file, tables: tables.length, rows: total, bytes: fs.statSync(file).size, ms: Date.now() - t0, sha256 };
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
  // Work in progress per operation (migration 0034, ADR 0048).
  order_operation_wip: 'order_wip_refill',
  // The sales report's facts and sums (0036, from offers, their items and products; one function fills both).
  sales_offer_facts: 'sales_sums_refill', sales_sums: 'sales_sums_refill',
  // The order lines' figures of the production dashboard and the overview's load (0037, issue 27, ADR 0049).
  order_figure_sums: 'order_figure_sums_refill',
  // The open lines per order day: the overview's units to deliver and late count (0038, ADR 0049 addendum 2).
  order_open_days: 'order_open_days_refill',
  // Finished lines per week and lead bucket (production per week); companies and users counted (0041, ADR 0052).
  production_weeks: 'production_weeks_refill', table_counts: 'table_counts_refill',
  // The materials per category and unit: stock, value in parts, below minimum (0044, ADR 0057).
  material_stock_sums: 'material_stock_sums_refill',
};

/**
 * Tables and columns a later migration dropped, which a backup made before it still has: left out of the restore.
 * Migration 0021 dropped the day buckets (the hour buckets, derived, replace them) and the movements' full stored
 * answers (answer_head, which the restore builds, replaces them).
 */
const DROPPED_TABLES = ['material_ledger_days', 'product_ledger_days'];
const DROPPED_COLUMNS: Record<string, string[]> = { material_movements: ['answer_json'], product_movements: ['answer_json'] };

/** Where a backup comes from, as its header says. */
export interface BackupHeader {
  version: number;
  createdAt?: string;
  /** The product's version that wrote it (format 2 on). */
  app?: string;
  /** Migrations applied when it was made, per schema (format 1 knew only the back office's). */
  migrations: { public: number; devices: number };
}

/** A backup read through before anything is restored. */
export interface BackupCheck {
  header: BackupHeader;
  /** The checksum it carries and its content matches (none in a format-1 file). */
  sha256?: string;
  tables: number;
  rows: number;
  warnings: string[];
}

export interface RestoreSummary extends BackupCheck { report: string[] }

function unreadable(file: string, e: NodeJS.ErrnoException): Error {
  if (e.code === 'Z_BUF_ERROR') return new BackupError(`${file} is incomplete: its compressed data ends early (${e.message}). Nothing was restored.`);
  if (e.code === 'Z_DATA_ERROR' && /header/.test(e.message)) return new BackupError(`${file} is not a backup of this product: it is not gzip data (${e.message}). Nothing was restored.`);
  if (e.code === 'Z_DATA_ERROR') return new BackupError(`${file} is damaged: its compressed data cannot be read (${e.message}). Nothing was restored.`);
  return e;
}

/** The lines of a gzip'd backup without their '\n' (a last piece without one is a line too). */
async function* backupLines(file: string): AsyncGenerator<string> {
  const src = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  src.on('error', (e) => gunzip.destroy(e));
  src.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  // The pieces of a line longer than a chunk (a large file's row): joined once, when its end arrives.
  let parts: string[] = [];
  try {
    try {
      for await (const chunk of gunzip as AsyncIterable<Buffer>) {
        const text = decoder.write(chunk);
        let start = 0;
        for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
          parts.push(text.slice(start, nl));
          const line = parts.join('');
          parts = [];
          start = nl + 1;
          yield line;
        }
        if (start < text.length) parts.push(text.slice(start));
      }
    } catch (e) {
      throw unreadable(file, e as NodeJS.ErrnoException);
    }
    const last = parts.join('') + decoder.end();
    if (last) yield last;
  } finally {
    src.destroy();
    gunzip.destroy();
  }
}

function control(file: string, line: string): { table?: string; columns?: string[]; end?: string; rows?: number; done?: boolean; sha256?: string } {
  try {
    return JSON.parse(line.slice(1));
  } catch {
    throw new BackupError(`${file} is damaged: a control line is not JSON (${line.slice(0, 60)}). Nothing was restored.`);
  }
}

function readHeader(file: string, line: string): BackupHeader {
  let h: { format?: unknown; version?: unknown; createdAt?: string; app?: string; migrations?: number | { public?: number; devices?: number } } = {};
  try { if (line.startsWith('#')) h = JSON.parse(line.slice(1)); } catch { /* not ours */ }
  if (h.format !== BACKUP_FORMAT || typeof h.version !== 'number' || !Number.isInteger(h.version) || h.version < 1) {
    throw new BackupError(`${file} is not a backup of this product (${BACKUP_FORMAT}).`);
  }
  if (h.version > BACKUP_VERSION) {
    throw new BackupError(`${file} was made by a newer version of the product${h.app ? ` (${h.app})` : ''} in backup format ${h.version}; this version reads formats 1 to ${BACKUP_VERSION}: restore it with that version.`);
  }
  const m = h.migrations;
  const migrations = typeof m === 'number' ? { public: m, devices: 0 } : { public: Number(m?.public ?? 0), devices: Number(m?.devices ?? 0) };
  return { version: h.version, createdAt: h.createdAt, app: h.app, migrations };
}

/**
 * Reads a whole backup and checks it before anything is restored: a header of this product, every table's rows
 * as many as its end line says, an end line, and (format 2) the SHA-256 of its content equal to the one it carries.
 * A format-1 file (no checksum, no device service) is accepted with a warning.
 */
export async function verifyBackup(file: string): Promise<BackupCheck> {
  if (fs.statSync(file).size === 0) throw new BackupError(`${file} is empty.`);
  const hash = createHash('sha256');
  let header: BackupHeader | undefined;
  let done: { sha256?: string } | undefined;
  let table: string | undefined;
  let n = 0;
  let tables = 0;
  let rows = 0;
  const damaged = (why: string) => new BackupError(`${file} is damaged: ${why}. Nothing was restored.`);
  for await (const line of backupLines(file)) {
    if (done) throw damaged('it has content after its end line');
    if (!header) {
      header = readHeader(file, line);
      hash.update(`${line}\n`);
      continue;
    }
    if (line.startsWith('#')) {
      const c = control(file, line);
      if (c.done) { done = c; continue; }
      if (c.table !== undefined) {
        if (table !== undefined) throw damaged(`table "${table}" has no end line`);
        table = c.table;
        n = 0;
      } else if (c.end !== undefined) {
        if (c.end !== table) throw damaged(`an end line of table "${c.end}" outside it`);
        if (c.rows !== n) throw damaged(`table "${table}" has ${n} rows where its end line says ${c.rows}`);
        tables++;
        rows += n;
        table = undefined;
      }
    } else if (table === undefined) {
      throw damaged('a row outside a table');
    } else {
      n++;
    }
    hash.update(`${line}\n`);
  }
  if (!header) throw new BackupError(`${file} is empty.`);
  if (!done) throw new BackupError(`${file} is incomplete (it has no end line): nothing was restored.`);
  const warnings: string[] = [];
  if (header.version === 1) {
    warnings.push(`${file} was made by an earlier version (backup format 1): it carries no checksum, so only its row counts were checked, `
      + 'and it holds no device service data (gateways and their keys, programs, device accounts, lights, commands, device logs): '
      + 'those stay empty, and the device service makes its admin again at the next start.');
    return { header, tables, rows, warnings };
  }
  const actual = hash.digest('hex');
  if (typeof done.sha256 !== 'string') throw new BackupError(`${file} has no checksum, which every backup of format ${header.version} carries: it was changed after it was written. Nothing was restored.`);
  if (actual !== done.sha256) {
    throw new BackupError(`${file} was changed or damaged after it was written: its content does not match its checksum (sha256 ${done.sha256.slice(0, 16)}… written, ${actual.slice(0, 16)}… read). Nothing was restored.`);
  }
  return { header, sha256: actual, tables, rows, warnings };
}

/**
 * Loads a backup into the (migrated, empty) database at `url` in one transaction, after reading it through once
 * (verifyBackup): a file that does not check out leaves the target as it was. Every table's row count must equal
 * the backup's, or nothing is kept.
 */
export async function restoreBackup(file: string, url: string): Promise<RestoreSummary> {
  const check = await verifyBackup(file);
  const client = watched(new pg.Client({ connectionString: url, application_name: 'isik restore' }));
  await client.connect();
  try {
    // The device service's tables, as the product's start makes them (openDatabase migrated the back office's).
    await migrateDevices(drizzle({ client }));
    const have = await migrationLevel(client);
    const made = check.header.migrations;
    if (made.public > have.public || made.devices > have.devices) {
      throw new BackupError(`${file} was made by a newer version of the product${check.header.app ? ` (${check.header.app})` : ''}: `
        + `it has ${made.public} migrations of the back office and ${made.devices} of the device service, this version ${have.public} and ${have.devices}. `
        + 'Restore it with that version. Nothing was restored.');
    }
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const targetTables = await systemTables(client);
    await assertEmpty(client, targetTables, 'The target database');
    const hash = createHash('sha256');
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
    for await (const line of backupLines(file)) {
      if (!header) {
        // Checked by verifyBackup.
        header = true;
        hash.update(`${line}\n`);
        continue;
      }
      if (line.startsWith('#')) {
        const c = control(file, line);
        if (c.done) {
          finished = true;
          continue;
        }
        hash.update(`${line}\n`);
        if (c.table) {
          await flush();
          if (DROPPED_TABLES.includes(c.table) && !targetTables.includes(c.table)) {
            dropped = true;
            continue;
          }
          if (!targetTables.includes(c.table)) throw new BackupError(`The backup has a table "${c.table}" this version does not know: it was made by a newer version. Restore it with that version.`);
          const have = await loadColumns(client, c.table);
          const unknown = (c.columns ?? []).filter((x) => !have.includes(x) && !DROPPED_COLUMNS[c.table!]?.includes(x));
          if (unknown.length) throw new BackupError(`The backup's table "${c.table}" has columns this version does not know (${unknown.join(', ')}): it was made by a newer version.`);
          table = c.table;
          // Columns added since the backup was made take their defaults.
          cols = (c.columns ?? []).filter((x) => have.includes(x));
        } else if (c.end && dropped) {
          dropped = false;
        } else if (c.end) {
          await flush();
          expected[c.end] = c.rows ?? 0;
          table = undefined;
        }
        continue;
      }
      hash.update(`${line}\n`);
      if (dropped) continue;
      if (!table) throw new BackupError(`${file} is damaged: a row outside a table.`);
      batch.push(line);
      bytes += line.length;
      if (batch.length >= 1000 || bytes > 16 * 1024 * 1024) await flush();
    }
    // Read twice: the second reading must be the file the first one checked.
    if (!finished || (check.sha256 && hash.digest('hex') !== check.sha256)) throw new BackupError(`${file} changed while it was being restored: nothing was restored.`);
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
    // Offers of a backup made before migration 0033 have no stored list row (ADR 0034 addendum): counted and built now.
    await client.query('select offer_list_refill_missing()');
    // Each material's last movement (migration 0034, ADR 0048): a backup made before it has none; one pass sets it.
    await client.query('select material_last_movement_refill()');
    // Whether each order line's order is in production (migration 0047, ADR 0058): a backup made before it has no
    // flag (false); set where it differs.
    await client.query('select order_items_in_production_refill()');
    // The kept row counts (ADR 0052, 0056): a backup made before migration 0043 has no materials' count; counted again
    // when a kept count differs from its table's (three counts), so a backup that has them comes back row for row.
    await client.query(`select table_counts_refill() where exists (
      select 1 from (values ('companies', (select count(*) from companies)), ('users', (select count(*) from users)), ('materials', (select count(*) from materials))) as t(name, n)
      where t.n <> (select coalesce(sum(c.n), 0) from table_counts c where c.name = t.name))`);
    await client.query('commit');
    return { ...check, tables: Object.keys(expected).length, rows: Object.values(after).reduce((a, b) => a + b, 0), report };
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
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
  const lock = watched(new pg.Client({ connectionString: opts.url, application_name: 'isik backup lock' }));
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
