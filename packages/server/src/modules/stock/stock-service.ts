import type { MaterialMovementData, MaterialMovementUpdateData, ProductMovementData } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/log.js';
import * as ledger from './ledger-repository.js';
import { findMaterialMovement, materialLedgerPage, materialsOut, productLedgerPage } from './stock-repository.js';

/**
 * The HTTP side of the ledger: each call is one transaction around the ledger functions, which other
 * areas call directly inside their own transactions (exported here as `services.stock.ledger` too).
 */
export function createStockService(deps: { db: Db }) {
  const { db } = deps;
  return {
    ledger,

    materialMovements: (materialId: string, page: number, pageSize: number) => materialLedgerPage(db, materialId, page, pageSize),
    productMovements: (productId: string, page: number, pageSize: number) => productLedgerPage(db, productId, page, pageSize),
    /** 'Materials used today' (spec 000 2.5, 7): the movements out of stock in [start, end). */
    materialsOut: (start: Date, end: Date) => materialsOut(db, start, end),

    async getMaterialMovement(id: string) {
      const m = await findMaterialMovement(db, id);
      if (!m) throw notFound();
      return m;
    },

    createMaterialMovement(caller: Actor, d: MaterialMovementData) {
      return db.transaction((tx) => ledger.addMaterialMovement(tx, caller, {
        stock_id: d.stock_id, operation_type: d.operation_type, operation_center: d.operation_center, qty: d.qty, price: d.price,
        doviz: d.doviz, unit: d.unit, description: d.description, operation_date: d.operation_date, order_id: d.order_id,
        orderitem_id: d.orderitem_id, source: 'manual',
      }));
    },

    updateMaterialMovement(caller: Actor, id: string, d: MaterialMovementUpdateData) {
      return db.transaction((tx) => ledger.updateMaterialMovement(tx, caller, id, {
        __v: d.__v, stock_id: d.stock_id, operation_date: d.operation_date, operation_center: d.operation_center, operation_type: d.operation_type,
        qty: d.qty, unit: d.unit, description: d.description, price: d.price, doviz: d.doviz, order_id: d.order_id, orderitem_id: d.orderitem_id,
      }));
    },

    async deleteMaterialMovement(caller: Actor, id: string, stockId: string) {
      await db.transaction((tx) => ledger.deleteMaterialMovement(tx, caller, id, stockId));
      return { status: 'ok' as const };
    },

    createProductMovement(caller: Actor, d: ProductMovementData) {
      return db.transaction((tx) => ledger.addProductMovement(tx, caller, {
        product_id: d.product_id, operation_type: d.operation_type, operation_center: d.operation_center, qty: d.qty, price: d.price,
        doviz: d.doviz, unit: d.unit, description: d.description, operation_date: d.operation_date, order_id: d.order_id,
        orderitem_id: d.orderitem_id, source: 'manual',
      }));
    },

    async deleteProductMovement(caller: Actor, id: string, productId: string) {
      await db.transaction((tx) => ledger.deleteProductMovement(tx, caller, id, productId));
      return { status: 'ok' as const };
    },
  };
}
export type StockService = ReturnType<typeof createStockService>;
