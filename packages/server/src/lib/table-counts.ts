// The kept row counts of companies and users (table_counts, derived/table-counts.sql, ADR 0052) as the unfiltered
// total of their lists (issue 27, ADR 0055): a page no longer counts every row of the table.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';

/** Rows of table_counts beyond one per table at which a list's read folds them (the dashboard's slack). */
export const TABLE_COUNTS_FOLD_SLACK = 100;

export type CountedTable = 'companies' | 'users';

/** The kept count of `table` as a column of a list page's own query (an uncorrelated subquery: once per statement). */
export function keptTotalColumn(table: CountedTable): SQL<number> {
  return sql<number>`(select coalesce(sum(n), 0)::int from table_counts where name = ${sql.raw(`'${table}'`)})`.mapWith(Number);
}

/** How many rows table_counts holds (read beside the total, to fold when they are many). */
export const keptRawColumn: SQL<number> = sql<number>`(select count(*)::int from table_counts)`.mapWith(Number);

/** The kept count of `table`, and the rows table_counts holds, in one statement (a page past the end, which carries no row). */
export async function keptTotal(db: Executor, table: CountedTable): Promise<{ total: number; raw: number }> {
  const res = await db.execute(sql`select ${keptTotalColumn(table)} as total, ${keptRawColumn} as raw`);
  const r = (res as unknown as { rows: { total: number; raw: number }[] }).rows[0];
  return { total: Number(r.total), raw: Number(r.raw) };
}

/** Folds table_counts (table_counts_fold: one caller at a time) when its rows outnumber the tables by the slack. */
export async function foldTableCounts(db: Executor, raw: number): Promise<void> {
  if (raw > 2 + TABLE_COUNTS_FOLD_SLACK) await db.execute(sql`select table_counts_fold()`);
}
