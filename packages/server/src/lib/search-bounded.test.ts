import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, type OfferList } from '@isik/domain';
import { orderItems } from '../db/schema.js';
import { listOffers } from '../modules/offers/offers-repository.js';
import type { Executor } from '../db/database.js';
import { searchStatusCounts } from '../modules/orders/order-line-search.js';
import { createTestContext, type TestContext } from '../test/helper.js';
import { SEARCH_WALK_ROWS } from './search-count.js';
import { foldedPattern, searchFolded } from './search.js';

// ADR 0059: a search's work is bounded whatever the table's size. The offer list's page over the cap walks the date
// index for at most SEARCH_WALK_ROWS rows and otherwise reads the matches (a term whose matches are all old); the
// order-line list counts each status from the table's first pages, then from that status's own trigram index.

let t: TestContext;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const q = encodeURIComponent;
/** Offers newer than the old term's matches, none of which holds it: more than the walk may read. */
const NEWER = SEARCH_WALK_ROWS * 8;
const OLD = SEARCH_COUNT_CAP + 100;
/** Order lines: the first LINES_1 of a product in status 1, the others of another in statuses 3, 4 and 6. */
const LINES_1 = SEARCH_COUNT_CAP + 500;
const LINES = LINES_1 * 5;

beforeAll(async () => {
  t = await createTestContext();
  const res = await t.call({ method: 'POST', url: '/api/offers/create', token: t.tokens[2], payload: {
    firma_adi: 'Taban Ltd', firma_ulke: 'Türkiye', teklif_konu: 'Konu', teklif_dovizi: '$', teklif_usdkur: 40.1234, teklif_eurkur: 45.5,
    offeritem: [{ urun_adi: 'Street Light', urun_kodu: ['SL'], urun_miktari: 1, urun_birimi: 'Adet', urun_fiyati: 100, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' }],
  } });
  expect(res.statusCode, res.body).toBe(200);
  const base = (res.json() as { _id: string })._id;
  // OLD offers referencing ESKİREF-<k>, all older than NEWER offers of 'Yeni Işık' (every third also 'Nadir konu',
  // a term spread through the newer ones), two minutes apart; statuses 0-4 in turn. The old ones first in the table.
  const copy = (from: number, to: number, firma: SQL, konu: SQL, ref: SQL, minutes: SQL) => sql`insert into offers (id, teklif_no, teklif_yil, teklif_sira, teklif_tarihi,
      teklif_durumu, firma_adi, firma_ulke, teklif_konu, teklif_referansno, teklif_dovizi, teklif_usdkur, teklif_eurkur, teklif_tutartl, teklif_tutardoviz,
      teklif_kdvtl, teklif_kdvdoviz, teklif_gtoplamtl, teklif_gtoplamdoviz)
    select o.id || '~' || k, 'BND-' || k, o.teklif_yil, o.teklif_sira + 1000 + k, o.teklif_tarihi - ${minutes} * interval '2 minutes', k % 5, ${firma}, o.firma_ulke,
      ${konu}, ${ref}, o.teklif_dovizi, o.teklif_usdkur, o.teklif_eurkur, o.teklif_tutartl, o.teklif_tutardoviz, o.teklif_kdvtl, o.teklif_kdvdoviz,
      o.teklif_gtoplamtl, o.teklif_gtoplamdoviz
    from offers o cross join generate_series(${from}::int, ${to}::int) k where o.id = ${base}`;
  await t.database.db.execute(copy(1, OLD, sql`'Eski Firma'`, sql`'Konu'`, sql`'ESKİREF-' || k`, sql`(${NEWER} + k)`));
  await t.database.db.execute(copy(OLD + 1, OLD + NEWER, sql`'Yeni Işık'`, sql`case when k % 3 = 0 then 'Nadir konu' else 'Konu' end`, sql`''`, sql`(k - ${OLD})`));
  // Order lines: a product in statuses 1 (more than the cap) and 2 (a few), none in 3, 4 and 6, whose lines are more.
  await t.database.db.execute(sql`insert into order_items (id, urun_adi, firma_adi, siparis_durumu, siparis_tarihi)
    select 'bline-' || k, case when k <= ${LINES_1} then 'Sınırlı Armatür' else 'Başka Ürün' end, 'Işık',
      case when k <= ${LINES_1} then 1 when k % 7 = 0 then 4 when k % 2 = 0 then 3 else 6 end,
      now() - k * interval '1 minute' from generate_series(1, ${LINES}) k
    union all select 'bline2-' || k, 'Sınırlı Armatür', 'Işık', 2, now() - k * interval '1 minute' from generate_series(1, 7) k`);
  await t.database.db.execute(sql`analyze offers`);
  await t.database.db.execute(sql`analyze order_items`);
}, 120_000);
afterAll(async () => { await t?.close(); });

async function offerList(query: string): Promise<OfferList> {
  const res = await t.call({ method: 'GET', url: `/api/offers/list?${query}`, token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OfferList;
}

/** What the search finds, in the sort's order (search_text LIKE the folded pattern, every match sorted). */
async function plain(term: string, order: SQL, limit: number, offset: number): Promise<string[]> {
  return rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from offers where search_text like ${foldedPattern(term)}
    order by ${order} limit ${limit} offset ${offset}`)).map((r) => r.id);
}

/**
 * Rows of `table` the statements of `run` read, in one transaction: a sequential scan's rows and a bitmap scan's
 * fetches (counted on the table), an index scan's fetches (counted on the index).
 */
async function rowsRead(table: string, run: (tx: Executor) => Promise<unknown>): Promise<number> {
  return t.database.db.transaction(async (tx) => {
    const read = async () => Number(rowsOf<{ n: string }>(await tx.execute(sql`select pg_stat_get_xact_tuples_returned(${table}::regclass)
      + pg_stat_get_xact_tuples_fetched(${table}::regclass)
      + (select coalesce(sum(pg_stat_get_xact_tuples_fetched(indexrelid)), 0) from pg_index where indrelid = ${table}::regclass) as n`))[0].n);
    const before = await read();
    await run(tx);
    return (await read()) - before;
  });
}

describe('the offer list: a search\'s page over the cap', () => {
  it('finds the newest matches of a term whose matches are all old, as every match sorted would, page by page', async () => {
    for (const page of [1, 2, 33]) {
      const body = await offerList(`pageSize=30&page=${page}&search=${q('eskiref')}`);
      expect(body.total_capped, `page ${page}`).toBe(true);
      expect(body.offers.map((o) => o._id), `page ${page}`).toEqual(await plain('eskiref', sql`teklif_tarihi desc, teklif_no desc`, 30, (page - 1) * 30));
    }
    // By number, both ways; and a common term (walked) and one under the cap (read from its matches).
    for (const [term, orderBy, order, sqlOrder] of [['ESKİREF', 'teklif_no', 'desc', sql`teklif_yil desc, teklif_sira desc`], ['eskiref-1', 'teklif_no', 'asc', sql`teklif_yil asc, teklif_sira asc`],
      ['yeni ışık', 'teklif_tarihi', 'desc', sql`teklif_tarihi desc, teklif_no desc`], ['nadir', 'teklif_tarihi', 'asc', sql`teklif_tarihi asc, teklif_no asc`],
      ['eskiref-10', 'teklif_tarihi', 'desc', sql`teklif_tarihi desc, teklif_no desc`]] as const) {
      for (const page of [1, 3]) {
        const body = await offerList(`pageSize=25&page=${page}&orderBy=${orderBy}&order=${order}&search=${q(term)}`);
        expect(body.offers.map((o) => o._id), `${term} ${orderBy} ${order} page ${page}`).toEqual(await plain(term, sqlOrder, 25, (page - 1) * 25));
      }
    }
  });

  it('does not walk the newer offers to the old matches: it reads at most the walk\'s rows and the matches', async () => {
    const args = { page: 1, pageSize: 30, orderBy: 'teklif_tarihi', order: 'desc', search: 'eskiref', from: 0, to: 4 } as const;
    const read = await rowsRead('offers', (tx) => listOffers(tx, args, () => ['[', ']']));
    // The count (at most cap + 1 matches, and the rows its plan passes on the way), the walk and the matches; walking
    // the date index to the matches read every newer offer first (NEWER: 40,000).
    expect(read).toBeLessThan(SEARCH_COUNT_CAP + SEARCH_WALK_ROWS + 3 * OLD);
    // A common term's page is within the first rows of the walk.
    const common = await rowsRead('offers', (tx) => listOffers(tx, { ...args, search: 'yeni ışık' }, () => ['[', ']']));
    expect(common).toBeLessThan(SEARCH_COUNT_CAP * 3);
  });
});

describe('the order-line list: a search\'s counts per status', () => {
  const base = (term: string) => [searchFolded(orderItems.search_text, term)];
  const exact = async (term: string) => {
    const rows = rowsOf<{ s: number; n: number }>(await t.database.db.execute(sql`select siparis_durumu as s, count(*)::int as n from order_items
      where ${searchFolded(orderItems.search_text, term)} group by 1`));
    return [1, 2, 3, 4, 6].map((s) => Math.min(SEARCH_COUNT_CAP, rows.find((r) => r.s === s)?.n ?? 0));
  };

  it('counts each status exactly up to the cap, from the first pages or from each status\'s index', async () => {
    for (const term of ['sınırlı', 'başka ürün', 'ışık', 'yok böyle', 'ar']) {
      const want = await exact(term);
      for (const probePages of [4000, 1, 0]) {
        const got = await searchStatusCounts(t.database.db, base(term), [1, 4], 1, 12, probePages);
        expect(got.counts.filter((c) => c.s !== 5).map((c) => c.n), `${term} ${probePages}`).toEqual(want);
        expect(got.capped, term).toBe(want.includes(SEARCH_COUNT_CAP));
      }
    }
  });

  it('counts a status the term never matches from that status\'s trigram index, without reading its lines', async () => {
    // Past the first pages: statuses 1 and 2 hold the term (1 over the cap), 3, 4 and 6 hold none of it, yet the planner,
    // which thinks a term that common is everywhere, would read their lines to find it.
    // Reads the term's lines of statuses 1 and 2 (at most 1,507: a bitmap scan reads a page's lines together), none of
    // the others' (6,000, which the planner's way read to find none).
    const read = await rowsRead('order_items', (tx) => searchStatusCounts(tx, base('sınırlı'), [1, 4], 1, 12, 0));
    expect(read).toBeLessThan(LINES_1 + 100);
    // The settings the counts turned off are back for the rest of the caller's transaction.
    const settings = await t.database.db.transaction(async (tx) => {
      await searchStatusCounts(tx, base('sınırlı'), [1, 4], 1, 12, 0);
      return rowsOf<{ s: string; i: string }>(await tx.execute(sql`select current_setting('enable_seqscan') as s, current_setting('enable_indexscan') as i`))[0];
    });
    expect(settings).toEqual({ s: 'on', i: 'on' });
  });

  it('answers the list\'s badges as the counts say', async () => {
    const res = await t.call({ method: 'GET', url: `/api/orders/list?type=list&pageSize=12&page=1&search=${q('sınırlı')}`, token: t.tokens[0] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { status1: number; status2: number; status3: number; status4: number; status6: number; total_capped?: boolean };
    expect([body.status1, body.status2, body.status3, body.status4, body.status6, body.total_capped]).toEqual([...(await exact('sınırlı')), true]);
  });
});
