import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  dec, round, undeterminedCount, ORDER_QTY_PLACES, type LineDelivery, type Operation, type OperationDetail, type OrderLine, type OrderListArgs,
} from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { materials, models, offers, orderItems, products } from '../../db/schema.js';
import { deliveriesOfLines } from '../deliveries/deliveries-repository.js';
import { searchFolded } from '../../lib/search.js';
import { keyColumns, readAnchoredPage, withAnchor, type PageKey } from '../../lib/anchored-page.js';
import { keptLineCounts } from './line-counts.js';
import { searchPageByDate, searchStatusCounts } from './order-line-search.js';

export type LineRow = typeof orderItems.$inferSelect;

const iso = (d: Date | string | null | undefined): string | null => (d ? (d instanceof Date ? d : new Date(d)).toISOString() : null);
const num = (v: string | number | null | undefined, places = 2) => round(v ?? 0, places);

/** The operations as stored (jsonb): the domain's Operation, every field present. */
export function opsOf(row: Pick<LineRow, 'operations'>): Operation[] {
  return (row.operations as unknown as Operation[]).map((o) => ({
    _id: String(o._id), Operation: o.Operation ?? '', Qty: Number(o.Qty ?? 0), OperationStartTime: o.OperationStartTime ?? null,
    OperationFinishTime: o.OperationFinishTime ?? null, OperationStaff: o.OperationStaff ?? '', OperationStatus: Number(o.OperationStatus ?? 0),
    OperationPercent: Number(o.OperationPercent ?? 0), OperationDescription: o.OperationDescription ?? '', OperationComplated: Number(o.OperationComplated ?? 0),
    OperationComplatedList: o.OperationComplatedList ?? [], OperationComponent: o.OperationComponent ?? [],
    OperationDetails: (o.OperationDetails ?? []).map((d) => ({
      material: d.material ?? '', material_name: d.material_name ?? '', material_category: d.material_category ?? '', material_group: d.material_group ?? '',
      component: Boolean(d.component), materialQty: Number(d.materialQty ?? 0), totalQty: Number(d.totalQty ?? 0), unit: d.unit ?? 'Adet',
      StockUpdate: d.StockUpdate !== false, status: 0,
    })),
  }));
}

export async function lockLine(tx: Executor, id: string): Promise<LineRow | undefined> {
  const [row] = await tx.select().from(orderItems).where(eq(orderItems.id, id)).for('update').limit(1);
  return row;
}

interface Extras {
  offers: Map<string, { _id: string; teklif_no: string; firma_id: string | null; firma_adi: string; teklif_durumu: number }>;
  deliveries: Map<string, LineDelivery[]>;
  materialStock: Map<string, number>;
  productStock: Map<string, number>;
}

/** Everything the answers need beside the rows: offers, deliveries and the current stock of every material row. */
async function extrasOf(db: Executor, rows: readonly LineRow[], withDetails: boolean): Promise<Extras> {
  const offerIds = [...new Set(rows.map((r) => r.offer_id).filter((x): x is string => !!x))];
  const lineIds = rows.map((r) => r.id);
  const offerRows = offerIds.length ? await db.select({ id: offers.id, no: offers.teklif_no, firma_id: offers.firma_id, firma_adi: offers.firma_adi, durum: offers.teklif_durumu })
    .from(offers).where(inArray(offers.id, offerIds)) : [];
  const deliveryRows = await deliveriesOfLines(db, lineIds);
  const dmap = new Map<string, LineDelivery[]>();
  for (const d of deliveryRows) {
    const list = dmap.get(d.line!) ?? [];
    list.push({ _id: d.id, tarih: iso(d.date)!, teslimedilenmiktar: num(d.qty), personel: d.deliverer, teslimalan: d.receiver, description: d.description });
    dmap.set(d.line!, list);
  }
  const matIds = new Set<string>();
  const prodIds = new Set<string>();
  if (withDetails) {
    for (const r of rows) for (const o of opsOf(r)) for (const d of o.OperationDetails) if (d.material) (d.component ? prodIds : matIds).add(d.material);
  }
  const ms = matIds.size ? await db.select({ id: materials.id, s: materials.stock_sum }).from(materials).where(inArray(materials.id, [...matIds])) : [];
  const ps = prodIds.size ? await db.select({ id: products.id, s: products.stock_sum }).from(products).where(inArray(products.id, [...prodIds])) : [];
  return {
    offers: new Map(offerRows.map((o) => [o.id, { _id: o.id, teklif_no: o.no, firma_id: o.firma_id, firma_adi: o.firma_adi, teklif_durumu: o.durum }])),
    deliveries: dmap,
    materialStock: new Map(ms.map((m) => [m.id, num(m.s, ORDER_QTY_PLACES)])),
    productStock: new Map(ps.map((m) => [m.id, num(m.s, ORDER_QTY_PLACES)])),
  };
}

