import { describe, expect, it } from 'vitest';
import { canDeleteOffer, canMoveOfferStatus, hasOrderError, joinOfferCode, offerInputSchema, offerStatusOptions, statusChangeNeedsConfirm } from './offers.js';

describe('offer status rules (spec 001 4.1; DECISIONS 4)', () => {
  it('the radio shows 0 in 0 or 4, 1 in 0 or 1, 4 in 1', () => {
    expect(offerStatusOptions(0)).toEqual([0, 1]);
    expect(offerStatusOptions(1)).toEqual([1, 4]);
    expect(offerStatusOptions(4)).toEqual([0]);
    expect(offerStatusOptions(2)).toEqual([]);
    expect(offerStatusOptions(3)).toEqual([]);
  });
  it('users move 0<->1, 1->4 and 4->0; 2 and 3 are the server\'s', () => {
    const allowed = [[0, 1], [1, 0], [1, 4], [4, 0]];
    for (let a = 0; a <= 4; a++) for (let b = 0; b <= 4; b++) {
      expect(canMoveOfferStatus(a, b)).toBe(a === b || allowed.some(([x, y]) => x === a && y === b));
    }
  });
  it('order error: an item not from stock with started production; it blocks delete', () => {
    expect(hasOrderError([{ takeoff_from_stock: true, tamamlanmaOrani: 50 }])).toBe(false);
    expect(hasOrderError([{ takeoff_from_stock: false, tamamlanmaOrani: 10 }])).toBe(true);
    // A material item's completion is its deliveries (issue 23), not started production.
    expect(hasOrderError([{ takeoff_from_stock: false, order_type: 'material', tamamlanmaOrani: 25 }])).toBe(false);
    expect(canDeleteOffer(1, [{ takeoff_from_stock: false, tamamlanmaOrani: 0 }])).toBe(true);
    expect(canDeleteOffer(1, [{ takeoff_from_stock: false, tamamlanmaOrani: 10 }])).toBe(false);
    expect(canDeleteOffer(4, [])).toBe(false);
    expect(canDeleteOffer(2, [])).toBe(false);
  });
  it('moving to 0 or 4 asks when an item has a completion', () => {
    expect(statusChangeNeedsConfirm(4, [{ tamamlanmaOrani: 5, takeoff_from_stock: true }])).toBe(true);
    expect(statusChangeNeedsConfirm(1, [{ tamamlanmaOrani: 5 }])).toBe(false);
    expect(statusChangeNeedsConfirm(0, [{ tamamlanmaOrani: 0 }])).toBe(false);
  });
});

describe('offer body', () => {
  it('reads items with defaults and code parts', () => {
    const r = offerInputSchema.parse({ firma_adi: 'Acme', offeritem: [{ urun_adi: 'Lamp', urun_kodu: ['SL', '', 'P100'], urun_miktari: '2', urun_fiyati: 10, urun_kdv: 18 }] });
    expect(r.offeritem?.[0]).toMatchObject({ urun_adi: 'Lamp', urun_kodu: ['SL', '', 'P100'], urun_miktari: 2, urun_birimi: 'Adet', order_type: 'default' });
    // Metres take decimals; pieces (the default Adet) do not (issue 23).
    expect(offerInputSchema.parse({ firma_adi: 'Acme', offeritem: [{ urun_adi: 'Kablo', urun_miktari: '2,5', urun_birimi: 'Metre', urun_fiyati: 10, urun_kdv: 18 }] }).offeritem?.[0].urun_miktari).toBe(2.5);
    expect(offerInputSchema.safeParse({ firma_adi: 'Acme', offeritem: [{ urun_adi: 'Lamp', urun_miktari: '2,5', urun_fiyati: 10, urun_kdv: 18 }] }).error?.issues.map((i) => [i.path.join('.'), i.message]))
      .toEqual([['offeritem.0.urun_miktari', 'unit.qty.whole']]);
    expect(joinOfferCode(r.offeritem?.[0].urun_kodu)).toBe('SL-P100');
  });
  it('names bad item fields', () => {
    const r = offerInputSchema.safeParse({ offeritem: [{ urun_adi: '', urun_miktari: 0, urun_fiyati: -1, urun_kdv: 120, order_type: 'x' }] });
    expect(r.success).toBe(false);
    const msgs = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(msgs).toMatchObject({ 'offeritem.0.urun_adi': 'offer.item.name.required', 'offeritem.0.urun_miktari': 'offer.item.qty.invalid', 'offeritem.0.urun_fiyati': 'offer.item.price.invalid', 'offeritem.0.urun_kdv': 'offer.item.vat.invalid', 'offeritem.0.order_type': 'offer.item.type.invalid' });
  });
  it('reads rates: blank is none, zero is refused', () => {
    expect(offerInputSchema.parse({ teklif_usdkur: '', teklif_eurkur: '45,1234' })).toMatchObject({ teklif_usdkur: null, teklif_eurkur: '45.1234' });
    expect(offerInputSchema.safeParse({ teklif_usdkur: 0 }).success).toBe(false);
  });
});
