import { describe, expect, it } from 'vitest';
import {
  completenessChecks, completenessScore, COMPLETENESS_MAX, DIMENSIONS_PLACEHOLDER, materialInputSchema, modelInputSchema,
  markAsCopy, nameLongEnough, pairText, productFigures, productInputSchema, toPair,
} from './catalogue.js';
import { summarizeMovements, movementSums, withRunTotals, materialMovementInputSchema } from './stock.js';

const full = {
  urun_adi: ['Yol Armatürü 60W', 'Street Light 60W'],
  model_category: 0,
  urun_ozellikler: [{}, {}, {}],
  production: [{ materialqyt: 1 }, { materialqyt: 2 }, { materialqyt: 4 }],
  technicalDrawing: '/api/files/abc',
  product_weight: 4.2,
  product_dimensions: '560-210-90 mm',
  urun_lumen: 9000,
  urun_guc: 60,
};

describe('completenessScore (spec 001 9)', () => {
  it('gives 10 points per check, at most 90', () => {
    expect(COMPLETENESS_MAX).toBe(90);
    expect(completenessScore(full)).toBe(90);
    expect(completenessScore({})).toBe(0);
    expect(completenessScore({ urun_adi: ['Ürün', '-'], product_dimensions: DIMENSIONS_PLACEHOLDER, product_weight: 0 })).toBe(0);
  });

  it('counts each check on its own', () => {
    const drop: [string, Record<string, unknown>][] = [
      ['specs', { urun_ozellikler: [{}, {}] }],
      ['secondName', { urun_adi: ['Yol Armatürü', '-'] }],
      ['productionRows', { production: [{ materialqyt: 1 }, { materialqyt: 1 }] }],
      ['productionQuantities', { production: [{ materialqyt: 1 }, { materialqyt: 0.5 }, { materialqyt: 1 }, { materialqyt: 0 }] }],
      ['technicalDrawing', { technicalDrawing: '' }],
      ['weight', { product_weight: 0 }],
      ['dimensions', { product_dimensions: DIMENSIONS_PLACEHOLDER }],
      ['lumen', { urun_lumen: 0 }],
      ['power', { urun_guc: 0 }],
    ];
    for (const [check, over] of drop) {
      const p = { ...full, ...over };
      expect(completenessChecks(p)[check as keyof ReturnType<typeof completenessChecks>], check).toBe(false);
      // Fewer than 3 rows also means fewer than 3 rows with quantity >= 1.
      expect(completenessScore(p), check).toBe(check === 'productionRows' ? 70 : 80);
    }
    // 4 rows but only 2 with quantity >= 1: rows check passes, quantities check fails.
    expect(completenessScore({ ...full, production: [{ materialqyt: 1 }, { materialqyt: 0.5 }, { materialqyt: 1 }, { materialqyt: 0 }] })).toBe(80);
  });

  it('solar panels (category 7) have no lumen: their power stands in', () => {
    const panel = { ...full, model_category: 7, urun_lumen: 0, urun_guc: 330 };
    expect(completenessScore(panel)).toBe(90);
    expect(completenessScore({ ...panel, urun_guc: 0 })).toBe(70);
    // The category may come from the embedded model.
    expect(completenessScore({ ...panel, model_category: undefined, urun_model: { model_kategori: 7 } })).toBe(90);
    // A light without lumen loses the lumen points.
    expect(completenessScore({ ...full, urun_lumen: '' as unknown as number })).toBe(80);
  });
});

describe('bilingual pairs and names', () => {
  it('stores [tr, en] with - for a missing language', () => {
    expect(toPair('Sokak', '')).toEqual(['Sokak', '-']);
    expect(toPair(null, ' Street ')).toEqual(['-', 'Street']);
    expect(pairText(['-', 'Street light'], 'tr')).toBe('Street light');
    expect(pairText(['Sokak', 'Street'], 'en')).toBe('Street');
  });

  it('checks the name in the current locale: index 0 for Turkish, 1 otherwise', () => {
    expect(nameLongEnough(['Sokak', '-'], 'tr')).toBe(true);
    expect(nameLongEnough(['Sokak', '-'], 'en')).toBe(false);
    expect(nameLongEnough(['Sok', 'Street'], 'tr')).toBe(false);
    expect(nameLongEnough(['Sok', 'Street'], 'es')).toBe(true);
  });
});

