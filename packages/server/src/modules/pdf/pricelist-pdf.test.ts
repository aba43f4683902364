import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, markupPrice } from '@isik/domain';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { seedMyCompany } from '../mycompany/mycompany-seed.js';
import { pdfText } from './pdf-test-helpers.js';

let t: TestContext;
const ids: Record<string, string> = {};
const flat = (s: string) => s.replace(/[ \t]+/g, ' ');
const get = (query: string, token: string | null = t.tokens[3], lang = 'tr') => t.call({ method: 'GET', url: `/api/pdf/pricelist${query}`, token, lang });

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://isik.example' });
  await seedMyCompany(t.database.db, { pictures: false });
  const street = await insertModel(t.database.db, 1, { model_kategori: 0, model_adi: ['Yol Armatürü', 'Street Light'] });
  const flood = await insertModel(t.database.db, 2, { model_kategori: 2, model_adi: ['Projektör', 'Flood'] });
  ids.a = await insertProduct(t.database.db, 1, { id: street, index: 1 }, { urun_kodu: 'YA-100', urun_adi: ['Yol Armatürü Işıklı 100W', 'Street Light 100W'], urun_fiyat: 1234.5, urun_doviz: '$', urun_guc: 100, urun_lumen: 14000, urun_durumu: true });
  ids.b = await insertProduct(t.database.db, 2, { id: flood, index: 2 }, { urun_kodu: 'PR-200', urun_adi: ['Projektör Güçlü 200W', 'Flood 200W'], urun_fiyat: 99.99, urun_doviz: '€', urun_guc: 200, urun_lumen: 26000, urun_durumu: true });
  ids.c = await insertProduct(t.database.db, 3, { id: flood, index: 3 }, { urun_kodu: 'PR-OFF', urun_adi: ['Pasif Ürün', 'Inactive'], urun_fiyat: 10, urun_doviz: '$', urun_durumu: false });
});
afterAll(async () => { await t?.close(); });

describe('GET /api/pdf/pricelist', () => {
  it('prints the title, the text with %XX replaced, active products with the marked-up prices the Turkish way and links to their pages', async () => {
    const res = await get('?lang=0&markup=30&type=0&text=' + encodeURIComponent('Fiyatlara %XX kâr dahildir; KDV hariç.'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = flat(pdfText(res.rawPayload));
    expect(text).toContain('# FİYAT LİSTESİ #');
    expect(text).toContain('Fiyatlara %30 kâr dahildir; KDV hariç.');
    expect(text).toContain('Kategori: Tümü');
    expect(text).toContain('Yol Armatürü Işıklı 100W');
    expect(text).toContain('Projektör Güçlü 200W');
    expect(text).not.toContain('Pasif Ürün');
    // 1234,5 + 1234,5 / 70 x 30 = 1763,57
    expect(markupPrice(1234.5, 30)).toBe(1763.57);
    expect(text).toContain(`${formatNumber(1763.57, 2)} $`);
    expect(text).toContain(`${formatNumber(markupPrice(99.99, 30), 2)} €`);
    expect(text).toContain('14.000 lm');
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toContain(`https://isik.example/web/${ids.a}/0`);
    expect(raw).toContain(`https://isik.example/pdf/datasheet/${ids.b}/0`);
  });

  it('filters by category, prints English with lang=1, and no rows for types other than 0', async () => {
    const en = flat(pdfText((await get('?lang=1&markup=0&category=2')).rawPayload));
    expect(en).toContain('# PRICE LIST #');
    expect(en).toContain('Category: LED Flood');
    expect(en).toContain('Flood 200W');
    expect(en).not.toContain('Street Light 100W');
    expect(en).toContain(`${formatNumber(99.99, 2)} €`);
    const t1 = flat(pdfText((await get('?type=1')).rawPayload));
    expect(t1).toContain('# FİYAT LİSTESİ #');
    expect(t1).not.toContain('Yol Armatürü Işıklı 100W');
  });

  it('is for staff and refuses bad settings with the field', async () => {
    expect((await get('', null)).statusCode).toBe(401);
    expect((await get('', t.tokens[4])).statusCode).toBe(403);
    const bad = await get('?markup=100', t.tokens[3], 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ markup: 'The markup must be a whole number from 0 to 95.' });
    expect((await get('?category=9', t.tokens[3], 'en')).statusCode).toBe(400);
  });
});