function toLine(r: LineRow, x: Extras, withDetails: boolean): OrderLine {
  const ops = opsOf(r);
  const undetermined = undeterminedCount(ops);
  return {
    _id: r.id, urun_adi: r.urun_adi, urun_adi_en: r.urun_adi_en, urun_kodu: r.urun_kodu ?? [], urun_id: r.product_id, urun_resim: r.urun_resim,
    urun_miktari: num(r.urun_miktari), urun_birimi: r.urun_birimi, urun_fiyati: num(r.urun_fiyati, 4), urun_dovizi: r.urun_dovizi, urun_kdv: num(r.urun_kdv),
    toplamTL: num(r.toplam_tl), toplamDoviz: num(r.toplam_doviz), toplamKdvTL: num(r.toplam_kdv_tl), toplamKdvDoviz: num(r.toplam_kdv_doviz),
    teklifno: r.offer_id ? x.offers.get(r.offer_id) ?? null : null,
    siparis_tarihi: iso(r.siparis_tarihi)!, siparis_durumu: r.siparis_durumu, tamamlanmaOrani: num(r.tamamlanma_orani), teslim_edilmis: num(r.teslim_edilmis),
    baslama_tarihi: iso(r.baslama_tarihi), bitis_tarihi: iso(r.bitis_tarihi), promised_date: r.promised_date, ready: r.ready, order_type: r.order_type, refreshcomponentlist: r.refreshcomponentlist,
    Operations: ops.map((o) => (withDetails ? {
      ...o,
      OperationDetails: o.OperationDetails.map((d): OperationDetail => ({ ...d, status: d.material ? (d.component ? x.productStock : x.materialStock).get(d.material) ?? 0 : 0 })),
    } : { ...o, OperationComplatedList: [], OperationDetails: [] })),
    Delivery: x.deliveries.get(r.id) ?? [],
    undetermined,
    __v: r.version,
  };
}

/** Rows to answers (the order of `rows` is kept). `withDetails` false: operations without history and material rows. */
export async function toLines(db: Executor, rows: readonly LineRow[], withDetails = true): Promise<OrderLine[]> {
  const x = await extrasOf(db, rows, withDetails);
  return rows.map((r) => toLine(r, x, withDetails));
}

export async function findLine(db: Executor, id: string): Promise<OrderLine | undefined> {
  const [row] = await db.select().from(orderItems).where(eq(orderItems.id, id)).limit(1);
  if (!row) return undefined;
  return (await toLines(db, [row]))[0];
}

function listWhere(a: Pick<OrderListArgs, 'search' | 'offer'>): SQL[] {
  const conds: SQL[] = [];
  if (a.search && a.search.trim()) conds.push(searchFolded(orderItems.search_text, a.search.trim()));
  if (a.offer) conds.push(eq(orderItems.offer_id, a.offer));
  return conds;
}

/** A line's place in its offer (the offer item's sira): lines of one order read in the offer's order (issue 23). */
export const offerItemOrder = sql`(select oi.sira from offer_items oi where oi.id = ${orderItems.offer_item_id})`;