describe('schemas', () => {
  it('model: defaults and messages', () => {
    const m = modelInputSchema.parse({ model_adi: ['Yol Armatürü', ''], model_kodu: 'YA', model_kategori: '0' });
    expect(m).toMatchObject({ model_adi: ['Yol Armatürü', '-'], model_aciklama: ['-', '-'], model_kdv: '18', model_birimi: 'Adet', model_kategori: 0, model_durumu: true, model_etiket: [] });
    const bad = modelInputSchema.safeParse({ model_adi: ['abc', ''], model_kodu: 'Y', model_kategori: '' });
    expect(bad.success).toBe(false);
    const msgs = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(msgs).toEqual({ model_adi: 'model.name.short', model_kodu: 'model.code.required', model_kategori: 'model.category.required' });
    expect(modelInputSchema.safeParse({ model_adi: ['Yol Armatürü', ''], model_kodu: 'YA', model_kategori: 9 }).success).toBe(false);
    expect(modelInputSchema.parse({ model_adi: 'Yol Armatürü', model_kodu: 'YA', model_kategori: 1, model_kdv: 8, model_etiket: 'a, b' })).toMatchObject({ model_kdv: '8', model_etiket: ['a', 'b'] });
  });

  it('product: accepts the model object or its id, ignores copied _id/__v/stockSum', () => {
    const p = productInputSchema.parse({ _id: 'x', __v: 3, stockSum: 99, urun_adi: ['Yol Armatürü 60W', 'Street Light'], urun_model: { _id: 'm1234', model_kodu: 'YA' }, urun_fiyat: '12,345', urun_optik: 60 });
    expect(p).toMatchObject({ urun_model: 'm1234', urun_fiyat: '12.345', urun_optik: '60', urun_doviz: '$', urun_cct: 'XXXX', product_dimensions: DIMENSIONS_PLACEHOLDER });
    expect(p).not.toHaveProperty('_id');
    expect(p).not.toHaveProperty('stockSum');
    const missing = productInputSchema.safeParse({ urun_adi: ['Yol Armatürü 60W', '-'] });
    expect(missing.error!.issues[0]).toMatchObject({ path: ['urun_model'], message: 'product.model.required' });
    expect(productInputSchema.safeParse({ urun_adi: ['Yol', '-'], urun_model: 'm1234' }).error!.issues[0].message).toBe('product.name.short');
  });

  it('material: category and group required', () => {
    const bad = materialInputSchema.safeParse({ material_name: 'LED Chip' });
    expect(bad.error!.issues.map((i) => i.message).sort()).toEqual(['material.category.required', 'material.group.required']);
    expect(materialInputSchema.parse({ material_name: 'LED Chip', material_category: 'Elektronik', material_group: 'LED' })).toMatchObject({ material_no: 1, material_unit: 'Adet', material_price: '0', material_doviz: '$' });
  });

  it('figures by category', () => {
    expect(productFigures({ model_category: 0, urun_guc: 60, urun_lumen: 9000, urun_kapasite: 0, urun_voltaj: 0 })).toEqual(['60 W', '9000 lm']);
    expect(productFigures({ model_category: 7, urun_guc: 330, urun_lumen: 0, urun_kapasite: 0, urun_voltaj: 0 })).toEqual(['330 Wp']);
    expect(productFigures({ model_category: 8, urun_guc: 0, urun_lumen: 0, urun_kapasite: 100, urun_voltaj: 12.8 })).toEqual(['100 Ah', '12,8 VDC']);
  });
});

describe('stock helpers', () => {
  it('signs sums by type', () => {
    expect(movementSums('giris', '2.5', '1.333')).toEqual({ sumQty: '2.5', sumPrice: '3.33' });
    expect(movementSums('cikis', 3, 10)).toEqual({ sumQty: '-3', sumPrice: '-30' });
  });

  it('summarizes and runs totals ascending by date, newest first', () => {
    const list = [
      { operation_date: '2024-01-03', operation_type: 'cikis', qty: 4 },
      { operation_date: '2024-01-01', operation_type: 'giris', qty: 10 },
      { operation_date: '2024-01-03', operation_type: 'giris', qty: 1 },
    ];
    expect(summarizeMovements(list)).toEqual({ totalIn: 11, totalOut: 4, balance: 7 });
    expect(withRunTotals(list).map((m) => m.runTotal)).toEqual([7, 6, 10]);
  });

  it('validates a manual movement with the spec messages', () => {
    const bad = materialMovementInputSchema.safeParse({ stock_id: 'm1', operation_center: 'fa', operation_type: '', price: 0, stock_name: 'ab' });
    const msgs = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(msgs).toEqual({ operation_center: 'stock.center.select', operation_type: 'stock.type.select', price: 'stock.price.required', stock_name: 'stock.name.short' });
    const ok = materialMovementInputSchema.parse({ stock_id: 'm1', operation_center: 'fatura', operation_type: 'giris', price: '1,5', qty: 2 });
    expect(ok).toMatchObject({ price: '1.5', qty: '2', doviz: '$' });
    expect(ok.operation_date).toBeInstanceOf(Date);
  });
});

describe('a copied product', () => {
  it('has its name (both languages) and code marked as a copy, once', () => {
    expect(markAsCopy(['Astra 30 W', 'Astra 30 W EN'], 'ISK-ASTRA-30W')).toEqual({ urun_adi: ['Astra 30 W (kopya)', 'Astra 30 W EN (copy)'], urun_kodu: 'ISK-ASTRA-30W-KOPYA' });
    expect(markAsCopy(['Astra 30 W (kopya)', '-'], 'ISK-ASTRA-30W-KOPYA')).toEqual({ urun_adi: ['Astra 30 W (kopya)', '-'], urun_kodu: 'ISK-ASTRA-30W-KOPYA' });
    expect(markAsCopy(['x'.repeat(200), ''], '').urun_adi[0]).toHaveLength(200);
  });
});
