import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { newLabel } from '@isik/domain';
import { LabelDocument, PriceListDocument, companyHeaderOf, labelDocumentModel, priceListModel } from '@isik/documents';
import { renderDocument } from '@isik/documents/node';
import { pdfText } from './pdf-test-helpers.js';

/**
 * The parsed font faces serve every render (ADR 0027): a document must read back the same whatever was rendered
 * before it. @react-pdf's glyph cache once made a later document lose letters from its text layer ('Wei ht').
 */
describe('documents rendered one after another', () => {
  const label = (lang: 0 | 1) => labelDocumentModel({
    kind: 'label10x10', label: { ...newLabel('Kutu Etiketi'), Lang: lang, model: 'ASTRA', productName: 'Astra Işıklı Güç İĞŞÜÖÇ', productCode: 'AST-100', Power: '100', Weight: '4,5', BoxQty: 2 },
    logo: null, companyName: 'Işık LED', origin: 'https://isik.example',
  });
  const list = priceListModel({
    lang: 1, markup: 10, category: null, type: '0', text: 'Weight, height, right: %XX', company: companyHeaderOf(null, 1), origin: 'https://isik.example',
    products: Array.from({ length: 40 }, (_, i) => ({ _id: `p${i}`, urun_kodu: `WG-${i}`, urun_adi: [`Ağırlık ${i}`, `Weighty light ${i}`] as [string, string], urun_guc: 10, urun_lumen: 900, urun_fiyat: 5, urun_doviz: '€', model_category: 0 })),
  });
  const render = async (el: ReturnType<typeof createElement>) => pdfText(await renderDocument(el as Parameters<typeof renderDocument>[0]));

  it('reads back the same text the first time and after other documents, in both languages and faces', async () => {
    const docs = [
      () => createElement(LabelDocument, { model: label(0) }),
      () => createElement(LabelDocument, { model: label(1) }),
      () => createElement(PriceListDocument, { model: list }),
    ];
    const first = [];
    for (const d of docs) first.push(await render(d()));
    expect(first[1]).toContain('Weight');
    expect(first[2]).toContain('Weighty light 39');
    for (const d of [...docs].reverse()) await render(d());
    const again = [];
    for (const d of docs) again.push(await render(d()));
    expect(again).toEqual(first);
  });
});