/** GET /orders/list: one page (or all) of the lines in the status range, and the per-status counts over the search. */
export async function listLines(db: Executor, a: OrderListArgs) {
  const from = a.filter1 ?? 1;
  const to = a.filter2 ?? (a.filter1 ?? 4);
  const base = listWhere(a);
  const where = and(...base, sql`${orderItems.siparis_durumu} between ${Math.min(from, to)} and ${Math.max(from, to)}`);
  const dir = a.order ?? (a.orderBy === 'siparis_tarihi' ? 'desc' : 'asc');
  const keys = lineKeys(a.orderBy, dir === 'desc', !!a.offer);
  const order = keys.map((k) => (k.desc ? desc : asc)(k.expr));
  const paged = a.page !== undefined || a.pageSize !== undefined;
  const size = a.pageSize ?? 12;
  const page = a.page ?? 1;
  // The status tabs' counts: a search counts each status up to a cap (ADR 0054, order-line-search.ts); one offer's lines
  // are counted; the list without either reads the kept lines per status (ADR 0055).
  const searched = a.search?.trim() ? await searchStatusCounts(db, base, [Math.min(from, to), Math.max(from, to)], a.page ?? 1, a.pageSize ?? 12) : undefined;
  const counts = searched
    ? searched.counts
    : base.length
      ? await db.select({ s: orderItems.siparis_durumu, n: sql<number>`count(*)::int` }).from(orderItems).where(and(...base)).groupBy(orderItems.siparis_durumu)
      : await keptLineCounts(db);
  const c = (s: number) => Number(counts.find((x) => x.s === s)?.n ?? 0);
  const inRange = counts.filter((x) => x.s >= Math.min(from, to) && x.s <= Math.max(from, to)).reduce((n, x) => n + Number(x.n), 0);
  let rows: LineRow[];
  let anchor: string | undefined;
  if (paged) {
    // Page the narrow ids and sort keys first (the sort and the skipped rows never carry the operations' jsonb), from
    // the nearest of the start, the client's anchor and the end (ADR 0051), then read those rows.
    const req = { page, size, anchor: a.anchor, scope: JSON.stringify(['orders/list', a.orderBy, dir, from, to, a.search?.trim() || null, a.offer ?? null]) };
    // A search with every status of the range under its count's limit reads its matches first (a fence, as the offer
    // list: ADR 0054).
    const byDate = a.orderBy !== 'urun_adi' && a.orderBy !== 'Operation' && !a.offer;
    const few = searched && !searched.cappedStatuses.some((s) => s >= Math.min(from, to) && s <= Math.max(from, to));
    const got = await readAnchoredPage(keys, req, async (plan) => ({
      rows: few
        ? ((await db.execute(sql`select ${orderItems.id} as id, ${sql.join(Object.entries(keyColumns(keys)).map(([k, e]) => sql`${e} as ${sql.identifier(k)}`), sql`, `)}
            from (select * from ${orderItems} where ${where} offset 0) as ${orderItems}${plan.where ? sql` where ${plan.where}` : sql``}
            order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.limit} offset ${plan.offset}`)) as unknown as { rows: { id: string }[] }).rows
        : byDate && searched
          // A search over the cap by date: the covering index walked (ADR 0062).
          ? await searchPageByDate(db, where!, keyColumns(keys), plan)
          : await db.select({ id: orderItems.id, ...keyColumns(keys) }).from(orderItems).where(plan.where ? and(where, plan.where) : where)
            .orderBy(...plan.orderBy).limit(plan.limit).offset(plan.offset),
      total: inRange,
    }));
    anchor = got.anchor;
    const ids = got.rows.map((r) => r.id);
    const byId = new Map((ids.length ? await db.select().from(orderItems).where(inArray(orderItems.id, ids)) : []).map((r) => [r.id, r]));
    rows = ids.map((id) => byId.get(id)).filter((r): r is LineRow => !!r);
  } else {
    rows = await db.select().from(orderItems).where(where).orderBy(...order);
  }
  const total = paged ? inRange : rows.length;
  return withAnchor({
    orders: await toLines(db, rows, a.type === 'detaillist'),
    status1: c(1), status2: c(2), status3: c(3), status4: c(4), status6: c(6),
    page: paged ? page : 1, totalPage: paged ? Math.max(1, Math.ceil(total / size)) : 1, totalItemCount: total,
    ...(searched?.capped ? { total_capped: true } : {}),
  }, anchor);
}

/**
 * The order-line list's sort keys: by date (both keys one way: order_items_date_idx serves it as a range), or by
 * product name or first operation, then newest first, then the id. One order's lines (its page, delivery form, work
 * order) keep the offer's item order first.
 */
function lineKeys(orderBy: OrderListArgs['orderBy'], desc: boolean, ofOffer: boolean): PageKey[] {
  const date: PageKey = { expr: orderItems.siparis_tarihi, type: 'timestamptz' };
  const keys: PageKey[] = orderBy === 'urun_adi' || orderBy === 'Operation'
    ? [{ expr: orderBy === 'urun_adi' ? sql`lower(${orderItems.urun_adi})` : sql`lower(coalesce(${orderItems.operations}->0->>'Operation', ''))`, type: 'text', desc }, { ...date, desc: true }, { expr: orderItems.id, type: 'text' }]
    : [{ ...date, desc }, { expr: orderItems.id, type: 'text', desc }];
  return ofOffer ? [{ expr: offerItemOrder, type: 'int', nullable: true }, ...keys] : keys;
}

export const qtyText = (v: string | number) => dec(v).toDecimalPlaces(ORDER_QTY_PLACES).toFixed();

// ------------------------------------------------------------------ the service's reads and writes of order lines

export type NewLineRow = typeof orderItems.$inferInsert;

export async function insertLine(tx: Executor, values: NewLineRow): Promise<void> {
  await tx.insert(orderItems).values(values);
}

/** Writes a line's changes; updated_at and the version follow. */
export async function updateLine(tx: Executor, id: string, set: Partial<NewLineRow>): Promise<void> {
  await tx.update(orderItems).set({ ...set, updated_at: new Date(), version: sql`${orderItems.version} + 1` }).where(eq(orderItems.id, id));
}

