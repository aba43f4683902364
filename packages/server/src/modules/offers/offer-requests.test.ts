import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { businessYear, formatOfferNo, offerRequestSchema } from '@isik/domain';
import { logs, offerItems, offers, products, tcmbRates, todos } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { allocateOfferNumber, toOfferItem } from './offers-repository.js';
import { createOfferRequestService } from './offer-request-service.js';

let t: TestContext;
let product: string;
let euroProduct: string;
let inactive: string;
let ipN = 0;
/** Each test call comes from its own address unless it is about the per-address limit. */
const nextIp = () => `10.0.${Math.floor(++ipN / 250)}.${ipN % 250}`;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const model = await insertModel(db, 1, { model_kdv: '8' });
  product = await insertProduct(db, 1, { id: model, index: 1 }, { urun_adi: ['Sokak Armatürü 60W', 'Street Light 60W'], urun_kodu: 'SL-60', urun_fiyat: '10.125', urun_doviz: '$', urun_durumu: true });
  euroProduct = await insertProduct(db, 2, { id: model, index: 1 }, { urun_adi: ['Solar Lamba', 'Solar Lamp'], urun_kodu: 'SO-1', urun_fiyat: '3.335', urun_doviz: '€', urun_durumu: true });
  inactive = await insertProduct(db, 3, { id: model, index: 1 }, { urun_durumu: false });
});
afterAll(async () => { await t?.close(); });

const valid = (over: Record<string, unknown> = {}) => ({
  productId: product, lang: 'en', name: 'Ayşe Yılmaz', company: 'Yılmaz Enerji', email: 'ayse@yilmaz.com.tr', phone: '+90 555 123 45 67', quantity: 3, message: 'Needed for a car park.', ...over,
});
const send = (body: Record<string, unknown>, opts: { ip?: string; lang?: string } = {}) =>
  t.call({ method: 'POST', url: '/api/web/offer-requests', payload: body, remoteAddress: opts.ip ?? nextIp(), lang: opts.lang ?? 'en' });
const offerCount = async () => (await t.database.db.select().from(offers)).length;

