// Issue 27, ADR 0061: the offer list's page by date takes each row's cache key (offers.list_key) from the list's
// index with its id, so the keys statement reads offers from the index alone: no primary-key probe and heap read per
// row (a page of 1,000 made 4,000 buffer reads of probes, the list's largest cost in PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { planPage, type PageKey } from '../../lib/anchored-page.js';
import { offerListPlan, offerListSorts, offerPageSql, type OfferListArgs } from './offers-repository.js';

let t: TestContext;
const OFFERS = 24;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestContext();
  for (let i = 0; i < OFFERS; i++) {
    const res = await t.call({
      method: 'POST', url: '/api/offers/create', token: t.tokens[2], payload: {
        firma_adi: `Sayfa Firma ${i}`, firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45,
        offeritem: [{ urun_adi: 'Astra', urun_kodu: ['A', 'P1', '30W'], urun_miktari: 1 + i, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 20, order_type: 'default' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json()._id as string);
  }
  // One date per offer, so the page's rows are known; the visibility map and statistics a used table has.
  await t.database.db.execute(sql`update offers set teklif_tarihi = timestamptz '2026-03-01 09:00:00+00' + teklif_sira * interval '1 minute'`);
  await t.database.pool.query('vacuum analyze offers');
});
afterAll(async () => { await t?.close(); });

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows': number; 'Actual Loops': number; 'Heap Fetches'?: number; Plans?: PlanNode[] }
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The keys statement of a page (the list's own plan for it when `total` is given: offerListPlan), and its values. */
function keysStatement(page: number, size: number, total?: number, order: 'asc' | 'desc' = 'desc') {
  const keys = offerListSorts(order).teklif_tarihi;
  const sortKeys: PageKey[] = keys.map(([expr, d], i) => ({ expr, desc: d === 'desc', type: (['timestamptz', 'text'] as const)[i] }));
  const args: OfferListArgs = { page, pageSize: size, orderBy: 'teklif_tarihi', order, from: 0, to: 4 };
  const { plan, keptEnd } = total === undefined ? { plan: planPage(sortKeys, { page, size, scope: 'test' }, 'placeholder'), keptEnd: false } : offerListPlan(args, total);
  const query = new PgDialect().sqlToQuery(offerPageSql({ keys, status: [0, 4], plan, kind: undefined, mode: 'all', anchored: true, texts: false, keptEnd }));
  return { text: query.sql, values: fillPlaceholders(query.params, { lo: 0, hi: 4, size: plan.limit, off: plan.offset, start: (page - 1) * size, ...plan.values }) };
}

async function explainKeys(page: number, size: number, total?: number): Promise<PlanNode[]> {
  const query = keysStatement(page, size, total);
  const c = await t.database.pool.connect();
  try {
    // The plan a large list gets (the planner would read a table this small whole).
    await c.query('begin');
    await c.query('set local enable_seqscan = off');
    await c.query('set local enable_bitmapscan = off');
    const res = await c.query(`explain (analyze, format json) ${query.text}`, query.values);
    await c.query('rollback');
    // The nodes that ran (a key's fallback, for a row without one, is in the plan but runs for none here).
    return nodes((res.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan).filter((n) => n['Relation Name'] === 'offers' && n['Actual Loops'] > 0);
  } finally {
    c.release();
  }
}

describe('a page of the offer list by date', () => {
  it('reads offers from the list index alone: the page\'s ids and keys, no probe per row; the page is the list\'s', async () => {
    const plan = await explainKeys(2, 10);
    expect(plan.map((n) => [n['Node Type'], n['Index Name']]), JSON.stringify(plan)).toEqual([['Index Only Scan', 'offers_list_date_idx']]);
    // The page after 10 skipped rows: 20 index entries, none read by its id (an index-only scan still visits the heap
    // for pages the visibility map does not show all-visible; that is not a probe per row).
    expect(plan[0]['Actual Rows']).toBe(20);

    const res = await t.call({ method: 'GET', url: '/api/offers/list?filter1=0&filter2=4&orderBy=teklif_tarihi&pageSize=10&page=2', token: t.tokens[2] });
    expect(res.statusCode).toBe(200);
    // Newest first: offers 14 … 5 of the 24 made.
    expect((res.json().offers as { _id: string }[]).map((o) => o._id)).toEqual(ids.slice(4, 14).reverse());
  });

  it('a row without its text and key (a backup made before the column) is read by its id and built on the spot', async () => {
    const url = '/api/offers/list?filter1=0&filter2=4&orderBy=teklif_tarihi&pageSize=10&page=1';
    const before = (await t.call({ method: 'GET', url, token: t.tokens[2] })).json().offers as { _id: string; firma_adi: string; itemCount: number }[];
    const target = before[3];
    await t.database.db.execute(sql`alter table offers disable trigger user`);
    try {
      await t.database.db.execute(sql`update offers set list_json = null where id = ${target._id}`);
    } finally {
      await t.database.db.execute(sql`alter table offers enable trigger user`);
    }
    const after = (await t.call({ method: 'GET', url, token: t.tokens[2] })).json().offers as typeof before;
    expect(after).toEqual(before);
    expect(after[3].firma_adi).toBe(target.firma_adi);
  });
});

describe('a page by number nearer the end than the start (what the earlier client asks for)', () => {
  it('is read from the end: only the entries after it are skipped', async () => {
    // Page 2 of 10 of 24 offers: 4 entries after it. From the start it skipped the 10 before it (20 read).
    const plan = await explainKeys(2, 10, OFFERS);
    expect(plan.map((n) => [n['Node Type'], n['Index Name']]), JSON.stringify(plan)).toEqual([['Index Only Scan', 'offers_list_date_idx']]);
    expect(plan[0]['Actual Rows']).toBe(14);
    // The last page, 4 rows: none skipped.
    expect((await explainKeys(3, 10, OFFERS))[0]['Actual Rows']).toBe(4);
  });

  it('answers OFFSET\'s page for every page number and size, every sort, either order, past the end too', async () => {
    // Two companies of the same name (the company order's ties, by date and id).
    await t.database.db.execute(sql`update offers set firma_adi = 'Sayfa Firma 1' where firma_adi = 'Sayfa Firma 2'`);
    const orders = { teklif_tarihi: (d: string) => `teklif_tarihi ${d}, teklif_no ${d}`, firma_adi: (d: string) => `lower(firma_adi) ${d}, teklif_tarihi desc, id`, teklif_no: (d: string) => `teklif_yil ${d}, teklif_sira ${d}` };
    for (const [orderBy, sqlOrder] of Object.entries(orders)) for (const order of ['desc', 'asc'] as const) {
      for (const size of [5, 7, 10, 23, 24, 25]) {
        for (let page = 1; page <= Math.ceil(OFFERS / size) + 1; page++) {
          const res = await t.call({ method: 'GET', url: `/api/offers/list?filter1=0&filter2=4&orderBy=${orderBy}&order=${order}&pageSize=${size}&page=${page}`, token: t.tokens[2] });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json() as { offers: { _id: string }[]; totalItemCount: number; page: number };
          const truth = await t.database.pool.query<{ id: string }>(`select id from offers order by ${sqlOrder(order)} limit ${size} offset ${(page - 1) * size}`);
          expect(body.offers.map((o) => o._id), `${orderBy} ${order} ${size} ${page}`).toEqual(truth.rows.map((r) => r.id));
          expect(body.totalItemCount).toBe(OFFERS);
        }
      }
    }
  });

  it('counts from its own snapshot: a total read before offers were added or removed still gives OFFSET\'s page', async () => {
    const truth = async (page: number, size: number) => (await t.database.pool.query<{ k: string }>(`select coalesce(string_agg(encode(list_key, 'hex'), '' order by teklif_tarihi desc, teklif_no desc), '') as k from (select list_key, teklif_tarihi, teklif_no from offers order by teklif_tarihi desc, teklif_no desc limit ${size} offset ${(page - 1) * size}) p`)).rows[0].k;
    // The keys (before the line feed of the page's ends) of the statement as the list runs it.
    const keysOf = async (page: number, size: number, total: number) => {
      const q = keysStatement(page, size, total);
      const v = (await t.database.pool.query<{ isik_raw_bytes: Buffer | string }>(q.text, q.values)).rows[0].isik_raw_bytes;
      return String(v).split('\n')[0];
    };
    // Totals as if 6 offers had been added or removed since they were read (24 are there): each page is still OFFSET's.
    for (const total of [18, 30]) {
      for (const [page, size] of [[2, 10], [3, 10], [4, 7], [5, 5]]) {
        expect(await keysOf(page, size, total), `${total} ${page} ${size}`).toBe(await truth(page, size));
      }
    }
  });
});
