import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessYear, companyInputSchema } from '@isik/domain';
import { and, eq } from 'drizzle-orm';
import { buyings, companies, logs, tcmbRates } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { makeCompany } from '../../seed/factory.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial } from '../catalogue/test-fixtures.js';
import { startTestSmtp, type TestSmtp } from '../mail/test-smtp.js';
import { seedMyCompany } from '../mycompany/mycompany-seed.js';
import { pdfInfo, pdfText } from '../pdf/pdf-test-helpers.js';
import { allocatePurchaseOrderNo } from './purchase-order-repository.js';

let t: TestContext;
/** An app on its own database without SMTP_URL. */
let bare: TestContext;
let smtp: TestSmtp;
let trSupplier: string;
let deSupplier: string;
let otherSupplier: string;
let noMailSupplier: string;
let materialIndex = 300;
let companyIndex = 50;
const YEAR = businessYear(new Date());
const NO_RE = new RegExp(`^SAS-${YEAR}-(\\d{4,})$`);
const seqOf = (no: string) => Number(NO_RE.exec(no)?.[1] ?? NaN);

const db = () => t.database.db;
const flat = (s: string) => s.replace(/[ \t]+/g, ' ');

async function insertSupplier(over: Record<string, unknown>): Promise<string> {
  const id = newId();
  const { company_email: mail, ...rest } = over;
  // An empty address is stored as it is (the company form asks for one; older records may have none).
  await db().insert(companies).values({ id, ...companyInputSchema.parse({ ...makeCompany(companyIndex++, 'Suppliers'), ...rest }), company_email: String(mail ?? '') });
  return id;
}
const newMaterial = (over: Record<string, unknown> = {}) => insertMaterial(db(), materialIndex++, { material_unit: 'Kg', material_price: 2.5, material_doviz: '$', ...over });

async function request(over: Record<string, unknown> = {}, ctx = t) {
  const res = await ctx.call({ method: 'POST', url: '/api/buying/create/', token: ctx.tokens[2], payload: { material_id: await newMaterial(), material_qty: 2, material_price: 10, material_doviz: '$', tedarikci_id: trSupplier, ...over } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; siparis_no: string; satinalma_durumu: number; __v: number };
}
const combine = (payload: unknown, token: string | null = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: '/api/buying/order', payload: payload as object, token, lang });
const getPdf = (id: string, token: string | null = t.tokens[2], ctx = t) => ctx.call({ method: 'GET', url: `/api/pdf/purchase/${id}`, token });
const email = (id: string, payload: Record<string, unknown> = {}, ctx = t, token: string | null = ctx.tokens[2], lang = 'en') =>
  ctx.call({ method: 'POST', url: `/api/buying/email/${id}`, payload, token, lang });
const stored = async (id: string) => (await db().select().from(buyings).where(eq(buyings.id, id)))[0];

beforeAll(async () => {
  smtp = await startTestSmtp();
  [t, bare] = await Promise.all([createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'Işık <office@example.test>' }), createTestContext()]);
  await db().insert(tcmbRates).values({ tarih: '2026-11-20', bulletin_no: '2026/220', usd_selling: '40.5', usd_buying: '40.4', eur_selling: '45.25', eur_buying: '45.1' });
  await seedMyCompany(db());
  trSupplier = await insertSupplier({ company_name: 'Çelik Tedarik A.Ş.', company_country: 'Türkiye', company_email: 'satis@celik.test', company_taxoffice: 'Kadıköy', company_taxno: '1234567890' });
  deSupplier = await insertSupplier({ company_name: 'Lumen GmbH', company_country: 'Germany', company_email: 'orders@lumen.test' });
  otherSupplier = await insertSupplier({ company_name: 'Başka Tedarik Ltd.', company_country: 'Türkiye', company_email: 'info@baska.test' });
  noMailSupplier = await insertSupplier({ company_name: 'Postasız Ltd.', company_country: 'Türkiye', company_email: '' });
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await smtp?.close();
});

