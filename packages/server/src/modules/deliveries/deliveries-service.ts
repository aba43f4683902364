import {
  dec, deliveryTotal, DELIVERY_NO_PRODUCT, DELIVERY_QTY_PLACES, effectiveStatusDescription, formatNumber, isDecimal, pairText,
  type DeliveryData, type DeliveryUpdateData, type MessageKey,
} from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { removeOrderDeliveryInTx } from '../orders/orders-service.js';
import type { CompaniesService } from '../companies/companies-service.js';
import * as ledger from '../stock/ledger-repository.js';
import { findCompany } from '../companies/companies-repository.js';
import {
  companyDeliveryCount, deleteDelivery, findDelivery, insertDelivery, listCompanyDeliveries, lockDelivery, lockMaterialStock, lockProductStock, updateDelivery,
} from './deliveries-repository.js';
import { isStale } from '../../lib/version.js';

const invalid = (field: string, key: MessageKey, params?: Record<string, string | number>) => new AppError(400, key, { [field]: key }, params);

export interface CreateOptions {
  /** Write the audit rows and live events (default true); the demo seed turns them off. */
  log?: boolean;
}

/**
 * Writes a company delivery inside the caller's transaction (DECISIONS 6): a product or material delivery
 * takes the item out of stock through the ledger (cikis, centre teslimat, source delivery, ref = the delivery),
 * refused above the item's stock; a 'default' delivery is a free-text line without stock effect.
 */
export async function createDeliveryInTx(tx: Executor, actor: Actor, d: DeliveryData, opts: CreateOptions = {}): Promise<string> {
  const found = await findCompany(tx, d.company_id);
  if (!found) throw invalid('company_id', 'delivery.company.required');
  const company = { id: found._id, name: found.company_name };
  const id = newId();
  const date = d.date ?? new Date();
  const log = opts.log !== false;
  let productId = '';
  let name = d.productname;
  let unit: string = d.unit;
  let movementId: string | null = null;

  const checkStock = (stock: string) => {
    if (dec(d.qty).gt(dec(stock))) throw invalid('qty', 'delivery.qty.max', { max: formatNumber(Math.max(0, Number(stock)), DELIVERY_QTY_PLACES) });
  };
  const movement = {
    operation_type: 'cikis' as const, operation_center: 'teslimat' as const, qty: d.qty, price: d.price, doviz: d.doviz,
    description: `Teslimat: ${company.name}${d.description ? ` - ${d.description}` : ''}`.slice(0, 1000),
    operation_date: date, source: 'delivery' as const, ref_id: id,
  };
  if (d.component_type === 'product') {
    // The row lock keeps the stock check and the movement together against concurrent deliveries.
    const p = await lockProductStock(tx, d.product_id);
    if (!p) throw invalid('product_id', 'delivery.product.unknown');
    checkStock(p.stock);
    productId = p.id;
    name = pairText([p.tr, p.en], 'tr');
    unit = 'Adet';
    movementId = (await ledger.addProductMovement(tx, actor, { ...movement, product_id: p.id, unit }, { log }))._id;
  } else if (d.component_type === 'material') {
    const m = await lockMaterialStock(tx, d.product_id);
    if (!m) throw invalid('product_id', 'delivery.product.unknown');
    checkStock(m.stock);
    productId = m.id;
    name = m.name;
    unit = m.unit;
    movementId = (await ledger.addMaterialMovement(tx, actor, { ...movement, stock_id: m.id, unit }, { log }))._id;
  }

  await insertDelivery(tx, {
    id, date, company_id: company.id, company: company.name, product_id: productId, productname: name, qty: d.qty, unit,
    description: d.description, price: d.price, doviz: d.doviz, sum_price: String(deliveryTotal(d.qty, d.price)),
    status: d.status, statusdescription: effectiveStatusDescription(d.status, d.statusdescription),
    deliverer: d.deliverer || actor.name, receiver: d.receiver, component_type: d.component_type, movement_id: movementId,
  });
  if (log) {
    await recordChange(tx, actor, { title: 'log.delivery.created', descriptionKey: 'logText.deliveryItem', values: { company: company.name, name, qty: dec(d.qty).toFixed(), unit }, form: 'deliveries', operation_id: id }, { entity: 'deliveries', id, action: 'created' });
  }
  return id;
}

