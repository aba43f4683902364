import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  dec, round, undeterminedCount, ORDER_QTY_PLACES, type LineDelivery, type Operation, type OperationDetail, type OrderLine, type OrderListArgs,
} from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { deliveries, materials, offers, orderItems, products } from '../../db/schema.js';
import { searchFolded } from '../../lib/search.js';

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
  const deliveryRows = lineIds.length ? await db.select({
    id: deliveries.id, line: deliveries.orderitem_id, date: deliveries.date, qty: deliveries.qty, deliverer: deliveries.deliverer, receiver: deliveries.receiver, description: deliveries.description,
  }).from(deliveries).where(inArray(deliveries.orderitem_id, lineIds)).orderBy(asc(deliveries.date)) : [];
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
    baslama_tarihi: iso(r.baslama_tarihi), bitis_tarihi: iso(r.bitis_tarihi), ready: r.ready, order_type: r.order_type, refreshcomponentlist: r.refreshcomponentlist,
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
  const by = dir === 'desc' ? desc : asc;
  const sorted = a.orderBy === 'urun_adi' ? [by(sql`lower(${orderItems.urun_adi})`), desc(orderItems.siparis_tarihi), asc(orderItems.id)]
    : a.orderBy === 'Operation' ? [by(sql`lower(coalesce(${orderItems.operations}->0->>'Operation', ''))`), desc(orderItems.siparis_tarihi), asc(orderItems.id)]
      : [by(orderItems.siparis_tarihi), by(orderItems.id)];
  // One order's lines (its page, delivery form, work order) keep the offer's item order.
  const order = a.offer ? [asc(offerItemOrder), ...sorted] : sorted;
  const paged = a.page !== undefined || a.pageSize !== undefined;
  const size = a.pageSize ?? 12;
  const page = a.page ?? 1;
  let rows: LineRow[];
  if (paged) {
    // Page the narrow ids first (the sort and the offset never carry the operations' jsonb), then read those rows.
    const ids = (await db.select({ id: orderItems.id }).from(orderItems).where(where).orderBy(...order).limit(size).offset((page - 1) * size)).map((r) => r.id);
    const byId = new Map((ids.length ? await db.select().from(orderItems).where(inArray(orderItems.id, ids)) : []).map((r) => [r.id, r]));
    rows = ids.map((id) => byId.get(id)).filter((r): r is LineRow => !!r);
  } else {
    rows = await db.select().from(orderItems).where(where).orderBy(...order);
  }
  const counts = await db.select({ s: orderItems.siparis_durumu, n: sql<number>`count(*)::int` }).from(orderItems)
    .where(base.length ? and(...base) : undefined).groupBy(orderItems.siparis_durumu);
  const c = (s: number) => Number(counts.find((x) => x.s === s)?.n ?? 0);
  const total = paged
    ? counts.filter((x) => x.s >= Math.min(from, to) && x.s <= Math.max(from, to)).reduce((n, x) => n + Number(x.n), 0)
    : rows.length;
  return {
    orders: await toLines(db, rows, a.type === 'detaillist'),
    status1: c(1), status2: c(2), status3: c(3), status4: c(4), status6: c(6),
    page: paged ? page : 1, totalPage: paged ? Math.max(1, Math.ceil(total / size)) : 1, totalItemCount: total,
  };
}

export const qtyText = (v: string | number) => dec(v).toDecimalPlaces(ORDER_QTY_PLACES).toFixed();
