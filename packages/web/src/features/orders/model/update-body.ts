import type { OrderUpdateInput } from '@isik/domain';
import type { OrderItem } from './types';

/** Operations made on this screen and not saved yet carry a temporary id; the server gives them their own. */
export const TEMP_ID_PREFIX = 'new-';
export const isTempId = (id: string): boolean => id.startsWith(TEMP_ID_PREFIX);

/**
 * The body of POST /orders/updateitem (domain orderUpdateSchema): what the editor may change (order type, ready,
 * refresh flag, operations with their materials) and the version read. Progress fields stay the server's.
 */
export function toUpdateBody(item: OrderItem, patch: { ready?: boolean; refreshcomponentlist?: boolean } = {}): OrderUpdateInput {
  return {
    promised_date: item.promised_date ?? null,
    order_type: item.order_type as OrderUpdateInput['order_type'],
    ready: patch.ready ?? item.ready,
    refreshcomponentlist: patch.refreshcomponentlist ?? item.refreshcomponentlist,
    Operations: item.Operations.map((op) => ({
      ...(isTempId(op._id) ? {} : { _id: op._id }),
      Operation: op.Operation,
      Qty: op.Qty,
      OperationDescription: op.OperationDescription,
      OperationComponent: op.OperationComponent,
      OperationDetails: op.OperationDetails.map((d) => ({
        material: d.material, material_name: d.material_name, material_category: d.material_category, material_group: d.material_group,
        component: d.component, materialQty: d.materialQty, unit: d.unit, StockUpdate: d.StockUpdate,
      })),
    })),
    __v: item.__v,
  };
}
