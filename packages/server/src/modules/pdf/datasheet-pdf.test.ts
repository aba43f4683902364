import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { seedMyCompany } from '../mycompany/mycompany-seed.js';
import { pdfInfo, pdfText } from './pdf-test-helpers.js';

let t: TestContext;
const ids: Record<string, string> = {};
const flat = (s: string) => s.replace(/[ \t]+/g, ' ');
const get = (id: string, lang: string, token: string | null = null) => t.call({ method: 'GET', url: `/api/pdf/datasheet/${id}/${lang}`, token });
const features = (n: number) => Array.from({ length: n }, (_, i) => ({ no: i + 1, label: [`Özellik-${i + 1}`, `Feature-${i + 1}`], feature: [`Değer-${i + 1}`, `Value-${i + 1}`] }));
const specs = (n: number) => Array.from({ length: n }, (_, i) => ({ no: i + 1, urun_ozellik: [`Elektrik-${i + 1}`, `Electric-${i + 1}`], urun_aciklama: [`Açıklama-${i + 1}`], product_description: [`Description-${i + 1}`] }));

beforeAll(async () => {
  t = await createTestContext();
  await seedMyCompany(t.database.db, { pictures: false });
  const street = await insertModel(t.database.db, 1, { model_kategori: 0, model_kodu: 'YA', model_adi: ['Yol Armatürü Ğüneş', 'Street Light'], ModelFeatures: features(12), certificates: ['CE', 'ENEC'] });
  const solar = await insertModel(t.database.db, 2, { model_kategori: 7, model_kodu: 'SP', model_adi: ['Güneş Paneli', 'Solar Panel'], ModelFeatures: features(12) });
  ids.street = await insertProduct(t.database.db, 1, { id: street, index: 1 }, { urun_kodu: 'YA-100', urun_adi: ['Yol Armatürü Işıklı 100W', 'Street Light 100W'], urun_guc: 100, urun_lumen: 14000, urun_ozellikler: specs(7), urun_durumu: true });
  ids.solar = await insertProduct(t.database.db, 2, { id: solar, index: 2 }, { urun_kodu: 'SP-150', urun_adi: ['Güneş Paneli 150Wp', 'Solar Panel 150Wp'], urun_guc: 150, urun_ozellikler: specs(10), urun_durumu: true });
  ids.off = await insertProduct(t.database.db, 3, { id: street, index: 3 }, { urun_kodu: 'YA-OFF', urun_durumu: false });
});
afterAll(async () => { await t?.close(); });

describe('GET /api/pdf/datasheet/:id/:lang', () => {
  it('answers anyone an A4 landscape datasheet: 10 model features and 5 electrical specs at most, certificates, Turkish letters', async () => {
    const res = await get(ids.street, '0');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pdfInfo(res.rawPayload).size).toMatch(/^841\.\d+ x 595\.\d+ pts/);
    const text = flat(pdfText(res.rawPayload));
    for (const s of ['Yol Armatürü Işıklı 100W', 'YA Yol Armatürü Ğüneş', 'GENEL ÖZELLİKLER', 'ELEKTRİKSEL ÖZELLİKLER', 'SERTİFİKALAR', 'CE', 'ENEC', '100 W', '14.000 lm']) expect(text).toContain(s);
    for (let i = 1; i <= 10; i++) expect(text).toContain(`Özellik-${i} Değer-${i}`);
    expect(text).not.toContain('Özellik-11');
    for (let i = 1; i <= 5; i++) expect(text).toContain(`Elektrik-${i} Açıklama-${i}`);
    expect(text).not.toContain('Elektrik-6');
  });

  it('prints English for any other language index, and the category-7 layout with 8 features and 8 specs', async () => {
    const en = flat(pdfText((await get(ids.street, '1')).rawPayload));
    expect(en).toContain('Street Light 100W');
    expect(en).toContain('GENERAL FEATURES');
    expect(en).toContain('Electric-1 Description-1');
    const solar = flat(pdfText((await get(ids.solar, '0')).rawPayload));
    expect(solar).toContain('150 Wp');
    for (let i = 1; i <= 8; i++) {
      expect(solar).toContain(`Özellik-${i} Değer-${i}`);
      expect(solar).toContain(`Elektrik-${i} Açıklama-${i}`);
    }
    expect(solar).not.toContain('Özellik-9');
    expect(solar).not.toContain('Elektrik-9');
    // The solar layout prints the electrical specs first.
    expect(solar.indexOf('ELEKTRİKSEL ÖZELLİKLER')).toBeLessThan(solar.indexOf('GENEL ÖZELLİKLER'));
  });

  it('answers 404 for an inactive or unknown product', async () => {
    expect((await get(ids.off, '0')).statusCode).toBe(404);
    expect((await get('nope', '0')).statusCode).toBe(404);
  });
});
