import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Offer, OfferListRow } from '@isik/domain';
import { createTestContext, type SecondInstance, type TestContext } from '../../test/helper.js';
import { createOfferRowCache, offerRowCache } from './offer-row-cache.js';

// The offer list's rows come from this process's cache of list texts, keyed by offers.list_key (the text's own hash,
// ADR 0050). A write on any instance or connection changes the text and so its key: the next page read through a
// warm cache shows the new row, byte for byte what a cold read answers.

let t: TestContext;
let second: SecondInstance;

const item = (over: Record<string, unknown> = {}) => ({ urun_adi: 'Street Light 100W', urun_kodu: ['SL'], urun_miktari: 3, urun_birimi: 'Adet', urun_fiyati: 100.35, urun_dovizi: '$', urun_kdv: 18, order_type: 'default', ...over });
const body = (over: Record<string, unknown> = {}) => ({ firma_adi: 'Cache Ltd', firma_ulke: 'Türkiye', teklif_konu: 'Cached rows', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, offeritem: [item()], ...over });

async function created(over: Record<string, unknown> = {}): Promise<Offer> {
  const res = await t.call({ method: 'POST', url: '/api/offers/create', payload: body(over), token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function offer(id: string): Promise<Offer> {
  return (await t.call({ method: 'GET', url: `/api/offers/${id}`, token: t.tokens[2] })).json();
}
async function update(app: TestContext['app'], id: string, change: Record<string, unknown>) {
  const { __v } = await offer(id);
  const res = await app.inject({ method: 'POST', url: `/api/offers/update/${id}`, payload: { __v, ...change }, headers: { authorization: `Bearer ${t.tokens[2]}` } });
  expect(res.statusCode, res.body).toBe(200);
}

const PAGE = 'pageSize=1000&filter1=0&filter2=4';
/** The page as the route answers it now (through whatever the cache holds). */
async function page(q = PAGE): Promise<string> {
  const res = await t.call({ method: 'GET', url: `/api/offers/list?${q}`, token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}
/** The page with the cache emptied first: every row's text read from PostgreSQL. */
async function coldPage(q = PAGE): Promise<string> {
  offerRowCache.clear();
  return page(q);
}
const rowOf = (text: string, id: string) => (JSON.parse(text).offers as OfferListRow[]).find((r) => r._id === id);
const keyOf = async (id: string) => {
  const res = await t.database.db.execute(sql`select encode(list_key, 'hex') as k from offers where id = ${id}`) as unknown as { rows: { k: string }[] };
  return res.rows[0].k;
};

beforeAll(async () => {
  t = await createTestContext();
  second = await t.openSecondInstance();
});
afterAll(async () => { await t?.close(); });

describe('the offer list through its row cache', () => {
  it('sends the cached text of a row\'s key (the cache is used), and each row\'s key is its text\'s', async () => {
    const o = await created({ firma_adi: 'Cache Sentinel' });
    await coldPage();
    const key = await keyOf(o._id);
    // The key is the first 16 bytes of the SHA-256 of the row's text.
    const res = await t.database.db.execute(sql`select list_json from offers where id = ${o._id}`) as unknown as { rows: { list_json: string }[] };
    const { createHash } = await import('node:crypto');
    expect(key).toBe(createHash('sha256').update(res.rows[0].list_json, 'utf8').digest('hex').slice(0, 32));
    expect(offerRowCache.get(key)?.toString()).toBe(res.rows[0].list_json);
    // A text put under that key is what the next read sends: the page's rows come from the cache.
    const sentinel = Buffer.from(JSON.stringify({ ...rowOf(await page(), o._id), teklif_konu: 'from the cache' }));
    offerRowCache.clear();
    offerRowCache.set(key, sentinel);
    expect(rowOf(await page(), o._id)?.teklif_konu).toBe('from the cache');
    offerRowCache.clear();
    expect(rowOf(await page(), o._id)?.teklif_konu).toBe('Cached rows');
  });

  it('shows a changed offer\'s new row on the next read through a warm cache: price, customer name and status, written here, on another instance, and twice in one transaction on another connection', async () => {
    const o = await created({ firma_adi: 'Cache Warm' });
    const check = async (step: string, expected: Partial<OfferListRow>) => {
      const warm = await page();
      expect(rowOf(warm, o._id), step).toMatchObject(expected);
      // Byte for byte what a cold read answers, and the row equal to the offer as GET /offers/:id answers it.
      const cold = await coldPage();
      expect(warm, step).toBe(cold);
      const full = await offer(o._id);
      expect(rowOf(warm, o._id), step).toMatchObject({ firma_adi: full.firma_adi, teklif_durumu: full.teklif_durumu, teklif_tutartl: full.teklif_tutartl, __v: full.__v });
      // Warm again for the next step: every row of the page held.
      await page();
    };
    await coldPage();
    const before = rowOf(await page(), o._id)!;
    expect(before.teklif_tutartl).toBe(12042); // 3 × 100.35 $ at 40

    // The price, through this instance.
    await update(t.app, o._id, { offeritem: [{ ...(await offer(o._id)).offeritem[0], urun_fiyati: 200 }] });
    await check('price', { teklif_tutartl: 24000 });
    // The customer's name, through another instance (its own connections).
    await update(second.app, o._id, { firma_adi: 'Cache Renamed' });
    await check('name', { firma_adi: 'Cache Renamed', teklif_tutartl: 24000 });
    // The status and the name, twice in one transaction of another connection (one xmin for both updates).
    await second.database.db.transaction(async (tx) => {
      await tx.execute(sql`update offers set teklif_durumu = 1, version = version + 1 where id = ${o._id}`);
      await tx.execute(sql`update offers set teklif_durumu = 2, firma_adi = 'Cache Twice', version = version + 1 where id = ${o._id}`);
    });
    await check('status, twice in one transaction', { teklif_durumu: 2, firma_adi: 'Cache Twice' });
    // Back to an earlier text (same status and name as before, same version): the same key, the same text.
    const k = await keyOf(o._id);
    await second.database.db.execute(sql`update offers set teklif_durumu = 0 where id = ${o._id}`);
    await check('status back', { teklif_durumu: 0, firma_adi: 'Cache Twice' });
    await second.database.db.execute(sql`update offers set teklif_durumu = 2 where id = ${o._id}`);
    expect(await keyOf(o._id)).toBe(k);
    await check('status again', { teklif_durumu: 2 });
    // Deleted on another connection: gone from the next page.
    await second.database.db.execute(sql`delete from offers where id = ${o._id}`);
    expect(rowOf(await page(), o._id)).toBeUndefined();
  });

  it('answers a page partly in the cache with the same bytes as a cold read, for every sort, search and filter', async () => {
    for (let i = 0; i < 5; i++) {
      const o = await created({ firma_adi: `Cache Part ${i} Işık "q"` });
      await t.database.db.execute(sql`update offers set teklif_durumu = ${i % 3} where id = ${o._id}`);
    }
    for (const q of [PAGE, 'pageSize=1000&orderBy=firma_adi', 'pageSize=1000&orderBy=teklif_no&order=asc', 'pageSize=1000&search=cache part', 'pageSize=2&page=2&filter1=1&filter2=2', 'pageSize=1000&search=nothing such']) {
      const cold = await coldPage(q);
      // Two rows held, the rest read.
      offerRowCache.clear();
      await page('pageSize=2&page=2');
      expect(await page(q), q).toBe(cold);
      // Every row held.
      expect(await page(q), q).toBe(cold);
    }
  });
});

describe('the offer list\'s whole pages (ADR 0063)', () => {
  it('sends a page asked for again as it was, without a lookup per row; the same bytes as a cold read, each answer with its own anchor', async () => {
    for (let i = 0; i < 3; i++) await created({ firma_adi: `Page Kept ${i}` });
    const q = (hi: number) => `pageSize=2&page=1&filter1=0&filter2=${hi}`;
    const read = async (hi: number) => {
      const res = await t.call({ method: 'GET', url: `/api/offers/list?${q(hi)}`, token: t.tokens[2] });
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.body, anchor: res.headers['page-anchor'] };
    };
    // Nothing in status 4 (the created offers are 0, 1 or 2): statuses 0-4 and 0-3 have the same rows and totals.
    await t.database.db.execute(sql`update offers set teklif_durumu = 3 where teklif_durumu = 4`);
    offerRowCache.clear();
    const cold4 = await read(4);
    offerRowCache.clear();
    const cold3 = await read(3);
    expect(cold3.body).toBe(cold4.body);
    expect(cold3.anchor).not.toBe(cold4.anchor);
    const lookups = vi.spyOn(offerRowCache, 'get');
    try {
      // The page of 0-3 is kept from the read above: asked for again, and under 0-4, no row is looked up.
      expect(await read(4)).toEqual(cold4);
      expect(await read(3)).toEqual(cold3);
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
    // A row changed (its key with it): the page is made again, and is what a cold read answers.
    const first = (JSON.parse(cold4.body).offers as OfferListRow[])[0];
    await update(second.app, first._id, { firma_adi: 'Page Kept Renamed' });
    const warm = await read(4);
    expect(rowOf(warm.body, first._id)?.firma_adi).toBe('Page Kept Renamed');
    offerRowCache.clear();
    expect(await read(4)).toEqual(warm);
  });
});

describe('createOfferRowCache', () => {
  it('holds at most its bound, keeps what is asked for, forgets what is not', () => {
    const cache = createOfferRowCache(10_000);
    const text = (i: number) => Buffer.alloc(640, i % 256);
    for (let i = 0; i < 100; i++) {
      cache.set(`k${i}`, text(i));
      // k0 asked for all along: it stays.
      expect(cache.get('k0')?.equals(text(0))).toBe(true);
      expect(cache.size().bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.get('k99')?.equals(text(99))).toBe(true);
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.size().entries).toBeLessThan(20);
    // A text larger than half the bound is not kept.
    cache.set('big', Buffer.alloc(6_000));
    expect(cache.get('big')).toBeUndefined();
  });
});
