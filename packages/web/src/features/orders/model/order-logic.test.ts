import { describe, expect, it } from 'vitest';
// The rules the server applies too are the domain's (issue 24): the screens' expectations of them stay here.
import { canRecord, daysSinceOrder, deliveryRemaining, operationRemaining, orderStatusColor, undeterminedCount } from '@isik/domain';
import {
  autoPick, filterMaterials, operationAction, percentAfter, productionNotPlanned, progressLabelKey, resetSummary, shortagesOf, statusRange,
} from './order-logic';

describe('order list rules', () => {
  it('asks for statuses 1-4 for all and one status as both ends otherwise', () => {
    expect(statusRange('all')).toEqual({ filter1: 1, filter2: 4 });
    expect(statusRange('6')).toEqual({ filter1: 6, filter2: 6 });
    expect(statusRange('junk')).toEqual({ filter1: 1, filter2: 4 });
  });

  it('colours the status tag: 4 green, 2 warning, others red', () => {
    expect([1, 2, 3, 4, 6].map(orderStatusColor)).toEqual(['red', 'yellow', 'red', 'green', 'red']);
  });

  it('counts whole days since the order, rounded', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(daysSinceOrder('2026-03-01T00:00:00Z', now)).toBe(10);
    expect(daysSinceOrder('2026-03-10T08:00:00Z', now)).toBe(0);
    expect(daysSinceOrder(null, now)).toBeNull();
  });

  it('shows production not planned for a production line without operations only', () => {
    expect(productionNotPlanned({ order_type: 'production', Operations: [] })).toBe(true);
    expect(productionNotPlanned({ order_type: 'production', Operations: [{}] })).toBe(false);
    expect(productionNotPlanned({ order_type: 'material', Operations: [] })).toBe(false);
  });

  it('offers ordered minus delivered for a delivery', () => {
    expect(deliveryRemaining({ urun_miktari: 10, teslim_edilmis: 3.5 })).toBe(6.5);
    expect(deliveryRemaining({ urun_miktari: 10, teslim_edilmis: 12 })).toBe(0);
  });

});

describe('operation card rules', () => {
  const op = { Qty: 10, OperationComplated: 4 };
  it('limits the record input to 0..Qty-completed and enables complete only above 0', () => {
    expect(operationRemaining(op)).toBe(6);
    expect(canRecord(op, 6)).toBe(true);
    expect(canRecord(op, 7)).toBe(false);
    expect(canRecord(op, 0)).toBe(false);
    expect(canRecord(op, '')).toBe(false);
    expect(canRecord(op, Number.NaN)).toBe(false);
  });

  it('previews the percent after the record', () => {
    expect(percentAfter(1, op)).toBe(50);
    expect(percentAfter(6, op)).toBe(100);
    expect(percentAfter(1, { Qty: 0 })).toBe(0);
    // The percent the server will store (domain operationPercent: 2 decimals, at most 100).
    expect(percentAfter(1, { Qty: 3, OperationComplated: 0 })).toBe(33.33);
  });

  it('offers start, complete and reset by status', () => {
    expect([0, 1, 2].map(operationAction)).toEqual(['start', 'finish', 'reset']);
  });

  it('labels below 1 percent Waiting, else in progress', () => {
    expect(progressLabelKey(0.5)).toBe('orders.progress.waiting');
    expect(progressLabelKey(1)).toBe('orders.progress.inProgress');
  });

  it('counts undetermined material rows, the new row\'s Bilinmeyen included', () => {
    // The new row names 'Bilinmeyen' and no material (operation-detail-modal's newDetailRow, the server's new operation).
    const newRow = { material: '', material_name: 'Bilinmeyen' };
    expect(undeterminedCount([
      { OperationDetails: [{ material: 'm1' }, { material: '' }] },
      { OperationDetails: [newRow] },
      { OperationDetails: null },
    ])).toBe(2);
  });

  it('filters materials by category and group and picks a single match when none is chosen', () => {
    const mats = [
      { _id: 'a', material_category: 'LED', material_group: 'SMD' },
      { _id: 'b', material_category: 'LED', material_group: 'COB' },
      { _id: 'c', material_category: 'Kasa', material_group: 'SMD' },
    ];
    expect(filterMaterials(mats, 'LED', '').map((m) => m._id)).toEqual(['a', 'b']);
    const one = filterMaterials(mats, 'LED', 'COB');
    expect(autoPick(one, null)).toBe('b');
    expect(autoPick(one, 'a')).toBe('a');
    expect(autoPick(filterMaterials(mats, 'LED', ''), null)).toBeNull();
  });
});

describe('component list', () => {
  it('sorts by operation, group, category or quantity', async () => {
    const { sortComponents } = await import('./order-logic');
    const rows = [
      { material_name: 'B', operations: ['Paketleme'], material_group: 'SMD', material_category: 'LED', required: 5 },
      { material_name: 'A', operations: ['Dizgi'], material_group: 'Vida', material_category: 'Kasa', required: 50 },
    ];
    expect(sortComponents(rows, 'operation').map((r) => r.material_name)).toEqual(['A', 'B']);
    expect(sortComponents(rows, 'group').map((r) => r.material_name)).toEqual(['B', 'A']);
    expect(sortComponents(rows, 'category').map((r) => r.material_name)).toEqual(['A', 'B']);
    expect(sortComponents(rows, 'quantity').map((r) => r.material_name)).toEqual(['A', 'B']);
  });
});

describe('operation confirmations (issue 23)', () => {
  it('a reset names what it reverses: the recorded quantity, its entries and the stock each material row took', () => {
    const op = {
      OperationComplated: 5,
      OperationComplatedList: [{ Qty: 2, stockupdate: true }, { Qty: 3, stockupdate: true }, { Qty: 0, stockupdate: false }],
      OperationDetails: [
        { material: 'm1', material_name: 'LED kart', materialQty: 2, unit: 'Adet', component: false, StockUpdate: true },
        { material: 'm2', material_name: 'Kablo', materialQty: 0.35, unit: 'Metre', component: false, StockUpdate: true },
        { material: 'm3', material_name: 'Vida', materialQty: 4, unit: 'Adet', component: false, StockUpdate: false },
        { material: '', material_name: 'Bilinmeyen', materialQty: 1, unit: 'Adet', component: false, StockUpdate: true },
      ],
    };
    expect(resetSummary(op)).toEqual({ completed: 5, entries: 3, materials: [
      { name: 'LED kart', qty: 10, unit: 'Adet', component: false }, { name: 'Kablo', qty: 1.75, unit: 'Metre', component: false },
    ] });
    expect(resetSummary({ OperationComplated: 0, OperationComplatedList: [], OperationDetails: op.OperationDetails }).materials).toEqual([]);
  });

  it('reads every short component of a Yarı Mamül finish from the 409 answer', () => {
    expect(shortagesOf({ code: 'order.operation.insufficientStock', shortages: [{ product_id: 'a', name: 'A', stock: 0, needed: 3 }, { product_id: 'b', name: 'B', stock: -1, needed: 2 }] }))
      .toEqual([{ name: 'A', stock: 0, needed: 3 }, { name: 'B', stock: -1, needed: 2 }]);
    expect(shortagesOf({ message: 'x' })).toEqual([]);
    expect(shortagesOf(null)).toEqual([]);
  });
});
