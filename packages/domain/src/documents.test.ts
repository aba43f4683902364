import { describe, expect, it } from 'vitest';
import type { Product } from './catalogue.js';
import { DIMENSIONS_PLACEHOLDER } from './catalogue-constants.js';
import { labelFromProduct, labelInLanguage, lineProductId, newLabel } from './documents.js';

/** A product as GET /products/:id answers it, with only what the label reads. */
const product = (over: Partial<Product>): Product => ({
  _id: 'p1', urun_adi: ['Ürün', 'Product'], urun_kodu: 'P-1', urun_guc: 0, urun_kapasite: 0, urun_voltaj: 0, product_dimensions: DIMENSIONS_PLACEHOLDER,
  product_weight: 0, model_category: 0, urun_ozellikler: [],
  urun_model: { model_adi: ['Model', 'Model EN'], model_kodu: 'M', certificates: [] },
  ...over,
} as unknown as Product);

describe('a label filled from its product (spec 002 2.7, 5)', () => {
  it("the battery label takes the battery's voltage and capacity, and no mains voltage or placeholder dimensions", () => {
    const battery = product({ urun_adi: ['LiFePO4 Akü 12 Ah', 'LiFePO4 Battery 12 Ah'], model_category: 8, urun_kapasite: 12, urun_voltaj: 12.8 });
    const l = labelFromProduct(newLabel('Pil Etiketi'), battery, null);
    expect(l).toMatchObject({ productName: 'LiFePO4 Akü 12 Ah', Capacity: '12 Ah', Voltage: '12,8 VDC', Dimensions: '', Weight: '' });
  });

  it('the solar panel label prints no AC voltage; a product without a voltage on it leaves the voltage out', () => {
    const panel = product({ model_category: 7, urun_guc: 150, urun_voltaj: 18, product_dimensions: '1480x670x35 mm', product_weight: 8.5 });
    expect(labelFromProduct(newLabel('Güneş Paneli Etiketi'), panel, null)).toMatchObject({ Power: '150 Wp', Voltage: '18 VDC', Dimensions: '1480x670x35 mm', Weight: '8,5 Kg' });
    expect(labelFromProduct(newLabel('Güneş Paneli Etiketi'), product({ model_category: 7, urun_guc: 150 }), null).Voltage).toBe('');
  });

  it('a mains luminaire keeps the box default 180-265 V AC 50Hz', () => {
    expect(labelFromProduct(newLabel('Kutu Etiketi'), product({ urun_guc: 100 }), null)).toMatchObject({ Power: '100 W', Voltage: '180-265 V AC 50Hz' });
  });

  it('another language refills model, name and specs from the product', () => {
    const p = product({ urun_ozellikler: [{ no: 1, urun_ozellik: ['Gövde', 'Body'], urun_aciklama: ['Alüminyum'], product_description: ['Aluminium'] }] });
    const tr = labelFromProduct(newLabel('Kutu Etiketi'), p, null);
    expect(labelInLanguage(tr, 1, p)).toMatchObject({ Lang: 1, model: 'Model EN', productName: 'Product', Specs: [{ urun_ozellik: 'Body', urun_aciklama: 'Aluminium' }] });
    expect(labelInLanguage(tr, 1, null)).toMatchObject({ Lang: 1, productName: 'Ürün' });
  });
});

describe("an order line's product", () => {
  it('is its urun_id, except on a material line', () => {
    expect(lineProductId({ urun_id: 'p1', order_type: 'default' })).toBe('p1');
    expect(lineProductId({ urun_id: 'm1', order_type: 'material' })).toBeNull();
    expect(lineProductId({ urun_id: null, order_type: 'default' })).toBeNull();
  });
});
