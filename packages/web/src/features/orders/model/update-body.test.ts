import { describe, expect, it } from 'vitest';
import type { OrderItem } from './types';
import { toUpdateBody } from './update-body';

const op = (id: string) => ({
  _id: id, Operation: 'Dizgi', Qty: 5, OperationStartTime: null, OperationFinishTime: null, OperationStaff: 'Ali', OperationStatus: 1, OperationPercent: 40,
  OperationDescription: 'SMD', OperationComplated: 2, OperationComplatedList: [], OperationComponent: [],
  OperationDetails: [{ material: 'm1', material_name: 'LED', material_category: 'LED', material_group: 'SMD', component: false, materialQty: 2, totalQty: 10, unit: 'Adet', StockUpdate: true, status: 96 }],
});

describe('order line update body', () => {
  it('sends the editable fields and the version; progress stays out; new operations go without an id', () => {
    const item = { order_type: 'production', ready: false, refreshcomponentlist: false, __v: 7, Operations: [op('o1'), op('new-abc')] } as unknown as OrderItem;
    const body = toUpdateBody(item, { ready: true });
    expect(body).toMatchObject({ order_type: 'production', ready: true, refreshcomponentlist: false, __v: 7 });
    expect(body.Operations?.[0]).toEqual({
      _id: 'o1', Operation: 'Dizgi', Qty: 5, OperationDescription: 'SMD', OperationComponent: [],
      OperationDetails: [{ material: 'm1', material_name: 'LED', material_category: 'LED', material_group: 'SMD', component: false, materialQty: 2, unit: 'Adet', StockUpdate: true }],
    });
    expect(body.Operations?.[1]).not.toHaveProperty('_id');
    expect(JSON.stringify(body)).not.toContain('OperationStaff');
  });
});
