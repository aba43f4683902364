import { describe, expect, it } from 'vitest';
import { applyPicked, clearPicked, newDeliveryValues, toDeliveryBody, todayIso, validateDelivery } from './delivery-values';

const NOW = new Date(2026, 10, 22, 10, 30);

describe('delivery form values', () => {
  it('starts with the spec defaults: status 0, qty 1, Adet, price 1, today, the deliverer, type default', () => {
    expect(newDeliveryValues('Ayşe Kaya', NOW)).toMatchObject({
      status: 0, statusdescription: 0, qty: 1, unit: 'Adet', price: 1, date: '2026-11-22', deliverer: 'Ayşe Kaya', component_type: 'default', max: null,
    });
  });

  it('a picked item fills product, unit, price, currency and max and resets qty to 1; clearing goes back to free text', () => {
    const v = { ...newDeliveryValues('A', NOW), qty: 7 };
    const p = applyPicked(v, { type: 'material', id: 'm1', name: 'Vida', unit: 'Kg', price: 2.5, doviz: '€', stock: 12 });
    expect(p).toMatchObject({ component_type: 'material', product_id: 'm1', productname: 'Vida', unit: 'Kg', price: 2.5, doviz: '€', max: 12, qty: 1 });
    expect(clearPicked(p)).toMatchObject({ component_type: 'default', product_id: '', productname: '', max: null });
  });

  it('checks the server rules with the same message keys, and the stock limit', () => {
    const base = { ...newDeliveryValues('A', NOW), productname: 'Onarım' };
    expect(validateDelivery(base, 'c1')).toEqual({});
    expect(validateDelivery({ ...base, qty: 0 }, 'c1')).toMatchObject({ qty: 'delivery.qty.required' });
    expect(validateDelivery({ ...base, qty: '' }, 'c1')).toMatchObject({ qty: 'delivery.qty.required' });
    expect(validateDelivery({ ...base, price: '' }, 'c1')).toMatchObject({ price: 'delivery.price.invalid' });
    expect(validateDelivery(base, '')).toMatchObject({ company_id: 'delivery.company.required' });
    expect(validateDelivery({ ...base, productname: '' }, 'c1')).toMatchObject({ productname: 'delivery.productname.required' });
    const picked = applyPicked(base, { type: 'product', id: 'p1', name: 'Armatür', unit: 'Adet', price: 10, doviz: '$', stock: 3 });
    expect(validateDelivery({ ...picked, qty: 4 }, 'c1')).toMatchObject({ qty: 'delivery.qty.max' });
    expect(validateDelivery({ ...picked, qty: 3 }, 'c1')).toEqual({});
  });

  it("sends today's date as the current moment and other dates as they are", () => {
    const v = newDeliveryValues('A', NOW);
    expect(toDeliveryBody(v, 'c1', NOW).date).toBe(NOW.toISOString());
    expect(toDeliveryBody({ ...v, date: '2026-10-01' }, 'c1', NOW).date).toBe('2026-10-01');
    expect(todayIso(NOW)).toBe('2026-11-22');
  });
});
