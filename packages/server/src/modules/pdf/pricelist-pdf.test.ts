import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, markupPrice } from '@isik/domain';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { seedMyCompany } from '../mycompany/mycompany-seed.js';
import { createElement } from 'react';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { PriceListDocument, companyHeaderOf, mergePdfs, priceListModel } from '@isik/documents';
import { renderDocument } from '@isik/documents/node';
import { pdfInfo, pdfText } from './pdf-test-helpers.js';

let t: TestContext;
const ids: Record<string, string> = {};
const A4 = /^595\.28 x 841\.89 pts \(A4\)/;
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
    // Spec 002 9: A4, however few rows (the page was cut to its content: 595 x 194 pt).
    expect(pdfInfo(res.rawPayload).sizes).toEqual([expect.stringMatching(A4)]);
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

describe('a long price list', () => {
  const products = Array.from({ length: 100 }, (_, i) => ({
    _id: `p${i}`, urun_kodu: `YA-${i}`, urun_adi: [i === 7 ? `Çok Uzun Adlı Yol Armatürü ${'Işıklı Güçlü '.repeat(8)}Son` : `Yol Armatürü ${i + 1}`, `Street Light ${i + 1}`] as [string, string],
    urun_guc: 100, urun_lumen: 14000, urun_fiyat: 10 + i, urun_doviz: '$', model_category: 0,
  }));
  const model = priceListModel({ lang: 0, markup: 0, category: null, type: '0', text: '', products, company: companyHeaderOf(null, 0), origin: 'https://isik.example' });

  it('has one line per row and numbered pages: 34 rows on the first page, 42 on the next', async () => {
    const bytes = await renderDocument(createElement(PriceListDocument, { model }) as Parameters<typeof renderDocument>[0]);
    expect(pdfInfo(bytes).pages).toBe(3);
    // Every page A4, the last one's 24 rows too (each page was cut to its content's height).
    expect(pdfInfo(bytes).sizes).toEqual([expect.stringMatching(A4), expect.stringMatching(A4), expect.stringMatching(A4)]);
    const text = flat(pdfText(bytes));
    expect(text).toContain('Sayfa 1 / 3');
    expect(text).toContain('Sayfa 3 / 3');
    expect(text).toContain('Yol Armatürü 100');
    // The long name ends in '…' on its one line; the last word is cut.
    expect(text).toMatch(/Çok Uzun Adlı Yol Armatürü Işıklı[^\n]*…/);
    expect(text).not.toContain('Güçlü Son');
    const pages = pdfText(bytes).split('\f');
    expect(pages[0]).toContain('Yol Armatürü 34');
    expect(pages[0]).not.toContain('Yol Armatürü 35');
    expect(pages[1]).toContain('Yol Armatürü 35');
    expect(pages[1]).toContain('Yol Armatürü 76');
    expect(pages[2]).toContain('Yol Armatürü 77');
  });

  it('made in parts and joined (as the browser makes a long list), it has the same pages, numbers and links', async () => {
    const parts = [{ from: 0, to: 2 }, { from: 2, to: 3 }];
    const made = await Promise.all(parts.map((part) => renderDocument(createElement(PriceListDocument, { model, part }) as Parameters<typeof renderDocument>[0])));
    expect(made.map((b) => pdfInfo(b).pages)).toEqual([2, 1]);
    const joined = Buffer.from(await mergePdfs(made, model.title));
    expect(pdfInfo(joined).pages).toBe(3);
    const pages = pdfText(joined).split('\f');
    expect(flat(pages[0])).toContain('# FİYAT LİSTESİ #');
    expect(flat(pages[2])).toContain('Sayfa 3 / 3');
    expect(pages[2]).toContain('Yol Armatürü 100');
    const doc = await PDFDocument.load(joined);
    expect(doc.getTitle()).toBe('# FİYAT LİSTESİ #');
    const uris = doc.getPages()[2].node.Annots()?.asArray().map((ref) => String(doc.context.lookup(ref, PDFDict).lookup(PDFName.of('A'), PDFDict).get(PDFName.of('URI')))) ?? [];
    expect(uris).toContain('(https://isik.example/web/p99/0)');
    expect(uris).toContain('(https://isik.example/pdf/datasheet/p99/0)');
  });
});
