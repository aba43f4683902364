/** The reads of costs-service.ts (issue 25, ADR 0039). */
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { materialCostHistory, materials, offers, orderItems } from '../../db/schema.js';

export interface LineRow { id: string; urun_adi: string; toplam_tl: string; offer_id: string | null; teklif_dovizi: string | null; teklif_usdkur: string | null; teklif_eurkur: string | null }

/**
 * Material cost of lines: the signed sum of what their operations took out (production movements out, and their reversals)
 * × the unit cost kept on each. A finished stock line's own product entering stock (giris, production) is no consumption.
 */
export async function consumedCosts(tx: Executor, ids: readonly string[]): Promise<Map<string, { cost: string; uncosted: number }>> {
  const out = new Map<string, { cost: string; uncosted: number }>();
  if (ids.length === 0) return out;
  const list = sql.join(ids.map((i) => sql`${i}`), sql`, `);
  const res = await tx.execute(sql`
    select orderitem_id, coalesce(sum(-sum_qty * unit_cost), 0)::text as cost, count(*) filter (where unit_cost is null)::int as uncosted from (
      select m.orderitem_id, m.sum_qty, c.unit_cost from material_movements m left join material_movement_costs c on c.movement_id = m.id
      where m.orderitem_id in (${list}) and m.source = 'production' and (m.operation_type = 'cikis' or m.reverses_id is not null)
      union all
      select p.orderitem_id, p.sum_qty, c.unit_cost from product_movements p left join product_movement_costs c on c.movement_id = p.id
      where p.orderitem_id in (${list}) and p.source = 'production' and (p.operation_type = 'cikis' or p.reverses_id is not null)
    ) x group by orderitem_id`);
  for (const r of (res as unknown as { rows: { orderitem_id: string; cost: string; uncosted: number }[] }).rows) out.set(r.orderitem_id, { cost: r.cost, uncosted: r.uncosted });
  return out;
}

const lineColumns = {
  id: orderItems.id, urun_adi: orderItems.urun_adi, toplam_tl: orderItems.toplam_tl, offer_id: orderItems.offer_id,
  teklif_dovizi: offers.teklif_dovizi, teklif_usdkur: offers.teklif_usdkur, teklif_eurkur: offers.teklif_eurkur,
};


export async function lineRow(tx: Executor, id: string): Promise<LineRow | undefined> {
  const [l] = await tx.select(lineColumns).from(orderItems).leftJoin(offers, eq(offers.id, orderItems.offer_id)).where(eq(orderItems.id, id)).limit(1);
  return l;
}

export function offerLines(tx: Executor, offerId: string): Promise<LineRow[]> {
  return tx.select(lineColumns).from(orderItems).leftJoin(offers, eq(offers.id, orderItems.offer_id)).where(eq(orderItems.offer_id, offerId)).orderBy(asc(orderItems.siparis_tarihi), asc(orderItems.id));
}

export async function offerCurrency(tx: Executor, offerId: string): Promise<string | undefined> {
  const [o] = await tx.select({ doviz: offers.teklif_dovizi }).from(offers).where(eq(offers.id, offerId)).limit(1);
  return o?.doviz;
}

export async function materialStock(tx: Executor, id: string): Promise<string | undefined> {
  const [m] = await tx.select({ stock_sum: materials.stock_sum }).from(materials).where(eq(materials.id, id)).limit(1);
  return m?.stock_sum;
}

export function costHistory(tx: Executor, id: string) {
  return tx.select().from(materialCostHistory).where(eq(materialCostHistory.stock_id, id)).orderBy(asc(materialCostHistory.seq));
}

export function materialsForValue(tx: Executor) {
  return tx.select({
    id: materials.id, material_name: materials.material_name, material_category: materials.material_category, material_group: materials.material_group,
    material_unit: materials.material_unit, stock_sum: materials.stock_sum,
  }).from(materials).orderBy(asc(materials.material_name), asc(materials.id));
}
