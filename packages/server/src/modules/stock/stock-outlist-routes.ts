import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { QTY_PLACES, round, actionConfig, stockOutListSchema, type StockOut } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { errorResponses } from '../../lib/http.js';
import { dayParam } from '../logs/logs-routes.js';

/** At most this many rows of one day. */
export const STOCK_OUT_DAY_LIMIT = 500;

interface Raw {
  id: string; operation_date: string; stock_id: string; stock_name: string; stock_category: string; stock_group: string; qty: string; unit: string;
  productname: string | null; product_id: string | null; order_id: string | null; orderitem_id: string | null; operation_center: string; description: string;
}

/**
 * 'Materials used today' (spec 000 2.5, 7): a day's material movements out of stock, newest first, with the
 * product of the order line they were used for. Undone movements (and the reversals themselves) are not use.
 */
export async function materialsOut(db: Db, dateText: string): Promise<{ stock: StockOut[] }> {
  const { start, end } = dayParam(dateText);
  const res = await db.execute(sql`
    select m.id, to_char(m.operation_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as operation_date,
      m.stock_id, m.stock_name, m.stock_category, m.stock_group, m.qty::text as qty, m.unit,
      oi.urun_adi as productname, oi.product_id, m.order_id, m.orderitem_id, m.operation_center, m.description
    from material_movements m
    left join order_items oi on oi.id = m.orderitem_id
    where m.operation_type = 'cikis' and m.operation_date >= ${start.toISOString()}::timestamptz and m.operation_date < ${end.toISOString()}::timestamptz
      and m.reverses_id is null
      and not exists (select 1 from material_movements r where r.reverses_id = m.id)
    order by m.operation_date desc, m.seq desc
    limit ${STOCK_OUT_DAY_LIMIT}::int`);
  const rows = (res as unknown as { rows: Raw[] }).rows ?? [];
  return {
    stock: rows.map((r) => ({
      _id: r.id, operation_date: r.operation_date, stock_id: r.stock_id, stock_name: r.stock_name, stock_category: r.stock_category, stock_group: r.stock_group,
      qty: round(r.qty, QTY_PLACES), unit: r.unit, productname: r.productname ?? '', product_id: r.product_id, order_id: r.order_id, orderitem_id: r.orderitem_id,
      operation_center: r.operation_center, description: r.description,
    })),
  };
}

export const stockOutlistRoutes: FastifyPluginAsyncZod<{ stockOut: (dateText: string) => Promise<{ stock: StockOut[] }> }> = async (app, { stockOut }) => {
  app.get('/stock/outlist/:date', {
    config: actionConfig('GET /api/stock/outlist/:date'),
    schema: {
      tags: ['stock'], summary: "A day's material movements out of stock (date YYYY-MM-DD or DD.MM.YYYY, Europe/Istanbul), newest first",
      params: z.object({ date: z.string().max(40) }), response: { 200: stockOutListSchema, ...errorResponses },
    },
  }, async (req) => stockOut(req.params.date));
};
