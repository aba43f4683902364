import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { newLabel, type LabelDataInput } from '@isik/domain';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { seedMyCompany } from '../mycompany/mycompany-seed.js';
import { pdfInfo, pdfPng, pdfText } from './pdf-test-helpers.js';

let t: TestContext;
const flat = (s: string) => s.replace(/[ \t]+/g, ' ');
const post = (kind: string, payload: LabelDataInput, token: string | null = t.tokens[3], lang = 'tr') =>
  t.call({ method: 'POST', url: `/api/pdf/${kind}`, payload, token, lang });

const certs = Array.from({ length: 8 }, (_, i) => ({ certificate: `Sertifika-${i + 1}`, file: '', bwfile: '' }));
const box = (over: Partial<LabelDataInput> = {}): LabelDataInput => ({
  ...newLabel('Kutu Etiketi'), ProductID: 'p123', model: 'ASTRA', productName: 'Astra Sokak Armatürü İĞŞ', productCode: 'AST-100-4000K',
  Power: '100', Dimensions: '600x250x90 mm', Weight: '4,5', BoxQty: 2, Certificates: certs, warning: 'Dikkat: kuru yerde saklayınız.', ...over,
});

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://isik.example' });
  await seedMyCompany(t.database.db, { pictures: true });
});
afterAll(async () => { await t?.close(); });

describe('POST /api/pdf/label10x10, label8x10, label8x6', () => {
  it('prints the box label in points (283.4 square) with its units, the box defaults, at most 6 certificates, Turkish letters', async () => {
    const res = await post('label10x10', box());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pdfInfo(res.rawPayload).size).toMatch(/^283\.4 x 283\.4 pts/);
    const text = flat(pdfText(res.rawPayload));
    for (const s of ['ASTRA', 'Astra Sokak Armatürü İĞŞ', 'Ürün Kodu: AST-100-4000K', 'Güç 100 W', 'Gerilim 180-265 V AC 50Hz', 'Ağırlık 4,5 Kg', 'Kutu İçi 2 Adet', 'Dikkat: kuru yerde saklayınız.']) {
      expect(text).toContain(s);
    }
    for (let i = 1; i <= 6; i++) expect(text).toContain(`Sertifika-${i}`);
    expect(text).not.toContain('Sertifika-7');
    // English: labels and the unit label Pcs.
    const en = flat(pdfText((await post('label10x10', box({ Lang: 1 }))).rawPayload));
    for (const s of ['Power 100 W', 'Weight 4,5 Kg', 'Box Qty 2 Pcs']) expect(en).toContain(s);
  });

  it('puts a QR code that decodes to the product page /web/{ProductID}, and leaves it out when switched off', async () => {
    const png = PNG.sync.read(pdfPng((await post('label10x10', box())).rawPayload, 200));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe('https://isik.example/web/p123');
    const off = PNG.sync.read(pdfPng((await post('label10x10', box({ qrOpen: false }))).rawPayload, 200));
    expect(jsQR(new Uint8ClampedArray(off.data), off.width, off.height)).toBeNull();
  });

  it('prints the solar panel label (283.4 x 226.4, power in Wp) and the battery label (226.4 x 169.8, capacity in Ah)', async () => {
    const solar = await post('label8x10', { ...newLabel('Güneş Paneli Etiketi'), model: 'SOLAR', productName: 'Güneş Paneli 150', Power: '150', Specs: [{ urun_ozellik: 'Hücre', urun_aciklama: 'Monokristal' }] });
    expect(solar.statusCode, solar.body).toBe(200);
    expect(pdfInfo(solar.rawPayload).size).toMatch(/^283\.4 x 226\.4 pts/);
    const st = flat(pdfText(solar.rawPayload));
    expect(st).toContain('Güç 150 Wp');
    expect(st).toContain('Hücre Monokristal');
    const battery = await post('label8x6', { ...newLabel('Pil Etiketi'), model: 'LiFePO4', productName: 'Pil 12V', Capacity: '100', Voltage: '12,8 V', Weight: '11' });
    expect(battery.statusCode, battery.body).toBe(200);
    expect(pdfInfo(battery.rawPayload).size).toMatch(/^226\.4 x 169\.8 pts/);
    const bt = flat(pdfText(battery.rawPayload));
    expect(bt).toContain('Kapasite 100 Ah');
    expect(bt).toContain('Ağırlık 11 Kg');
  });

  it("prints only the product's own values: no placeholder dimensions (XX-XX-XX mm), no empty unit", async () => {
    const battery = await post('label8x6', { ...newLabel('Pil Etiketi'), model: 'LiFePO4', productName: 'LiFePO4 Akü 12 Ah', Capacity: '12 Ah', Voltage: '12,8 VDC', Dimensions: 'XX-XX-XX mm', Weight: ' Kg' });
    expect(battery.statusCode, battery.body).toBe(200);
    const bt = flat(pdfText(battery.rawPayload));
    expect(bt).toContain('Kapasite 12 Ah');
    expect(bt).toContain('Gerilim 12,8 VDC');
    expect(bt).not.toContain('XX-XX-XX');
    expect(bt).not.toContain('Ölçüler');
    expect(bt).not.toContain('Ağırlık');
  });

  it('is for staff (401 without a session, 403 for role 4) and refuses bad data with the field (400)', async () => {
    expect((await post('label10x10', box(), null)).statusCode).toBe(401);
    expect((await post('label10x10', box(), t.tokens[4])).statusCode).toBe(403);
    const bad = await post('label10x10', { ...box(), BoxQty: 0 } as LabelDataInput, t.tokens[3], 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ BoxQty: 'The box quantity must be a whole number of 1 or more.' });
    const badType = await post('label10x10', { ...box(), type: 'Poster' } as unknown as LabelDataInput, t.tokens[3], 'en');
    expect(badType.statusCode).toBe(400);
    expect(Object.keys(badType.json().fields)).toEqual(['type']);
  });
});
