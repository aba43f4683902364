import { describe, expect, it } from 'vitest';
import { groupOptions, toFormValues, toMaterialBody, validateMaterial } from './material-values';
import { balanceAfter, toMovementValues, toServerDate, validateMovement } from './movement-values';

const cats = {
  categories: ['Akü', 'Elektronik'],
  groups: ['BMS', 'Hücre', 'LED', 'PCB'],
  tree: [{ category: 'Akü', groups: ['Hücre', 'BMS'] }, { category: 'Elektronik', groups: ['PCB', 'LED'] }],
};

describe('material form', () => {
  it('starts with the spec defaults (no 1, Adet, price 0, $)', () => {
    expect(toFormValues()).toEqual({
      material_no: 1, material_name: '', material_category: '', material_group: '', material_unit: 'Adet', material_price: 0, material_doviz: '$', material_img: '',
      purchase_multiple: '', purchase_min: '', min_stock: '',
    });
  });

  it('sends a blank purchase multiple or minimum as none (null), a value in the Turkish format, and refuses 0 with the domain message', () => {
    const values = { ...toFormValues(), material_name: 'Test malzeme', material_category: 'Yeni', material_group: 'LED' };
    expect(toMaterialBody({ ...values, purchase_multiple: '', purchase_min: '2,5' })).toMatchObject({ purchase_multiple: null, purchase_min: '2.5' });
    expect(validateMaterial({ ...values, purchase_multiple: 0 })).toEqual({ purchase_multiple: 'material.purchaseMultiple.invalid' });
  });

  it('sends a blank minimum stock as none and refuses a negative one (issue 26)', () => {
    const values = { ...toFormValues(), material_name: 'Test malzeme', material_category: 'Yeni', material_group: 'LED' };
    expect(toMaterialBody(values)).toMatchObject({ min_stock: null });
    expect(toMaterialBody({ ...values, min_stock: 25 })).toMatchObject({ min_stock: '25' });
    expect(validateMaterial({ ...values, min_stock: -1 })).toEqual({ min_stock: 'report.minStock.invalid' });
  });

  it('asks for category and group with the domain messages', () => {
    const errors = validateMaterial({ ...toFormValues(), material_name: 'Test malzeme' });
    expect(errors.material_category).toBe('material.category.required');
    expect(errors.material_group).toBe('material.group.required');
  });

  it('accepts a new category and an empty price field (default 0)', () => {
    const values = { ...toFormValues(), material_name: 'Test malzeme', material_category: 'Yeni', material_group: 'LED', material_price: '' };
    expect(validateMaterial(values)).toEqual({});
    expect(toMaterialBody(values)).toMatchObject({ material_category: 'Yeni', material_group: 'LED', material_price: '0', material_unit: 'Adet' });
  });

  it("offers the chosen category's groups first, then the others", () => {
    const labels = { inCategory: 'in', other: 'other' };
    expect(groupOptions(cats, 'akü', labels)).toEqual([{ group: 'in', items: ['BMS', 'Hücre'] }, { group: 'other', items: ['LED', 'PCB'] }]);
    expect(groupOptions(cats, 'Brand new', labels)).toEqual([{ group: 'other', items: ['BMS', 'Hücre', 'LED', 'PCB'] }]);
    expect(groupOptions(undefined, 'Akü', labels)).toEqual([]);
  });
});

describe('movement form', () => {
  it('starts with today, qty 1, Adet, price 0, $ and no centre or type', () => {
    const v = toMovementValues();
    expect(v).toMatchObject({ operation_center: '', operation_type: '', qty: 1, unit: 'Adet', price: 0, doviz: '$' });
    expect(v.operation_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a missing centre, type and price with the spec messages', () => {
    const errors = validateMovement(toMovementValues(), 'm1');
    expect(errors.operation_center).toBe('stock.center.select');
    expect(errors.operation_type).toBe('stock.type.select');
    expect(errors.price).toBe('stock.price.required');
  });

  it('passes a complete movement and sends the day as DD.MM.YYYY', () => {
    const values = { ...toMovementValues(), operation_center: 'fatura', operation_type: 'giris', price: 2, operation_date: '2026-03-05' };
    expect(validateMovement(values, 'm1')).toEqual({});
    expect(toServerDate('2026-03-05')).toBe('05.03.2026');
  });

  it('computes the balance after saving, replacing an edited movement', () => {
    const values = { ...toMovementValues(), operation_type: 'cikis', qty: 150 };
    expect(balanceAfter(70, values)).toBe(-80);
    const previous = { sumQty: -30 } as Parameters<typeof balanceAfter>[2];
    expect(balanceAfter(70, { ...values, qty: 10 }, previous)).toBe(90);
    expect(balanceAfter(70, { ...values, operation_type: '' })).toBeNull();
  });
});
