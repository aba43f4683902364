import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Offer, OrderLine } from '@isik/domain';
import { MIGRATIONS } from '../../db/database.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial, insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { seedMyCompany } from '../mycompany/mycompany-seed.js';
import { pdfInfo, pdfPng, pdfText } from './pdf-test-helpers.js';

let t: TestContext;
let productId = '';
let companyId = '';
let idx = 500;
const LONG_NAME = 'Çağdaş Şehir Aydınlatma Enerji Sistemleri İnşaat Taahhüt Sanayi ve Ticaret Anonim Şirketi';
const flat = (s: string) => s.replace(/[ \t]+/g, ' ');
const db = () => t.database.db;

async function call(method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = t.tokens[0], lang = 'tr') {
  return t.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), token, lang });
}
async function ok<T>(p: ReturnType<typeof call>): Promise<T> {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function newOrder(firma: string, items: Record<string, unknown>[]): Promise<{ offer: Offer; lines: OrderLine[] }> {
  const c = await ok<{ _id: string }>(call('POST', '/api/companies/create', { company_name: firma, company_city: 'İzmir', company_country: 'Türkiye', company_email: `info${idx++}@example.test` }));
  companyId = c._id;
  const offer = await ok<Offer>(call('POST', '/api/offers/create', {
    firma_id: c._id, firma_adi: firma, firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
    offeritem: items.map((i) => ({ urun_adi: 'Işıklı Armatür', urun_kodu: ['ISK-AST', '', 'T2M', '4000K'], urun_miktari: 10, urun_birimi: 'Adet', urun_fiyati: 46.5, urun_dovizi: '$', urun_kdv: 18, order_type: 'default', ...i })),
  }));
  const lines = (await ok<{ orders: OrderLine[] }>(call('GET', `/api/orders/list?type=detaillist&filter1=1&filter2=6&offer=${offer._id}`))).orders;
  return { offer, lines };
}

/**
 * Every QR code on the first page: jsQR reads one code per image, so the page's right-hand part (where the work
 * order puts its codes) is read in overlapping windows about one code large.
 */
function qrCodesOf(pdf: Buffer, dpi = 150): Set<string> {
  const png = PNG.sync.read(pdfPng(pdf, dpi));
  const found = new Set<string>();
  const win = 180;
  const step = 45;
  for (let y = 0; y + win <= png.height; y += step) {
    for (let x = Math.floor(png.width * 0.7); x + win <= png.width; x += step) {
      const data = new Uint8ClampedArray(win * win * 4);
      for (let r = 0; r < win; r++) {
        const from = ((y + r) * png.width + x) * 4;
        data.set(png.data.subarray(from, from + win * 4), r * win * 4);
      }
      const code = jsQR(data, win, win, { inversionAttempts: 'dontInvert' });
      if (code?.data) found.add(code.data);
    }
  }
  return found;
}

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://isik.example' });
  await seedMyCompany(db(), { pictures: false });
  const mat = await insertMaterial(db(), idx++);
  const model = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Dizgi' }, { No: 2, Operation: 'Paketleme' }] });
  productId = await insertProduct(db(), idx++, { id: model, index: idx }, {
    production: [{ op_name: 'Dizgi', information: mat, materialqyt: 1, StockUpdate: true }, { op_name: 'Paketleme', information: mat, materialqyt: 1, StockUpdate: false }],
  });
});
afterAll(async () => { await t?.close(); });

