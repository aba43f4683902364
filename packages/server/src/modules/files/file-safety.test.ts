import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { count } from 'drizzle-orm';
import { files } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { dataUrl, makePdf, makePng } from './test-files.js';

let t: TestContext;
let png: Buffer;
beforeAll(async () => {
  t = await createTestContext();
  png = await makePng(64, 48);
});
afterAll(async () => { await t?.close(); });

const upload = (bytes: Buffer, mime: string, lang = 'en') =>
  t.call({ method: 'POST', url: '/api/files/upload', payload: { data: dataUrl(bytes, mime), name: 'x' }, token: t.tokens[2], lang });
const fileCount = async () => Number((await t.database.db.select({ n: count() }).from(files))[0].n);

/** A real PDF made with pdf-lib, optionally with an action on the catalog; saved with compressed object streams. */
async function pdfWith(key?: 'OpenAction' | 'AA' | 'Names' | 'Launch'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  const ctx = doc.context;
  const js = ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  if (key === 'OpenAction') doc.catalog.set(PDFName.of('OpenAction'), js);
  if (key === 'AA') doc.catalog.set(PDFName.of('AA'), ctx.obj({ O: js }));
  if (key === 'Names') doc.catalog.set(PDFName.of('Names'), ctx.obj({ JavaScript: ctx.obj({ Names: [PDFString.of('x'), js] }) }));
  if (key === 'Launch') doc.catalog.set(PDFName.of('OpenAction'), ctx.obj({ S: 'Launch', F: PDFString.of('calc.exe') }));
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

describe('uploaded PDFs', () => {
  it('accepts a plain PDF, also one saved with compressed object streams', async () => {
    expect((await upload(makePdf(), 'application/pdf')).statusCode).toBe(200);
    const res = await upload(await pdfWith(), 'application/pdf');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a PDF carrying JavaScript or actions (OpenAction, AA, JavaScript names, Launch), even compressed', async () => {
    const before = await fileCount();
    for (const key of ['OpenAction', 'AA', 'Names', 'Launch'] as const) {
      const res = await upload(await pdfWith(key), 'application/pdf');
      expect(res.statusCode, key).toBe(400);
      expect(res.json().fields.data, key).toBe('This PDF carries a script or an automatic action (JavaScript, OpenAction, AA, Launch) and is refused for safety.');
    }
    // Plain text objects, a name written with #xx escapes too.
    const escaped = Buffer.from(makePdf().toString('latin1').replace('/Type /Catalog', '/Type /Catalog /Open#41ction << /S /J#61vaScript /JS (app.alert(1)) >>'), 'latin1');
    const res = await upload(escaped, 'application/pdf', 'tr');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.data).toMatch(/betik/);
    expect(await fileCount()).toBe(before);
  });

  it('refuses what starts with %PDF- but is not a PDF', async () => {
    for (const body of ['%PDF-1.4\n<html><script>alert(1)</script></html>', '%PDF-<svg onload=alert(1)>', '%PDF-1.7\nnot really\n%%EOF']) {
      const res = await upload(Buffer.from(body), 'application/pdf');
      expect(res.statusCode, body).toBe(400);
      expect(res.json().fields.data, body).toMatch(/is not a valid PDF|not supported/);
    }
  });

  it('refuses a PDF with scripts inside a product save too (files in records are checked the same way)', async () => {
    const model = await t.call({ method: 'POST', url: '/api/models/create', token: t.tokens[1], payload: { model_adi: ['Güvenlik Modeli', 'Safety Model'], model_kodu: 'SAFE-1', model_kategori: 1 } });
    expect(model.statusCode, model.body).toBe(200);
    const res = await t.call({
      method: 'POST', url: '/api/products/create', token: t.tokens[1],
      payload: { urun_adi: ['Güvenli Ürün', 'Safe Product'], urun_kodu: 'SAFE-P1', urun_model: model.json()._id, technicalDrawing: dataUrl(await pdfWith('OpenAction'), 'application/pdf') },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['technicalDrawing']);
  });
});

describe('serving stored files', () => {
  it('sends every file with a sandbox CSP and a file name of its stored type', async () => {
    const up = (await upload(png, 'image/png')).json();
    for (const url of [up.url, up.smallUrl, `${up.url}?name=evil.html`]) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy'], url).toMatch(/^sandbox;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const evil = await t.call({ method: 'GET', url: `${up.url}?name=evil.html` });
    expect(evil.headers['content-disposition']).toBe(`inline; filename="evil.png"; filename*=UTF-8''evil.png`);
    const noExt = await t.call({ method: 'GET', url: `${up.url}?name=${encodeURIComponent('Logo')}` });
    expect(noExt.headers['content-disposition']).toMatch(/filename="Logo\.png"/);
    const pdf = (await upload(makePdf('x'), 'application/pdf')).json();
    expect((await t.call({ method: 'GET', url: `${pdf.url}?name=plan.svg` })).headers['content-disposition']).toMatch(/filename="plan\.pdf"/);
  });

  it('serves the own company\'s stamp, signature and certificate files only to back-office staff (or by signed URL)', async () => {
    const stamp = await makePng(90, 90, { r: 10, g: 10, b: 200 });
    const sign = await makePng(90, 40, { r: 0, g: 0, b: 0 });
    const logo = await makePng(120, 40, { r: 200, g: 200, b: 0 });
    const created = await t.call({
      method: 'POST', url: '/api/company/create', token: t.tokens[0],
      payload: {
        sirket_adi: 'Işık LED', sirket_ulke: 'Türkiye', sirket_rapor_logo: dataUrl(logo, 'image/png'),
        sirket_kase: dataUrl(stamp, 'image/png'), sirket_kaseimza: dataUrl(sign, 'image/png'),
        certificates: [{ certificate: 'CE', file: dataUrl(makePdf('CE'), 'application/pdf'), bwfile: '' }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const read = await t.call({ method: 'GET', url: '/api/company/1', token: t.tokens[2] });
    expect(read.statusCode).toBe(200);
    const c = read.json();
    const plain = (u: string) => u.split('?')[0];
    const privateUrls = [plain(c.sirket_kase), plain(c.sirket_kaseimza), `${plain(c.sirket_kase)}/small`, plain(c.certificates[0].file)];
    for (const url of privateUrls) {
      expect((await t.call({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.call({ method: 'GET', url, token: t.tokens[4] })).statusCode, url).toBe(403);
      expect((await t.call({ method: 'GET', url, token: t.tokens[3] })).statusCode, url).toBe(200);
      expect((await t.call({ method: 'GET', url: `${url}?exp=99999999999&sig=forged` })).statusCode, url).toBe(401);
    }
    // The staff's answer carries signed URLs an <img> can load; the logo stays public.
    for (const url of [c.sirket_kase, c.sirket_kaseimza, c.certificates[0].file]) {
      expect(url).toMatch(/\?exp=\d+&sig=/);
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private/);
    }
    expect((await t.call({ method: 'GET', url: c.sirket_rapor_logo })).statusCode).toBe(200);
    // A save that sends the signed URLs back stores them plain.
    const saved = await t.call({ method: 'POST', url: '/api/company/update/1', token: t.tokens[0], payload: { ...c, __v: c.__v } });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await t.database.db.query.myCompany.findFirst();
    expect(row?.sirket_kase).toBe(plain(c.sirket_kase));
    expect(row?.certificates[0].file).toBe(plain(c.certificates[0].file));
  });
});
