import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer, OrderLine } from '@isik/domain';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { seedMyCompany } from '../mycompany/mycompany-seed.js';
import { pdfText } from '../pdf/pdf-test-helpers.js';

/** Issue 26: the optional promised date of an order line (API read and write, the work order prints it). */
let t: TestContext;
let offer: Offer;
let line: OrderLine;
const flat = (s: string) => s.replace(/[ \t]+/g, ' ');
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') =>
  t.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), token: t.tokens[0], lang });

beforeAll(async () => {
  t = await createTestContext();
  await seedMyCompany(t.database.db, { pictures: false });
  const c = await call('POST', '/api/companies/create', { company_name: 'Söz Yapı A.Ş.', company_city: 'İzmir', company_country: 'Türkiye', company_email: 'info@soz.test' });
  expect(c.statusCode, c.body).toBe(200);
  const o = await call('POST', '/api/offers/create', {
    firma_id: c.json()._id, firma_adi: 'Söz Yapı A.Ş.', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
    offeritem: [{ urun_adi: 'Kablo', urun_kodu: [], urun_miktari: 5, urun_birimi: 'Adet', urun_fiyati: 3, urun_dovizi: '$', urun_kdv: 18, order_type: 'material' }],
  });
  expect(o.statusCode, o.body).toBe(200);
  offer = o.json();
  line = (await call('GET', `/api/orders/list?type=detaillist&filter1=1&filter2=6&offer=${offer._id}`)).json().orders[0];
});
afterAll(async () => { await t?.close(); });

describe('promised_date on order lines', () => {
  it('is null until set; updateitem takes YYYY-MM-DD or DD.MM.YYYY, answers and keeps it, and null clears it', async () => {
    expect(line.promised_date).toBeNull();
    const set = await call('POST', `/api/orders/updateitem/${line._id}`, { promised_date: '15.03.2027', __v: line.__v });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().promised_date).toBe('2027-03-15');
    const read = (await call('GET', `/api/orders/item/${line._id}`)).json() as OrderLine;
    expect(read.promised_date).toBe('2027-03-15');
    // A save that does not name it keeps it.
    const kept = await call('POST', `/api/orders/updateitem/${line._id}`, { ready: true, __v: read.__v });
    expect(kept.json().promised_date).toBe('2027-03-15');
    const cleared = await call('POST', `/api/orders/updateitem/${line._id}`, { promised_date: null, __v: kept.json().__v });
    expect(cleared.json().promised_date).toBeNull();
    const again = await call('POST', `/api/orders/updateitem/${line._id}`, { promised_date: '2027-04-30', __v: cleared.json().__v });
    expect(again.json().promised_date).toBe('2027-04-30');
    line = again.json();
  });

  it('refuses a day that does not exist or is not a date with 400, the field and the reason in the user\'s language', async () => {
    for (const bad of ['2027-02-30', 'yarın', '31.04.2027', 12]) {
      const res = await call('POST', `/api/orders/updateitem/${line._id}`, { promised_date: bad, __v: line.__v });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().fields).toEqual({ promised_date: 'The promised date must be a real day written DD.MM.YYYY or YYYY-MM-DD.' });
    }
    const tr = await call('POST', `/api/orders/updateitem/${line._id}`, { promised_date: '2027-13-01', __v: line.__v }, 'tr');
    expect(tr.json().fields.promised_date).toBe('Söz verilen tarih GG.AA.YYYY ya da YYYY-AA-GG biçiminde geçerli bir gün olmalı.');
    expect((await call('GET', `/api/orders/item/${line._id}`)).json().promised_date).toBe('2027-04-30');
  });

  it('is printed on the work order, in Turkish and English', async () => {
    const tr = flat(pdfText((await call('GET', `/api/pdf/order/t1/${offer._id}?lang=0`)).rawPayload));
    expect(tr).toContain('Söz Verilen Tarih: 30.04.2027');
    const en = flat(pdfText((await call('GET', `/api/pdf/order/t1/${offer._id}?lang=1`)).rawPayload));
    expect(en).toContain('Promised Date: 30.04.2027');
  });
});
