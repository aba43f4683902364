import { and, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { orderItems, SEARCH_INDEX_BYTES } from '../../db/schema.js';
import type { PagePlan } from '../../lib/anchored-page.js';
import { cappedCounts, countLimit } from '../../lib/search-count.js';

/** The statuses whose counts the order-line list answers (status1 … status6); those of the asked range are added. */
const COUNTED = [1, 2, 3, 4, 6];

/**
 * The table's first pages a search's counts read first (ADR 0059): 4,000 pages (32 MB at 8 KiB) read in order, about
 * 22,000 lines; the bench's 20,000 lines fit in them.
 */
export const SEARCH_PROBE_PAGES = 4_000;

/**
 * A search's per-status counts for the order-line list (ADR 0054, 0059), each status counted up to the limit
 * (countLimit), so that a term matching a fixed share of the lines costs the same at any size:
 * 1. the table's first SEARCH_PROBE_PAGES pages (a TID range: a bounded read whatever the table's size), counted per
 *    status. A status with more matches than the limit there is capped (a true lower bound). When the table has no more
 *    pages than these, every count is exact from this read alone.
 * 2. each other status counted up to the limit from its own trigram index (order_items_search_trgm_s<N>_idx), as bitmap
 *    scans only: the term's trigram lists among that status's lines, and at most limit + 1 matching rows. The planner
 *    would otherwise walk the table for a status the term seems to match often but does not (a product sold only in
 *    some statuses), reading every line to find none.
 * `capped` when any count stopped at the limit (that count is then the limit, a lower bound).
 */
export async function searchStatusCounts(db: Executor, base: SQL[], range: [lo: number, hi: number], page: number, pageSize: number, probePages = SEARCH_PROBE_PAGES): Promise<{ counts: { s: number; n: number }[]; capped: boolean; cappedStatuses: number[] }> {
  const inRange = Array.from({ length: Math.max(0, Math.min(range[1], 9) - range[0] + 1) }, (_, i) => range[0] + i);
  const statuses = [...new Set([...COUNTED, ...inRange])].sort((x, y) => x - y);
  const limit = countLimit(page, pageSize);
  const probe = (await db.execute(sql`select ${orderItems.siparis_durumu} as s, count(*)::int as n,
      (select pg_relation_size('order_items') <= ${probePages}::bigint * current_setting('block_size')::bigint) as whole
    from ${orderItems} where ctid < ${`(${probePages},0)`}::tid and ${and(...base)} group by 1`)) as unknown as { rows: { s: number; n: number | string; whole: boolean }[] };
  const seen = new Map(probe.rows.map((r) => [Number(r.s), Number(r.n)]));
  // The whole table was read: a term with no match at all answers no row, so ask the size alone.
  const whole = probe.rows.length ? probe.rows[0].whole : ((await db.execute(sql`select pg_relation_size('order_items') <= ${probePages}::bigint * current_setting('block_size')::bigint as whole`)) as unknown as { rows: { whole: boolean }[] }).rows[0].whole;
  const known = new Map<number, { n: number; capped: boolean }>();
  for (const s of statuses) {
    const n = seen.get(s) ?? 0;
    if (n > limit) known.set(s, { n: limit, capped: true });
    else if (whole) known.set(s, { n, capped: false });
  }
  const rest = statuses.filter((s) => !known.has(s));
  if (rest.length) {
    // Bitmap scans only, for these statements: set for the transaction (a savepoint when the caller's db is one, whose
    // settings it then gets back as they were).
    const got = await db.transaction(async (tx) => {
      const before = ((await tx.execute(sql`select current_setting('enable_seqscan') as s, current_setting('enable_indexscan') as i,
        set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`)) as unknown as { rows: { s: string; i: string }[] }).rows[0];
      const counted = await cappedCounts(tx, sql`${orderItems}`, rest.map((s) => and(...base, sql.raw(`(siparis_durumu = ${Number(s)}) is true`))!), limit);
      await tx.execute(sql`select set_config('enable_seqscan', ${before.s}, true), set_config('enable_indexscan', ${before.i}, true)`);
      return counted;
    });
    rest.forEach((s, i) => known.set(s, got[i]));
  }
  return {
    counts: statuses.map((s) => ({ s, n: known.get(s)!.n })),
    capped: statuses.some((s) => known.get(s)!.capped),
    cappedStatuses: statuses.filter((s) => known.get(s)!.capped),
  };
}

/**
 * The ids and sort keys of a search's page by date (ADR 0062): the lines of `where` (the search and the status range)
 * after the plan's anchor condition, in the plan's order, as two ordered reads merged: the lines whose search text fits
 * order_items_date_search_idx, walked in that index alone (an index-only scan: its entries carry the date, id, status
 * and search text, so each line passed over costs a fraction of an index page instead of a table page), and those
 * whose text is longer (order_items_date_long_idx, none in practice). Each read stops at the plan's offset + limit.
 */
export async function searchPageByDate(db: Executor, where: SQL, keyCols: Record<string, SQL>, plan: PagePlan): Promise<{ id: string }[]> {
  const cols = sql.join([sql`${orderItems.id}`, sql`${orderItems.siparis_tarihi}`, ...Object.entries(keyCols).map(([k, e]) => sql`${e} as ${sql.identifier(k)}`)], sql`, `);
  const part = (fits: boolean) => sql`(select ${cols} from ${orderItems}
    where ${where} and ${sql.raw(`octet_length(search_text) ${fits ? '<=' : '>'} ${SEARCH_INDEX_BYTES}`)}${plan.where ? sql` and ${plan.where}` : sql``}
    order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.limit + plan.offset})`;
  const res = await db.execute(sql`select ${orderItems.id} as id, ${sql.join(Object.keys(keyCols).map((k) => sql.identifier(k)), sql`, `)}
    from (${part(true)} union all ${part(false)}) as ${orderItems}
    order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.limit} offset ${plan.offset}`);
  return (res as unknown as { rows: { id: string }[] }).rows;
}
