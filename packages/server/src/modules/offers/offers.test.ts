import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { computeOffer, formatOfferNo, businessYear, type Offer } from '@isik/domain';
import { logs, offerItems, offers, orderItems, tcmbRates, users } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { trackingToken } from '../../lib/tracking-token.js';

let t: TestContext;
let companyId: string;

const item = (over: Record<string, unknown> = {}) => ({ urun_adi: 'Street Light 100W', urun_kodu: ['SL', 'P1', '100W'], urun_miktari: 3, urun_birimi: 'Adet', urun_fiyati: 100, urun_dovizi: '$', urun_kdv: 18, order_type: 'default', ...over });
/** The worked example of the issue: USD 40, EUR 45; 3 x 100 $ at 18 %, 2 x 50 EUR at 8 %, 1 x 1000 TL at 0 % in a $ offer. */
const worked = (over: Record<string, unknown> = {}) => ({
  firma_adi: 'Acme Aydınlatma', firma_ulke: 'Türkiye', teklif_konu: 'Car park lighting', related_person: 'Ali Veli', firma_eposta: 'ali@acme.test', buyer_phone: '+90 212 000 00 00',
  teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45,
  offeritem: [item(), item({ urun_adi: 'Solar Lamp', urun_miktari: 2, urun_fiyati: 50, urun_dovizi: '€', urun_kdv: 8 }), item({ urun_adi: 'Montage', urun_miktari: 1, urun_fiyati: 1000, urun_dovizi: '₺', urun_kdv: 0 })],
  ...over,
});
const create = (body: Record<string, unknown>, opts: { token?: string; lang?: string } = {}) =>
  t.call({ method: 'POST', url: '/api/offers/create', payload: body, token: opts.token ?? t.tokens[2], lang: opts.lang });
const update = (id: string, body: Record<string, unknown>, opts: { token?: string; lang?: string } = {}) =>
  t.call({ method: 'POST', url: `/api/offers/update/${id}`, payload: body, token: opts.token ?? t.tokens[2], lang: opts.lang });
const get = async (id: string): Promise<Offer> => (await t.call({ method: 'GET', url: `/api/offers/${id}`, token: t.tokens[2] })).json();
const created = async (body: Record<string, unknown> = worked()): Promise<Offer> => {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestContext();
  const res = await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[0], payload: { company_name: 'Registered Ltd', company_city: 'İstanbul', company_country: 'Türkiye', company_email: 'info@registered.test' } });
  expect(res.statusCode, res.body).toBe(200);
  companyId = res.json()._id;
});
afterAll(async () => { await t?.close(); });

