import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, type OfferList, type OrderList } from '@isik/domain';
import { offers } from '../db/schema.js';
import { offerSearch } from '../modules/offers/offer-search.js';
import { createTestContext, type TestContext } from '../test/helper.js';
import { likePattern } from './http.js';
import { foldedPattern } from './search.js';

// ADR 0054: a search of the offer list or the order-line list counts its matches up to a cap (SEARCH_COUNT_CAP, or one
// page past the page asked for), answers the cap with total_capped: true and, for offers, no totals; under the cap the
// count and the totals are exact. A term that starts like an offer number is looked up by the number's prefix (btree)
// and the other fields' trigrams, and finds exactly what search_text LIKE '%term%' finds.

let t: TestContext;
const COPIES = SEARCH_COUNT_CAP + 100;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const q = encodeURIComponent;

async function createOffer(firma_adi: string, teklif_konu: string, teklif_referansno = ''): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/offers/create', token: t.tokens[2], payload: {
    firma_adi, firma_ulke: 'Türkiye', teklif_konu, teklif_referansno, teklif_dovizi: '$', teklif_usdkur: 40.1234, teklif_eurkur: 45.5,
    offeritem: [{ urun_adi: 'Street Light', urun_kodu: ['SL'], urun_miktari: 1, urun_birimi: 'Adet', urun_fiyati: 100, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' }],
  } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { _id: string })._id;
}

beforeAll(async () => {
  t = await createTestContext();
  // Offers whose other fields hold number-like text, and a few plain ones: numbers TKF-<year>-0001 … 0008.
  await createOffer('Tkf Aydınlatma', 'Konu');
  await createOffer('Kuzey Solar', 'bkz. TKF-2026-0001 revize');
  await createOffer('Güney Enerji', 'Konu', 'XTKF-20');
  await createOffer('Işık 50% Ltd', 'tkf_2026 ve tkf%x');
  await createOffer('Doğu', 'Konu', 'tkf-2026-000');
  const base = await createOffer('Capterm Aydınlatma', 'Toplu');
  // COPIES copies of one offer (statuses 0 and 1 in turn, one day apart): a term matching more than the cap.
  await t.database.db.execute(sql`insert into offers (id, teklif_no, teklif_yil, teklif_sira, teklif_tarihi, teklif_durumu, firma_adi, firma_ulke, teklif_konu,
      teklif_dovizi, teklif_usdkur, teklif_eurkur, teklif_tutartl, teklif_tutardoviz, teklif_kdvtl, teklif_kdvdoviz, teklif_gtoplamtl, teklif_gtoplamdoviz, siparis_tarihi)
    select o.id || '~' || k, 'CAP-' || k, o.teklif_yil, o.teklif_sira + 1000 + k, o.teklif_tarihi - k * interval '1 day', k % 2, o.firma_adi, o.firma_ulke, o.teklif_konu,
      o.teklif_dovizi, o.teklif_usdkur, o.teklif_eurkur, o.teklif_tutartl, o.teklif_tutardoviz, o.teklif_kdvtl, o.teklif_kdvdoviz, o.teklif_gtoplamtl, o.teklif_gtoplamdoviz,
      case when k % 2 = 1 then o.teklif_tarihi end
    from offers o cross join generate_series(1, ${COPIES}) k where o.id = ${base}`);
  // Order lines: COPIES waiting (status 1) and 3 in production (status 2) of one product, and one other.
  await t.database.db.execute(sql`insert into order_items (id, urun_adi, firma_adi, siparis_durumu, siparis_tarihi)
    select 'capline-' || k, 'Capterm Armatür', 'Işık', case when k <= 3 then 2 else 1 end, now() - k * interval '1 hour' from generate_series(1, ${COPIES + 3}) k
    union all select 'other-1', 'Başka', 'Işık', 1, now()`);
  await t.database.db.execute(sql`analyze offers`);
  await t.database.db.execute(sql`analyze order_items`);
});
afterAll(async () => { await t?.close(); });

