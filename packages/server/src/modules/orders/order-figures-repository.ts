// The production dashboard and the orders overview from kept sums and by page (issue 27): neither reads
// every line's operations nor answers every order. order_figure_sums (derived/order-ops-sums.sql) holds per line
// status the lines and their operation figures, and per operation name and status the operations of lines 1-4;
// order_open_days (derived/order-open-days.sql) the open orders' open lines and units to deliver per order day.
import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import {
  daysSinceOrder, dec, ORDER_LATE_DAYS, OVERVIEW_LATE_LIMIT, round,
  type OrdersOverview, type OrdersOverviewArgs, type ProductionDashboard,
} from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { offers, offerSums, orderItems } from '../../db/schema.js';
import { keyColumns, readAnchoredPage, withAnchor, type PageKey } from '../../lib/anchored-page.js';
import { searchFolded } from '../../lib/search.js';
import { offerItemOrder } from './orders-repository.js';

interface WarnLog { warn(obj: object, msg: string): void }
interface FigureRow { kind: number; name: string; status: number; n: number; pct: string; open_ops: number; started_ops: number; units: string }

/** Raw rows of order_figure_sums beyond one per key at which a read folds them (order_figure_sums_fold). */
export const FOLD_SLACK = 500;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const q2 = (v: ReturnType<typeof dec> | string | number) => round(typeof v === 'object' ? v.toFixed() : v, 2);

/** Adds the kept rows of each key into one (one caller at a time); the answer never depends on it, so a failure is only logged. */
export async function foldFigureSums(db: Executor, log?: WarnLog): Promise<number> {
  try {
    const r = await db.execute(sql`select order_figure_sums_fold() as n`);
    return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } catch (err) {
    log?.warn({ err }, 'order_figure_sums_fold failed');
    return 0;
  }
}

/** The kept sums per key (kind, name, status); folds them afterwards when the rows outnumber the keys by FOLD_SLACK. */
async function figureSums(db: Db, log?: WarnLog): Promise<FigureRow[]> {
  const res = await db.execute(sql`
    select kind, name, status, sum(n)::float8 as n, sum(pct)::text as pct, sum(open_ops)::float8 as open_ops, sum(started_ops)::float8 as started_ops,
      sum(units)::text as units, count(*)::int as raw
    from order_figure_sums group by 1, 2, 3`);
  const rows = (res as unknown as { rows: (FigureRow & { raw: number })[] }).rows;
  const raw = rows.reduce((n, r) => n + Number(r.raw), 0);
  if (raw > rows.length + FOLD_SLACK) await foldFigureSums(db, log);
  return rows.map((r) => ({ ...r, kind: Number(r.kind), status: Number(r.status), n: Number(r.n), open_ops: Number(r.open_ops), started_ops: Number(r.started_ops) }));
}

/** GET /orders/dashboard/production (spec 002 2.5): operations of lines in status 1-4 by status and by name, lines per status; from the kept sums. */
export async function productionDashboard(db: Db, log?: WarnLog): Promise<ProductionDashboard> {
  const rows = await figureSums(db, log);
  const byStatus = { 0: 0, 1: 0, 2: 0 };
  const byName = new Map<string, { count: number; sum: ReturnType<typeof dec> }>();
  for (const r of rows.filter((x) => x.kind === 1 && x.n !== 0)) {
    if (r.status in byStatus) byStatus[r.status as 0 | 1 | 2] += r.n;
    const e = byName.get(r.name) ?? { count: 0, sum: dec(0) };
    e.count += r.n;
    e.sum = e.sum.plus(r.pct);
    byName.set(r.name, e);
  }
  const c = (s: number) => rows.filter((x) => x.kind === 0 && x.status === s).reduce((n, x) => n + x.n, 0);
  return {
    operationStatus: byStatus,
    operations: [...byName.entries()].filter(([, e]) => e.count > 0)
      .map(([Operation, e]) => ({ Operation, count: e.count, averagePercent: round(e.sum.div(e.count).toFixed(), 1) }))
      .sort((a, b) => b.count - a.count || a.Operation.localeCompare(b.Operation, 'tr')),
    lines: { status1: c(1), status2: c(2), status3: c(3), status4: c(4) },
  };
}

/** Adds the kept rows of each day of order_open_days into one (one caller at a time); a failure is only logged. */
export async function foldOpenDays(db: Executor, log?: WarnLog): Promise<number> {
  try {
    const r = await db.execute(sql`select order_open_days_fold() as n`);
    return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } catch (err) {
    log?.warn({ err }, 'order_open_days_fold failed');
    return 0;
  }
}

/**
 * From order_open_days (derived/order-open-days.sql): the open lines' units to deliver, and how many open lines were
 * ordered on an Istanbul day before the cutoff's; folds the rows afterwards when they outnumber the days by FOLD_SLACK.
 */
