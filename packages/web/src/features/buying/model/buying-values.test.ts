import { describe, expect, it } from 'vitest';
import type { Buying } from '@isik/domain';
import { formTotals, mailtoLink, newBuyingValues, statusOptions, toBuyingBody, validateBuying, withStatus } from './buying-values';

const me = { name: 'Ayşe Kaya', email: 'ayse@example.com' };

describe('buying form values', () => {
  it('starts a request at status 0, quantity 1, Adet, with the bulletin rates or empty ones (never invented)', () => {
    // The bulletin's canonical strings become numbers, which the Turkish number field shows as 42,3038 (issue 23).
    const v = newBuyingValues(me, { usd: '42.3038', eur: '45.25' }, new Date(2026, 2, 5, 9));
    expect(v).toMatchObject({ satinalma_durumu: 0, material_qty: 1, material_unit: 'Adet', USD_Kur: 42.3038, EUR_Kur: 45.25, talep_tarihi: '2026-03-05', related_person: 'Ayşe Kaya' });
    expect(newBuyingValues(me, null)).toMatchObject({ USD_Kur: '', EUR_Kur: '' });
  });

  it('above status 0 makes the signed-in user the related person', () => {
    const v = { ...newBuyingValues({ name: 'Eski', email: 'eski@example.com' }, null), related_person: 'Eski' };
    expect(withStatus(v, 2, me)).toMatchObject({ satinalma_durumu: 2, related_person: 'Ayşe Kaya', related_person_email: 'ayse@example.com' });
    expect(withStatus(v, 0, me)).toMatchObject({ satinalma_durumu: 0, related_person: 'Eski' });
  });

  it('offers only forward statuses and Canceled', () => {
    expect(statusOptions(null)).toEqual([0, 1, 2, 3, 4]);
    expect(statusOptions(3)).toEqual([3, 4]);
    expect(statusOptions(4)).toEqual([4]);
  });

  it('computes the totals as the server does and asks for a missing rate', () => {
    const v = { ...newBuyingValues(me, null), material_id: 'm1', material_qty: 3, material_price: 12.3456, material_doviz: '$' };
    expect(formTotals({ ...v, USD_Kur: '40,5' })).toEqual({ Doviz_TotalPrice: 37.04, TL_TotalPrice: 1499.99 });
    expect(validateBuying(v)).toEqual({ USD_Kur: 'buying.rate.required' });
    expect(validateBuying({ ...v, material_doviz: '€', USD_Kur: 40 })).toEqual({ EUR_Kur: 'buying.rate.required' });
    expect(validateBuying({ ...v, material_doviz: '₺' })).toEqual({});
    expect(validateBuying({ ...v, material_id: '', material_qty: 0 })).toMatchObject({ material_id: 'buying.material.required', material_qty: 'buying.qty.invalid' });
  });

  it('sends dates as DD.MM.YYYY and empty ones as null', () => {
    const body = toBuyingBody({ ...newBuyingValues(me, null, new Date(2026, 10, 23)), material_id: 'm1' });
    expect(body).toMatchObject({ talep_tarihi: '23.11.2026', siparis_tarihi: null, USD_Kur: null });
  });

  it('writes a mail to the supplier with the request details', () => {
    const b = {
      _id: 'b1', tedarikci_eposta: 'satis@tedarik.example', tedarikci_adi: 'Tedarik A.Ş.', material_name: 'LED Çip', material_category: 'Elektronik', material_group: 'LED',
      material_qty: 1500, material_unit: 'Adet', material_price: 0.125, material_doviz: '$', siparis_no: 'SA-1', siparis_notu: 'Acil', talep_tarihi: '2026-03-05T10:00:00.000Z',
      related_person: 'Ayşe Kaya', related_person_email: 'ayse@example.com',
    } as Buying;
    const t = (k: string, p?: Record<string, unknown>) => `${k}${p ? JSON.stringify(p) : ''}`;
    const href = mailtoLink(b, t)!;
    expect(href.startsWith('mailto:satis@tedarik.example?subject=')).toBe(true);
    const body = decodeURIComponent(href.split('&body=')[1]);
    expect(body).toContain('buyings.field.qty: 1.500,00 Adet');
    expect(body).toContain('buyings.field.price: 0,1250 $');
    expect(body).toContain('buyings.field.orderNo: SA-1');
    expect(mailtoLink({ ...b, tedarikci_eposta: '' }, t)).toBeNull();
  });
});
