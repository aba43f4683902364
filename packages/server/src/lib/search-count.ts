import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '@isik/domain';
import type { Executor } from '../db/database.js';

/**
 * How far a search's count goes (ADR 0054): SEARCH_COUNT_CAP, or one page past the page asked for when that is further,
 * so that every page the pager offers up to the next one is known to exist.
 */
export function countLimit(page: number, pageSize: number): number {
  return Math.max(SEARCH_COUNT_CAP, (Math.max(1, page) + 1) * pageSize);
}

/**
 * The number of rows of `from` matching each of `wheres`, each counted up to `limit`: a count stops at limit + 1 rows
 * (PostgreSQL stops reading there), so a term that matches a fixed share of a growing table costs the same at any
 * size. A count over the limit answers the limit and `capped`.
 */
export async function cappedCounts(db: Executor, from: SQL, wheres: SQL[], limit: number): Promise<{ n: number; capped: boolean }[]> {
  const cols = sql.join(wheres.map((w, i) => sql`(select count(*)::int from (select 1 from ${from} where ${w} limit ${limit + 1}) x) as ${sql.identifier(`n${i}`)}`), sql`, `);
  const res = await db.execute(sql`select ${cols}`);
  const row = ((res as unknown as { rows: Record<string, number | string>[] }).rows ?? [])[0] ?? {};
  return wheres.map((_, i) => {
    const n = Number(row[`n${i}`] ?? 0);
    return n > limit ? { n: limit, capped: true } : { n, capped: false };
  });
}

/** One capped count (cappedCounts) with the limit of the page asked for (countLimit). */
export async function cappedCount(db: Executor, from: SQL, where: SQL, page: number, pageSize: number): Promise<{ n: number; capped: boolean }> {
  return (await cappedCounts(db, from, [where], countLimit(page, pageSize)))[0];
}

/** How many rows of the sort's index a search walks at most for its page (ADR 0059): SEARCH_WALK_ROWS, or 20 rows per row up to the page's end when more. */
export const SEARCH_WALK_ROWS = 5_000;
export function searchWalkRows(pageEnd: number): number {
  return Math.max(SEARCH_WALK_ROWS, 20 * pageEnd);
}