/** Whether a value sent back for a field that cannot change differs from the stored one. */
function differs(sent: string | number | null | undefined, stored: string, numeric = false): boolean {
  if (sent === undefined || sent === null) return false;
  if (numeric) return !isDecimal(sent) || !dec(sent).eq(dec(stored));
  return String(sent).trim() !== stored;
}

export function createDeliveriesService(deps: { db: Db; companies: CompaniesService }) {
  const { db } = deps;
  // DECISIONS 6: a company with deliveries cannot be deleted (it can be made inactive).
  deps.companies.addDeleteGuard(async (tx, companyId) => ((await companyDeliveryCount(tx, companyId)) > 0 ? 'company.delete.hasDeliveries' : null));

  return {
    async list(companyId: string) {
      if (!(await findCompany(db, companyId))) throw notFound();
      return listCompanyDeliveries(db, companyId);
    },

    async get(id: string) {
      const d = await findDelivery(db, id);
      if (!d) throw notFound();
      return d;
    },

    async create(caller: Actor, d: DeliveryData) {
      const id = await db.transaction((tx) => createDeliveryInTx(tx, caller, d));
      return (await findDelivery(db, id))!;
    },

    /** Status, status description, description, receiver and date; the item, quantity and price cannot change. */
    async update(caller: Actor, id: string, d: DeliveryUpdateData) {
      await db.transaction(async (tx) => {
        const row = await lockDelivery(tx, id);
        if (!row) throw notFound();
        if (isStale(row.version, d.__v)) throw conflict();
        const locked: [string, boolean][] = [
          ['component_type', differs(d.component_type, row.component_type)],
          ['product_id', differs(d.product_id === DELIVERY_NO_PRODUCT ? '' : d.product_id, row.product_id)],
          ['qty', differs(d.qty, row.qty, true)],
          ['price', differs(d.price, row.price, true)],
          ['company_id', differs(d.company_id, row.company_id)],
        ];
        const bad = locked.filter(([, x]) => x).map(([f]) => f);
        if (bad.length) throw new AppError(400, 'delivery.locked', Object.fromEntries(bad.map((f) => [f, 'delivery.locked' as MessageKey])));
        const status = d.status ?? row.status;
        const statusdescription = effectiveStatusDescription(status, d.statusdescription ?? row.statusdescription);
        const description = d.description ?? row.description;
        // Spec 000 4: changing the status or a description stamps who did it and when.
        const stamped = status !== row.status || statusdescription !== row.statusdescription || description !== row.description;
        await updateDelivery(tx, id, {
          status, statusdescription, description, receiver: d.receiver ?? row.receiver, date: d.date ?? row.date,
          ...(stamped ? { modified_date: new Date(), modified_user: caller.name } : {}),
        });
        await recordChange(tx, caller, { title: 'log.delivery.updated', description: `${row.company}: ${row.productname} (durum ${status}/${statusdescription})`, form: 'deliveries', operation_id: id }, { entity: 'deliveries', id, action: 'updated' });
      });
      return (await findDelivery(db, id))!;
    },

    /**
     * Deletes a delivery: a product or material delivery first writes the reversing movement through the
     * ledger (ledger rows are never deleted). The path's product and type must be the delivery's.
     */
    async remove(caller: Actor, id: string, productId: string, componentType: string) {
      await db.transaction(async (tx) => {
        const row = await lockDelivery(tx, id);
        if (!row) throw notFound();
        const pathProduct = [DELIVERY_NO_PRODUCT, 'undefined', 'null'].includes(productId) ? '' : productId;
        if (pathProduct !== row.product_id || componentType !== row.component_type) throw conflict('delivery.delete.mismatch');
        if (row.orderitem_id) {
          // An order delivery: the line's delivered quantity goes down and a takeoff_stock product movement is reversed.
          await removeOrderDeliveryInTx(tx, caller, row);
        } else if (row.movement_id) {
          const opts = { description: `Teslimat silindi: ${row.company}` };
          if (row.component_type === 'product') await ledger.reverseProductMovement(tx, caller, row.movement_id, opts);
          else await ledger.reverseMaterialMovement(tx, caller, row.movement_id, opts);
        }
        await deleteDelivery(tx, id);
        await recordChange(tx, caller, { title: 'log.delivery.deleted', descriptionKey: 'logText.deliveryItem', values: { company: row.company, name: row.productname, qty: dec(row.qty).toFixed(), unit: row.unit }, form: 'deliveries', operation_id: id }, { entity: 'deliveries', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
