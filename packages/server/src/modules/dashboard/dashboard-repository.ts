import { sql } from 'drizzle-orm';
import type { DashboardCounts } from '@isik/domain';
import type { Executor } from '../../db/database.js';

/** Rows of table_counts beyond one per table at which the read folds them (table_counts_fold). */
const COUNTS_FOLD_SLACK = 100;

/**
 * The dashboard's tiles (spec 000 2.5): offers count status 0, orders status 1. One statement, one snapshot, read
 * from kept counts so its cost does not grow with the tables (issue 27, ADR 0052): products from product_counts, offers
 * and orders from offer_sums, order lines from order_figure_sums (kind 0: lines per status), companies and users from
 * table_counts. dashboard-counts.test.ts holds them equal to the tables' counts.
 */
export async function dashboardCounts(db: Executor): Promise<DashboardCounts> {
  const res = await db.execute(sql`select
    (select coalesce(sum(n), 0) from product_counts)::int as products,
    (select coalesce(sum(n), 0) from offer_sums where teklif_durumu = 0)::int as offers,
    (select coalesce(sum(n), 0) from offer_sums where teklif_durumu = 1)::int as orders,
    (select coalesce(sum(n), 0) from order_figure_sums where kind = 0)::int as "orderItems",
    (select coalesce(sum(n), 0) from table_counts where name = 'companies')::int as companies,
    (select coalesce(sum(n), 0) from table_counts where name = 'users')::int as users,
    (select count(*) from table_counts)::int as raw`);
  const r = ((res as unknown as { rows: Record<string, number | string>[] }).rows ?? [])[0];
  if (Number(r.raw) > 2 + COUNTS_FOLD_SLACK) await db.execute(sql`select table_counts_fold()`);
  return {
    products: Number(r.products), offers: Number(r.offers), orders: Number(r.orders), orderItems: Number(r.orderItems),
    companies: Number(r.companies), users: Number(r.users),
  };
}
