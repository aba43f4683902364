import { asc, between, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  componentShortage, daysSinceOrder, dec, ORDER_LATE_DAYS, round, suggestedPurchase,
  type ComponentRow, type ModelDashboard, type ProductShortageRow, type OrdersOverview, type ProductionDashboard, type Tracking,
} from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { buyings, deliveries, materials, models, offers, orderItems, orderMaterialNeeds, products } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { openPurchaseQty } from '../buying/buying-repository.js';
import { offerItemOrder } from './orders-repository.js';

/**
 * Adds the requirement table's rows of each key into one (order_needs_fold: one caller at a time, rows appended
 * meanwhile stay). The answer never depends on it, so a failure is only logged.
 */
export async function foldNeeds(db: Executor, log?: WarnLog): Promise<number> {
  try {
    const r = await db.execute(sql`select order_needs_fold() as n`);
    return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } catch (err) {
    log?.warn({ err }, 'order_needs_fold failed');
    return 0;
  }
}
interface WarnLog { warn(obj: object, msg: string): void }

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const q2 = (v: ReturnType<typeof dec> | string | number) => round(typeof v === 'object' ? v.toFixed() : v, 2);
const q4 = (v: ReturnType<typeof dec> | string | number) => round(typeof v === 'object' ? v.toFixed() : v, 4);

/** Turkish order, as localeCompare(x, 'tr') gives it, with one collator for every comparison (the component list sorts 2,000 rows). */
const trOrder = new Intl.Collator('tr').compare;

/** Raw rows of the requirement table beyond one per key at which a read folds them (order_needs_fold). */
const FOLD_SLACK = 500;

/**
 * GET /orders/components (DECISIONS 5; the rule of the domain's lineNeeds): per material over open lines, required = per-unit x (Qty - completed)
 * of unfinished operations with StockUpdate; stock, quantity on open purchase requests (status 0-2), shortage.
 * Read from order_material_needs, which triggers on order_items keep in every writing transaction (migration 0015,
 * ADR 0026): a sum over a few rows per material instead of every open line's operations.
 */
export async function componentList(db: Db, a: { orderBy?: string; order?: 'asc' | 'desc'; search?: string }, log?: WarnLog): Promise<{ components: ComponentRow[]; products: ProductShortageRow[] }> {
  const [components, products] = [await materialShortages(db, a, log), await productShortages(db, a)];
  return { components, products };
}

/**
 * The materials' rows of the component list, each with its suggested purchase (ADR 0044). One query answers the
 * needs, the material's fields and what open purchases still bring in (openPurchaseQty, status 0-2), as numeric text;
 * the shortage and the suggestion are the domain's rules per row (their fast path for plain quantities).
 */
