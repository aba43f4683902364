// Moving the data of an earlier embedded PGlite data folder into the PostgreSQL cluster (ADR 0015).
// PGlite stays a dependency for this one purpose only; it is loaded only when such a folder is found.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { appTables, assertEmpty, countRows, countsReport, loadColumns, loadRows, q, resetSequences, type Runner } from './transfer.js';

/** Where the earlier embedded database kept its files inside DATA_DIR. */
export function legacyPgliteDir(dataDir: string): string | undefined {
  const dir = path.join(dataDir, 'pgdata');
  return fs.existsSync(path.join(dir, 'PG_VERSION')) ? dir : undefined;
}

export interface MoveResult { tables: number; rows: number; keptAt: string; report: string[] }

/**
 * Brings the PGlite database up to the current migrations, copies every table into the (migrated, empty)
 * database of `targetUrl` in one transaction, compares the row count of every table before and after, and
 * on success renames the PGlite folder to pgdata.moved-<date> (kept until the user deletes it).
 */
export async function moveFromPglite(legacyDir: string, targetUrl: string, migrationsFolder: string): Promise<MoveResult> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The migrations create pg_trgm (0040, ADR 0053), which PGlite loads as one of its contrib extensions.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const source = new PGlite(legacyDir, { extensions: { pg_trgm } });
  const target = new pg.Client({ connectionString: targetUrl });
  try {
    await source.waitReady;
    await migrate(drizzle({ client: source }), { migrationsFolder });
    const src = source as unknown as Runner;
    const tables = await appTables(src);
    const before = await countRows(src, tables);
    await target.connect();
    await target.query('begin');
    await target.query('set local session_replication_role = replica');
    await assertEmpty(target, tables, 'The new PostgreSQL database');
    for (const t of tables) {
      const columns = await loadColumns(target, t);
      const res = await src.query<{ j: string }>(`select row_to_json(x)::text as j from ${q(t)} x`);
      let batch: string[] = [];
      let bytes = 0;
      for (const { j } of res.rows) {
        batch.push(j);
        bytes += j.length;
        if (batch.length >= 1000 || bytes > 16 * 1024 * 1024) { await loadRows(target, t, columns, batch); batch = []; bytes = 0; }
      }
      await loadRows(target, t, columns, batch);
    }
    await resetSequences(target);
    const after = await countRows(target, tables);
    const { lines, ok } = countsReport(before, after);
    if (!ok) {
      await target.query('rollback');
      throw new Error(`Moving the PGlite data from ${legacyDir} failed: row counts differ, nothing was changed.\n${lines.join('\n')}`);
    }
    await target.query('commit');
    await source.close();
    let keptAt = `${legacyDir}.moved-${new Date().toISOString().slice(0, 10)}`;
    if (fs.existsSync(keptAt)) keptAt = `${keptAt}-${Date.now()}`;
    fs.renameSync(legacyDir, keptAt);
    return { tables: tables.length, rows: Object.values(after).reduce((a, b) => a + b, 0), keptAt, report: lines };
  } catch (e) {
    await target.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    if (!source.closed) await source.close().catch(() => undefined);
    await target.end().catch(() => undefined);
  }
}
