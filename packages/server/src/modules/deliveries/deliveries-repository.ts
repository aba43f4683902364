import { count, desc, eq, sql } from 'drizzle-orm';
import { DELIVERY_QTY_PLACES, round, type Delivery } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { deliveries, materials, products } from '../../db/schema.js';

export type DeliveryRow = typeof deliveries.$inferSelect;

/** The current stock sum of a delivery's item (product and material deliveries), read in the same query. */
const maxOf = sql<string | null>`case ${deliveries.component_type}
  when 'product' then (select ${products.stock_sum} from ${products} where ${products.id} = ${deliveries.product_id})
  when 'material' then (select ${materials.stock_sum} from ${materials} where ${materials.id} = ${deliveries.product_id})
  else null end`;

export function toDelivery(r: DeliveryRow, max: string | number | null = null): Delivery {
  return {
    _id: r.id, date: r.date.toISOString(), company_id: r.company_id, company: r.company, product_id: r.product_id, productname: r.productname,
    order_id: r.order_id, orderitem_id: r.orderitem_id, qty: round(r.qty, DELIVERY_QTY_PLACES), unit: r.unit, description: r.description,
    price: round(r.price, 2), doviz: r.doviz, sumPrice: round(r.sum_price, 2), status: r.status, statusdescription: r.statusdescription,
    deliverer: r.deliverer, receiver: r.receiver, component_type: r.component_type, movement_id: r.movement_id,
    max: max === null || max === undefined ? null : round(max, DELIVERY_QTY_PLACES),
    modified_date: r.modified_date ? r.modified_date.toISOString() : null, modified_user: r.modified_user,
    createdAt: r.created_at.toISOString(), __v: r.version,
  };
}

/** A company's deliveries, newest first (by delivery date, then creation). */
export async function listCompanyDeliveries(db: Executor, companyId: string): Promise<Delivery[]> {
  const rows = await db.select({ d: deliveries, max: maxOf }).from(deliveries).where(eq(deliveries.company_id, companyId))
    .orderBy(desc(deliveries.date), desc(deliveries.created_at), desc(deliveries.id));
  return rows.map((r) => toDelivery(r.d, r.max));
}

export async function findDelivery(db: Executor, id: string): Promise<Delivery | null> {
  const [r] = await db.select({ d: deliveries, max: maxOf }).from(deliveries).where(eq(deliveries.id, id)).limit(1);
  return r ? toDelivery(r.d, r.max) : null;
}

export async function lockDelivery(db: Executor, id: string): Promise<DeliveryRow | undefined> {
  const [r] = await db.select().from(deliveries).where(eq(deliveries.id, id)).for('update').limit(1);
  return r;
}

export async function companyDeliveryCount(db: Executor, companyId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(deliveries).where(eq(deliveries.company_id, companyId));
  return Number(n);
}