export async function materialShortages(db: Executor, a: { orderBy?: string; order?: 'asc' | 'desc'; search?: string }, log?: WarnLog, opts: { fold?: boolean } = {}): Promise<ComponentRow[]> {
  // The component products' rows (ADR 0046) count towards the fold only (raw, keys); productShortages reads them.
  const res = await db.execute(sql`
    with k as (
      select component, material_id, operation, sum(required) as r, sum(entries) as e, sum(lines) as l, count(*) as n
      from ${orderMaterialNeeds} group by 1, 2, 3
    ), t as (
      select coalesce(sum(n), 0)::int as raw, count(*)::int as keys from k
    ), need as (
      select material_id as id, sum(r) as required,
        coalesce(array_agg(operation order by operation) filter (where operation is not null and e > 0), '{}') as ops, sum(l)::int as lines
      from k where not component group by 1 having sum(r) > 0
    ), bought as (
      select ${buyings.material_id} as id, sum(${openPurchaseQty}) as qty from ${buyings}
      where ${buyings.material_id} in (select id from need) and ${buyings.satinalma_durumu} between 0 and 2 group by 1
    )
    select t.raw, t.keys, x.* from t left join lateral (
      select m.id, m.material_name, m.material_category, m.material_group, m.material_unit, need.required::text as required, need.ops,
        need.lines, m.stock_sum::text as stock, coalesce(bought.qty, 0)::text as on_order, m.purchase_multiple::text as multiple,
        m.purchase_min::text as min
      from need join ${materials} m on m.id = need.id left join bought on bought.id = need.id
    ) x on true`);
  type Row = {
    raw: number; keys: number; id: string | null; material_name: string; material_category: string; material_group: string; material_unit: string;
    required: string; ops: string[]; lines: number; stock: string; on_order: string; multiple: string | null; min: string | null;
  };
  const found = (res as unknown as { rows: Row[] }).rows;
  // Not inside a caller's transaction (opts.fold false): a failed fold would end it.
  if (found.length && found[0].raw > found[0].keys + FOLD_SLACK && opts.fold !== false) await foldNeeds(db, log);
  let rows: ComponentRow[] = [];
  for (const m of found) {
    if (m.id === null) continue;
    const shortage = componentShortage(m.required, m.stock, m.on_order);
    rows.push({
      material_id: m.id, material_name: m.material_name, material_category: m.material_category, material_group: m.material_group, material_unit: m.material_unit,
      Operation: m.ops.join(', '), operations: m.ops, lines: m.lines, required: q4(m.required), stock: q4(m.stock), onOrder: q4(m.on_order),
      shortage, purchase_multiple: m.multiple === null ? null : q4(m.multiple), purchase_min: m.min === null ? null : q4(m.min),
      suggested: suggestedPurchase(shortage, m.multiple, m.min),
    });
  }
  if (a.search?.trim()) {
    const s = a.search.trim().toLocaleLowerCase('tr');
    rows = rows.filter((r) => `${r.material_name} ${r.material_category} ${r.material_group} ${r.Operation}`.toLocaleLowerCase('tr').includes(s));
  }
  const key = a.orderBy ?? 'Operation';
  const dir = a.order === 'desc' ? -1 : 1;
  rows.sort((x, y) => {
    const c = key === 'required' ? x.required - y.required : trOrder(String(x[key as 'Operation']), String(y[key as 'Operation']));
    return (c || trOrder(x.material_name, y.material_name)) * dir;
  });
  return rows;
}

/**
 * The component products open lines' 'Yarı Mamül' rows still take from product stock (lineProductNeeds, in SQL
 * order_line_needs(..., true)), with stock and what open stock productions of each will still put in: lines of the
 * product without an offer, in status 1-3 and below 100 % (saveLine puts their quantity into stock at 100 %; a line
 * taking from stock or selling a material puts nothing in). The needs are read from order_material_needs' component
 * rows, which the same triggers keep as the materials' (ADR 0046): a sum over a few rows per product.
 */
export async function productShortages(db: Db, a: { search?: string } = {}): Promise<ProductShortageRow[]> {
  const res = await db.execute(sql`
    with k as (
      select material_id, operation, sum(required) as r, sum(entries) as e, sum(lines) as l
      from ${orderMaterialNeeds} where component group by 1, 2
    ), n as (
      select material_id as id, sum(r) as required, sum(l)::int as lines,
        coalesce(array_agg(operation) filter (where operation is not null and operation <> '' and e > 0), '{}') as ops
      from k group by 1
    ), made as (
      select l.product_id as id, sum(l.urun_miktari) as qty from ${orderItems} l
      where l.product_id in (select id from n) and l.offer_id is null and l.siparis_durumu between 1 and 3 and l.tamamlanma_orani < 100
        and l.order_type not in ('takeoff_stock', 'material') and l.operation_count > 0
      group by 1
    )
    select n.id, p.urun_adi_tr as name, coalesce(m.model_birimi, 'Adet') as unit, n.required::text as required, n.lines, n.ops,
      p.stock_sum::text as stock, coalesce(made.qty, 0)::text as made
    from n join ${products} p on p.id = n.id left join ${models} m on m.id = p.model_id left join made on made.id = n.id
    where n.required > 0`);
  let rows = (res as unknown as { rows: { id: string; name: string; unit: string; required: string; lines: number; ops: string[]; stock: string; made: string }[] }).rows
    .map((r): ProductShortageRow => ({
      product_id: r.id, urun_adi: r.name, urun_birimi: r.unit, Operation: [...r.ops].sort(trOrder).join(', '), lines: Number(r.lines),
      required: q4(r.required), stock: q4(r.stock), inProduction: q4(r.made), shortage: componentShortage(r.required, r.stock, r.made),
    }));
  if (a.search?.trim()) {
    const s = a.search.trim().toLocaleLowerCase('tr');
    rows = rows.filter((r) => `${r.urun_adi} ${r.Operation}`.toLocaleLowerCase('tr').includes(s));
  }
  return rows.sort((x, y) => y.shortage - x.shortage || trOrder(x.urun_adi, y.urun_adi));
}

