import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The number of rows of `table` that `where` matches, as a column of a list page's own query: the page and its count
 * in one round trip (an uncorrelated subquery, which PostgreSQL runs once per statement). Read it with pageTotal.
 */
export function totalColumn(table: PgTable, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from ${table} where ${where ?? sql`true`})`.mapWith(Number);
}

/**
 * The total of a page read with totalColumn: from its first row, or, for a page past the end (no row carries it),
 * from `count`.
 */
export async function pageTotal(rows: readonly { total: number }[], count: () => Promise<number>): Promise<number> {
  return rows.length > 0 ? Number(rows[0].total) : count();
}
