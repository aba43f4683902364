// The order-line list's status tabs from kept counts (issue 27, ADR 0055): the lines per status are order_figure_sums'
// kind 0 (derived/order-ops-sums.sql, ADR 0049), kept by statement triggers on order_items, so a page of the list no
// longer counts every line. A list with a search or an offer counts its matches (line-counts.test.ts).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { FOLD_SLACK, foldFigureSums } from './order-figures-repository.js';

interface WarnLog { warn(obj: object, msg: string): void }

/**
 * The lines per status (only statuses that have lines), as the list's own count would give them, in one read of the
 * kept rows; folds them afterwards when the rows outnumber their keys by FOLD_SLACK (as the dashboard's read does), so
 * the read stays a few hundred rows whoever reads first.
 */
export async function keptLineCounts(db: Executor, log?: WarnLog): Promise<{ s: number; n: number }[]> {
  const res = await db.execute(sql`
    select status as s, coalesce(sum(n) filter (where kind = 0), 0)::int as n, count(*)::int as raw, count(distinct (kind, name))::int as keys
    from order_figure_sums group by status`);
  const rows = (res as unknown as { rows: { s: number; n: number; raw: number; keys: number }[] }).rows;
  const raw = rows.reduce((t, r) => t + Number(r.raw), 0);
  const keys = rows.reduce((t, r) => t + Number(r.keys), 0);
  if (raw > keys + FOLD_SLACK) await foldFigureSums(db, log);
  return rows.filter((r) => Number(r.n) !== 0).map((r) => ({ s: Number(r.s), n: Number(r.n) }));
}