/** GET /ordertracking/{offerId}/{companyId}/{token} (the service checked the token): only for an order (1-3) of the company. */
export async function tracking(db: Db, offerId: string, companyId: string): Promise<Tracking> {
  const [o] = await db.select().from(offers).where(eq(offers.id, offerId)).limit(1);
  if (!o || o.firma_id !== companyId || o.teklif_durumu < 1 || o.teklif_durumu > 3) throw notFound();
  const lines = await db.select().from(orderItems).where(eq(orderItems.offer_id, offerId)).orderBy(asc(offerItemOrder), asc(orderItems.siparis_tarihi), asc(orderItems.id));
  const ds = lines.length ? await db.select({ id: deliveries.id, line: deliveries.orderitem_id, date: deliveries.date, qty: deliveries.qty })
    .from(deliveries).where(inArray(deliveries.orderitem_id, lines.map((l) => l.id))).orderBy(asc(deliveries.date)) : [];
  return {
    offer: { _id: o.id, teklif_no: o.teklif_no, firma_adi: o.firma_adi, siparis_tarihi: iso(o.siparis_tarihi), teklif_durumu: o.teklif_durumu },
    lines: lines.map((l) => ({
      _id: l.id, urun_adi: l.urun_adi, urun_kodu: l.urun_kodu ?? [], urun_miktari: q2(l.urun_miktari), urun_birimi: l.urun_birimi,
      tamamlanmaOrani: q2(l.tamamlanma_orani), siparis_durumu: l.siparis_durumu, teslim_edilmis: q2(l.teslim_edilmis),
      Delivery: ds.filter((d) => d.line === l.id).map((d) => ({ _id: d.id, tarih: d.date.toISOString(), teslimedilenmiktar: q2(d.qty) })),
    })),
  };
}

/** GET /orders/dashboard/production (spec 002 2.5): operations of lines in status 1-4 by status and by name (aggregated in SQL). */
export async function productionDashboard(db: Db): Promise<ProductionDashboard> {
  const res = await db.execute(sql`
    select o->>'Operation' as name, coalesce((o->>'OperationStatus')::int, 0) as st, count(*)::int as n, coalesce(sum((o->>'OperationPercent')::numeric), 0)::float8 as pct
    from ${orderItems} oi cross join lateral jsonb_array_elements(oi.operations) o
    where oi.siparis_durumu between 1 and 4 group by 1, 2`);
  const agg = (res as unknown as { rows: { name: string; st: number; n: number; pct: number }[] }).rows;
  const counts = await db.select({ s: orderItems.siparis_durumu, n: sql<number>`count(*)::int` }).from(orderItems).where(between(orderItems.siparis_durumu, 1, 4)).groupBy(orderItems.siparis_durumu);
  const byStatus = { 0: 0, 1: 0, 2: 0 };
  const byName = new Map<string, { count: number; sum: number }>();
  for (const r of agg) {
    if (r.st in byStatus) byStatus[r.st as 0 | 1 | 2] += Number(r.n);
    const e = byName.get(r.name) ?? { count: 0, sum: 0 };
    e.count += Number(r.n);
    e.sum += Number(r.pct);
    byName.set(r.name, e);
  }
  const c = (s: number) => Number(counts.find((x) => x.s === s)?.n ?? 0);
  return {
    operationStatus: byStatus,
    operations: [...byName.entries()].map(([Operation, e]) => ({ Operation, count: e.count, averagePercent: round(e.sum / e.count, 1) })).sort((a, b) => b.count - a.count || a.Operation.localeCompare(b.Operation, 'tr')),
    lines: { status1: c(1), status2: c(2), status3: c(3), status4: c(4) },
  };
}