describe('POST /offers/create', () => {
  it('answers the offer with _id, the server-given number and the computed totals of the worked example; items have ids', async () => {
    const o = await created(worked({ teklif_no: 'MINE-1', teklif_tutartl: 17500, teklif_kdvtl: 2520, teklif_gtoplamtl: 20020, teklif_tutardoviz: 437.5, teklif_kdvdoviz: 63, teklif_gtoplamdoviz: 500.5 }));
    expect(o._id).toMatch(/^\w{24}$/);
    expect(o.teklif_no).toMatch(new RegExp(`^TKF-${businessYear()}-\\d{4}$`));
    expect(o).toMatchObject({
      teklif_durumu: 0, teklif_usdkur: 40, teklif_eurkur: 45, offer_creator_user: 'Role2 Tester', __v: 0,
      teklif_tutartl: 17500, teklif_kdvtl: 2520, teklif_gtoplamtl: 20020, teklif_tutardoviz: 437.5, teklif_kdvdoviz: 63, teklif_gtoplamdoviz: 500.5,
    });
    expect(o.offeritem.map((i) => [i.urun_adi, i.toplamTL, i.toplamKdvTL, i.toplamDoviz, i.toplamKdvDoviz])).toEqual([
      ['Street Light 100W', 12000, 2160, 300, 54], ['Solar Lamp', 4500, 360, 112.5, 9], ['Montage', 1000, 0, 25, 0],
    ]);
    expect(new Set(o.offeritem.map((i) => i._id)).size).toBe(3);
    expect(o.offeritem[0].urun_kodu).toEqual(['SL', 'P1', '100W']);
    const log = await t.database.db.select().from(logs).where(eq(logs.operation_id, o._id));
    expect(log.map((l) => l.title)).toEqual(['Teklif oluşturuldu']);
    // The contact typed on the offer joins the contacts.
    const contacts = (await t.call({ method: 'GET', url: '/api/contacts/list?search=ali veli', token: t.tokens[2] })).json().contacts;
    expect(contacts).toEqual([expect.objectContaining({ name: 'Ali Veli', company: 'Acme Aydınlatma', email: 'ali@acme.test', source: 'offer' })]);
  });

  it('refuses each rule of spec 001 5 with its message and slot, in the caller language, and stores nothing', async () => {
    const before = (await t.database.db.select().from(offers)).length;
    let res = await create(worked({ firma_adi: '', firma_ulke: '', offeritem: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Write Company Name', fields: { firma_adi: 'Write Company Name', firma_ulke: 'Select a country', offeritem: 'Add at least one item to the offer.' } });
    res = await create(worked({ offeritem: [item({ urun_fiyati: 0 })] }), { lang: 'tr' });
    expect(res.json()).toMatchObject({ message: 'Toplamlar sıfır olamaz', fields: { tutarhatasi: 'Toplamlar sıfır olamaz' } });
    res = await create(worked({ teklif_gtoplamtl: 20020.02 }));
    expect(res.json()).toMatchObject({ message: 'there is inconsistency in the totals', fields: { tutarhatasi: 'there is inconsistency in the totals' } });
    res = await create(worked({ teklif_durumu: 1 }), { lang: 'es' });
    expect(res.json()).toMatchObject({ message: 'no hay pedido sin empresa registrada', fields: { firma_id: 'no hay pedido sin empresa registrada' } });
    res = await create(worked({ teklif_usdkur: null }));
    expect(res.json()).toMatchObject({ fields: { teklif_usdkur: expect.stringContaining('rate') } });
    res = await create(worked({ offeritem: [item({ urun_adi: '', urun_miktari: -1 })] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ 'offeritem.0.urun_adi': 'Write the product name.', 'offeritem.0.urun_miktari': 'The quantity must be a number above zero.' });
    res = await create(worked({ offeritem: [item({ urun_resim: 'https://elsewhere.test/x.png' }), item({ urun_resim: '/api/files/../users' })] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'offeritem.0.urun_resim': 'The item photo must be an uploaded image.', 'offeritem.1.urun_resim': 'The item photo must be an uploaded image.' });
    res = await create(worked({ firma_id: 'nope' }));
    expect(res.json().fields).toEqual({ firma_id: 'The chosen company does not exist.' });
    res = await create(worked({ teklif_durumu: 3 }));
    expect(res.statusCode).toBe(409);
    expect((await t.database.db.select().from(offers)).length).toBe(before);
  });

  it('creates an order (status 1) straight away for a registered company and stamps the order date', async () => {
    const o = await created(worked({ firma_id: companyId, teklif_durumu: 1 }));
    expect(o.teklif_durumu).toBe(1);
    expect(o.siparis_tarihi).not.toBeNull();
  });
});

describe('POST /offers/update', () => {
  it('recomputes on save, keeps left-out fields and item ids, and bumps __v', async () => {
    const o = await created();
    const items = o.offeritem.map((i) => ({ ...i }));
    items[0].urun_miktari = 4;
    const res = await update(o._id, { __v: o.__v, offeritem: items, teklif_konu: 'Changed' });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json() as Offer;
    expect(u).toMatchObject({ __v: 1, teklif_konu: 'Changed', firma_adi: 'Acme Aydınlatma', teklif_tutartl: 21500, teklif_gtoplamdoviz: 618.5 });
    expect(u.offeritem.map((i) => i._id)).toEqual(o.offeritem.map((i) => i._id));
    // Without __v (a client written against section 7) the save applies.
    expect((await update(o._id, { teklif_referansno: 'R-1' })).json()).toMatchObject({ teklif_referansno: 'R-1', __v: 2, teklif_tutartl: 21500 });
    // A removed row is deleted, a row without _id is added.
    const next = await update(o._id, { offeritem: [u.offeritem[1], item({ urun_miktari: 1 })] });
    expect(next.json().offeritem.map((i: { urun_adi: string }) => i.urun_adi)).toEqual(['Solar Lamp', 'Street Light 100W']);
    expect((await t.database.db.select().from(offerItems).where(eq(offerItems.offer_id, o._id))).length).toBe(2);
  });

  it('a stale __v answers 409 and changes nothing; two concurrent saves of one offer give one 409', async () => {
    const o = await created();
    expect((await update(o._id, { __v: o.__v, teklif_konu: 'first' })).statusCode).toBe(200);
    const stale = await update(o._id, { __v: o.__v, teklif_konu: 'second' });
    expect(stale.statusCode).toBe(409);
    expect((await get(o._id)).teklif_konu).toBe('first');

    const fresh = await get(o._id);
    const [a, b] = await Promise.all([
      update(fresh._id, { __v: fresh.__v, teklif_konu: 'A' }),
      update(fresh._id, { __v: fresh.__v, teklif_konu: 'B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'A' : 'B';
    expect((await get(o._id)).teklif_konu).toBe(winner);
  });

  it('follows the status rules: 0->1 needs a registered company; 1->4, 4->0; never 0->4 or to 2/3; rows locked outside 0', async () => {
    const o = await created();
    let res = await update(o._id, { teklif_durumu: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'no order without registered company', fields: { firma_id: 'no order without registered company' } });
    expect((await update(o._id, { teklif_durumu: 4 })).statusCode).toBe(409);
    res = await update(o._id, { teklif_durumu: 1, firma_id: companyId });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as Offer;
    expect(order.siparis_tarihi).not.toBeNull();
    expect((await update(o._id, { teklif_durumu: 2 })).statusCode).toBe(409);
    res = await update(o._id, { offeritem: [...order.offeritem, item()] });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ offeritem: 'Items can be added or deleted only while the status is Offer.' });
    // Editing the rows that are there is fine.
    expect((await update(o._id, { offeritem: order.offeritem.map((i) => ({ ...i, urun_fiyati: i.urun_fiyati + 1 })) })).statusCode).toBe(200);
    expect((await update(o._id, { teklif_durumu: 4 })).json().teklif_durumu).toBe(4);
    expect((await update(o._id, { teklif_durumu: 0 })).json().teklif_durumu).toBe(0);
  });

  it('an order error (production started on an item not from stock) blocks status changes and delete', async () => {
    const o = await created(worked({ firma_id: companyId, teklif_durumu: 1 }));
    // The order lines decide (DECISIONS 4): the line of the first item has started production.
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.offer_item_id, o.offeritem[0]._id));
    await t.database.db.update(orderItems).set({ tamamlanma_orani: '25' }).where(eq(orderItems.id, line.id));
    let res = await update(o._id, { teklif_durumu: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An order whose production has started cannot be cancelled. Reset the production operations first.');
    res = await t.call({ method: 'GET', url: `/api/offers/delete/${o._id}`, token: t.tokens[2] });
    expect(res.statusCode).toBe(409);
    // Taken from stock, the same completion is no error; leaving 1 withdraws the lines.
    await t.database.db.update(orderItems).set({ order_type: 'takeoff_stock' }).where(eq(orderItems.id, line.id));
    expect((await update(o._id, { teklif_durumu: 4 })).statusCode).toBe(200);
    expect(await t.database.db.select().from(orderItems).where(eq(orderItems.offer_id, o._id))).toEqual([]);
  });

  it('answers 404 for an unknown offer and 400 for a bad body', async () => {
    expect((await update('nope', { teklif_konu: 'x' })).statusCode).toBe(404);
    expect((await update('nope', { teklif_durumu: 'x' })).statusCode).toBe(400);
  });
});

describe('delete, copy, read', () => {
  it('deletes in status 0 (GET and DELETE), refuses in status 4, and answers 404 afterwards', async () => {
    const a = await created();
    expect((await t.call({ method: 'GET', url: `/api/offers/delete/${a._id}`, token: t.tokens[2] })).json()).toEqual({ status: 'ok' });
    expect((await t.call({ method: 'GET', url: `/api/offers/${a._id}`, token: t.tokens[2] })).statusCode).toBe(404);
    expect((await t.database.db.select().from(offerItems).where(eq(offerItems.offer_id, a._id))).length).toBe(0);
    const b = await created(worked({ firma_id: companyId, teklif_durumu: 1 }));
    expect((await t.call({ method: 'DELETE', url: `/api/offers/delete/${b._id}`, token: t.tokens[2] })).statusCode).toBe(200);
    const c = await created(worked({ firma_id: companyId, teklif_durumu: 1 }));
    await update(c._id, { teklif_durumu: 4 });
    const res = await t.call({ method: 'GET', url: `/api/offers/delete/${c._id}`, token: t.tokens[2], lang: 'tr' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Yalnızca Teklif ya da Sipariş durumundaki teklifler silinebilir.');
  });

  it('copies an offer as a new draft with a new number, today, the same items and the latest bulletin\'s rates', async () => {
    const src = await created(worked({ firma_id: companyId, teklif_durumu: 1, teklif_tarihi: '01.02.2026' }));
    await t.database.db.insert(tcmbRates).values({ tarih: '2026-03-02', usd_selling: '41.000000', eur_selling: '46.000000' });
    const res = await t.call({ method: 'POST', url: `/api/offers/copy/${src._id}`, token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json() as Offer;
    expect(copy._id).not.toBe(src._id);
    expect(copy.teklif_no).not.toBe(src.teklif_no);
    expect(copy).toMatchObject({ teklif_durumu: 0, teklif_usdkur: 41, teklif_eurkur: 46, firma_id: companyId, siparis_tarihi: null });
    expect(new Date(copy.teklif_tarihi).toDateString()).toBe(new Date().toDateString());
    expect(copy.offeritem.map((i) => [i.urun_adi, i.urun_miktari, i.urun_fiyati])).toEqual(src.offeritem.map((i) => [i.urun_adi, i.urun_miktari, i.urun_fiyati]));
    expect(copy.offeritem.every((i) => !src.offeritem.some((s) => s._id === i._id))).toBe(true);
    // 3 x 100 x 41 + 2 x 50 x 46 + 1000 = 12300 + 4600 + 1000
    expect(copy.teklif_tutartl).toBe(17900);
    await t.database.db.delete(tcmbRates);
  });

  it('GET /offers/{id}/{companyid}/{token} is open with the tracking token only', async () => {
    const o = await created(worked({ firma_id: companyId, teklif_durumu: 1 }));
    const token = trackingToken(t.config.jwtSecret, o._id, companyId);
    const ok = await t.call({ method: 'GET', url: `/api/offers/${o._id}/${companyId}/${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().teklif_no).toBe(o.teklif_no);
    expect((await t.call({ method: 'GET', url: `/api/offers/${o._id}/${companyId}/${token.slice(1)}x` })).statusCode).toBe(404);
  });
});

describe('GET /offers/list and /offers/companylist', () => {
  it('filters by a status range, searches, sorts, pages and sums the filtered offers in lira and per currency', async () => {
    const tag = 'Zeta Lighting Özel';
    await created(worked({ firma_adi: tag, teklif_referansno: 'REF-Z1' }));
    await created(worked({ firma_adi: tag, teklif_dovizi: '€', firma_id: companyId, teklif_durumu: 1 }));
    await created(worked({ firma_adi: tag, teklif_dovizi: '₺' }));
    const list = async (q: string) => (await t.call({ method: 'GET', url: `/api/offers/list?${q}`, token: t.tokens[2] })).json();
    let r = await list('search=zeta lighting ozel&pageSize=2&orderBy=teklif_tarihi&filter1=0&filter2=4');
    expect(r).toMatchObject({ page: 1, totalPage: 2, totalItemCount: 3 });
    expect(r.offers).toHaveLength(2);
    expect(r.totals.tl).toEqual({ tutar: 52500, kdv: 7560, gtoplam: 60060 });
    expect(r.totals.currencies).toEqual([
      { currency: '$', count: 1, tutar: 437.5, kdv: 63, gtoplam: 500.5 },
      { currency: '₺', count: 1, tutar: 17500, kdv: 2520, gtoplam: 20020 },
      { currency: '€', count: 1, tutar: 388.89, kdv: 56, gtoplam: 444.89 },
    ].sort((a, b) => (a.currency < b.currency ? -1 : 1)));
    r = await list('search=ZETA&filter1=1&filter2=1');
    expect(r.offers.map((o: { teklif_dovizi: string }) => o.teklif_dovizi)).toEqual(['€']);
    expect(r.offers[0]).toMatchObject({ teklif_durumu: 1, itemCount: 3 });
    r = await list('search=REF-Z1');
    expect(r.totalItemCount).toBe(1);
    r = await list('orderBy=firma_adi&pageSize=1000');
    const names = r.offers.map((o: { firma_adi: string }) => o.firma_adi.toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect((await t.call({ method: 'GET', url: '/api/offers/list?orderBy=bogus', token: t.tokens[2] })).statusCode).toBe(400);
  });

  it('without a search, the totals of a status range equal the sums of its offers after every kind of change', async () => {
    // These totals come from the sums kept per status and currency by triggers (offer_sums); a search sums its matches.
    const ranges = [[0, 4], [0, 0], [1, 1], [1, 4], [4, 4], [2, 3]];
    const check = async (step: string) => {
      for (const [from, to] of ranges) {
        const res = await t.call({ method: 'GET', url: `/api/offers/list?filter1=${from}&filter2=${to}&pageSize=1`, token: t.tokens[2] });
        expect(res.statusCode, res.body).toBe(200);
        const got = res.json();
        const rows = (await t.database.db.execute(sql`select teklif_dovizi as currency, count(*)::int as n,
            sum(teklif_tutardoviz)::text as dv, sum(teklif_kdvdoviz)::text as kdv, sum(teklif_gtoplamdoviz)::text as g,
            sum(teklif_tutartl)::text as tl, sum(teklif_kdvtl)::text as kdv_tl, sum(teklif_gtoplamtl)::text as g_tl
          from offers where teklif_durumu between ${from} and ${to} group by 1 order by 1`) as unknown as { rows: Record<string, string>[] }).rows;
        const total = (k: string) => Number(rows.reduce((a, r) => a + Number(r[k]) * 100, 0) / 100);
        expect(got.totalItemCount, `${step} ${from}-${to}`).toBe(rows.reduce((a, r) => a + Number(r.n), 0));
        expect(got.totals, `${step} ${from}-${to}`).toEqual({
          tl: { tutar: total('tl'), kdv: total('kdv_tl'), gtoplam: total('g_tl') },
          currencies: rows.map((r) => ({ currency: r.currency, count: Number(r.n), tutar: Number(r.dv), kdv: Number(r.kdv), gtoplam: Number(r.g) })),
        });
      }
    };
    await check('before');
    const a = await created(worked({ firma_adi: 'Sums A' }));
    await check('created');
    const b = await created(worked({ firma_adi: 'Sums B', teklif_dovizi: '€', firma_id: companyId, teklif_durumu: 1 }));
    await check('created as an order');
    let res = await update(a._id, { __v: a.__v, teklif_dovizi: '₺', offeritem: [item({ urun_miktari: 7, urun_fiyati: 123.45 })] });
    expect(res.statusCode, res.body).toBe(200);
    await check('new items and currency');
    const b1 = await get(b._id);
    res = await update(b._id, { __v: b1.__v, teklif_durumu: 4 });
    expect(res.statusCode, res.body).toBe(200);
    await check('status 1 to 4');
    res = await t.call({ method: 'POST', url: `/api/offers/copy/${b._id}`, token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    await check('copied');
    res = await t.call({ method: 'DELETE', url: `/api/offers/delete/${a._id}`, token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    await check('deleted');
    // The kept sums are what a refill from the offers gives.
    const kept = async () => (await t.database.db.execute(sql`select * from offer_sums where n <> 0 order by 1, 2, 3`) as unknown as { rows: unknown[] }).rows;
    const before = await kept();
    await t.database.db.execute(sql`select offer_sums_refill()`);
    expect(await kept()).toEqual(before);
  });

  it("answers a company's offers with their item lines, 5 a page", async () => {
    const res = await t.call({ method: 'GET', url: `/api/offers/companylist/${companyId}?filter1=0&filter2=4`, token: t.tokens[2] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.offers.length).toBeLessThanOrEqual(5);
    expect(body.totalItemCount).toBeGreaterThan(5);
    expect(body.offers[0]).toMatchObject({ teklif_dovizi: expect.any(String), offeritem: expect.arrayContaining([expect.objectContaining({ urun_adi: 'Street Light 100W', urun_miktari: expect.any(Number), toplamTL: expect.any(Number) })]) });
    expect(body.offers.every((o: { siparis_tarihi: string | null; teklif_durumu: number }) => o.teklif_durumu === 0 || o.siparis_tarihi !== null)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/offers/companylist/nope', token: t.tokens[2] })).statusCode).toBe(404);
  });
});

describe('roles and permissions', () => {
  it('offers are level 2: role 3 gets 403, no token 401; one offer is read by the order documents (level 3); the tracked read is open', async () => {
    const o = await created();
    for (const [method, url] of [['GET', '/api/offers/list'], ['POST', '/api/offers/create'], ['POST', `/api/offers/update/${o._id}`], ['GET', `/api/offers/delete/${o._id}`], ['POST', `/api/offers/copy/${o._id}`], ['GET', `/api/offers/companylist/${companyId}`], ['GET', '/api/contacts/list']] as const) {
      expect((await t.call({ method, url, token: t.tokens[3], payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(403);
      expect((await t.call({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
    }
    // The work order and the delivery form (level-3 document screens, linked from /orders) print the offer.
    expect((await t.call({ method: 'GET', url: `/api/offers/${o._id}`, token: t.tokens[3] })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/offers/${o._id}`, token: t.tokens[4] })).statusCode).toBe(403);
    expect((await get(o._id)).teklif_konu).toBe('Car park lighting');
  });

  it('the module grid: a user without offers write cannot save', async () => {
    const o = await created();
    await t.database.db.update(users).set({ permissions: { offers: { read: true, write: false, delete: false } } }).where(eq(users.id, t.userIds[2]));
    // Written behind the API's back: the session cache forgets the user as a users write would make it.
    (t.app as unknown as { userCache: { drop(id?: string): void } }).userCache.drop(t.userIds[2]);
    const res = await update(o._id, { teklif_konu: 'x' });
    expect(res.statusCode).toBe(403);
    await t.database.db.update(users).set({ permissions: {} }).where(eq(users.id, t.userIds[2]));
    (t.app as unknown as { userCache: { drop(id?: string): void } }).userCache.drop(t.userIds[2]);
    expect((await update(o._id, { teklif_konu: 'x' })).statusCode).toBe(200);
  });
});

describe('offer settings', () => {
  it('role 1 changes the defaults (role 2 may not); new offers take them', async () => {
    const s = (await t.call({ method: 'GET', url: '/api/offers/settings', token: t.tokens[2] })).json();
    // DECISIONS 3: Türkiye's rates since 10 July 2023, 20 the default of a new item.
    expect(s).toMatchObject({ teklif_dovizi: '$', urun_kdv: 20, vat_choices: [20, 10, 1, 0], teklif_tarih: true, __v: 0 });
    expect((await t.call({ method: 'POST', url: '/api/offers/settings', token: t.tokens[2], payload: { teklif_altbilgi: 'x' } })).statusCode).toBe(403);
    const res = await t.call({ method: 'POST', url: '/api/offers/settings', token: t.tokens[1], payload: { __v: 0, teklif_altbilgi: 'Prices ex works.', teklif_notu: 'Valid 30 days.', teklif_dovizi: '€', urun_kdv: 8, vat_choices: [20, 10, 8, 1, 0], teklif_kase: true, invoice_type: 2, mail_subject: 'Offer {{teklif_no}}' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ teklif_altbilgi: 'Prices ex works.', urun_kdv: 8, vat_choices: [20, 10, 8, 1, 0], __v: 1, mail_subject: 'Offer {{teklif_no}}' });
    expect((await t.call({ method: 'POST', url: '/api/offers/settings', token: t.tokens[1], payload: { __v: 0, teklif_notu: 'stale' } })).statusCode).toBe(409);
    const o = await created({ firma_adi: 'Defaults', firma_ulke: 'Türkiye', teklif_usdkur: 40, teklif_eurkur: 45, offeritem: [{ urun_adi: 'Lamp', urun_fiyati: 10 }] });
    expect(o).toMatchObject({ teklif_altbilgi: 'Prices ex works.', teklif_notu: 'Valid 30 days.', teklif_dovizi: '€', teklif_kase: true, invoice_type: 2 });
    expect(o.offeritem[0]).toMatchObject({ urun_kdv: 8, urun_miktari: 1, urun_birimi: 'Adet', urun_dovizi: '$', order_type: 'default' });
    await t.call({ method: 'POST', url: '/api/offers/settings', token: t.tokens[1], payload: { teklif_altbilgi: '', teklif_notu: '', teklif_dovizi: '$', urun_kdv: 20, vat_choices: [20, 10, 1, 0], teklif_kase: false, invoice_type: 0 } });
  });

  it('the default VAT must be one of the choices; a stored offer keeps the rate it was made with (DECISIONS 3)', async () => {
    const old = await created({ firma_adi: 'Old rate', firma_ulke: 'Türkiye', teklif_usdkur: 40, teklif_eurkur: 45, offeritem: [{ urun_adi: 'Lamp', urun_fiyati: 10, urun_kdv: 18 }] });
    let res = await t.call({ method: 'POST', url: '/api/offers/settings', token: t.tokens[1], lang: 'tr', payload: { urun_kdv: 18 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'offer.settings.vatDefault', fields: { urun_kdv: 'Varsayılan KDV oranı KDV seçeneklerinden biri olmalıdır.' } });
    res = await t.call({ method: 'POST', url: '/api/offers/settings', token: t.tokens[1], payload: { vat_choices: [] } });
    expect(res.statusCode).toBe(400);
    res = await t.call({ method: 'POST', url: '/api/offers/settings', token: t.tokens[1], payload: { urun_kdv: 10 } });
    expect(res.json()).toMatchObject({ urun_kdv: 10, vat_choices: [20, 10, 1, 0] });
    const fresh = await created({ firma_adi: 'New rate', firma_ulke: 'Türkiye', teklif_usdkur: 40, teklif_eurkur: 45, offeritem: [{ urun_adi: 'Lamp', urun_fiyati: 10 }] });
    expect(fresh.offeritem[0].urun_kdv).toBe(10);
    // The stored offer still has 18 and its totals; a save without item changes keeps it.
    expect((await get(old._id)).offeritem[0].urun_kdv).toBe(18);
    expect((await update(old._id, { teklif_konu: 'still 18' })).statusCode).toBe(200);
    expect((await get(old._id)).offeritem[0]).toMatchObject({ urun_kdv: 18, toplamKdvTL: (await get(old._id)).offeritem[0].toplamKdvTL });
    await t.call({ method: 'POST', url: '/api/offers/settings', token: t.tokens[1], payload: { urun_kdv: 20 } });
  });
});

describe('contacts', () => {
  it('creates, refuses a duplicate name in one company, updates with __v, deletes and imports from companies', async () => {
    const c = await t.call({ method: 'POST', url: '/api/contacts/create', token: t.tokens[2], payload: { name: 'Zeynep Kaya', company: 'Kaya AŞ', position: 'Buyer', email: 'zeynep@kaya.test', phone: '0212' } });
    expect(c.statusCode, c.body).toBe(200);
    const dup = await t.call({ method: 'POST', url: '/api/contacts/create', token: t.tokens[2], payload: { name: 'zeynep kaya', company: 'KAYA AŞ' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ name: 'This company already has a contact with this name.' });
    expect((await t.call({ method: 'POST', url: '/api/contacts/create', token: t.tokens[2], payload: { name: 'X', email: 'bad' } })).json().fields).toMatchObject({ name: 'Write the contact name.', email: 'Email is not valid!' });
    const id = c.json()._id;
    expect((await t.call({ method: 'POST', url: `/api/contacts/update/${id}`, token: t.tokens[2], payload: { __v: 0, position: 'Manager' } })).json()).toMatchObject({ position: 'Manager', __v: 1 });
    expect((await t.call({ method: 'POST', url: `/api/contacts/update/${id}`, token: t.tokens[2], payload: { __v: 0, position: 'x' } })).statusCode).toBe(409);
    expect((await t.call({ method: 'GET', url: `/api/contacts/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(200);
    const imp = await t.call({ method: 'POST', url: '/api/contacts/import', token: t.tokens[2] });
    expect(imp.statusCode).toBe(200);
    const list = (await t.call({ method: 'GET', url: '/api/contacts/list?search=registered', token: t.tokens[2] })).json();
    expect(list.contacts).toEqual([expect.objectContaining({ name: 'Registered Ltd', email: 'info@registered.test', source: 'company', company_id: companyId })]);
    expect((await t.call({ method: 'POST', url: '/api/contacts/import', token: t.tokens[2] })).json()).toEqual({ added: 0 });
  });
});

describe('property: stored totals equal the recomputation from the stored items and rates', () => {
  it('for random offers saved through the API', async () => {
    const line = fc.record({
      urun_adi: fc.constant('Random'),
      urun_miktari: fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100),
      // Metres take decimals (a piece unit takes whole numbers only, issue 23).
      urun_birimi: fc.constant('Metre'),
      urun_fiyati: fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 10_000),
      urun_dovizi: fc.constantFrom('₺', '$', '€'),
      urun_kdv: fc.constantFrom(0, 8, 18),
    });
    await fc.assert(fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 8 }), fc.integer({ min: 100_000, max: 99_999_999 }), fc.integer({ min: 100_000, max: 99_999_999 }), fc.constantFrom('₺', '$', '€'), async (items, usd, eur, cur) => {
      const body = { firma_adi: 'Prop', firma_ulke: 'TR', teklif_dovizi: cur, teklif_usdkur: usd / 1_000_000, teklif_eurkur: eur / 1_000_000, offeritem: items };
      const res = await create(body);
      if (res.statusCode !== 200) {
        // Only a total that rounds to zero may be refused.
        expect(res.json().fields).toEqual({ tutarhatasi: 'Totals cannot be zero' });
        return;
      }
      const o = await get(res.json()._id);
      const again = computeOffer(o.offeritem, { usd: o.teklif_usdkur, eur: o.teklif_eurkur }, o.teklif_dovizi);
      expect({ tl: o.teklif_tutartl, kdv: o.teklif_kdvtl, g: o.teklif_gtoplamtl, d: o.teklif_tutardoviz, kd: o.teklif_kdvdoviz, gd: o.teklif_gtoplamdoviz })
        .toEqual({ tl: again.totals.teklif_tutartl, kdv: again.totals.teklif_kdvtl, g: again.totals.teklif_gtoplamtl, d: again.totals.teklif_tutardoviz, kd: again.totals.teklif_kdvdoviz, gd: again.totals.teklif_gtoplamdoviz });
      expect(o.offeritem.map((i) => i.toplamTL)).toEqual(again.lines.map((l) => l.toplamTL));
    }), { numRuns: 15 });
  });
});

void formatOfferNo;
