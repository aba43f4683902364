import { describe, expect, it } from 'vitest';
import {
  buyingInputSchema, buyingListQuerySchema, buyingRateOf, buyingStatusOptions, buyingStockEffect, buyingTotals, buyingUpdateSchema, canMoveBuying,
} from './buying.js';
import { translate } from './messages.js';

const rates = { usd: '40.1234', eur: '45.5' };

describe('buyingTotals (spec 001 9)', () => {
  it('foreign total = qty x price, lira total = qty x price x the request USD rate', () => {
    expect(buyingTotals(3, '12.5', '$', rates)).toEqual({ Doviz_TotalPrice: 37.5, TL_TotalPrice: 1504.63 });
  });

  it('uses the EUR rate for €', () => {
    expect(buyingTotals('2.5', '100.0001', '€', rates)).toEqual({ Doviz_TotalPrice: 250, TL_TotalPrice: 11375.01 });
  });

  it('has no foreign total for lira and converts with rate 1', () => {
    expect(buyingTotals(4, '2.3456', '₺', { usd: null, eur: null })).toEqual({ Doviz_TotalPrice: null, TL_TotalPrice: 9.38 });
  });

  it('rounds the exact product once, half up, not the rounded foreign total times the rate', () => {
    // 1 x 0.005 = 0.005 -> 0.01 foreign; 0.005 x 3 = 0.015 -> 0.02 lira (0.01 x 3 would give 0.03).
    expect(buyingTotals(1, '0.005', '$', { usd: 3, eur: null })).toEqual({ Doviz_TotalPrice: 0.01, TL_TotalPrice: 0.02 });
    // Binary floats would give 0.1 + 0.2 style errors: 3 x 0.1 x 3 = 0.9 exactly.
    expect(buyingTotals(3, '0.1', '$', { usd: 3, eur: null }).TL_TotalPrice).toBe(0.9);
    expect(buyingTotals('1.005', 1, '₺', rates).TL_TotalPrice).toBe(1.01);
  });

  it('never invents a rate: a missing one leaves the lira total empty unless the amount is zero', () => {
    expect(buyingTotals(2, 5, '$', { usd: null, eur: 45 })).toEqual({ Doviz_TotalPrice: 10, TL_TotalPrice: null });
    expect(buyingTotals(2, 5, '€', { usd: 40, eur: '0' })).toEqual({ Doviz_TotalPrice: 10, TL_TotalPrice: null });
    expect(buyingTotals(2, 0, '$', { usd: null, eur: null })).toEqual({ Doviz_TotalPrice: 0, TL_TotalPrice: 0 });
  });

  it('answers the rate a currency converts with', () => {
    expect(buyingRateOf('₺', { usd: null, eur: null })).toBe('1');
    expect(buyingRateOf('$', rates)).toBe('40.1234');
    expect(buyingRateOf('€', rates)).toBe('45.5');
    expect(buyingRateOf('€', { usd: 1, eur: '' })).toBeNull();
  });
});

describe('status rules (spec 001 4.2, DECISIONS 6)', () => {
  it('offers each status at or above the current one, and Canceled always', () => {
    expect(buyingStatusOptions(0)).toEqual([0, 1, 2, 3, 4]);
    expect(buyingStatusOptions(2)).toEqual([2, 3, 4]);
    expect(buyingStatusOptions(3)).toEqual([3, 4]);
    expect(buyingStatusOptions(4)).toEqual([4]);
  });

  it('moves only forward', () => {
    expect(canMoveBuying(0, 3)).toBe(true);
    expect(canMoveBuying(1, 1)).toBe(true);
    expect(canMoveBuying(2, 1)).toBe(false);
    expect(canMoveBuying(3, 0)).toBe(false);
    expect(canMoveBuying(3, 4)).toBe(true);
    expect(canMoveBuying(4, 0)).toBe(false);
    expect(canMoveBuying(4, 3)).toBe(false);
  });

  it('puts into stock on reaching 3 and reverses on cancelling a completed request', () => {
    expect(buyingStockEffect(0, 3)).toBe('in');
    expect(buyingStockEffect(2, 3)).toBe('in');
    expect(buyingStockEffect(3, 3)).toBeNull();
    expect(buyingStockEffect(3, 4)).toBe('reverse');
    expect(buyingStockEffect(1, 4)).toBeNull();
  });
});

describe('inputs', () => {
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('takes the component list shape of spec 001 7 with the defaults of 4.2', () => {
    const r = buyingInputSchema.parse({
      siparis_notu: 'Eksik malzeme', material_id: 'm1', material_name: 'LED', material_group: 'G', material_category: 'C',
      material_qty: 25, material_unit: 'Adet', satinalma_durumu: 0, related_person: 'Ayşe',
    });
    expect(r).toMatchObject({ material_id: 'm1', material_qty: '25', material_unit: 'Adet', satinalma_durumu: 0, siparis_notu: 'Eksik malzeme', related_person: 'Ayşe' });
    expect(r.material_price).toBeUndefined();
    expect(buyingInputSchema.parse({ material_id: 'm1' })).toMatchObject({ material_qty: '1', satinalma_durumu: 0 });
  });

  it('keeps 2 decimals of a quantity and 4 of a price, reads a decimal comma and DD.MM.YYYY dates', () => {
    const r = buyingInputSchema.parse({ material_id: { _id: 'm1' }, material_qty: '1,256', material_price: '0,123456', talep_tarihi: '05.03.2026', USD_Kur: '38,5' });
    expect(r).toMatchObject({ material_id: 'm1', material_qty: '1.26', material_price: '0.1235', USD_Kur: '38.5' });
    expect(r.talep_tarihi?.getDate()).toBe(5);
  });

  it('refuses what makes no sense, each with its field and message', () => {
    const r = buyingInputSchema.safeParse({ material_qty: 0, material_price: -1, USD_Kur: 'x', satinalma_durumu: 7, tedarikci_eposta: 'nope', teslim_tarihi: '31.02.20x6', material_unit: 'Ton', material_doviz: '£' });
    expect(issues(r)).toEqual({
      material_id: 'buying.material.required', material_qty: 'buying.qty.invalid', material_price: 'buying.price.invalid', USD_Kur: 'number.unreadable.rate',
      satinalma_durumu: 'buying.status.invalid', tedarikci_eposta: 'buying.email.invalid', teslim_tarihi: 'buying.date.invalid',
      material_unit: 'catalogue.unit.invalid', material_doviz: 'catalogue.currency.invalid',
    });
  });

  it('update: everything optional, __v optional, an empty date clears it', () => {
    expect(buyingUpdateSchema.parse({})).toEqual({});
    expect(buyingUpdateSchema.parse({ __v: 3, siparis_tarihi: '' })).toEqual({ __v: 3, siparis_tarihi: null });
    expect(issues(buyingUpdateSchema.safeParse({ material_id: '' }))).toEqual({ material_id: 'buying.material.required' });
  });

  it('list query: a status range 0-4 and optional paging', () => {
    expect(buyingListQuerySchema.parse({ filter1: '1', filter2: '3' })).toEqual({ filter1: 1, filter2: 3 });
    expect(buyingListQuerySchema.parse({ filter1: '', page: '2', pageSize: '12' })).toEqual({ filter1: undefined, page: 2, pageSize: 12 });
    expect(issues(buyingListQuerySchema.safeParse({ filter1: '9' }))).toEqual({ filter1: 'buying.filter.invalid' });
  });

  it('asks before a delete in the words of the spec', () => {
    expect(translate('buying.delete.confirm', 'tr')).toBe('Satın almayı silmek istiyor musunuz?');
  });
});