async function openDays(db: Db, cutoff: Date, log?: WarnLog): Promise<{ units: string; lateBefore: number }> {
  const res = await db.execute(sql`
    select coalesce(sum(units), 0)::text as units,
      coalesce(sum(n) filter (where day < (${cutoff}::timestamptz at time zone 'Europe/Istanbul')::date), 0)::float8 as late,
      count(*)::int as raw, count(distinct day)::int as days
    from order_open_days`);
  const r = (res as unknown as { rows: { units: string; late: number; raw: number; days: number }[] }).rows[0];
  if (r && Number(r.raw) > Number(r.days) + FOLD_SLACK) await foldOpenDays(db, log);
  return { units: r?.units ?? '0', lateBefore: Number(r?.late ?? 0) };
}

/** Offers that are orders in production (status 1-3), written as the partial index offers_open_order_date_idx says. */
const openOrder = sql`${offers.teklif_durumu} between 1 and 3`;

/**
 * The overview's sort keys (the sort column, then the id, one direction): each served by a partial index on the open
 * orders. An order without a date sorts as 'infinity', where PostgreSQL puts nulls (last ascending, first descending),
 * so every key is non-null and the page after an anchor is a range of the index.
 */
function overviewKeys(orderBy: OrdersOverviewArgs['orderBy'], desc: boolean): PageKey[] {
  const first: PageKey = orderBy === 'siparis_tarihi' ? { expr: sql`coalesce(${offers.siparis_tarihi}, 'infinity'::timestamptz)`, type: 'timestamptz', desc }
    : { expr: orderBy === 'teklif_no' ? offers.teklif_no : offers.firma_adi, type: 'text', desc };
  return [first, { expr: offers.id, type: 'text', desc }];
}

/**
 * Open lines (not complete or not fully delivered) of orders in status 1-3 ordered on or before the cutoff, written as
 * the partial index order_items_open_order_date_idx says: whether the order is in production is the line's kept
 * order_in_production (derived/order-line-order-open.sql, ADR 0058), so the index holds exactly these lines and none
 * is skipped.
 */
function lateLineWhere(cutoff: Date): SQL {
  return sql`${orderItems.order_in_production} and (${orderItems.tamamlanma_orani} < 100 or ${orderItems.teslim_edilmis} < ${orderItems.urun_miktari}) and ${orderItems.siparis_tarihi} <= ${cutoff}`;
}

/** The overview's most late lines (OVERVIEW_LATE_LIMIT), the oldest first, with their order's number and company. */
export function lateLines(db: Executor, cutoff: Date) {
  return db.select({
    id: orderItems.id, offer_id: orderItems.offer_id, urun_adi: orderItems.urun_adi, urun_miktari: orderItems.urun_miktari, urun_birimi: orderItems.urun_birimi,
    teslim_edilmis: orderItems.teslim_edilmis, tamamlanma_orani: orderItems.tamamlanma_orani, siparis_durumu: orderItems.siparis_durumu, siparis_tarihi: orderItems.siparis_tarihi,
    operation_count: orderItems.operation_count, open_operations: orderItems.open_operations, teklif_no: offers.teklif_no, firma_adi: offers.firma_adi,
  }).from(orderItems).innerJoin(offers, sql`${offers.id} = ${orderItems.offer_id}`).where(lateLineWhere(cutoff))
    .orderBy(asc(orderItems.siparis_tarihi), asc(orderItems.id)).limit(OVERVIEW_LATE_LIMIT);
}

/** How many late lines (as lateLines) were ordered on the cutoff's own Istanbul day, from the day's start up to the cutoff. */
export function cutoffDayLines(db: Executor, cutoff: Date) {
  return db.select({ n: sql<number>`count(*)::int` }).from(orderItems)
    .where(and(lateLineWhere(cutoff), sql`${orderItems.siparis_tarihi} >= ((${cutoff}::timestamptz at time zone 'Europe/Istanbul')::date::timestamp at time zone 'Europe/Istanbul')`));
}

/**
 * GET /orders/overview (issue 27): one page of the orders in status 1-3 with their lines and completion, how many match;
 * the load of open lines (1-3) from the kept sums; units to deliver and the late count (open over ORDER_LATE_DAYS days)
 * from order_open_days and the cutoff's own day; the most late OVERVIEW_LATE_LIMIT lines read in order from
 * order_items_open_order_date_idx (ADR 0049 addendum 2, ADR 0058).
 */