/** GET /orders/dashboard/models (spec 002 2.6): ordered vs delivered per model (first code part) and per product, over lines 1-6. */
export async function modelDashboard(db: Db): Promise<ModelDashboard> {
  const lines = await db.select({
    product_id: orderItems.product_id, urun_adi: orderItems.urun_adi, kodu: orderItems.urun_kodu, q: orderItems.urun_miktari, d: orderItems.teslim_edilmis, c: orderItems.tamamlanma_orani,
  }).from(orderItems).where(ne(orderItems.order_type, 'material')); // materials sold as such belong to no model
  const prodIds = [...new Set(lines.map((l) => l.product_id).filter((x): x is string => !!x))];
  const prods = prodIds.length ? await db.select({ id: products.id, model_id: products.model_id, model_code: products.model_code }).from(products).where(inArray(products.id, prodIds)) : [];
  const modelIds = [...new Set(prods.map((p) => p.model_id))];
  const ms = modelIds.length ? await db.select({ id: models.id, kodu: models.model_kodu, adi: models.model_adi_tr, resim: models.model_resim }).from(models).where(inArray(models.id, modelIds)) : [];
  const prodById = new Map(prods.map((p) => [p.id, p]));
  const modelByCode = new Map(ms.map((m) => [m.kodu, m]));
  const models_ = new Map<string, { ordered: ReturnType<typeof dec>; delivered: ReturnType<typeof dec> }>();
  const prodAcc = new Map<string, { urun_id: string | null; urun_adi: string; model: string; ordered: ReturnType<typeof dec>; delivered: ReturnType<typeof dec>; c: ReturnType<typeof dec>; n: number }>();
  for (const l of lines) {
    const p = l.product_id ? prodById.get(l.product_id) : undefined;
    const model = (l.kodu ?? [])[0] || p?.model_code || '-';
    const m = models_.get(model) ?? { ordered: dec(0), delivered: dec(0) };
    m.ordered = m.ordered.plus(l.q);
    m.delivered = m.delivered.plus(l.d);
    models_.set(model, m);
    const key = l.product_id ?? `name:${l.urun_adi}`;
    const e = prodAcc.get(key) ?? { urun_id: l.product_id, urun_adi: l.urun_adi, model, ordered: dec(0), delivered: dec(0), c: dec(0), n: 0 };
    e.ordered = e.ordered.plus(l.q);
    e.delivered = e.delivered.plus(l.d);
    e.c = e.c.plus(l.c);
    e.n += 1;
    prodAcc.set(key, e);
  }
  return {
    models: [...models_.entries()].map(([model, e]) => ({ model, model_adi: modelByCode.get(model)?.adi ?? '', image: modelByCode.get(model)?.resim ?? '', ordered: q2(e.ordered), delivered: q2(e.delivered) }))
      .sort((a, b) => a.model.localeCompare(b.model, 'tr')),
    products: [...prodAcc.values()].map((e) => ({ urun_id: e.urun_id, urun_adi: e.urun_adi, model: e.model, ordered: q2(e.ordered), delivered: q2(e.delivered), completion: round(e.c.div(e.n).toFixed(), 1), lines: e.n }))
      .sort((a, b) => a.urun_adi.localeCompare(b.urun_adi, 'tr')),
  };
}

