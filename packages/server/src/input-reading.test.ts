import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { crc32, deflateSync } from 'node:zlib';
import { newLabel } from '@isik/domain';
import { companies, files, offers, users } from './db/schema.js';
import { newId } from './lib/ids.js';
import { createTestContext, type TestContext } from './test/helper.js';
import { insertMaterial } from './modules/catalogue/test-fixtures.js';
import { makeModel } from './modules/catalogue/catalogue-factory.js';
import { dataUrl, makePng, multipartBody } from './modules/files/test-files.js';

/**
 * Issue 22, "Input": one reading of numbers in every decimal field (ADR 0035), integer choice fields that take only
 * their values, a broken text that answers 400 (not 500), and images that must decode before they are stored.
 */
let t: TestContext;
let materialIndex = 300;
let companyId: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestContext();
  companyId = newId();
  await db().insert(companies).values({ id: companyId, company_name: 'Okuma Ltd', company_city: 'İzmir', company_country: 'Türkiye', company_category: 'Customer', company_email: 'okuma@test.local' });
});
afterAll(async () => { await t?.close(); });

const post = (url: string, payload: unknown, lang = 'en', token = t.tokens[1]) => t.call({ method: 'POST', url, payload: payload as object, token, lang });
const newMaterial = () => insertMaterial(db(), materialIndex++, { material_unit: 'Kg', material_price: 2.5, material_doviz: '$' });

/** Each way of writing one number, and what it must read as. */
const READINGS: [unknown, number][] = [
  [1234.56, 1234.56], ['1234.56', 1234.56], ['1.234,56', 1234.56], ['1234,56', 1234.56], ['1,5', 1.5], ['1.234', 1.234], ['1,234', 1.234], ['12.345.678,5', 12345678.5],
];
/** Text that reads as no number: refused naming the field, never read some other way. */
const UNREADABLE = ['1.234.567', '1,234.56', '1.23,4', '12abc', '1e3', '0x10'];

