// ADR 0062: a search's page of the order-line list by date walks order_items_date_search_idx alone (its entries carry
// the date, id, status and search text), merged with the lines whose search text is too long for that index; the
// lines skipped on the way to the first matches are not read from the table. The answer is the plain one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { orderListQuerySchema, SEARCH_COUNT_CAP } from '@isik/domain';
import { SEARCH_INDEX_BYTES } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { getPage } from '../../test/anchored-walk.js';
import { foldedPattern } from '../../lib/search.js';
import { listLines } from './orders-repository.js';

let t: TestContext;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
/** Newer lines that do not hold the term, all before its first match in the date order. */
const NEWER = 3000;
/** Older lines that hold it: status 1 over the count's cap (so the page walks the date order), every twelfth in 3. */
const OLD = SEARCH_COUNT_CAP + 200;
const TERM = 'Eski Armatür';
const LIST = `/api/orders/list?type=list&search=${encodeURIComponent(TERM)}`;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  // Two old lines share each minute (the id orders them); one line of the term has a search text longer than the
  // covering index takes (two-byte letters), in the middle of the old ones, in status 2.
  await db.execute(sql`insert into order_items (id, urun_adi, firma_adi, siparis_durumu, siparis_tarihi)
    select 'new-' || k, 'Yeni Ürün', 'Işık', 1 + k % 4, now() - k * interval '1 minute' from generate_series(1, ${NEWER}) k
    union all select 'old-' || k, 'Eski Armatür ' || k, 'Işık', case when k % 12 = 0 then 3 else 1 end, now() - (${NEWER} + 1 + k / 2) * interval '1 minute'
      from generate_series(1, ${OLD}) k
    union all select 'old-long', 'Eski Armatür ' || repeat('Ж', ${SEARCH_INDEX_BYTES}), 'Işık', 2, now() - (${NEWER} + 1 + 30) * interval '1 minute' - interval '1 second'`);
  // The visibility map set, as autovacuum keeps it on a table read more than written: an index-only scan then reads
  // no table page for the lines it passes over. A vacuum may leave pages unmarked while a snapshot of the server's
  // start is still open: vacuumed again until every page is marked.
  for (let i = 0; i < 20; i++) {
    await db.execute(sql`vacuum (freeze, analyze) order_items`);
    const [v] = rowsOf<{ ok: boolean }>(await db.execute(sql`select relallvisible >= relpages as ok from pg_class where relname = 'order_items'`));
    if (v.ok) break;
  }
}, 120_000);
afterAll(async () => { await t?.close(); });

/** The term's lines of statuses 1-4, newest first: every match sorted. */
async function plain(): Promise<string[]> {
  return rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from order_items where search_text like ${foldedPattern(TERM)}
    and siparis_durumu between 1 and 4 order by siparis_tarihi desc, id desc`)).map((r) => r.id);
}

describe('the order-line search page by date (ADR 0062)', () => {
  it('is the plain answer: first pages, the page holding a long search text, by number and from anchors', async () => {
    const all = await plain();
    expect(all).toHaveLength(OLD + 1);
    const at = all.indexOf('old-long');
    expect(at).toBeGreaterThan(24);
    const longPage = Math.floor(at / 12) + 1;
    const pages: Record<number, Awaited<ReturnType<typeof getPage>>> = {};
    for (const p of [1, 2, 3, longPage, longPage + 1]) {
      pages[p] = await getPage(t, `${LIST}&pageSize=12&page=${p}`, 'orders');
      expect(pages[p].ids, `page ${p}`).toEqual(all.slice((p - 1) * 12, p * 12));
    }
    expect(pages[longPage].ids).toContain('old-long');
    expect(pages[1].body).toMatchObject({ total_capped: true, status1: SEARCH_COUNT_CAP, status2: 1, status3: 100, status4: 0 });
    // Next from page 1's anchor, previous from page 3's, the next after the long line's page from its anchor.
    expect((await getPage(t, `${LIST}&pageSize=12&page=2&anchor=${pages[1].anchor}`, 'orders')).ids).toEqual(pages[2].ids);
    expect((await getPage(t, `${LIST}&pageSize=12&page=2&anchor=${pages[3].anchor}`, 'orders')).ids).toEqual(pages[2].ids);
    expect((await getPage(t, `${LIST}&pageSize=12&page=${longPage + 1}&anchor=${pages[longPage].anchor}`, 'orders')).ids).toEqual(pages[longPage + 1].ids);
    // Oldest first too.
    const asc = await getPage(t, `${LIST}&order=asc&pageSize=12&page=1`, 'orders');
    expect(asc.ids).toEqual([...all].reverse().slice(0, 12));
  });

  it('reads no table row for the newer lines it passes over', async () => {
    const args = orderListQuerySchema.parse({ type: 'list', pageSize: '12', page: '1', search: TERM });
    const fetched = await t.database.db.transaction(async (tx) => {
      // Table rows fetched through an index (an index scan's fetches; an index-only scan's heap fetches), PostgreSQL's
      // own counters of this transaction.
      const read = async () => Number(rowsOf<{ n: string }>(await tx.execute(sql`select coalesce(sum(pg_stat_get_xact_tuples_fetched(indexrelid)), 0) as n
        from pg_index where indrelid = 'order_items'::regclass`))[0].n);
      const before = await read();
      const got = await listLines(tx, args);
      expect(got.orders.map((o) => o._id)).toEqual((await plain()).slice(0, 12));
      return (await read()) - before;
    });
    // The 12 lines read by id; before ADR 0062 the date index walked fetched every newer line (3,000 and more).
    expect(fetched, `${fetched} lines fetched from the table`).toBeLessThan(100);
  });
});
