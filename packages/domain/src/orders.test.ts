import { describe, expect, it } from 'vitest';
import {
  canRecord, componentShortage, daysSinceOrder, deliveryRemaining, lineCompletion, lineStatusFromCompletion, nextLineState, operationPercent,
  operationRemaining, operationStatusAfterRecord, orderDeliveryInputSchema, orderListQuerySchema, orderStatusColor, recordBodySchema, lineNeeds,
  undeterminedCount, productCode, orderCreateSchema, orderUpdateSchema,
} from './orders.js';
import { translate } from './messages.js';

describe('order rules', () => {
  it('operation percent is completed over Qty, capped at 100', () => {
    expect(operationPercent(0, 10)).toBe(0);
    expect(operationPercent(3, 10)).toBe(30);
    expect(operationPercent(1, 3)).toBe(33.33);
    expect(operationPercent(12, 10)).toBe(100);
    expect(operationPercent(5, 0)).toBe(0);
  });

  it('operation status after a record: 2 at 100, 1 above 0', () => {
    expect(operationStatusAfterRecord(0, 10)).toBe(0);
    expect(operationStatusAfterRecord(4, 10)).toBe(1);
    expect(operationStatusAfterRecord(10, 10)).toBe(2);
  });

  it('records within 0 < q <= Qty - completed', () => {
    const op = { Qty: 10, OperationComplated: 7 };
    expect(operationRemaining(op)).toBe(3);
    expect(canRecord(op, 3)).toBe(true);
    expect(canRecord(op, '0.5')).toBe(true);
    expect(canRecord(op, 0)).toBe(false);
    expect(canRecord(op, -1)).toBe(false);
    expect(canRecord(op, 3.01)).toBe(false);
    expect(canRecord(op, 'x')).toBe(false);
    expect(canRecord({ Qty: 5, OperationComplated: 5 }, 1)).toBe(false);
  });

  it('line completion is the mean of the operation percents', () => {
    expect(lineCompletion([{ OperationPercent: 100 }, { OperationPercent: 50 }, { OperationPercent: 0 }])).toBe(50);
    expect(lineCompletion([])).toBe(0);
    expect(lineCompletion([], 'takeoff_stock')).toBe(100);
    expect(lineCompletion([], 'material')).toBe(100);
  });

  it('line status from completion: 100 -> 4, above 80 -> 3, else 2', () => {
    expect(lineStatusFromCompletion(100)).toBe(4);
    expect(lineStatusFromCompletion(80.01)).toBe(3);
    expect(lineStatusFromCompletion(80)).toBe(2);
    expect(lineStatusFromCompletion(0)).toBe(2);
  });

  it('next line state sets the start date once and the finish date at 100', () => {
    const now = new Date('2026-01-02T10:00:00Z');
    const start = new Date('2026-01-01T10:00:00Z');
    const s1 = nextLineState({ Operations: [{ OperationPercent: 5 }], order_type: 'default', siparis_durumu: 1, baslama_tarihi: null, bitis_tarihi: null }, now);
    expect(s1).toEqual({ tamamlanmaOrani: 5, siparis_durumu: 2, baslama_tarihi: now, bitis_tarihi: null });
    const s2 = nextLineState({ Operations: [{ OperationPercent: 100 }, { OperationPercent: 100 }], order_type: 'default', siparis_durumu: 2, baslama_tarihi: start, bitis_tarihi: null }, now);
    expect(s2).toEqual({ tamamlanmaOrani: 100, siparis_durumu: 4, baslama_tarihi: start, bitis_tarihi: now });
    const s3 = nextLineState({ Operations: [{ OperationPercent: 100 }, { OperationPercent: 70 }], order_type: 'default', siparis_durumu: 4, baslama_tarihi: start, bitis_tarihi: now }, now);
    expect(s3).toEqual({ tamamlanmaOrani: 85, siparis_durumu: 3, baslama_tarihi: start, bitis_tarihi: null });
    const s6 = nextLineState({ Operations: [], order_type: 'takeoff_stock', siparis_durumu: 6, baslama_tarihi: null, bitis_tarihi: null }, now);
    expect(s6.siparis_durumu).toBe(6);
  });

  it('counts undetermined material rows', () => {
    expect(undeterminedCount([{ OperationDetails: [{ material: '' }, { material: 'm1' }] }, { OperationDetails: [{ material: null }] }])).toBe(2);
    expect(undeterminedCount([])).toBe(0);
  });

  it('what an open line needs: per-unit x (Qty - completed) of unfinished operations, rows with StockUpdate, a material and no component', () => {
    const row = (material: string, materialQty: number, more: object = {}) => ({ material, materialQty, StockUpdate: true, component: false, ...more });
    const ops = [
      { Operation: 'Montaj', OperationStatus: 1, Qty: 10, OperationComplated: 4, OperationDetails: [row('m1', 2.5), row('m2', 2, { StockUpdate: false }), row('', 1), row(' ', 1), row('p1', 1, { component: true })] },
      { Operation: 'Kesim', OperationStatus: 2, Qty: 10, OperationComplated: 10, OperationDetails: [row('m1', 2)] },
      { Operation: 'Test', OperationStatus: 0, Qty: 3, OperationComplated: 5, OperationDetails: [row('m3', 0.1)] },
      { Qty: 0.3, OperationDetails: [{ material: 'm4', materialQty: 0.1 }] },
    ];
    expect(lineNeeds(2, ops)).toEqual([
      { material: 'm1', operation: 'Montaj', required: '15' },
      { material: ' ', operation: 'Montaj', required: '6' },
      { material: 'm3', operation: 'Test', required: '0' },
      { material: 'm4', operation: '', required: '0.03' },
    ]);
    for (const status of [1, 3]) expect(lineNeeds(status, ops)).toHaveLength(4);
    for (const status of [0, 4, 5, 6]) expect(lineNeeds(status, ops)).toEqual([]);
    expect(lineNeeds(1, null)).toEqual([]);
    expect(componentShortage(15, 5, 4)).toBe(6);
    // 5 below zero already: 15 required + 5 owed - 4 on order.
    expect(componentShortage(15, -5, 4)).toBe(16);
    expect(componentShortage(3, 5, 0)).toBe(0);
  });

  it('delivery remaining, days since order, code, colours', () => {
    expect(deliveryRemaining({ urun_miktari: 10, teslim_edilmis: 4 })).toBe(6);
    expect(deliveryRemaining({ urun_miktari: 10, teslim_edilmis: 12 })).toBe(0);
    expect(daysSinceOrder('2026-01-01T00:00:00Z', new Date('2026-01-11T11:00:00Z'))).toBe(10);
    expect(productCode(['AST', '', '30W', 'T2'])).toBe('AST-30W-T2');
    expect(orderStatusColor(4)).toBe('green');
    expect(orderStatusColor(2)).toBe('yellow');
    expect(orderStatusColor(1)).toBe('red');
  });
});

