// Issue 27, ADR 0051: the offer list serves a page from the client's anchor (Page-Anchor of the page it shows);
// every page reached so, forwards, backwards and from the end, is the page OFFSET serves, and the JSON bytes stay the
// spec's answer. A search pages by number (no anchor).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { getPage, walkAnchoredPages } from '../../test/anchored-walk.js';

let t: TestContext;
const OFFERS = 19;

beforeAll(async () => {
  t = await createTestContext();
  for (let i = 0; i < OFFERS; i++) {
    const res = await t.call({
      method: 'POST', url: '/api/offers/create', token: t.tokens[2], payload: {
        firma_adi: ['Işık Ltd.', 'ışık ltd.', 'Çağ Enerji', 'Anadolu'][i % 4], firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45,
        offeritem: [{ urun_adi: 'Astra', urun_kodu: ['A', 'P1', '30W'], urun_miktari: 1, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  // Ties on the date (microseconds kept) for the company sort's second key.
  await t.database.db.execute(sql`update offers set teklif_tarihi = timestamptz '2026-02-01 09:00:00.000321+00' + (teklif_sira % 3) * interval '1 hour'`);
});
afterAll(async () => { await t?.close(); });

describe('the offer list by anchor', () => {
  for (const sort of ['orderBy=teklif_tarihi', 'orderBy=teklif_tarihi&order=asc', 'orderBy=firma_adi', 'orderBy=firma_adi&order=desc', 'orderBy=teklif_no&order=asc']) {
    it(`${sort}: every page from every page's anchor is OFFSET's page`, async () => {
      const pages = await walkAnchoredPages(t, `/api/offers/list?filter1=0&filter2=4&${sort}`, 'offers', 4, OFFERS);
      expect(Object.keys(pages[1].body).sort()).toEqual(['offers', 'page', 'totalItemCount', 'totalPage', 'totals']);
    });
  }

  it('an anchor of another sort, status range or size, or a broken one, is ignored; a search pages by number', async () => {
    const want = await getPage(t, '/api/offers/list?filter1=0&filter2=4&orderBy=firma_adi&pageSize=4&page=3', 'offers');
    const other = await getPage(t, '/api/offers/list?filter1=0&filter2=4&orderBy=teklif_tarihi&pageSize=4&page=2', 'offers');
    const range = await getPage(t, '/api/offers/list?filter1=0&filter2=0&orderBy=firma_adi&pageSize=4&page=2', 'offers');
    for (const anchor of [other.anchor!, range.anchor!, 'e30', '!!', 'x'.repeat(5000)]) {
      expect((await getPage(t, `/api/offers/list?filter1=0&filter2=4&orderBy=firma_adi&pageSize=4&page=3&anchor=${anchor}`, 'offers')).ids).toEqual(want.ids);
    }
    const search = await getPage(t, '/api/offers/list?filter1=0&filter2=4&orderBy=firma_adi&pageSize=4&page=2&search=ltd', 'offers');
    expect(search.anchor).toBeUndefined();
    expect(search.ids).toHaveLength(4);
  });
});
