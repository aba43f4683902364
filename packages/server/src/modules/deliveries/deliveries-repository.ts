import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
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

export type NewDeliveryRow = typeof deliveries.$inferInsert;

export async function insertDelivery(tx: Executor, values: NewDeliveryRow): Promise<void> {
  await tx.insert(deliveries).values(values);
}

/** The fields a delivery's edit may change; the version goes up by one. */
export async function updateDelivery(tx: Executor, id: string, set: Pick<Partial<NewDeliveryRow>, 'status' | 'statusdescription' | 'description' | 'receiver' | 'date' | 'modified_date' | 'modified_user'>): Promise<void> {
  await tx.update(deliveries).set({ ...set, updated_at: new Date(), version: sql`${deliveries.version} + 1` }).where(eq(deliveries.id, id));
}

export async function deleteDelivery(tx: Executor, id: string): Promise<void> {
  await tx.delete(deliveries).where(eq(deliveries.id, id));
}

/** A product's names and stock, its row locked: the stock check and the movement stay together against concurrent deliveries. */
export async function lockProductStock(tx: Executor, id: string): Promise<{ id: string; tr: string; en: string; stock: string } | undefined> {
  const [p] = await tx.select({ id: products.id, tr: products.urun_adi_tr, en: products.urun_adi_en, stock: products.stock_sum })
    .from(products).where(eq(products.id, id)).for('update').limit(1);
  return p;
}

/** A material's name, unit and stock, its row locked (as lockProductStock). */
export async function lockMaterialStock(tx: Executor, id: string): Promise<{ id: string; name: string; unit: string; stock: string } | undefined> {
  const [m] = await tx.select({ id: materials.id, name: materials.material_name, unit: materials.material_unit, stock: materials.stock_sum })
    .from(materials).where(eq(materials.id, id)).for('update').limit(1);
  return m;
}

/** The deliveries of order lines, oldest first (an order line's answer and the order tracking). */
export async function deliveriesOfLines(db: Executor, lineIds: string[]) {
  return lineIds.length ? await db.select({
    id: deliveries.id, line: deliveries.orderitem_id, date: deliveries.date, qty: deliveries.qty, deliverer: deliveries.deliverer, receiver: deliveries.receiver, description: deliveries.description,
  }).from(deliveries).where(inArray(deliveries.orderitem_id, lineIds)).orderBy(asc(deliveries.date)) : [];
}

/** How many deliveries the lines have. */
export async function lineDeliveryCount(tx: Executor, lineIds: string[]): Promise<number> {
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(deliveries).where(inArray(deliveries.orderitem_id, lineIds));
  return Number(n);
}