describe('GET /api/pdf/order/t1/{id}: the work order', () => {
  it("prints '# İŞ EMRİ #' with each line's operations, and QR codes that open the order's lines, the line and each operation", async () => {
    const { offer, lines } = await newOrder('Ege Yapı Ltd. Şti.', [{ urun_id: productId, urun_adi: 'Astra Yol Armatürü Işık 30 W' }]);
    const res = await call('GET', `/api/pdf/order/t1/${offer._id}?lang=0`, undefined, t.tokens[3]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pdfInfo(res.rawPayload).size).toMatch(/^595\.\d+ x 841\.\d+ pts \(A4\)/);
    const text = flat(pdfText(res.rawPayload));
    for (const s of ['# İŞ EMRİ #', offer.teklif_no, 'Ege Yapı Ltd. Şti.', 'Astra Yol Armatürü Işık 30 W', 'ISK-AST-T2M-4000K', 'Miktar: 10,00 Adet', 'Dizgi', 'Paketleme', 'Başlamadı']) {
      expect(text).toContain(s);
    }
    const line = lines[0];
    const codes = qrCodesOf(res.rawPayload);
    expect(codes).toContain(`https://isik.example/orderoperations/${line._id}/${line.Operations[0]._id}`);
    expect(codes).toContain(`https://isik.example/orderoperations/${line._id}/${line.Operations[1]._id}`);
    expect(codes).toContain(`https://isik.example/app/production/order/${line._id}`);
    expect(codes).toContain(`https://isik.example/app/production/orderQROptions/${offer._id}`);
    expect(codes).toContain(`https://isik.example/web/${productId}`);

    const en = flat(pdfText((await call('GET', `/api/pdf/order/t1/${offer._id}?lang=1`)).rawPayload));
    for (const s of ['# WORKORDERS #', 'Qty: 10,00 Pcs', 'Not started']) expect(en).toContain(s);
  });

  it("has no product-page QR code for a material line: its urun_id is a material's, not a product's", async () => {
    const mat = await insertMaterial(db(), idx++);
    const { offer, lines } = await newOrder('Malzeme Alım A.Ş.', [{ urun_id: mat, urun_adi: 'Direk Bağlantı Aparatı', urun_kodu: [], order_type: 'material' }]);
    expect(lines.map((l) => [l.urun_id, l.order_type])).toEqual([[mat, 'material']]);
    const res = await call('GET', `/api/pdf/order/t1/${offer._id}?lang=0`, undefined, t.tokens[3]);
    expect(res.statusCode, res.body).toBe(200);
    const codes = qrCodesOf(res.rawPayload);
    expect(codes).toContain(`https://isik.example/app/production/order/${lines[0]._id}`);
    expect([...codes].filter((c) => c.includes('/web/'))).toEqual([]);
    expect(flat(pdfText(res.rawPayload))).toContain('Direk Bağlantı Aparatı');
  });

  it('answers 404 for an unknown order, 401 without a session and 403 below staff', async () => {
    expect((await call('GET', '/api/pdf/order/t1/nope', undefined, t.tokens[0], 'en')).json()).toMatchObject({ message: 'Order not found.' });
    const { offer } = await newOrder('Rol Deneme A.Ş.', [{ urun_id: productId }]);
    expect((await call('GET', `/api/pdf/order/t1/${offer._id}`, undefined, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/pdf/order/t1/${offer._id}`, undefined, t.tokens[5])).statusCode).toBe(403);
    expect((await call('GET', `/api/pdf/order/delivery/${offer._id}`, undefined, t.tokens[5])).statusCode).toBe(403);
    expect((await call('GET', '/api/pdf/workorders', undefined, t.tokens[5])).statusCode).toBe(403);
  });
});

describe('GET /api/pdf/order/delivery/{id}: the delivery form', () => {
  it("prints '# TESLİMAT FORMU #' with each delivery's date, quantity, deliverer and receiver and the Teslim Eden / Teslim Alan boxes", async () => {
    const { offer, lines } = await newOrder('Karadeniz Enerji A.Ş.', [{ urun_id: productId, urun_adi: 'Helios Solar Lamba', urun_miktari: 5, takeoff_from_stock: true }]);
    const line = lines[0];
    const body = { date: '03.02.2026', company_id: companyId, company: 'Karadeniz Enerji A.Ş.', product_id: productId, productname: 'Helios', order_id: offer._id, orderitem_id: line._id, unit: 'Adet', price: 46.5, doviz: '$', status: 0, deliverer: 'Ahmet Çelik', receiver: 'Şule Öztürk', description: 'Birinci sevkiyat', qty: 2 };
    await ok(call('POST', '/api/deliveried/create/', body));
    await ok(call('POST', '/api/deliveried/create/', { ...body, date: '05.02.2026', qty: 1, deliverer: 'İsmail Ağ', receiver: 'Gül Işık', description: '' }));
    const res = await call('GET', `/api/pdf/order/delivery/${offer._id}?lang=0`, undefined, t.tokens[3]);
    expect(res.statusCode, res.body).toBe(200);
    const text = flat(pdfText(res.rawPayload));
    for (const s of ['# TESLİMAT FORMU #', 'Karadeniz Enerji A.Ş.', 'Helios Solar Lamba', 'Sipariş edilen: 5,00 Adet', 'Teslim edilen: 3,00 Adet', 'Kalan: 2,00 Adet',
      '03.02.2026', '2,00 Adet', 'Ahmet Çelik', 'Şule Öztürk', 'Birinci sevkiyat', '05.02.2026', '1,00 Adet', 'İsmail Ağ', 'Gül Işık', 'Teslim Eden', 'Teslim Alan']) {
      expect(text).toContain(s);
    }
    expect(text.indexOf('03.02.2026')).toBeLessThan(text.indexOf('05.02.2026'));
    expect(flat(pdfText((await call('GET', `/api/pdf/order/delivery/${offer._id}?lang=1`)).rawPayload))).toContain('# DELIVERY FORM #');
  });

  it('has no page for an order without lines: 404 with the reason', async () => {
    // An offer still in status 0 has items but no order lines yet.
    const c = await ok<{ _id: string }>(call('POST', '/api/companies/create', { company_name: 'Boş Sipariş Ltd.', company_city: 'Bursa', company_country: 'Türkiye', company_email: 'bos@example.test' }));
    const offer = await ok<Offer>(call('POST', '/api/offers/create', {
      firma_id: c._id, firma_adi: 'Boş Sipariş Ltd.', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 0,
      offeritem: [{ urun_adi: 'Armatür', urun_miktari: 1, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' }],
    }));
    const res = await call('GET', `/api/pdf/order/delivery/${offer._id}`, undefined, t.tokens[3], 'en');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'This order has no lines; there is no delivery form to print.' });
  });
});

describe('GET /api/pdf/workorders: the production list', () => {
  it("prints 'ÜRETİM LİSTESİ' with the open lines, company names cut to 60 characters", async () => {
    const { offer } = await newOrder(LONG_NAME, [{ urun_id: productId, urun_adi: 'Uzun Firma Armatürü' }]);
    const res = await call('GET', '/api/pdf/workorders?lang=0', undefined, t.tokens[3]);
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('ÜRETİM LİSTESİ');
    expect(text).toContain('Uzun Firma Armatürü');
    // The name wraps in its column: its 60th character ends 'Taahhüt San'; 'Sanayi ve Ticaret' is cut away.
    expect([...LONG_NAME].slice(0, 60).join('')).toMatch(/Taahhüt San$/);
    expect(text).toMatch(/Taahhüt San\s*\n/);
    expect(text).not.toMatch(/Taahhüt Sanayi|Sanayi ve Ticaret/);
    expect(text).toContain('Firma');
    expect(flat(pdfText((await call('GET', '/api/pdf/workorders?lang=1')).rawPayload))).toContain('PRODUCTION LIST');
    expect(offer.teklif_no).toBeTruthy();
  });
});

describe('Each order document prints the name of its language (DECISIONS 4)', () => {
  it("an order made from an offer item with an English name: English work order, delivery form and production list print it, the Turkish ones the Turkish name", async () => {
    const { offer, lines } = await newOrder('Dil Deneme Ltd. Şti.', [{ urun_id: productId, urun_adi: ['Sokak Armatürü Işıklı 60W', 'Street Light Bright 60W'] }]);
    expect(lines.map((l) => [l.urun_adi, l.urun_adi_en])).toEqual([['Sokak Armatürü Işıklı 60W', 'Street Light Bright 60W']]);
    for (const url of [`/api/pdf/order/t1/${offer._id}`, `/api/pdf/order/delivery/${offer._id}`, '/api/pdf/workorders']) {
      const res = await call('GET', `${url}?lang=1`, undefined, t.tokens[3]);
      expect(res.statusCode, res.body).toBe(200);
      const en = flat(pdfText(res.rawPayload));
      expect(en, url).toContain('Street Light Bright 60W');
      expect(en, url).not.toContain('Sokak Armatürü Işıklı 60W');
      const tr = flat(pdfText((await call('GET', `${url}?lang=0`, undefined, t.tokens[3])).rawPayload));
      expect(tr, url).toContain('Sokak Armatürü Işıklı 60W');
      expect(tr, url).not.toContain('Street Light Bright 60W');
    }
  });

  it("a stock production line takes its product's English name; a line given another name has none", async () => {
    const model = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Dizgi' }] });
    const pair = await insertProduct(db(), idx++, { id: model, index: idx }, { urun_adi: ['Park Armatürü Yeşil 40W', 'Park Light Green 40W'] });
    const own = await ok<OrderLine>(call('POST', '/api/orders/create/', { urun_id: pair, urun_miktari: 2, urun_fiyati: 10 }));
    expect([own.urun_adi, own.urun_adi_en]).toEqual(['Park Armatürü Yeşil 40W', 'Park Light Green 40W']);
    const renamed = await ok<OrderLine>(call('POST', '/api/orders/create/', { urun_id: pair, urun_adi: 'Özel Park Armatürü', urun_miktari: 1, urun_fiyati: 10 }));
    expect([renamed.urun_adi, renamed.urun_adi_en]).toEqual(['Özel Park Armatürü', '']);
    const en = flat(pdfText((await call('GET', '/api/pdf/workorders?lang=1', undefined, t.tokens[3])).rawPayload));
    expect(en).toContain('Park Light Green 40W');
    expect(en).toContain('Özel Park Armatürü');
  });

  it('migration 0025 names the lines stored before the pair: from their offer item, else from their product when named as it in Turkish', async () => {
    const model = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Dizgi' }] });
    const named = await insertProduct(db(), idx++, { id: model, index: idx }, { urun_adi: ['Yeni Armatür 30W', 'New Light 30W'] });
    const { offer, lines } = await newOrder('Eski Sipariş A.Ş.', [
      { urun_id: named, urun_adi: ['Eski Armatür 20W', 'Old Light 20W'] }, { urun_id: named, urun_adi: 'Yeni Armatür 30W' }, { urun_id: named, urun_adi: 'Başka Ad' },
    ]);
    await db().execute(sql`update order_items set urun_adi_en = '' where offer_id = ${offer._id}`);
    const updates = fs.readFileSync(path.join(MIGRATIONS, '0025_order_item_names.sql'), 'utf8').split('--> statement-breakpoint').filter((q) => /^\s*(--.*\n\s*)*UPDATE/.test(q));
    expect(updates).toHaveLength(2);
    for (const q of updates) await db().execute(sql.raw(q));
    const after = (await ok<{ orders: OrderLine[] }>(call('GET', `/api/orders/list?type=detaillist&filter1=1&filter2=6&offer=${offer._id}`))).orders;
    const byId = new Map(after.map((l) => [l._id, l.urun_adi_en]));
    expect(lines.map((l) => byId.get(l._id))).toEqual(['Old Light 20W', 'New Light 30W', '']);
  });
});