describe('one reading of decimal numbers (ADR 0035)', () => {
  it('stock movements: qty and price read canonical and Turkish text one way; unreadable text is refused naming the field', async () => {
    const mid = await newMaterial();
    for (const [v, want] of READINGS) {
      const res = await post('/api/stock/create/', { stock_id: mid, operation_center: 'fatura', operation_type: 'giris', qty: v, price: v, doviz: '$' });
      expect(res.statusCode, `${JSON.stringify(v)}: ${res.body}`).toBe(200);
      expect(res.json(), JSON.stringify(v)).toMatchObject({ qty: want, price: want });
    }
    for (const v of UNREADABLE) {
      const res = await post('/api/stock/create/', { stock_id: mid, operation_center: 'fatura', operation_type: 'giris', qty: v, price: 1 }, 'tr');
      expect(res.statusCode, v).toBe(400);
      expect(res.json().fields, v).toEqual({ qty: 'Miktar sayı olarak okunamadı: 1234,56 ya da 1234.56 biçiminde yazınız.' });
      const price = await post('/api/stock/create/', { stock_id: mid, operation_center: 'fatura', operation_type: 'giris', qty: 1, price: v }, 'en');
      expect(price.json().fields, v).toEqual({ price: 'The price is not a readable number: write it as 1234,56 or 1234.56.' });
    }
    const es = await post('/api/stock/create/', { stock_id: mid, operation_center: 'fatura', operation_type: 'giris', qty: '1.2.3', price: 1 }, 'es');
    expect(es.json().message).toBe('La cantidad no es un número legible: escríbala como 1234,56 o 1234.56.');
    // A readable value out of range keeps the field's own message.
    const zero = await post('/api/stock/create/', { stock_id: mid, operation_center: 'fatura', operation_type: 'giris', qty: '0,00', price: 1 }, 'tr');
    expect(zero.json().fields).toEqual({ qty: 'Miktar sıfırdan büyük olmalı' });
  });

  it('offers: item quantity, price and VAT, and the rates, read the same way ("1,5" as on a stock line)', async () => {
    const item = (over: Record<string, unknown>) => ({ urun_adi: 'Armatür', urun_miktari: 1, urun_birimi: 'Metre', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 18, ...over });
    const body = (over: Record<string, unknown>, items: Record<string, unknown>[]) => ({ firma_adi: 'Okuma Ltd', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: '40,5', teklif_eurkur: '45.25', offeritem: items, ...over });
    const res = await post('/api/offers/create', body({ teklif_usdkur: '1.040,5' }, [item({ urun_miktari: '1,5', urun_fiyati: '1.234,56', urun_kdv: '8,0' }), item({ urun_miktari: '2.5', urun_fiyati: 1234.56 })]));
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({ teklif_usdkur: 1040.5, teklif_eurkur: 45.25 });
    expect(o.offeritem.map((i: { urun_miktari: number; urun_fiyati: number; urun_kdv: number }) => [i.urun_miktari, i.urun_fiyati, i.urun_kdv])).toEqual([[1.5, 1234.56, 8], [2.5, 1234.56, 18]]);
    for (const v of UNREADABLE) {
      const bad = await post('/api/offers/create', body({}, [item({ urun_fiyati: v })]));
      expect(bad.statusCode, v).toBe(400);
      expect(bad.json().fields, v).toEqual({ 'offeritem.0.urun_fiyati': 'The price is not a readable number: write it as 1234,56 or 1234.56.' });
      const rate = await post('/api/offers/create', body({ teklif_usdkur: v }, [item({})]));
      expect(rate.json().fields, v).toEqual({ teklif_usdkur: 'The exchange rate is not a readable number: write it as 38,4512 or 38.4512.' });
    }
    const vat = await post('/api/offers/create', body({}, [item({ urun_kdv: '100,5' })]));
    expect(vat.json().fields).toEqual({ 'offeritem.0.urun_kdv': 'VAT must be between 0 and 100.' });
  });

  it('purchases, company deliveries, materials and the offer settings read "1.234,56" as 1234.56', async () => {
    const mid = await newMaterial();
    const buying = await post('/api/buying/create/', { material_id: mid, material_qty: '1.234,5', material_price: '1.234,56', material_doviz: '$', USD_Kur: '40,5', EUR_Kur: '45.25' });
    expect(buying.statusCode, buying.body).toBe(200);
    expect(buying.json()).toMatchObject({ material_qty: 1234.5, material_price: 1234.56, USD_Kur: 40.5, EUR_Kur: 45.25 });
    const badBuying = await post('/api/buying/create/', { material_id: mid, material_qty: '1.234.5', material_price: 1 });
    expect(badBuying.json().fields).toEqual({ material_qty: 'The quantity is not a readable number: write it as 1234,56 or 1234.56.' });

    const delivery = await post('/api/deliveried/create/', { company_id: companyId, component_type: 'default', productname: 'Numune', qty: '1.234,5', price: '1.234,56' });
    expect(delivery.statusCode, delivery.body).toBe(200);
    expect(delivery.json()).toMatchObject({ qty: 1234.5, price: 1234.56 });
    const badDelivery = await post('/api/deliveried/create/', { company_id: companyId, component_type: 'default', productname: 'Numune', qty: '1,234.5', price: 1 });
    expect(badDelivery.json().fields).toEqual({ qty: 'The quantity is not a readable number: write it as 1234,56 or 1234.56.' });

    const material = await post('/api/materials/create/', { material_name: 'Okunan Malzeme', material_no: '1.234,0', material_category: 'Mekanik', material_group: 'Sarf', material_unit: 'Kg', material_price: '1.234,5678', material_doviz: '$' });
    expect(material.statusCode, material.body).toBe(200);
    expect(material.json()).toMatchObject({ material_no: 1234, material_price: 1234.5678 });
    // In a whole number '1.234' is 1.234 or 1234: refused rather than guessed.
    const ambiguous = await post('/api/materials/create/', { material_name: 'Belirsiz Malzeme', material_no: '1.234', material_category: 'Mekanik', material_group: 'Sarf', material_unit: 'Kg', material_price: 1, material_doviz: '$' });
    expect(ambiguous.json().fields).toEqual({ material_no: 'This value is not a readable number: write it as 1234,56 or 1234.56.' });

    const settings = (await t.call({ method: 'GET', url: '/api/offers/settings', token: t.tokens[1] })).json();
    // The default rate must be one of the VAT choices (issue 23), which are read the same way.
    const saved = await post('/api/offers/settings', { __v: settings.__v, urun_kdv: '8,5', vat_choices: ['20', '8,5', 1, 0] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ urun_kdv: 8.5, vat_choices: [20, 8.5, 1, 0] });
  });
});

