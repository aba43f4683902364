import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { dec, orderDeliveryInputSchema, orderCreateSchema, type Operation } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { offerItems, offers, orderItems, products, users } from '../../db/schema.js';
import { createOrderDeliveryInTx, createOrdersService } from './orders-service.js';
import { opsOf } from './orders-repository.js';

/**
 * Demo production (DECISIONS 1: orders in production, deliveries): the demo orders' lines (made when the demo
 * offers became orders) through the same calls as the floor: orders in status 1 at various stages (waiting,
 * started, half recorded, first operation finished), completed and delivered orders (2, 3) with every operation
 * finished and, for 3, the whole quantity delivered; and two stock production lines. Runs once (no recording yet).
 */
export async function seedOrders(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(orderItems).where(sql`${orderItems.baslama_tarihi} is not null`);
  if (Number(n) > 0) return 0;
  const [admin] = await db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: users.role }).from(users).orderBy(asc(users.role), asc(users.created_at)).limit(1);
  if (!admin) return 0;
  const actor = { id: admin.id, name: `${admin.firstname} ${admin.lastname}`.trim(), role: admin.role };
  const orders = createOrdersService({ db });
  const os = await db.select({ id: offers.id, s: offers.teklif_durumu }).from(offers).where(inArray(offers.teklif_durumu, [1, 2, 3])).orderBy(asc(offers.teklif_tarihi), asc(offers.id));
  let done = 0;
  let k = 0;
  const finishAll = async (lineId: string, ops: Operation[]) => {
    for (const op of ops) await orders.finish(actor, lineId, op._id, { force: true });
  };
  for (const o of os) {
    const lines = await db.select().from(orderItems).where(eq(orderItems.offer_id, o.id)).orderBy(asc(orderItems.id));
    for (const l of lines) {
      const ops = opsOf(l).filter((op) => op.OperationDetails.every((d) => d.material));
      if (ops.length !== opsOf(l).length) continue;
      if (o.s === 1 && ops.length) {
        const stage = k++ % 4;
        if (stage >= 1) await orders.start(actor, l.id, ops[0]._id);
        if (stage === 2) await orders.record(actor, l.id, ops[0]._id, dec(ops[0].Qty).div(2).floor().gt(0) ? dec(ops[0].Qty).div(2).floor().toFixed() : '1');
        if (stage === 3) {
          await orders.finish(actor, l.id, ops[0]._id, { force: true });
          if (ops[1]) await orders.start(actor, l.id, ops[1]._id);
        }
      } else if (o.s >= 2) {
        await finishAll(l.id, ops);
        // A material line is complete once delivered (DECISIONS 6): a completed order (2) has its materials delivered too.
        if (o.s === 3 || l.order_type === 'material') {
          const [fresh] = await db.select().from(orderItems).where(eq(orderItems.id, l.id));
          const rest = dec(fresh.urun_miktari).minus(fresh.teslim_edilmis);
          if (rest.gt(0)) {
            await db.transaction((tx) => createOrderDeliveryInTx(tx, actor, orderDeliveryInputSchema.parse({ orderitem_id: l.id, qty: rest.toFixed(), deliverer: 'Sevkiyat', receiver: 'Depo sorumlusu', description: 'Demo teslimat' })));
          }
        }
      }
      done++;
    }
  }
  // The demo's orders were placed on their offers' order dates, weeks ago: the lines carry those dates (the API dates a
  // new line 'now'), so 'days since order' and the late-lines overview show what a running factory would.
  await db.execute(sql`update ${orderItems} set siparis_tarihi = o.siparis_tarihi from ${offers} o
    where ${orderItems.offer_id} = o.id and o.siparis_tarihi is not null and o.siparis_tarihi < ${orderItems.siparis_tarihi}`);
  // Promised dates (issue 26): the customer was promised each order's lines 14, 30 and 45 days after the order date, in
  // the order of the offer's rows, the fourth row without a promise. Lines finished today after a promise that has
  // passed are the production report's late lines; lines still in production past theirs are overdue on their cards.
  await db.execute(sql`update ${orderItems} l set promised_date = (l.siparis_tarihi at time zone 'Europe/Istanbul')::date + p.lead
    from (select x.id, (array[14, 30, 45, null])[1 + (row_number() over (partition by x.offer_id order by i.sira, x.id) - 1) % 4] as lead
          from ${orderItems} x left join ${offerItems} i on i.id = x.offer_item_id where x.offer_id is not null) p
    where p.id = l.id and p.lead is not null`);
  // Two stock production lines: one waiting, one in production.
  const withBill = await db.select({ id: products.id }).from(products).where(sql`jsonb_array_length(${products.production}) > 0`).orderBy(asc(products.urun_sira)).limit(2);
  for (const [i, p] of withBill.entries()) {
    const line = await orders.create(actor, orderCreateSchema.parse({ urun_id: p.id, urun_miktari: 20 + i * 30 }));
    if (i === 1 && line.Operations[0] && line.undetermined === 0) await orders.start(actor, line._id, line.Operations[0]._id);
    done++;
  }
  return done;
}
