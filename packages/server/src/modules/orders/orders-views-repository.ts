import { asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  componentShortage, dec, round, suggestedPurchase,
  type ComponentRow, type ModelDashboard, type ProductShortageRow, type Tracking,
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