describe('integer choice fields take only their values', () => {
  const BAD: unknown[] = [[], null, '5e-400', '-0', '', true, 1.5, '1.0', ' 1', 9];

  it('offer status and invoice type, offer settings, delivery status, user role: each refused with its message; nothing stored', async () => {
    const offerCount = async () => Number((await db().select({ n: count() }).from(offers))[0].n);
    const userCount = async () => Number((await db().select({ n: count() }).from(users))[0].n);
    const before = { offers: await offerCount(), users: await userCount() };
    const offer = (over: Record<string, unknown>) => ({ firma_adi: 'Okuma Ltd', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, offeritem: [{ urun_adi: 'A', urun_miktari: 1, urun_fiyati: 1, urun_dovizi: '$' }], ...over });
    for (const v of BAD) {
      const status = await post('/api/offers/create', offer({ teklif_durumu: v }));
      expect(status.statusCode, JSON.stringify(v)).toBe(400);
      expect(status.json().fields, JSON.stringify(v)).toEqual({ teklif_durumu: 'The offer status must be between 0 and 4.' });
      const invoice = await post('/api/offers/create', offer({ invoice_type: v }));
      expect(invoice.json().fields, JSON.stringify(v)).toEqual({ invoice_type: 'The invoice type must be T0, T1 or T2.' });
      const settings = await post('/api/offers/settings', { invoice_type: v });
      expect(settings.json().fields, JSON.stringify(v)).toEqual({ invoice_type: 'The invoice type must be T0, T1 or T2.' });
      const delivery = await post('/api/deliveried/create/', { company_id: companyId, component_type: 'default', productname: 'Numune', qty: 1, price: 1, status: v });
      expect(delivery.json().fields, JSON.stringify(v)).toEqual({ status: 'The delivery status must be 0, 1 or 2.' });
      const user = await post('/api/users/create/', { firstname: 'Selin', lastname: 'Kaya', email: `selin.${newId().slice(0, 8)}@test.local`, role: v, password: 'Secret123!' }, 'en', t.tokens[0]);
      expect(user.statusCode, JSON.stringify(v)).toBe(400);
      expect(user.json().fields, JSON.stringify(v)).toEqual({ role: 'Role must be between 0 and 7.' });
    }
    expect({ offers: await offerCount(), users: await userCount() }).toEqual(before);
    // A model's category (0-8) is such a field too.
    for (const v of ['-0', '1e0', ' 1', '', [], null]) {
      const model = await post('/api/models/create/', { ...makeModel(0), model_kodu: `CAT-${newId().slice(0, 6)}`, model_kategori: v });
      expect(model.statusCode, JSON.stringify(v)).toBe(400);
      expect(Object.keys(model.json().fields), JSON.stringify(v)).toEqual(['model_kategori']);
    }
    // The listed values, as numbers or their exact text, are taken.
    const ok = await post('/api/offers/create', offer({ invoice_type: '2', teklif_durumu: 0 }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ invoice_type: 2, teklif_durumu: 0 });
  });
});

describe('a text that is no text', () => {
  it('POST /api/pdf/label10x10, label8x10 and label8x6 with a lone surrogate answer 400 naming the field, not 500', async () => {
    for (const kind of ['label10x10', 'label8x10', 'label8x6']) {
      const payload = JSON.stringify({ ...newLabel('Kutu Etiketi'), ProductID: 'PLACEHOLDER', qrOpen: true }).replace('PLACEHOLDER', '\\ud800');
      const res = await t.call({ method: 'POST', url: `/api/pdf/${kind}`, payload, headers: { 'content-type': 'application/json' }, token: t.tokens[3], lang: 'en' });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'error.invalidText', fields: { ProductID: 'This field contains an invalid character.' } });
    }
    // A whole pair (an emoji) is a character like any other.
    const fine = await t.call({ method: 'POST', url: '/api/pdf/label10x10', payload: { ...newLabel('Kutu Etiketi'), ProductID: 'p-\u{1F600}' }, token: t.tokens[3] });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('images must decode before they are stored', () => {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  /** A PNG whose header declares width x height (8-bit RGB) followed by the given compressed rows. */
  const pngOf = (width: number, height: number, idat: Buffer) => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
  };
  const stored = async (bytes: Buffer) => {
    const { createHash } = await import('node:crypto');
    const id = createHash('sha256').update(bytes).digest('hex');
    return Number((await db().select({ n: count() }).from(files).where(eq(files.id, id)))[0].n);
  };
  const upload = (bytes: Buffer, lang = 'en') => t.call({ method: 'POST', url: '/api/files/upload', payload: { data: dataUrl(bytes) }, token: t.tokens[2], lang });

  it('a tiny PNG declaring 100000 x 100000 pixels and a truncated 8000 x 8000 PNG are refused (400) and not stored', async () => {
    const bomb = pngOf(100_000, 100_000, deflateSync(Buffer.alloc(0)));
    expect(bomb.length).toBeLessThan(100);
    const rows = deflateSync(Buffer.alloc(8000 * (8000 * 3 + 1)));
    const truncated = pngOf(8000, 8000, rows).subarray(0, 33 + 8 + Math.floor(rows.length / 2));
    for (const bytes of [bomb, truncated]) {
      const res = await upload(bytes);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'file.imageTooLarge', fields: { data: 'This image is too large: at most 60 megapixels can be uploaded.' } });
      const mp = await t.call({ method: 'POST', url: '/api/files/upload', ...multipartBody({ bytes, filename: 'a.png', mime: 'image/png' }), token: t.tokens[2] });
      expect(mp.statusCode, mp.body).toBe(400);
      expect(await stored(bytes)).toBe(0);
    }
    const tr = await upload(bomb, 'tr');
    expect(tr.json().message).toBe('Bu görsel çok büyük: en fazla 60 megapiksel yükleyebilirsiniz.');
  });

  it('an image within the limit that does not decode to its end (truncated) is refused as broken and not stored', async () => {
    const whole = await makePng(1200, 900);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    const res = await upload(cut);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file.imageBroken', fields: { data: 'This image cannot be read: the file is damaged or incomplete. Save the image again and upload it.' } });
    expect(await stored(cut)).toBe(0);
    // The whole image is stored with a small one of its own.
    const ok = await upload(whole);
    expect(ok.statusCode, ok.body).toBe(200);
    const small = await t.call({ method: 'GET', url: ok.json().smallUrl ?? `${ok.json().url}/small` });
    expect(small.headers['content-type']).toBe('image/webp');
  });
});
