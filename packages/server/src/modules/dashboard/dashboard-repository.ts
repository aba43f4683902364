import { sql } from 'drizzle-orm';
import type { DashboardCounts } from '@isik/domain';
import type { Executor } from '../../db/database.js';

/** The dashboard's tiles (spec 000 2.5): offers count status 0, orders status 1. One statement, one snapshot. */
export async function dashboardCounts(db: Executor): Promise<DashboardCounts> {
  const res = await db.execute(sql`select
    (select count(*) from products)::int as products,
    (select count(*) from offers where teklif_durumu = 0)::int as offers,
    (select count(*) from offers where teklif_durumu = 1)::int as orders,
    (select count(*) from order_items)::int as "orderItems",
    (select count(*) from companies)::int as companies,
    (select count(*) from users)::int as users`);
  const r = ((res as unknown as { rows: Record<string, number | string>[] }).rows ?? [])[0];
  return {
    products: Number(r.products), offers: Number(r.offers), orders: Number(r.orders), orderItems: Number(r.orderItems),
    companies: Number(r.companies), users: Number(r.users),
  };
}