/**
 * GET /orders/overview: orders in status 1-3 with their lines and completion; load and late lines (open over ORDER_LATE_DAYS days).
 * The load is summed in SQL from the lines' generated operation figures (migration 0015); no operations jsonb is read.
 */
export async function ordersOverview(db: Db, now = new Date()): Promise<OrdersOverview> {
  const open = between(offers.teklif_durumu, 1, 3);
  const os = await db.select({ id: offers.id, teklif_no: offers.teklif_no, firma_id: offers.firma_id, firma_adi: offers.firma_adi, teklif_durumu: offers.teklif_durumu, siparis_tarihi: offers.siparis_tarihi })
    .from(offers).where(open).orderBy(asc(offers.siparis_tarihi), asc(offers.id));
  const lines = os.length ? await db.select({
    id: orderItems.id, offer_id: orderItems.offer_id, urun_adi: orderItems.urun_adi, urun_miktari: orderItems.urun_miktari, urun_birimi: orderItems.urun_birimi,
    teslim_edilmis: orderItems.teslim_edilmis, tamamlanma_orani: orderItems.tamamlanma_orani, siparis_durumu: orderItems.siparis_durumu, siparis_tarihi: orderItems.siparis_tarihi,
    operation_count: orderItems.operation_count, open_operations: orderItems.open_operations,
  }).from(orderItems).where(inArray(orderItems.offer_id, db.select({ id: offers.id }).from(offers).where(open)))
    .orderBy(asc(orderItems.offer_id), asc(offerItemOrder), asc(orderItems.siparis_tarihi), asc(orderItems.id)) : [];
  const [sums] = await db.select({
    openLines: sql<number>`count(*)::int`, openOperations: sql<number>`coalesce(sum(${orderItems.open_operations}), 0)::int`,
    startedOperations: sql<number>`coalesce(sum(${orderItems.started_operations}), 0)::int`, unitsToProduce: sql<string>`coalesce(sum(${orderItems.units_to_produce}), 0)::text`,
  }).from(orderItems).where(between(orderItems.siparis_durumu, 1, 3));
  const load = {
    openLines: Number(sums?.openLines ?? 0), openOperations: Number(sums?.openOperations ?? 0), startedOperations: Number(sums?.startedOperations ?? 0),
    unitsToProduce: q2(sums?.unitsToProduce ?? '0'), unitsToDeliver: 0, lateLines: 0,
  };
  const late: OrdersOverview['late'] = [];
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
  let unitsToDeliver = 0;
  const orders = os.map((o) => {
    const ls = byOffer.get(o.id) ?? [];
    for (const l of ls) {
      unitsToDeliver += Math.max(0, l.urun_miktari - l.teslim_edilmis);
      if (l.late) late.push({ ...l, teklif_no: o.teklif_no, firma_adi: o.firma_adi });
    }
    const completion = ls.length ? round(ls.reduce((n, l) => n + l.tamamlanmaOrani, 0) / ls.length, 1) : 0;
    return {
      _id: o.id, teklif_no: o.teklif_no, firma_id: o.firma_id, firma_adi: o.firma_adi, teklif_durumu: o.teklif_durumu, siparis_tarihi: iso(o.siparis_tarihi),
      completion, ordered: q2(ls.reduce((n, l) => n + l.urun_miktari, 0)), delivered: q2(ls.reduce((n, l) => n + l.teslim_edilmis, 0)), lines: ls,
    };
  });
  load.lateLines = late.length;
  load.unitsToDeliver = q2(unitsToDeliver);
  return { orders, load, late: late.sort((a, b) => b.daysSinceOrder - a.daysSinceOrder) };
}
