import { and, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { orderItems } from '../../db/schema.js';
import { cappedCounts, countLimit } from '../../lib/search-count.js';

/** The statuses whose counts the order-line list answers (status1 … status6); those of the asked range are added. */
const COUNTED = [1, 2, 3, 4, 6];

/**
 * A search's per-status counts for the order-line list (ADR 0054): each status counted up to the limit (countLimit), in
 * one statement of one capped count per status, so that a term matching a fixed share of the lines costs the same at
 * any size. `capped` when any count stopped at the limit (that count is then the limit, a lower bound).
 */
export async function searchStatusCounts(db: Executor, base: SQL[], range: [lo: number, hi: number], page: number, pageSize: number): Promise<{ counts: { s: number; n: number }[]; capped: boolean; cappedStatuses: number[] }> {
  const inRange = Array.from({ length: Math.max(0, Math.min(range[1], 9) - range[0] + 1) }, (_, i) => range[0] + i);
  const statuses = [...new Set([...COUNTED, ...inRange])].sort((x, y) => x - y);
  const got = await cappedCounts(db, sql`${orderItems}`, statuses.map((s) => and(...base, sql`${orderItems.siparis_durumu} = ${s}`)!), countLimit(page, pageSize));
  return {
    counts: statuses.map((s, i) => ({ s, n: got[i].n })),
    capped: got.some((g) => g.capped),
    cappedStatuses: statuses.filter((_, i) => got[i].capped),
  };
}
