// Issue 27, ADR 0051: the orders overview and the order-line list serve a page from the client's anchor (the
// Page-Anchor header of the page it shows); every page reached so, forwards, backwards and from the end, is the page
// OFFSET serves, and the JSON bodies stay as the spec defines them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Offer } from '@isik/domain';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { getPage, walkAnchoredPages } from '../../test/anchored-walk.js';

let t: TestContext;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = t.tokens[2]) =>
  t.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), token, lang: 'en' });
const ORDERS = 17;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const model = await insertModel(db, 1);
  const productId = await insertProduct(db, 1, { id: model, index: 1 });
  const companies: string[] = [];
  for (const name of ['Işık Ltd.', 'Anadolu A.Ş.', 'Çağ Enerji']) {
    const res = await call('POST', '/api/companies/create', { company_name: name, company_city: 'İstanbul', company_country: 'Türkiye', company_email: `${companies.length}@firma.test` }, t.tokens[0]);
    expect(res.statusCode, res.body).toBe(200);
    companies.push(res.json()._id);
  }
  for (let i = 0; i < ORDERS; i++) {
    const c = i % 3;
    const res = await call('POST', '/api/offers/create', {
      firma_id: companies[c], firma_adi: ['Işık Ltd.', 'Anadolu A.Ş.', 'Çağ Enerji'][c], firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
      offeritem: [1, 2].map((k) => ({ urun_adi: ['Astra 30 W', 'astra 30 w', 'Zeta'][(i + k) % 3], urun_kodu: ['AST', 'P1', '30W'], urun_miktari: k, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 18, order_type: 'default', urun_id: productId })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Offer).teklif_durumu).toBeGreaterThan(0);
  }
  // Ties on the dates, and orders without an order date (the column can be null).
  await db.execute(sql`update offers set siparis_tarihi = case when teklif_sira % 4 = 0 then null else timestamptz '2026-03-01 08:00:00.000123+00' + (teklif_sira % 3) * interval '1 day' end`);
  await db.execute(sql`update order_items set siparis_durumu = 1 + (ascii(right(id, 1)) % 3)`);
  await db.execute(sql`update order_items set siparis_tarihi = timestamptz '2026-03-01 08:00:00+00' + ((length(id) + ascii(right(id, 1))) % 4) * interval '1 hour'`);
});
afterAll(async () => { await t?.close(); });

const get = (url: string) => getPage(t, url, 'orders');
const walk = (base: string, size: number, count: number) => walkAnchoredPages(t, base, 'orders', size, count);

describe('the orders overview by anchor', () => {
  for (const sort of ['orderBy=siparis_tarihi', 'orderBy=siparis_tarihi&order=desc', 'orderBy=firma_adi', 'orderBy=teklif_no&order=desc']) {
    it(`${sort}: every page from every page's anchor is OFFSET's page`, async () => {
      const pages = await walk(`/api/orders/overview?${sort}`, 3, ORDERS);
      // The body is the spec's: no anchor in it.
      expect(Object.keys(pages[1].body).sort()).toEqual(['late', 'load', 'orders', 'page', 'pageSize', 'total']);
    });
  }

  it('an anchor of another sort or size, or a broken one, is ignored: the page by number', async () => {
    const p1 = await get('/api/orders/overview?orderBy=siparis_tarihi&pageSize=3&page=1');
    const p4 = await get('/api/orders/overview?orderBy=firma_adi&pageSize=3&page=4');
    for (const anchor of [p1.anchor!, 'bm90IGFuIGFuY2hvcg', '%7B%7D', 'x'.repeat(5000)]) {
      expect((await get(`/api/orders/overview?orderBy=firma_adi&pageSize=3&page=4&anchor=${anchor}`)).ids).toEqual(p4.ids);
    }
    const other = await get('/api/orders/overview?orderBy=firma_adi&pageSize=4&page=1');
    expect((await get(`/api/orders/overview?orderBy=firma_adi&pageSize=3&page=4&anchor=${other.anchor}`)).ids).toEqual(p4.ids);
    // A well-formed anchor whose values PostgreSQL would refuse (no 30 February) is ignored, not a 500.
    const byDate = await get('/api/orders/overview?orderBy=siparis_tarihi&pageSize=3&page=2');
    const decoded = JSON.parse(Buffer.from(byDate.anchor!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, l: ['2026-02-30 10:00:00+00', decoded.l[1]] })).toString('base64url');
    const want = await get('/api/orders/overview?orderBy=siparis_tarihi&pageSize=3&page=3');
    expect((await get(`/api/orders/overview?orderBy=siparis_tarihi&pageSize=3&page=3&anchor=${forged}`)).ids).toEqual(want.ids);
    const twice = await call('GET', `/api/orders/overview?orderBy=firma_adi&pageSize=3&page=4&anchor=${p1.anchor}&anchor=${p1.anchor}`);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json().orders.map((o: { _id: string }) => o._id)).toEqual(p4.ids);
  });
});

describe('the order-line list by anchor', () => {
  const lines = ORDERS * 2;
  for (const sort of ['orderBy=siparis_tarihi', 'orderBy=siparis_tarihi&order=asc', 'orderBy=urun_adi', 'orderBy=urun_adi&order=desc']) {
    it(`${sort}: every page from every page's anchor is OFFSET's page`, async () => {
      const pages = await walk(`/api/orders/list?type=list&filter1=1&filter2=4&${sort}`, 5, lines);
      expect(Object.keys(pages[1].body)).not.toContain('anchor');
    });
  }

  it('a search and a status range are part of the anchor: another one is ignored', async () => {
    const all = await get('/api/orders/list?type=list&filter1=1&filter2=4&pageSize=5&page=2');
    const some = await get('/api/orders/list?type=list&filter1=1&filter2=1&pageSize=5&page=3');
    expect((await get(`/api/orders/list?type=list&filter1=1&filter2=1&pageSize=5&page=3&anchor=${all.anchor}`)).ids).toEqual(some.ids);
  });
});