/** A material line's completion, status and dates, which follow its deliveries (DECISIONS 6); the version stays. */
export async function setLineState(tx: Executor, id: string, set: Pick<NewLineRow, 'tamamlanma_orani' | 'siparis_durumu' | 'baslama_tarihi' | 'bitis_tarihi'>): Promise<void> {
  await tx.update(orderItems).set(set).where(eq(orderItems.id, id));
}

/** A delivery of qty raises the line's delivered quantity. */
export async function addDelivered(tx: Executor, id: string, qty: string): Promise<void> {
  await tx.update(orderItems).set({ teslim_edilmis: sql`${orderItems.teslim_edilmis} + ${qty}::numeric`, updated_at: new Date(), version: sql`${orderItems.version} + 1` }).where(eq(orderItems.id, id));
}

/** A deleted delivery of qty lowers it (never below 0). */
export async function subtractDelivered(tx: Executor, id: string, qty: string): Promise<void> {
  await tx.update(orderItems).set({ teslim_edilmis: sql`greatest(${orderItems.teslim_edilmis} - ${qty}::numeric, 0)`, updated_at: new Date(), version: sql`${orderItems.version} + 1` }).where(eq(orderItems.id, id));
}

export async function deleteLine(tx: Executor, id: string): Promise<void> {
  await tx.delete(orderItems).where(eq(orderItems.id, id));
}

export async function linesOfOffer(tx: Executor, offerId: string): Promise<LineRow[]> {
  return tx.select().from(orderItems).where(eq(orderItems.offer_id, offerId));
}

/** What an order's status is computed from: each line's operations, type, completion, ordered and delivered quantity. */
export async function lineStatesOfOffer(tx: Executor, offerId: string) {
  return tx.select({ operations: orderItems.operations, order_type: orderItems.order_type, tamamlanma_orani: orderItems.tamamlanma_orani, q: orderItems.urun_miktari, d: orderItems.teslim_edilmis })
    .from(orderItems).where(eq(orderItems.offer_id, offerId));
}

/** Locks an offer's lines and answers their ids. */
export async function lockOfferLineIds(tx: Executor, offerId: string): Promise<{ id: string }[]> {
  return tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.offer_id, offerId)).for('update');
}

export async function deleteOfferLines(tx: Executor, offerId: string): Promise<void> {
  await tx.delete(orderItems).where(eq(orderItems.offer_id, offerId));
}

/** The lines' copy of their offer's company name (for the search), where it differs. */
export async function setLinesCompany(tx: Executor, offerId: string, firmaAdi: string): Promise<void> {
  await tx.update(orderItems).set({ firma_adi: firmaAdi }).where(and(eq(orderItems.offer_id, offerId), sql`${orderItems.firma_adi} <> ${firmaAdi}`));
}

// ------------------------------------------------------------------ what lines read of products, models and materials

/** A product's bill (its production rows) and its model's production detail; null without the product. */
export async function productBillOf(tx: Executor, productId: string): Promise<{ production: unknown; detail: unknown } | null> {
  const [p] = await tx.select({ production: products.production, model_id: products.model_id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!p) return null;
  const [m] = await tx.select({ detail: models.productiondetail }).from(models).where(eq(models.id, p.model_id)).limit(1);
  return { production: p.production, detail: m?.detail };
}

/** Name, category, group and unit of the materials of material rows. */
export async function materialsOfRows(tx: Executor, ids: string[]) {
  return ids.length ? await tx.select({ id: materials.id, name: materials.material_name, cat: materials.material_category, grp: materials.material_group, unit: materials.material_unit })
    .from(materials).where(inArray(materials.id, ids)) : [];
}

/** The Turkish and English names of the products of component rows. */
export async function productNamesOf(tx: Executor, ids: string[]) {
  return ids.length ? await tx.select({ id: products.id, tr: products.urun_adi_tr, en: products.urun_adi_en }).from(products).where(inArray(products.id, ids)) : [];
}

/** A product's stored row (a stock production line copies its names, code and image). */
export async function productRowOf(tx: Executor, id: string): Promise<typeof products.$inferSelect | undefined> {
  const [p] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
  return p;
}

export async function productExists(tx: Executor, id: string): Promise<boolean> {
  const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return !!p;
}

export async function materialExists(tx: Executor, id: string): Promise<boolean> {
  const [m] = await tx.select({ id: materials.id }).from(materials).where(eq(materials.id, id)).limit(1);
  return !!m;
}

/** A component product's stock and Turkish name. */
export async function productStockOf(tx: Executor, id: string): Promise<{ s: string; tr: string } | undefined> {
  const [p] = await tx.select({ s: products.stock_sum, tr: products.urun_adi_tr }).from(products).where(eq(products.id, id)).limit(1);
  return p;
}