describe('order inputs', () => {
  it('list query: defaults and bad filters', () => {
    expect(orderListQuerySchema.parse({})).toMatchObject({ type: 'list', orderBy: 'siparis_tarihi' });
    expect(orderListQuerySchema.parse({ filter1: '1', filter2: '4' })).toMatchObject({ filter1: 1, filter2: 4 });
    const bad = orderListQuerySchema.safeParse({ filter1: '9' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('order.filter.invalid');
    expect(orderListQuerySchema.safeParse({ orderBy: 'x' }).success).toBe(false);
  });

  it('record body needs a number (the range, with the remaining quantity in its message, is the service\'s)', () => {
    expect(recordBodySchema.parse({ qty: 2 })).toMatchObject({ qty: '2' });
    expect(recordBodySchema.parse({ qty: 0 })).toMatchObject({ qty: '0' });
    expect(recordBodySchema.safeParse({ qty: 'x' }).error?.issues[0].message).toBe('number.unreadable.qty');
    expect(recordBodySchema.safeParse({}).success).toBe(false);
  });

  it('delivery payload: quantity, order and the documented messages', () => {
    expect(orderDeliveryInputSchema.safeParse({ orderitem_id: 'a', qty: 0 }).error?.issues[0].message).toBe('delivery.qty.required');
    expect(orderDeliveryInputSchema.safeParse({ qty: 1 }).error?.issues[0].message).toBe('delivery.order.required');
    const ok = orderDeliveryInputSchema.parse({ orderitem_id: 'a', qty: '2', max: 5, orderQty: 5, date: '01.02.2026' });
    expect(ok.qty).toBe('2');
    expect(ok.date).toBeInstanceOf(Date);
  });

  it('create and update', () => {
    expect(orderCreateSchema.safeParse({}).error?.issues[0].message).toBe('order.product.required');
    expect(orderCreateSchema.parse({ urun_id: 'p1', urun_miktari: 5 })).toMatchObject({ urun_id: 'p1', urun_miktari: '5', order_type: 'production' });
    expect(orderUpdateSchema.safeParse({ order_type: 'x' }).error?.issues[0].message).toBe('order.type.invalid');
  });

  it('keeps the texts the spec quotes', () => {
    expect(translate('order.delete.confirm', 'tr')).toBe('Üretimi Silmek istiyor musunuz ?');
    expect(translate('order.delivery.noCompany', 'tr')).toBe('Firma Kayıtlı Değil Devam edemezsiniz..');
    expect(translate('order.selectionRequired', 'tr')).toBe('Seçim Yapılmalı');
    expect(translate('order.materials.undeterminedConfirm', 'en', { count: 3 })).toBe('3 row materials are undetermined. Do you want to continue?');
  });
});