export async function ordersOverview(db: Db, a: OrdersOverviewArgs, now = new Date(), log?: WarnLog): Promise<OrdersOverview> {
  const where: SQL = a.search ? and(openOrder, searchFolded(offers.search_text, a.search))! : openOrder;
  // Without a search the count comes from the offers' kept sums per status (offer_sums): a few rows.
  const [count] = a.search
    ? await db.select({ n: sql<number>`count(*)::int` }).from(offers).where(where)
    : await db.select({ n: sql<number>`coalesce(sum(${offerSums.n}), 0)::int` }).from(offerSums).where(sql`${offerSums.teklif_durumu} between 1 and 3`);
  const total = Number(count?.n ?? 0);
  // The page from the nearest of the start, the client's anchor and the end (ADR 0051): its ids and sort keys read
  // from the sort's partial index alone (offers_open_order_*_idx), then those orders by primary key. Selecting the
  // orders' other columns in the paged query read the heap of every skipped row (1.2 s at 10× for a random page).
  const keys = overviewKeys(a.orderBy, a.order === 'desc');
  const req = { page: a.page, size: a.pageSize, anchor: a.anchor, scope: JSON.stringify(['orders/overview', a.orderBy, a.order, a.search ?? null]) };
  const paged = await readAnchoredPage(keys, req, async (plan) => ({
    rows: await db.select({ id: offers.id, ...keyColumns(keys) }).from(offers).where(plan.where ? and(where, plan.where) : where)
      .orderBy(...plan.orderBy).limit(plan.limit).offset(plan.offset),
    total,
  }));
  const byId = new Map((paged.rows.length ? await db.select({ id: offers.id, teklif_no: offers.teklif_no, firma_id: offers.firma_id, firma_adi: offers.firma_adi, teklif_durumu: offers.teklif_durumu, siparis_tarihi: offers.siparis_tarihi })
    .from(offers).where(inArray(offers.id, paged.rows.map((r) => r.id))) : []).map((o) => [o.id, o]));
  const os = paged.rows.map((r) => byId.get(r.id)).filter((o): o is NonNullable<typeof o> => !!o);
  const lines = os.length ? await db.select({
    id: orderItems.id, offer_id: orderItems.offer_id, urun_adi: orderItems.urun_adi, urun_miktari: orderItems.urun_miktari, urun_birimi: orderItems.urun_birimi,
    teslim_edilmis: orderItems.teslim_edilmis, tamamlanma_orani: orderItems.tamamlanma_orani, siparis_durumu: orderItems.siparis_durumu, siparis_tarihi: orderItems.siparis_tarihi,
    operation_count: orderItems.operation_count, open_operations: orderItems.open_operations,
  }).from(orderItems).where(inArray(orderItems.offer_id, os.map((o) => o.id)))
    .orderBy(asc(orderItems.offer_id), asc(offerItemOrder), asc(orderItems.siparis_tarihi), asc(orderItems.id)) : [];
  const sums = (await figureSums(db, log)).filter((r) => r.kind === 0 && r.status >= 1 && r.status <= 3);
  // Late: daysSinceOrder (rounded days) over ORDER_LATE_DAYS, i.e. ordered at least ORDER_LATE_DAYS + ½ days ago.
  const cutoff = new Date(now.getTime() - (ORDER_LATE_DAYS + 0.5) * 86_400_000);
  const deliver = await openDays(db, cutoff, log);
  // The cutoff's own Istanbul day from the lines (order_items_open_order_date_idx): from the day's start up to the cutoff.
  const [edge] = await cutoffDayLines(db, cutoff);
  const lateRows = await lateLines(db, cutoff);
  const toLine = (l: typeof lines[number]) => {
    const days = daysSinceOrder(l.siparis_tarihi, now);
    const isOpen = dec(l.tamamlanma_orani).lt(100) || dec(l.teslim_edilmis).lt(l.urun_miktari);
    return {
      _id: l.id, urun_adi: l.urun_adi, urun_miktari: q2(l.urun_miktari), urun_birimi: l.urun_birimi, teslim_edilmis: q2(l.teslim_edilmis), tamamlanmaOrani: q2(l.tamamlanma_orani),
      siparis_durumu: l.siparis_durumu, siparis_tarihi: l.siparis_tarihi.toISOString(), daysSinceOrder: days, late: isOpen && days > ORDER_LATE_DAYS,
      operations: Number(l.operation_count ?? 0), openOperations: Number(l.open_operations ?? 0),
    };
  };
  const byOffer = new Map<string, ReturnType<typeof toLine>[]>();
  for (const l of lines) {
    const list = byOffer.get(l.offer_id!) ?? [];
    list.push(toLine(l));
    byOffer.set(l.offer_id!, list);
  }
  const orders = os.map((o) => {
    const ls = byOffer.get(o.id) ?? [];
    const completion = ls.length ? round(ls.reduce((n, l) => n + l.tamamlanmaOrani, 0) / ls.length, 1) : 0;
    return {
      _id: o.id, teklif_no: o.teklif_no, firma_id: o.firma_id, firma_adi: o.firma_adi, teklif_durumu: o.teklif_durumu, siparis_tarihi: iso(o.siparis_tarihi),
      completion, ordered: q2(ls.reduce((n, l) => n + l.urun_miktari, 0)), delivered: q2(ls.reduce((n, l) => n + l.teslim_edilmis, 0)), lines: ls,
    };
  });
  const load = {
    openLines: sums.reduce((n, r) => n + r.n, 0), openOperations: sums.reduce((n, r) => n + r.open_ops, 0), startedOperations: sums.reduce((n, r) => n + r.started_ops, 0),
    unitsToProduce: q2(sums.reduce((n, r) => n.plus(r.units), dec(0))), unitsToDeliver: q2(deliver.units), lateLines: deliver.lateBefore + Number(edge?.n ?? 0),
  };
  const late = lateRows.map((l) => ({ ...toLine(l), teklif_no: l.teklif_no, firma_adi: l.firma_adi }));
  return withAnchor({ total, page: a.page, pageSize: a.pageSize, orders, load, late }, paged.anchor);
}
