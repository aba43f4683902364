import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, type Offer } from '@isik/domain';
import { trackingToken } from '../../lib/tracking-token.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { createFilesService } from '../files/files-service.js';
import { seedMyCompany } from '../mycompany/mycompany-seed.js';
import { renderOfferPdf } from './pdf-service.js';
import { pdfInfo, pdfText } from './pdf-test-helpers.js';

let t: TestContext;
let companyId: string;
let offer: Offer;

const TURKISH = 'İı Şş Ğğ Çç Öö Üü';
const item = (over: Record<string, unknown> = {}) => ({ urun_adi: 'Sokak Armatürü 100W', urun_kodu: ['SL', 'P1', '100W', 'O1', '4000K', 'PN', 'BT', 'GRI'], urun_miktari: 3, urun_birimi: 'Adet', urun_fiyati: 1234.5, urun_dovizi: '$', urun_kdv: 20, order_type: 'default', ...over });
const body_ = (over: Record<string, unknown> = {}) => ({
  firma_adi: 'Çağlar Işıklandırma Ltd. Şti.', firma_ulke: 'Türkiye', firma_il: 'İzmir', firma_adres: 'Gül Sok. No: 5', teklif_konu: 'Otopark aydınlatması',
  related_person: 'Ayşe Öztürk', firma_eposta: 'ayse@caglar.test', teklif_referansno: 'REF-Ğ-7', teklif_notu: `Notlar: ${TURKISH} ₺`, teklif_altbilgi: 'Teslim süresi 30 gündür.',
  teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_tarih: true, teklif_kaseimza: true,
  offeritem: [item({ urun_adi: `Sokak Armatürü ${TURKISH}` }), item({ urun_adi: 'Güneş Paneli', urun_miktari: 2, urun_fiyati: 50, urun_dovizi: '€', urun_kdv: 10 }), item({ urun_adi: 'Montaj', urun_kodu: [], urun_miktari: 1, urun_fiyati: 1000, urun_dovizi: '₺', urun_kdv: 0 })],
  ...over,
});
const create = async (over: Record<string, unknown> = {}): Promise<Offer> => {
  const res = await t.call({ method: 'POST', url: '/api/offers/create', payload: body_({ firma_id: companyId, ...over }), token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const getPdf = (id: string, query = '', token: string | null = t.tokens[3], lang = 'tr') => t.call({ method: 'GET', url: `/api/pdf/offer/t1/${id}${query}`, token, lang });
/** pdftotext output with runs of spaces collapsed (columns are laid out with spaces). */
const flat = (s: string) => s.replace(/[ \t]+/g, ' ');

beforeAll(async () => {
  t = await createTestContext();
  await seedMyCompany(t.database.db, { pictures: true });
  const res = await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[0], payload: { company_name: 'Çağlar Işıklandırma Ltd. Şti.', company_city: 'İzmir', company_country: 'Türkiye', company_taxoffice: 'Karşıyaka', company_taxno: '9876543210', company_email: 'info@caglar.test' } });
  expect(res.statusCode, res.body).toBe(200);
  companyId = res.json()._id;
  offer = await create();
});
afterAll(async () => { await t?.close(); });

describe('GET /api/pdf/offer/t1/:id', () => {
  it('answers an A4 PDF whose text carries the titles, the buyer, every Turkish letter and the stored figures formatted the Turkish way', async () => {
    const res = await getPdf(offer._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfInfo(res.rawPayload).size).toMatch(/^595\.\d+ x 841\.\d+ pts \(A4\)/);
    const text = flat(pdfText(res.rawPayload));
    // The own company's header, the title (the subject), the boxes of spec 002.
    expect(text).toContain('Işık LED Aydınlatma A.Ş.');
    expect(text).toContain('www.isikled.com.tr');
    expect(text).toContain('Otopark aydınlatması');
    for (const label of ['MÜŞTERİ', 'TEKLİF BİLGİLERİ', 'ONAYLAYAN', 'OLUŞTURAN', 'BANKA HESAPLARI', 'Genel Toplam', 'KDV Dahil']) expect(text).toContain(label);
    expect(text).toContain(TURKISH);
    expect(text).toContain('₺');
    // Buyer box with the registered company's tax office and number; info box with date, number and reference.
    expect(text).toContain('Vergi Dairesi: Karşıyaka');
    expect(text).toContain('Vergi No: 9876543210');
    expect(text).toContain(`Teklif No: ${offer.teklif_no}`);
    expect(text).toContain('Referans No: REF-Ğ-7');
    expect(text).toMatch(/Tarih: \d\d\.\d\d\.\d{4}/);
    // Code parts 0-5 only.
    expect(text).toContain('SL-P1-100W-O1-4000K-PN');
    expect(text).not.toContain('SL-P1-100W-O1-4000K-PN-BT');
    // Row figures and totals: exactly the stored ones, 1.234,56 style.
    expect(text).toContain(`${formatNumber(1234.5, 2)} $`);
    for (const i of offer.offeritem) {
      expect(text).toContain(`${formatNumber(i.toplamDoviz, 2)} $`);
      expect(text).toContain(`${formatNumber(i.toplamDoviz + i.toplamKdvDoviz, 2)} $`);
    }
    expect(text).toContain(`Toplam ${formatNumber(offer.teklif_tutardoviz, 2)} $`);
    expect(text).toContain(`KDV ${formatNumber(offer.teklif_kdvdoviz, 2)} $`);
    expect(text).toContain(`Genel Toplam ${formatNumber(offer.teklif_gtoplamdoviz, 2)} $`);
    expect(text).toContain(`${formatNumber(offer.teklif_gtoplamtl, 2)} ₺`);
    expect(formatNumber(offer.teklif_gtoplamtl, 2)).toMatch(/^\d{1,3}(\.\d{3})+,\d\d$/);
    // ONAYLAYAN is the signed-in user, OLUŞTURAN the creator; the bank accounts of the own company.
    expect(text).toContain('Role3 Tester');
    expect(text).toContain('Role2 Tester');
    expect(text).toContain('T.C. Ziraat Bankası');
    expect(text).toContain('Notlar: ' + TURKISH);
    expect(text).toContain('Teslim süresi 30 gündür.');
  });

  it('prints English labels with lang=1 (or an English caller), and COMMERCIAL INVOICE with the invoice layout for invoice type 1', async () => {
    const en = flat(pdfText((await getPdf(offer._id, '?lang=1')).rawPayload));
    for (const label of ['BUYER', 'OFFER DETAILS', 'Grand Total', 'Offer No', 'Pcs', 'ONAYLAYAN', 'OLUŞTURAN']) expect(en).toContain(label);
    expect(en).not.toContain('MÜŞTERİ');
    expect(flat(pdfText((await getPdf(offer._id, '', t.tokens[3], 'en')).rawPayload))).toContain('BUYER');

    const inv = await create({ commercial_invoice: true, invoice_type: 1, teklif_tarih: false, teklif_sevkadresi: 'Liman Yolu 3, Mersin' });
    const text = flat(pdfText((await getPdf(inv._id)).rawPayload));
    expect(text).toContain('COMMERCIAL INVOICE');
    expect(text).toContain('Fatura No');
    expect(text).toContain('Sevk Adresi');
    expect(text).toContain('Liman Yolu 3, Mersin');
    expect(text).not.toMatch(/Tarih/);
    expect(text).toContain(`${formatNumber(inv.teklif_gtoplamdoviz, 2)} $`);
  });

  it('prints the delivery address (teklif_sevkadresi) in the offer layout T0 as in the invoice layout T1, and no label without one', async () => {
    const t0 = await create({ invoice_type: 0, teklif_sevkadresi: 'Depo Cad. 9, Manisa' });
    const text = flat(pdfText((await getPdf(t0._id)).rawPayload));
    expect(text).toContain('Sevk Adresi: Depo Cad. 9, Manisa');
    expect(flat(pdfText((await getPdf(t0._id, '?lang=1')).rawPayload))).toContain('Shipping Address: Depo Cad. 9, Manisa');
    expect(flat(pdfText((await getPdf(offer._id)).rawPayload))).not.toContain('Sevk Adresi');
  });

  it("keeps an item's name pair [tr, en] and prints the name of each document's language; a single name (older clients) still works", async () => {
    const o = await create({ offeritem: [item({ urun_adi: ['Sokak Armatürü Işıklı 60W', 'Street Light Bright 60W'] }), item({ urun_adi: 'Montaj Hizmeti', urun_kodu: [] })] });
    expect(o.offeritem.map((i) => [i.urun_adi, i.urun_adi_en])).toEqual([['Sokak Armatürü Işıklı 60W', 'Street Light Bright 60W'], ['Montaj Hizmeti', '']]);
    const en = flat(pdfText((await getPdf(o._id, '?lang=1')).rawPayload));
    expect(en).toContain('Street Light Bright 60W');
    expect(en).not.toContain('Sokak Armatürü Işıklı 60W');
    expect(en).toContain('Montaj Hizmeti');
    const tr = flat(pdfText((await getPdf(o._id, '?lang=0')).rawPayload));
    expect(tr).toContain('Sokak Armatürü Işıklı 60W');
    expect(tr).not.toContain('Street Light Bright 60W');

    // An older client sends the names back as single strings: the unchanged row keeps its English name, a renamed one drops it.
    const body = o.offeritem.map((i) => ({ _id: i._id, urun_adi: i.urun_adi, urun_miktari: i.urun_miktari, urun_fiyati: i.urun_fiyati, urun_dovizi: i.urun_dovizi, urun_kdv: i.urun_kdv }));
    const res = await t.call({ method: 'POST', url: `/api/offers/update/${o._id}`, payload: { __v: o.__v, offeritem: body }, token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Offer).offeritem.map((i) => i.urun_adi_en)).toEqual(['Street Light Bright 60W', '']);
    const renamed = await t.call({ method: 'POST', url: `/api/offers/update/${o._id}`, payload: { __v: (res.json() as Offer).__v, offeritem: [{ ...body[0], urun_adi: 'Park Armatürü' }] }, token: t.tokens[2] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as Offer).offeritem.map((i) => [i.urun_adi, i.urun_adi_en])).toEqual([['Park Armatürü', '']]);

    // A pair without a Turkish name takes the English one; an empty pair is refused with the field.
    const enOnly = await create({ offeritem: [item({ urun_adi: ['', 'Flood Light'] })] });
    expect(enOnly.offeritem.map((i) => [i.urun_adi, i.urun_adi_en])).toEqual([['Flood Light', 'Flood Light']]);
    const bad = await t.call({ method: 'POST', url: '/api/offers/create', payload: body_({ firma_id: companyId, offeritem: [item({ urun_adi: ['', '-'] })] }), token: t.tokens[2], lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ 'offeritem.0.urun_adi': 'Write the product name.' });
  });

  it('is for staff (role 3 or lower) or the holder of the order-tracking token; others get 401, 403 or 404', async () => {
    expect((await getPdf(offer._id, '', null)).statusCode).toBe(401);
    for (const role of [4, 7]) expect((await getPdf(offer._id, '', t.tokens[role])).statusCode).toBe(403);
    for (const role of [0, 1, 2]) expect((await getPdf(offer._id, '', t.tokens[role])).statusCode).toBe(200);
    const token = trackingToken(t.config.jwtSecret, offer._id, companyId);
    const tracked = await getPdf(offer._id, `?companyId=${companyId}&token=${token}`, null);
    expect(tracked.statusCode).toBe(200);
    expect(flat(pdfText(tracked.rawPayload))).toContain('MÜŞTERİ');
    expect((await getPdf(offer._id, `?companyId=${companyId}&token=${token}x`, null)).statusCode).toBe(404);
    expect((await getPdf('nope', '')).statusCode).toBe(404);
    const missing = await getPdf('nope', '', t.tokens[3], 'en');
    expect(missing.json()).toMatchObject({ message: 'Record not found.' });
  });

  it('renderOfferPdf gives the mail the same document', async () => {
    const { bytes, fileName } = await renderOfferPdf({ db: t.database.db, files: createFilesService({ db: t.database.db, maxBytes: 10_000_000 }), secret: () => t.config.jwtSecret }, offer._id, { lang: 0, approver: 'Posta Gönderen' });
    expect(fileName).toBe(`offer-${offer.teklif_no}.pdf`);
    const text = flat(pdfText(bytes));
    expect(text).toContain('Posta Gönderen');
    expect(text).toContain(`Genel Toplam ${formatNumber(offer.teklif_gtoplamdoviz, 2)} $`);
  });
});