describe('order numbers (siparis_no)', () => {
  it('a request has none; reaching 1 Order gives the next number of the year; a sent number is ignored, before and after', async () => {
    const a = await request({ siparis_no: 'ELLE-1' });
    expect(a.siparis_no).toBe('');
    const res = await t.call({ method: 'POST', url: `/api/buying/update/${a._id}`, token: t.tokens[2], payload: { satinalma_durumu: 1, siparis_no: 'ELLE-2' } });
    expect(res.statusCode, res.body).toBe(200);
    const no = res.json().siparis_no as string;
    expect(no).toMatch(NO_RE);
    // Later moves keep it, whatever is sent.
    const later = await t.call({ method: 'POST', url: `/api/buying/update/${a._id}`, token: t.tokens[2], payload: { satinalma_durumu: 2, siparis_no: 'ELLE-3' } });
    expect(later.json().siparis_no).toBe(no);
    // Created straight at 1: the next number.
    const b = await request({ satinalma_durumu: 1, siparis_no: 'ELLE-4' });
    expect(seqOf(b.siparis_no)).toBe(seqOf(no) + 1);
  });

  it('two orders at once never share a number: eight requests ordered at the same time take eight consecutive numbers', async () => {
    const reqs = await Promise.all(Array.from({ length: 8 }, () => request()));
    const answers = await Promise.all(reqs.map((r) => t.call({ method: 'POST', url: `/api/buying/update/${r._id}`, token: t.tokens[2], payload: { satinalma_durumu: 1 } })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const seqs = answers.map((a) => seqOf(a.json().siparis_no)).sort((x, y) => x - y);
    expect(new Set(seqs).size).toBe(8);
    expect(seqs[7] - seqs[0]).toBe(7);
  });

  it('counts per year: each year starts at 0001', async () => {
    const nos = await t.database.db.transaction(async (tx) => [
      await allocatePurchaseOrderNo(tx, new Date('2031-06-01T10:00:00Z')),
      await allocatePurchaseOrderNo(tx, new Date('2031-07-01T10:00:00Z')),
      await allocatePurchaseOrderNo(tx, new Date('2032-01-10T10:00:00Z')),
    ]);
    expect(nos).toEqual(['SAS-2031-0001', 'SAS-2031-0002', 'SAS-2032-0001']);
  });
});

describe('POST /api/buying/order', () => {
  it('combines requests of one supplier and one currency into one order: status 1, one number, the requested date, a log row each', async () => {
    const a = await request({ material_qty: 3, material_price: '12.3456' });
    const b = await request({ material_qty: 1500, material_price: '0.8333' });
    const res = await combine({ ids: [a._id, b._id, a._id], termin_tarihi: '15.12.2026' });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.siparis_no).toMatch(NO_RE);
    expect(o.lines.map((l: { _id: string }) => l._id).sort()).toEqual([a._id, b._id].sort());
    // 3 x 12.3456 = 37.0368 -> 37.04; 1500 x 0.8333 = 1249.95; the order's total is the sum of the rounded lines.
    expect(o.lines.map((l: { total: number }) => l.total).sort((x: number, y: number) => x - y)).toEqual([37.04, 1249.95]);
    expect(o.totals).toEqual([{ doviz: '$', total: 1286.99 }]);
    expect(o.supplier).toMatchObject({ id: trSupplier, name: 'Çelik Tedarik A.Ş.', email: 'satis@celik.test' });
    expect(o.lang).toBe('tr');
    expect(o.termin_tarihi).toBeTruthy();
    for (const id of [a._id, b._id]) {
      const r = await stored(id);
      expect(r).toMatchObject({ satinalma_durumu: 1, siparis_no: o.siparis_no, related_person: 'Role2 Tester' });
      expect(r.siparis_tarihi).toBeTruthy();
      expect(r.termin_tarihi?.toISOString()).toBe(o.termin_tarihi);
      expect(await db().select().from(logs).where(and(eq(logs.form, 'buying'), eq(logs.operation_id, id), eq(logs.title, 'Satın alma siparişi oluşturuldu')))).toHaveLength(1);
    }
    // GET answers the same document for either purchase.
    const again = await t.call({ method: 'GET', url: `/api/buying/order/${b._id}`, token: t.tokens[2] });
    expect(again.json()).toEqual(o);
  });

  it('a request added to an order of the same supplier joins its number', async () => {
    const a = await request();
    const first = (await combine({ ids: [a._id] })).json();
    const b = await request();
    const res = await combine({ ids: [a._id, b._id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().siparis_no).toBe(first.siparis_no);
    expect(res.json().lines).toHaveLength(2);
  });

  it('refuses another supplier, another currency, a request past Order, an unknown id and an empty list, naming the field in the caller\'s language', async () => {
    const a = await request();
    const other = await request({ tedarikci_id: otherSupplier });
    const euro = await request({ material_doviz: '€' });
    const noSupplier = await request({ tedarikci_id: '', tedarikci_adi: '' });

    let res = await combine({ ids: [a._id, other._id] }, t.tokens[2], 'tr');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'purchaseOrder.supplierMismatch', message: 'Bir siparişteki talepler aynı tedarikçiye ait olmalıdır.', fields: { tedarikci_id: 'Bir siparişteki talepler aynı tedarikçiye ait olmalıdır.' } });

    res = await combine({ ids: [a._id, euro._id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'purchaseOrder.currencyMismatch', fields: { material_doviz: 'The requests of one order must be in one currency.' } });

    res = await combine({ ids: [a._id, noSupplier._id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ tedarikci_id: 'Every request of an order needs a supplier.' });

    const done = await request({ satinalma_durumu: 2 });
    res = await combine({ ids: [a._id, done._id] }, t.tokens[2], 'es');
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ satinalma_durumu: 'Solo las compras en estado Solicitud o Pedido se pueden combinar en un pedido.' });

    res = await combine({ ids: [a._id, 'nope'] });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields).toEqual({ ids: 'One of the chosen purchase requests does not exist (it may have been deleted).' });

    res = await combine({ ids: [] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain('ids');
    res = await combine({ ids: [a._id], termin_tarihi: '31.02.x' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain('termin_tarihi');

    // Nothing moved.
    expect((await stored(a._id)).satinalma_durumu).toBe(0);
    expect((await stored(a._id)).siparis_no).toBe('');
  });

  it('is a purchasing call: role 3 gets 403, no token 401', async () => {
    const a = await request();
    expect((await combine({ ids: [a._id] }, t.tokens[3])).statusCode).toBe(403);
    expect((await combine({ ids: [a._id] }, null)).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/buying/order/${a._id}`, token: t.tokens[3] })).statusCode).toBe(403);
    expect((await getPdf(a._id, t.tokens[3])).statusCode).toBe(403);
    expect((await getPdf(a._id, null)).statusCode).toBe(401);
    expect((await email(a._id, {}, t, t.tokens[3])).statusCode).toBe(403);
    expect((await stored(a._id)).satinalma_durumu).toBe(0);
  });
});

describe('GET /api/pdf/purchase/{id}', () => {
  it('prints the whole order in Turkish for a supplier in Turkey: header, supplier, lines, totals to the cent, requested date', async () => {
    const a = await request({ material_qty: 3, material_price: '12.3456', siparis_notu: 'Kutulu gönderiniz' });
    const b = await request({ material_qty: 1500, material_price: '0.8333', material_unit: 'Metre' });
    const o = (await combine({ ids: [a._id, b._id], termin_tarihi: '15.12.2026' })).json();
    const res = await getPdf(a._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`purchase-order-${o.siparis_no}.pdf`);
    expect(pdfInfo(res.rawPayload).size).toContain('A4');
    const text = flat(pdfText(res.rawPayload));
    expect(text).toContain('SATIN ALMA SİPARİŞİ');
    expect(text).toContain(`Sipariş No ${o.siparis_no}`);
    expect(text).toContain('Çelik Tedarik A.Ş.');
    expect(text).toContain('Kadıköy / 1234567890');
    expect(text).toContain('İstenen Teslim Tarihi 15.12.2026');
    expect(text).toContain('Kutulu gönderiniz');
    expect(text).toMatch(/3 Kg 12,3456 \$ 37,04 15\.12\.2026/);
    expect(text).toMatch(/1\.500 Metre 0,8333 \$ 1\.249,95/);
    expect(text).toContain('TOPLAM ($) 1.286,99 $');
    // The own company's header.
    const company = (await t.call({ method: 'GET', url: '/api/company/1', token: t.tokens[2] })).json();
    expect(text).toContain(company.sirket_adi);
    // The other purchase prints the same document.
    const other = await getPdf(b._id);
    expect(flat(pdfText(other.rawPayload))).toContain('TOPLAM ($) 1.286,99 $');
  });

  it('prints English with English figures for a supplier abroad', async () => {
    const a = await request({ tedarikci_id: deSupplier, material_qty: 1500, material_price: '0.8333', material_doviz: '€' });
    const b = await request({ tedarikci_id: deSupplier, material_qty: 1, material_price: '1000.005', material_doviz: '€' });
    const o = (await combine({ ids: [a._id, b._id] })).json();
    expect(o.lang).toBe('en');
    const text = flat(pdfText((await getPdf(b._id)).rawPayload));
    expect(text).toContain('PURCHASE ORDER');
    expect(text).toContain(`Order No ${o.siparis_no}`);
    expect(text).toContain('Lumen GmbH');
    expect(text).toMatch(/1,500 Kg 0\.8333 € 1,249\.95/);
    // 1 x 1000.005 = 1000.005 -> 1000.01 (half up); 1249.95 + 1000.01 = 2249.96.
    expect(text).toMatch(/1 Kg 1,000\.005 € 1,000\.01/);
    expect(text).toContain('TOTAL (€) 2,249.96 €');
    expect(text).not.toContain('SATIN ALMA');
  });

  it('a request (status 0) has no order yet and a canceled purchase none any more: 409 with the reason; unknown 404', async () => {
    const a = await request();
    let res = await getPdf(a._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ satinalma_durumu: 'The purchase is not ordered yet: move it to Order first.' });
    await t.call({ method: 'POST', url: `/api/buying/update/${a._id}`, token: t.tokens[2], payload: { satinalma_durumu: 4 } });
    res = await getPdf(a._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('purchaseOrder.canceled');
    expect((await getPdf('missing')).statusCode).toBe(404);
  });
});

describe('POST /api/buying/email/{id}', () => {
  it("sends the order PDF to the supplier's address with the subject and message in its language; a log row says who sent what to whom", async () => {
    const a = await request({ material_qty: 3, material_price: '12.3456' });
    const b = await request({ material_qty: 1500, material_price: '0.8333' });
    const o = (await combine({ ids: [a._id, b._id] })).json();
    const res = await email(a._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', to: 'satis@celik.test', siparis_no: o.siparis_no, fileName: `purchase-order-${o.siparis_no}.pdf` });
    const mail = await smtp.next();
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('satis@celik.test');
    expect(mail.replyTo?.text).toBe('r2@test.local');
    expect(mail.subject).toBe(`Satın alma siparişi ${o.siparis_no}`);
    expect(mail.text).toContain('Sayın Çelik Tedarik A.Ş.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(mail.attachments[0].filename).toBe(`purchase-order-${o.siparis_no}.pdf`);
    const text = flat(pdfText(mail.attachments[0].content));
    expect(text).toContain(o.siparis_no);
    expect(text).toContain('TOPLAM ($) 1.286,99 $');
    const rows = await db().select().from(logs).where(and(eq(logs.form, 'buying'), eq(logs.operation_id, a._id), eq(logs.title, 'Satın alma siparişi tedarikçiye e-postayla gönderildi')));
    expect(rows).toHaveLength(1);
    expect(rows[0].description).toContain(`${o.siparis_no}: Çelik Tedarik A.Ş. → satis@celik.test`);
    expect(rows[0].person).toBe('Role2 Tester');
  });

  it('takes a typed recipient, subject and message; an English supplier gets the English draft', async () => {
    const a = await request({ tedarikci_id: deSupplier });
    const o = (await combine({ ids: [a._id] })).json();
    let res = await email(a._id, { to: 'Buyer@Lumen.test', subject: 'Our order', message: 'Hello,\nsee attached.' });
    expect(res.statusCode, res.body).toBe(200);
    let mail = await smtp.next();
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('buyer@lumen.test');
    expect(mail.subject).toBe('Our order');
    expect(mail.text).toContain('see attached.');
    res = await email(a._id);
    expect(res.statusCode, res.body).toBe(200);
    mail = await smtp.next();
    expect(mail.subject).toBe(`Purchase order ${o.siparis_no}`);
    expect(mail.text).toContain('Dear Lumen GmbH');
    expect(flat(pdfText(mail.attachments[0].content))).toContain('PURCHASE ORDER');
  });

  it('refuses a missing or bad address, a request not ordered; 503 without SMTP or when the server refuses, and nothing is logged', async () => {
    const silent = await request({ tedarikci_id: noMailSupplier });
    await combine({ ids: [silent._id] });
    const before = smtp.received;
    let res = await email(silent._id, {}, t, t.tokens[2], 'tr');
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ to: 'Tedarikçinin e-posta adresi yok: alıcıyı yazınız.' });
    res = await email(silent._id, { to: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['to']);
    const open = await request();
    res = await email(open._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('purchaseOrder.notOrdered');
    // The SMTP server refuses: 503, no log row.
    const logged = async () => (await db().select().from(logs).where(and(eq(logs.operation_id, silent._id), eq(logs.title, 'Satın alma siparişi tedarikçiye e-postayla gönderildi')))).length;
    smtp.refuse(true);
    try {
      res = await email(silent._id, { to: 'someone@example.test' });
      expect(res.statusCode).toBe(503);
    } finally {
      smtp.refuse(false);
    }
    expect(await logged()).toBe(0);
    expect(smtp.received).toBe(before);
    // Without SMTP_URL.
    await bare.database.db.insert(companies).values({ id: 'sup-bare', ...companyInputSchema.parse({ ...makeCompany(900, 'Suppliers'), company_email: 'x@y.test' }) });
    await bare.database.db.insert(tcmbRates).values({ tarih: '2026-11-20', bulletin_no: '2026/220', usd_selling: '40.5', usd_buying: '40.4', eur_selling: '45.25', eur_buying: '45.1' });
    const mid = await insertMaterial(bare.database.db, 901, {});
    const made = await bare.call({ method: 'POST', url: '/api/buying/create/', token: bare.tokens[2], payload: { material_id: mid, material_qty: 1, material_price: 1, material_doviz: '$', tedarikci_id: 'sup-bare', satinalma_durumu: 1 } });
    expect(made.statusCode, made.body).toBe(200);
    res = await email(made.json()._id, {}, bare);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('mail.notConfigured');
  });
});