describe('POST /web/offer-requests', () => {
  it('without a token creates a draft offer with one item and an office to-do the admin sees; rates stay empty without a bulletin', async () => {
    const res = await send(valid());
    expect(res.statusCode, res.body).toBe(200);
    const year = businessYear();
    expect(res.json()).toEqual({ ok: true, offerNo: formatOfferNo(year, 1) });
    const [offer] = await t.database.db.select().from(offers).where(eq(offers.teklif_no, res.json().offerNo));
    expect(offer).toMatchObject({
      teklif_durumu: 0, source: 'web', firma_adi: 'Yılmaz Enerji', related_person: 'Ayşe Yılmaz', firma_eposta: 'ayse@yilmaz.com.tr', buyer_phone: '+90 555 123 45 67',
      teklif_notu: 'Needed for a car park.', teklif_dovizi: '$', teklif_usdkur: null, teklif_eurkur: null, teklif_yil: year, teklif_sira: 1, firma_id: null,
      // price 10.125 -> 10.13 (half up); 3 x 10.13 = 30.39; VAT 8 % = 2.4312 -> 2.43
      teklif_tutardoviz: '30.39', teklif_kdvdoviz: '2.43', teklif_gtoplamdoviz: '32.82', teklif_tutartl: '0.00',
    });
    expect(offer.teklif_konu).toContain('SL-60');
    expect(offer.teklif_konu).toContain('Street Light 60W');
    const items = await t.database.db.select().from(offerItems).where(eq(offerItems.offer_id, offer.id));
    // The item's code parts are the product's (ADR 0028): its model's code, optic and CCT in their places.
    const [p] = await t.database.db.select().from(products).where(eq(products.id, product));
    expect(items.map((i) => toOfferItem(i))).toEqual([expect.objectContaining({
      urun_id: product, urun_adi: 'Sokak Armatürü 60W', urun_adi_en: 'Street Light 60W', urun_kodu: [p.model_code, '', p.urun_optik, p.urun_cct, '', '', '', '', ''], urun_kdv: 8, urun_miktari: 3, urun_birimi: 'Adet', urun_fiyati: 10.13, urun_dovizi: '$',
      toplamDoviz: 30.39, toplamKdvDoviz: 2.43, toplamTL: 0, toplamKdvTL: 0,
    })]);

    const list = await t.call({ method: 'GET', url: '/api/todo/list', token: t.tokens[0] });
    const todo = list.json().Todolist.find((x: { link: string }) => x.link === `/offer/${offer.id}`);
    expect(todo).toMatchObject({ read: false, created_by: 'web' });
    expect(todo.task).toContain('Ayşe Yılmaz');
    expect(todo.task).toContain('SL-60');
    expect(todo.task).toContain(res.json().offerNo);
    // The office can answer from the to-do: e-mail, phone and message are in it.
    expect(todo.task).toContain('ayse@yilmaz.com.tr');
    expect(todo.task).toContain('+90 555 123 45 67');
    expect(todo.task).toContain('Needed for a car park.');
    // Its link opens the draft as a real offer, with the requester's details on it.
    const opened = await t.call({ method: 'GET', url: `/api/offers/${offer.id}`, token: t.tokens[2] });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ related_person: 'Ayşe Yılmaz', firma_adi: 'Yılmaz Enerji', firma_eposta: 'ayse@yilmaz.com.tr', buyer_phone: '+90 555 123 45 67', teklif_notu: 'Needed for a car park.', source: 'web' });
    expect(opened.json().offeritem).toHaveLength(1);
    // The office's to-do reaches office persons, not production staff.
    expect((await t.call({ method: 'GET', url: '/api/todo/list', token: t.tokens[2] })).json().Todolist.map((x: { _id: string }) => x._id)).toContain(todo._id);
    expect((await t.call({ method: 'GET', url: '/api/todo/list', token: t.tokens[3] })).json().Todolist.map((x: { _id: string }) => x._id)).not.toContain(todo._id);
    const forms = (await t.database.db.select().from(logs).orderBy(asc(logs.id))).map((l) => l.form);
    expect(forms).toEqual(expect.arrayContaining(['offers', 'todos']));
  });

  it("keeps the latest stored bulletin's rates on the offer and computes the lira totals with them", async () => {
    await t.database.db.insert(tcmbRates).values([
      { tarih: '2026-01-05', usd_selling: '35.1000', eur_selling: '37.0000' },
      { tarih: '2026-01-06', usd_selling: '35.2000', eur_selling: '37.5000' },
    ]);
    const res = await send(valid({ productId: euroProduct, lang: 'tr', quantity: 7, company: '' }));
    expect(res.statusCode).toBe(200);
    const [offer] = await t.database.db.select().from(offers).where(eq(offers.teklif_no, res.json().offerNo));
    // 7 x 3.34 = 23.38 €; x 37.5 = 876.75 ₺
    expect(offer).toMatchObject({ teklif_dovizi: '€', teklif_usdkur: '35.200000', teklif_eurkur: '37.500000', teklif_tutardoviz: '23.38', teklif_tutartl: '876.75', firma_adi: '' });
    const [item] = await t.database.db.select().from(offerItems).where(eq(offerItems.offer_id, offer.id));
    expect(toOfferItem(item)).toMatchObject({ urun_adi: 'Solar Lamba', toplamTL: 876.75 });
  });

  it('refuses bad input naming each field in the caller language, and stores nothing', async () => {
    const n = await offerCount();
    let res = await send({ productId: product, quantity: 0, email: 'not-an-email' }, { lang: 'tr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ name: 'Ad soyad yazınız.', email: 'E-posta geçerli değil!', quantity: 'Miktar en az 1 olan bir tam sayı olmalı.' });
    res = await send(valid({ name: '', email: '', quantity: 1.5 }), { lang: 'es' });
    expect(res.json().fields).toMatchObject({ name: 'Escriba su nombre.', email: 'Escriba su correo electrónico.', quantity: 'La cantidad debe ser un número entero de al menos 1.' });
    res = await send(valid({ phone: 'call me' }));
    expect(res.json().fields).toEqual({ phone: 'The phone number is not valid.' });
    expect(await offerCount()).toBe(n);
  });

  it('stores the offer, its log rows and the office to-do together or not at all', async () => {
    const db = t.database.db;
    const counts = async () => ({ offers: await offerCount(), todos: (await db.select().from(todos)).length, logs: (await db.select().from(logs)).length });
    const before = await counts();
    // The to-do, written last in the transaction, fails: nothing of the request may stay.
    await db.execute(sql`alter table todos add constraint offer_request_rollback_probe check (task not like 'Web teklif%') not valid`);
    try {
      const service = createOfferRequestService({ db });
      await expect(service.request('198.51.100.9', offerRequestSchema.parse(valid()))).rejects.toThrow(/insert into "todos"/);
    } finally {
      await db.execute(sql`alter table todos drop constraint offer_request_rollback_probe`);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an unknown or inactive product', async () => {
    const n = await offerCount();
    expect((await send(valid({ productId: 'no-such-product' }))).statusCode).toBe(404);
    expect((await send(valid({ productId: inactive }))).statusCode).toBe(404);
    expect(await offerCount()).toBe(n);
  });

  it('tells a bot that filled the honeypot "ok" and stores nothing', async () => {
    const n = await offerCount();
    const todosBefore = (await t.database.db.select().from(todos)).length;
    const res = await send(valid({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, offerNo: '' });
    expect(await offerCount()).toBe(n);
    expect((await t.database.db.select().from(todos)).length).toBe(todosBefore);
  });

  it('limits one address to 5 requests in 10 minutes (429 with a clear message); other addresses go on', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++) expect((await send(valid(), { ip })).statusCode).toBe(200);
    const refused = await send(valid(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many offer requests.*try again in 10 minutes/);
    expect((await send(valid(), { ip, lang: 'tr' })).json().message).toContain('dakika');
    expect((await send(valid())).statusCode).toBe(200);
  });

  it('by default ignores X-Forwarded-For: 12 requests from one address with varying headers are limited', async () => {
    const ip = '192.0.2.88';
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.call({ method: 'POST', url: '/api/web/offer-requests', payload: valid(), remoteAddress: ip, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('behind a configured proxy (TRUST_PROXY) limits the address the proxy names, and only for that proxy', async () => {
    const behind = await createTestContext({ TRUST_PROXY: '198.51.100.1' });
    try {
      const db = behind.database.db;
      const model = await insertModel(db, 1, {});
      const p = await insertProduct(db, 1, { id: model, index: 1 }, { urun_durumu: true });
      const via = (remoteAddress: string, client: string) => behind.call({ method: 'POST', url: '/api/web/offer-requests', payload: valid({ productId: p }), remoteAddress, headers: { 'x-forwarded-for': client } });
      // Through the proxy: each client has its own limit.
      for (let i = 0; i < 7; i++) expect((await via('198.51.100.1', `203.0.113.${i + 1}`)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await via('198.51.100.1', '203.0.113.50')).statusCode).toBe(200);
      expect((await via('198.51.100.1', '203.0.113.50')).statusCode).toBe(200);
      expect((await via('198.51.100.1', '203.0.113.50')).statusCode).toBe(429);
      // Another sender is not trusted: its header is ignored.
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await via('192.0.2.99', `203.0.113.${100 + i}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await behind.close();
    }
  });

  it('numbers 5 parallel requests gaplessly and uniquely within the year', async () => {
    const before = await t.database.db.select({ seq: offers.teklif_sira }).from(offers).where(eq(offers.teklif_yil, businessYear()));
    const max = Math.max(0, ...before.map((r) => r.seq));
    const results = await Promise.all(Array.from({ length: 5 }, () => send(valid())));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = results.map((r) => r.json().offerNo as string).sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5].map((i) => formatOfferNo(businessYear(), max + i)));
  });

  it('allocates numbers in 5 concurrent transactions without a gap or a duplicate', async () => {
    const db = t.database.db;
    const year = 2031;
    const at = new Date(`${year}-06-01T12:00:00Z`);
    const got = await Promise.all(Array.from({ length: 5 }, (_, i) => db.transaction(async (tx) => {
      const n = await allocateOfferNumber(tx, at);
      await tx.insert(offers).values({ id: `alloc-${i}`, teklif_no: n.no, teklif_yil: n.year, teklif_sira: n.seq });
      return n.no;
    })));
    expect(got.sort()).toEqual(['TKF-2031-0001', 'TKF-2031-0002', 'TKF-2031-0003', 'TKF-2031-0004', 'TKF-2031-0005']);
  });
});