async function offerList(query: string): Promise<OfferList> {
  const res = await t.call({ method: 'GET', url: `/api/offers/list?${query}`, token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OfferList;
}

/** The ids the search found before ADR 0054 (search_text LIKE the folded pattern), in the list's default order. */
async function formerMatches(term: string, where = sql`true`, limit = 100_000): Promise<string[]> {
  return rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from offers
    where search_text like ${foldedPattern(term)} and ${where} order by teklif_tarihi desc, teklif_no desc limit ${limit}`)).map((r) => r.id);
}

describe('a search counts up to a cap', () => {
  it('the offer list: over the cap the count is the cap, flagged, without totals; the first page is the former first page', async () => {
    const body = await offerList('pageSize=30&page=1&search=capterm');
    expect(body.totalItemCount).toBe(SEARCH_COUNT_CAP);
    expect(body.total_capped).toBe(true);
    expect(body.totalPage).toBe(Math.ceil(SEARCH_COUNT_CAP / 30));
    expect(body.totals).toEqual({ tl: { tutar: 0, kdv: 0, gtoplam: 0 }, currencies: [] });
    expect(body.offers.map((o) => o._id)).toEqual(await formerMatches('capterm', sql`true`, 30));
    // A page far into the matches: the count reaches one page past it, so the pager's next page exists.
    const deep = await offerList('pageSize=30&page=40&search=capterm');
    expect(deep.totalItemCount).toBe(COPIES + 1);
    expect(deep.total_capped).toBeUndefined();
    expect(deep.offers.map((o) => o._id)).toEqual((await formerMatches('capterm')).slice(39 * 30, 40 * 30));
  });

  it('the offer list: under the cap the count and the totals are exact and no flag is sent', async () => {
    for (const query of ['pageSize=30&filter1=1&filter2=1&search=capterm', 'pageSize=1000&search=capterm', 'pageSize=30&search=Kuzey']) {
      const body = await offerList(query);
      const search = new URLSearchParams(query).get('search')!;
      const status = query.includes('filter1=1') ? sql`teklif_durumu = 1` : sql`true`;
      const [sums] = rowsOf<{ n: number; g: string }>(await t.database.db.execute(sql`select count(*)::int as n, coalesce(sum(teklif_gtoplamdoviz), 0)::text as g
        from offers where search_text like ${foldedPattern(search)} and ${status}`));
      expect(body.totalItemCount, query).toBe(sums.n);
      expect('total_capped' in body, query).toBe(false);
      expect(body.totals.currencies.reduce((n, c) => n + c.count, 0), query).toBe(sums.n);
      expect(body.totals.currencies.find((c) => c.currency === '$')?.gtoplam, query).toBeCloseTo(Number(sums.g), 2);
    }
  });

  it('the order-line list: a status over the cap counts the cap, flagged; the others exactly; the page is the former page', async () => {
    const res = await t.call({ method: 'GET', url: '/api/orders/list?type=list&pageSize=12&page=1&search=capterm', token: t.tokens[0] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OrderList;
    expect([body.status1, body.status2, body.status3, body.status4, body.status6]).toEqual([SEARCH_COUNT_CAP, 3, 0, 0, 0]);
    expect(body.total_capped).toBe(true);
    expect(body.totalItemCount).toBe(SEARCH_COUNT_CAP + 3);
    const former = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from order_items
      where search_text like ${foldedPattern('capterm')} and siparis_durumu between 1 and 4 order by siparis_tarihi desc, id desc limit 12`)).map((r) => r.id);
    expect(body.orders.map((o) => o._id)).toEqual(former);
    const few = await t.call({ method: 'GET', url: '/api/orders/list?type=list&pageSize=12&page=1&search=ba%C5%9Fka', token: t.tokens[0] });
    expect(few.statusCode, few.body).toBe(200);
    const fewBody = few.json() as OrderList;
    expect([fewBody.status1, fewBody.totalItemCount, 'total_capped' in fewBody]).toEqual([1, 1, false]);
    expect(fewBody.orders.map((o) => o._id)).toEqual(['other-1']);
    // Status 2 alone (its 3 lines under the cap; status 1's badge still capped): the page read from the matches first
    // is the former page, page by page.
    for (const page of [1, 2]) {
      const r = (await t.call({ method: 'GET', url: `/api/orders/list?type=list&pageSize=2&page=${page}&filter1=2&filter2=2&search=capterm`, token: t.tokens[0] })).json() as OrderList;
      expect([r.totalItemCount, r.status1, r.total_capped]).toEqual([3, SEARCH_COUNT_CAP, true]);
      const want = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from order_items where search_text like ${foldedPattern('capterm')} and siparis_durumu = 2
        order by siparis_tarihi desc, id desc limit 2 offset ${(page - 1) * 2}`)).map((x) => x.id);
      expect(r.orders.map((o) => o._id), `page ${page}`).toEqual(want);
    }
  });
});

describe('the API document', () => {
  it('describes total_capped on both lists\' answers', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: { properties: Record<string, { type: string; description?: string }> } }> }> } }> };
    for (const path of ['/api/offers/list', '/api/orders/list']) {
      const prop = doc.paths[path].get.responses['200'].content!['application/json'].schema.properties.total_capped;
      expect(prop.type, path).toBe('boolean');
      expect(prop.description, path).toMatch(/lower bound/);
    }
  });
});

describe('a term that starts like an offer number', () => {
  it('finds exactly what search_text LIKE \'%term%\' finds, and its first page is the former one', async () => {
    const year = rowsOf<{ y: number }>(await t.database.db.execute(sql`select min(teklif_yil)::int as y from offers`))[0].y;
    const terms = [`TKF-${year}-0001`, `tkf-${year}-000`, `TKF-${year}-0006`, 'TKF', 'tkf-20', 'Tkf Aydın', 'tkf_', 'tkf%', `tkf-${year}-0001 `, 'TKF-2026-0001', 'xtkf', 'İTKF',
      `KF-${year}-0002`, `${year}-0003`, 'tkf-9999'];
    for (const term of terms) {
      const body = await offerList(`pageSize=1000&search=${q(term)}`);
      expect(body.offers.map((o) => o._id), term).toEqual(await formerMatches(term));
      expect(body.totalItemCount, term).toBe(body.offers.length);
    }
    // Its own number by the prefix, and Kuzey Solar (the second offer) by the number in its subject.
    expect((await offerList(`pageSize=1000&search=${q(`TKF-${year}-0001`)}`)).offers.map((o) => `${o.teklif_no} ${o.firma_adi}`).sort())
      .toEqual([`TKF-${year}-0001 Tkf Aydınlatma`, `TKF-${year}-0002 Kuzey Solar`]);
  });

  it('is looked up by the number\'s prefix and the other fields\' trigrams, not by search_text\'s trigrams', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute(sql`explain select id from ${offers} where ${offerSearch('TKF-2026-1234')}`);
      return rowsOf<{ 'QUERY PLAN': string }>(res).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Bitmap Index Scan on offers_no_fold_idx');
    expect(plan).toContain('Bitmap Index Scan on offers_search_rest_trgm_idx');
    expect(plan).not.toContain('offers_search_trgm_idx');
    expect(likePattern('a%b')).toBe('%a\\%b%');
  });
});
