import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fastJson from 'fast-json-stringify';
import { sql } from 'drizzle-orm';
import { offerListRowSchema, offerListSchema, type Offer, type OfferListRow } from '@isik/domain';
import { responseJsonSchema } from '../../lib/serializer.js';
import { createTestContext, type TestContext } from '../../test/helper.js';

// The offer list's rows are JSON text kept per offer (offers.list_json, item_count: derived/offer-list.sql, ADR 0034
// addendum) and joined by PostgreSQL; these tests hold each row to the offer as GET /offers/:id answers it and the text
// to what the route's compiled serializer writes, after every kind of change.

let t: TestContext;
let companyId: string;
const stringify = fastJson(responseJsonSchema(offerListSchema) as unknown as Parameters<typeof fastJson>[0]) as (d: unknown) => string;
const ROW_KEYS = Object.keys(offerListRowSchema.shape) as (keyof OfferListRow)[];

const item = (over: Record<string, unknown> = {}) => ({ urun_adi: 'Street Light 100W', urun_kodu: ['SL', '100W'], urun_miktari: 3, urun_birimi: 'Adet', urun_fiyati: 100.35, urun_dovizi: '$', urun_kdv: 18, order_type: 'default', ...over });
const body = (over: Record<string, unknown> = {}) => ({
  firma_adi: 'Acme Aydınlatma', firma_ulke: 'Türkiye', firma_eposta: 'ali@acme.test', buyer_phone: '+90 212 000 00 00', teklif_konu: 'Car park lighting', related_person: 'Ali Veli', teklif_dovizi: '$', teklif_usdkur: 40.1234, teklif_eurkur: 45.5,
  offeritem: [item(), item({ urun_adi: 'Solar Lamp', urun_miktari: 2, urun_fiyati: 49.99, urun_dovizi: '€', urun_kdv: 8 })], ...over,
});
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) => t.call({ method, url, payload, token: t.tokens[2] });
async function created(over: Record<string, unknown> = {}): Promise<Offer> {
  const res = await call('POST', '/api/offers/create', body(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const rowsOf = async (q: string) => {
  const res = await call('GET', `/api/offers/list?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  // The text is what the route's compiled serializer writes for the same values (fields, order, number forms).
  expect(res.body).toBe(stringify(JSON.parse(res.body)));
  // Sent as bytes (db/pg-raw-bytes.ts): the length is the bytes', and they are the UTF-8 of that text.
  expect(res.rawPayload.equals(Buffer.from(stringify(JSON.parse(res.body)), 'utf8'))).toBe(true);
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  return res.json().offers as OfferListRow[];
};

/** Every row of each listing equals the offer as GET /offers/:id answers it (its list fields, and its item count). */
async function check(step: string) {
  for (const q of ['pageSize=1000&filter1=0&filter2=4', 'pageSize=1000&orderBy=firma_adi', 'pageSize=1000&orderBy=teklif_no&order=asc', 'pageSize=1000&search=acme']) {
    const rows = await rowsOf(q);
    expect(rows.length, `${step} ${q}`).toBeGreaterThan(0);
    for (const row of rows) {
      const o = await (await call('GET', `/api/offers/${row._id}`)).json() as Offer;
      const expected = Object.fromEntries(ROW_KEYS.map((k) => [k, k === 'itemCount' ? o.offeritem.length : o[k]]));
      expect(row, `${step} ${q}`).toEqual(expected);
    }
  }
  // The kept columns are what a refill gives.
  const kept = async () => (await t.database.db.execute(sql`select id, item_count, list_json from offers order by id`) as unknown as { rows: unknown[] }).rows;
  const before = await kept();
  await t.database.db.execute(sql`select offer_list_refill()`);
  expect(await kept(), step).toEqual(before);
}

beforeAll(async () => {
  t = await createTestContext();
  const res = await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[0], payload: { company_name: 'Registered Ltd', company_city: 'İstanbul', company_country: 'Türkiye', company_email: 'info@registered.test' } });
  expect(res.statusCode, res.body).toBe(200);
  companyId = res.json()._id;
});
afterAll(async () => { await t?.close(); });

describe('GET /offers/list rows (kept as JSON text)', () => {
  it('every row equals the offer as GET /offers/:id answers it, and the text is the serializer\'s, after every kind of change', async () => {
    // Text JSON must escape (quotes, backslash, control characters), letters beyond ASCII, and amounts with cents.
    const a = await created({ firma_adi: 'Acme "Işık" \\ Ltd\n\tŞube \u0001 ✓ 💡', teklif_konu: 'Çift "tırnak" / slash', teklif_referansno: 'REF-1' });
    const b = await created({ firma_adi: 'Acme Registered', firma_id: companyId, teklif_dovizi: '€', teklif_durumu: 1 });
    await created({ teklif_dovizi: '₺', offeritem: [item({ urun_miktari: 7, urun_fiyati: 0.01, urun_kdv: 0 })] });
    await check('created');
    // Items added and removed on a save (the count follows), with new amounts and currency.
    let res = await call('POST', `/api/offers/update/${a._id}`, { __v: a.__v, teklif_dovizi: '€', offeritem: [
      { ...a.offeritem[1], urun_miktari: 5 }, item({ urun_adi: 'New 1' }), item({ urun_adi: 'New 2', urun_fiyati: 1234567.89 }), item({ urun_adi: 'New 3' }),
    ] });
    expect(res.statusCode, res.body).toBe(200);
    await check('items added and removed');
    res = await call('POST', `/api/offers/update/${a._id}`, { __v: a.__v + 1, offeritem: [item({ urun_adi: 'Only one' })] });
    expect(res.statusCode, res.body).toBe(200);
    await check('items removed');
    // A status move (1 -> 4) and a copy.
    const b1 = await (await call('GET', `/api/offers/${b._id}`)).json() as Offer;
    res = await call('POST', `/api/offers/update/${b._id}`, { __v: b1.__v, teklif_durumu: 4 });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('POST', `/api/offers/copy/${b._id}`);
    expect(res.statusCode, res.body).toBe(200);
    await check('status moved and copied');
    // An item moved to another offer (no screen does it; the count follows anyway), then an offer deleted.
    await t.database.db.execute(sql`update offer_items set offer_id = ${b._id} where offer_id = ${a._id}`);
    await check('item moved');
    res = await call('DELETE', `/api/offers/delete/${a._id}`);
    expect(res.statusCode, res.body).toBe(200);
    await check('deleted');
  });

  it('a row without its text (a backup made before the column) is built on the spot, and the restore\'s refill fills it', async () => {
    const o = await created({ firma_adi: 'Acme Old Backup' });
    const q = 'pageSize=1000&search=acme old backup';
    const [kept] = await rowsOf(q);
    await t.database.db.execute(sql`alter table offers disable trigger user`);
    try {
      await t.database.db.execute(sql`update offers set list_json = null, item_count = 0 where id = ${o._id}`);
    } finally {
      await t.database.db.execute(sql`alter table offers enable trigger user`);
    }
    const [built] = await rowsOf(q);
    expect(built).toEqual({ ...kept, itemCount: 0 });
    await t.database.db.execute(sql`select offer_list_refill_missing()`);
    const [filled] = await rowsOf(q);
    expect(filled).toEqual(kept);
    expect(filled.itemCount).toBe(2);
  });
});
