import {
  canDo, LIST_MAX_PAGE_SIZE, canRecord, dec, deliveryRemaining, fitsUnit, materialLineState, isReadyType, isUndetermined, nextLineState, operationPercent, operationRemaining, OP_FINISHED, OP_IN_PROGRESS,
  OP_NOT_STARTED, ORDER_STOCK_OPERATION, ORDER_WAITING, productCodeParts, SEMI_FINISHED_OPERATION, START_PERCENT, stockLineMoney, UNKNOWN_MATERIAL, undeterminedCount, pairText, hasText,
  type HistoryEntry, type MessageKey, type Operation, type OperationDetail, type OrderCreateData, type OrderDeliveryData, type OrderListArgs, type OrdersOverviewArgs, type OrderUpdateData,
} from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { notifyInTx } from '../../db/database.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { verifyTrackingToken } from '../../lib/tracking-token.js';
import { isStale } from '../../lib/version.js';
import { latestRate } from '../rates/rates-repository.js';
import { insertDelivery, lineDeliveryCount } from '../deliveries/deliveries-repository.js';
import { offerCompanyOf, offerStatusOf, resetOfferItemsCompletion, setOfferItemCompletion, setOfferStatus, storedItems } from '../offers/offers-repository.js';
import * as ledger from '../stock/ledger-repository.js';
import {
  addDelivered, deleteLine, deleteOfferLines, findLine, insertLine, lineStatesOfOffer, linesOfOffer, listLines, lockLine, lockOfferLineIds, materialExists, materialsOfRows,
  opsOf, productBillOf, productExists, productNamesOf, productRowOf, productStockOf, qtyText, setLineState, setLinesCompany, subtractDelivered, updateLine,
  type LineRow, type NewLineRow,
} from './orders-repository.js';
import { componentList, modelDashboard, tracking } from './orders-views-repository.js';
import { ordersOverview, productionDashboard } from './order-figures-repository.js';

const invalid = (field: string, key: MessageKey, params?: Record<string, string | number>) => new AppError(400, key, { [field]: key }, params);
const nowIso = () => new Date().toISOString();

// ------------------------------------------------------------------ bills of operations

interface BillRow { op_name: string; material_category: string; material_group: string; information: string; materialqyt: number; StockUpdate?: boolean }

/**
 * Operations of a product for `qty` units (DECISIONS 4): one per operation name of the product's bill (in the
 * order of the model's production detail, then of the bill), each material row's total = per-unit x qty.
 * A row whose id is a product (a 'Yarı Mamül' component) takes product stock.
 */
export async function operationsForProduct(tx: Executor, productId: string, qty: string): Promise<Operation[]> {
  const p = await productBillOf(tx, productId);
  if (!p) return [];
  const bill = (p.production ?? []) as BillRow[];
  const detail = ((p.detail ?? []) as { No: number; Operation: string; OperationDescription: string; OperationComponent: { label: string; value: string }[] }[])
    .slice().sort((a, b) => a.No - b.No);
  const names: string[] = [];
  for (const d of detail) if (!names.includes(d.Operation)) names.push(d.Operation);
  for (const r of bill) if (r.op_name && !names.includes(r.op_name)) names.push(r.op_name);
  const ids = [...new Set(bill.map((r) => r.information).filter(Boolean))];
  const comps = detail.flatMap((d) => (d.Operation === SEMI_FINISHED_OPERATION ? d.OperationComponent.map((c) => c.value) : [])).filter(Boolean);
  const mats = await materialsOfRows(tx, ids);
  const prodIds = [...new Set([...ids, ...comps])];
  const prods = await productNamesOf(tx, prodIds);
  const matById = new Map(mats.map((x) => [x.id, x]));
  const prodById = new Map(prods.map((x) => [x.id, x]));
  return names.map((name) => {
    const d = detail.find((x) => x.Operation === name);
    const rows: OperationDetail[] = bill.filter((r) => r.op_name === name).map((r) => {
      const mat = matById.get(r.information);
      const prod = !mat ? prodById.get(r.information) : undefined;
      const per = dec(r.materialqyt ?? 0);
      return {
        material: mat || prod ? r.information : '', material_name: mat?.name ?? (prod ? pairText([prod.tr, prod.en], 'tr') : UNKNOWN_MATERIAL),
        material_category: mat?.cat ?? r.material_category ?? '', material_group: mat?.grp ?? r.material_group ?? '', component: !!prod,
        materialQty: per.toNumber(), totalQty: per.times(qty).toDecimalPlaces(4).toNumber(), unit: mat?.unit ?? 'Adet', StockUpdate: r.StockUpdate !== false, status: 0,
      };
    });
    if (name === SEMI_FINISHED_OPERATION && d) {
      for (const c of d.OperationComponent) {
        const prod = prodById.get(c.value);
        if (!prod || rows.some((r) => r.material === c.value)) continue;
        rows.push({ material: c.value, material_name: pairText([prod.tr, prod.en], 'tr'), material_category: '', material_group: '', component: true, materialQty: 1, totalQty: dec(qty).toNumber(), unit: 'Adet', StockUpdate: true, status: 0 });
      }
    }
    return {
      _id: newId(), Operation: name, Qty: dec(qty).toNumber(), OperationStartTime: null, OperationFinishTime: null, OperationStaff: '', OperationStatus: OP_NOT_STARTED,
      OperationPercent: 0, OperationDescription: d?.OperationDescription ?? '', OperationComplated: 0, OperationComplatedList: [], OperationComponent: d?.OperationComponent ?? [], OperationDetails: rows,
    };
  });
}

const storeOps = (ops: Operation[]) => ops.map((o) => ({ ...o, OperationDetails: o.OperationDetails.map((d) => ({ ...d, status: 0 })) })) as unknown as Record<string, unknown>[];

/**
 * Whether an editor's operations differ from the stored ones in what the row menus change (spec 002 6: add, rename,
 * describe, remove, or re-material an operation); the quantity has its own rule (`order.operationQty`).
 */
function changesOperations(stored: Operation[], inputs: NonNullable<OrderUpdateData['Operations']>): boolean {
  if (inputs.length !== stored.length) return true;
  return inputs.some((inp, i) => {
    const old = stored[i];
    if (inp._id !== old._id || inp.Operation !== old.Operation || inp.OperationDescription !== (old.OperationDescription ?? '')) return true;
    const details = inp.OperationDetails;
    return details.length !== old.OperationDetails.length || details.some((x, j) => {
      const o = old.OperationDetails[j];
      return x.material !== o.material || x.component !== o.component || x.StockUpdate !== o.StockUpdate || !dec(x.materialQty).eq(o.materialQty);
    });
  });
}

function isStarted(o: Operation): boolean {
  return o.OperationStatus !== OP_NOT_STARTED || o.OperationComplated > 0;
}

// ------------------------------------------------------------------ stock effects

/** Takes q units' worth of an operation's material rows out of stock (production, linked to order, line and operation). */
async function takeStock(tx: Executor, actor: Actor, line: LineRow, op: Operation, q: string): Promise<boolean> {
  let moved = false;
  // Materials (then products) in id order: two records on different lines lock shared balances in the same order (no deadlock).
  const rows = [...op.OperationDetails].sort((a, b) => Number(a.component) - Number(b.component) || (a.material < b.material ? -1 : a.material > b.material ? 1 : 0));
  for (const d of rows) {
    if (!d.StockUpdate || isUndetermined(d)) continue;
    const amount = dec(d.materialQty).times(q).toDecimalPlaces(4);
    if (amount.lte(0)) continue;
    const common = {
      operation_type: 'cikis' as const, operation_center: 'uretim' as const, qty: amount.toFixed(), source: 'production' as const,
      order_id: line.offer_id, orderitem_id: line.id, ref_id: op._id, description: `${line.urun_adi} / ${op.Operation}`,
    };
    if (d.component) await ledger.addProductMovement(tx, actor, { ...common, product_id: d.material });
    else await ledger.addMaterialMovement(tx, actor, { ...common, stock_id: d.material });
    moved = true;
  }
  return moved;
}

async function giveBackStock(tx: Executor, actor: Actor, line: LineRow, op: Operation): Promise<void> {
  const where = { orderitem_id: line.id, ref_id: op._id, source: 'production' as const };
  const opts = { description: `Sıfırlandı: ${line.urun_adi} / ${op.Operation}` };
  await ledger.reverseMaterialMovements(tx, actor, where, opts);
  await ledger.reverseProductMovements(tx, actor, where, opts);
}

// ------------------------------------------------------------------ offer status (DECISIONS 4)

// A material line is complete when fully delivered (DECISIONS 6); other lines without operations are ready at once.
const lineComplete = (l: { operations: unknown; order_type: string; tamamlanma_orani: string; q: string; d: string }) =>
  (l.operations as unknown[]).length === 0 ? (l.order_type === 'material' ? dec(l.d).gte(dec(l.q)) : isReadyType(l.order_type)) : dec(l.tamamlanma_orani).gte(100);

/** The server sets an order (offer 1-3) to 3 when every line is fully delivered, to 2 when every line is complete, else 1. */
export async function refreshOfferStatus(tx: Executor, offerId: string | null): Promise<void> {
  if (!offerId) return;
  const s = await offerStatusOf(tx, offerId);
  if (s === null || s < 1 || s > 3) return;
  const lines = await lineStatesOfOffer(tx, offerId);
  if (lines.length === 0) return;
  const next = lines.every((l) => dec(l.d).gte(dec(l.q))) ? 3 : lines.every(lineComplete) ? 2 : 1;
  if (next === s) return;
  await setOfferStatus(tx, offerId, next);
  await notifyInTx(tx, { entity: 'offers', id: offerId, action: 'updated' });
}

// ------------------------------------------------------------------ line writes

/**
 * Saves a line's operations and applies the line-state rule once (DECISIONS 5): completion, status, dates;
 * a stock production line reaching 100 % puts its product into stock (and leaving 100 % takes it back);
 * the offer item's completion and the offer's status follow.
 */
async function saveLine(tx: Executor, actor: Actor, row: LineRow, ops: Operation[], title: 'log.operation.started' | 'log.operation.recorded' | 'log.operation.finished' | 'log.operation.reset' | 'log.order.updated', description: string, extra: Partial<NewLineRow> = {}) {
  const st = nextLineState({ Operations: ops, order_type: row.order_type, siparis_durumu: row.siparis_durumu, baslama_tarihi: row.baslama_tarihi, bitis_tarihi: row.bitis_tarihi }, new Date());
  const undetermined = undeterminedCount(ops);
  await updateLine(tx, row.id, {
    operations: storeOps(ops), tamamlanma_orani: String(st.tamamlanmaOrani), siparis_durumu: st.siparis_durumu, baslama_tarihi: st.baslama_tarihi, bitis_tarihi: st.bitis_tarihi,
    ready: isReadyType(row.order_type) || (ops.length > 0 && undetermined === 0), ...extra,
  });
  const was = dec(row.tamamlanma_orani).gte(100);
  const is = st.tamamlanmaOrani >= 100;
  if (!row.offer_id && row.product_id && was !== is && ops.length > 0) {
    if (is) {
      await ledger.addProductMovement(tx, actor, { product_id: row.product_id, operation_type: 'giris', operation_center: 'uretim', qty: row.urun_miktari, source: 'production', orderitem_id: row.id, ref_id: row.id, description: `Stok üretimi: ${row.urun_adi}` });
    } else {
      await ledger.reverseProductMovements(tx, actor, { orderitem_id: row.id, ref_id: row.id, source: 'production' }, { description: `Stok üretimi geri alındı: ${row.urun_adi}` });
    }
  }
  if (row.offer_item_id) await setOfferItemCompletion(tx, row.offer_item_id, String(st.tamamlanmaOrani));
  await refreshOfferStatus(tx, row.offer_id);
  await recordChange(tx, actor, { title, description: `${row.urun_adi}: ${description}`.slice(0, 500), form: 'orders', operation_id: row.id }, { entity: 'orders', id: row.id, action: 'updated' });
}

async function lockedLine(tx: Executor, id: string, v: number | undefined): Promise<LineRow> {
  const row = await lockLine(tx, id);
  if (!row) throw notFound();
  if (isStale(row.version, v)) throw conflict();
  return row;
}

function opIndex(ops: Operation[], opId: string): number {
  const i = ops.findIndex((o) => o._id === opId);
  if (i < 0) throw new AppError(404, 'order.operation.notFound');
  return i;
}

function refuseUndetermined(op: Operation) {
  const n = op.OperationDetails.filter(isUndetermined).length;
  if (n > 0) throw new AppError(409, 'order.operation.undetermined', undefined, { count: n });
}

// ------------------------------------------------------------------ lines from offers (DECISIONS 4)

/** An offer moved to 1: one line per item, in the caller's transaction. */
export async function createLinesForOffer(tx: Executor, actor: Actor, offerId: string): Promise<number> {
  const o = await offerCompanyOf(tx, offerId);
  if (!o) return 0;
  const items = await storedItems(tx, offerId);
  const now = new Date();
  for (const it of items) {
    const type = it.takeoff_from_stock ? 'takeoff_stock' : it.order_type;
    const prod = it.urun_id ? await productExists(tx, it.urun_id) : false;
    const ops = !isReadyType(type) && prod ? await operationsForProduct(tx, it.urun_id!, it.urun_miktari) : [];
    const id = newId();
    await insertLine(tx, {
      id, offer_id: offerId, offer_item_id: it.id, product_id: it.urun_id || null, urun_adi: it.urun_adi, urun_adi_en: it.urun_adi_en, urun_kodu: it.urun_kodu ?? [], urun_resim: it.urun_resim,
      firma_adi: o.firma_adi, urun_miktari: it.urun_miktari, urun_birimi: it.urun_birimi, urun_fiyati: it.urun_fiyati, urun_dovizi: it.urun_dovizi, urun_kdv: it.urun_kdv,
      toplam_tl: it.toplam_tl, toplam_doviz: it.toplam_doviz, toplam_kdv_tl: it.toplam_kdv_tl, toplam_kdv_doviz: it.toplam_kdv_doviz,
      siparis_tarihi: now, siparis_durumu: type === 'takeoff_stock' ? ORDER_STOCK_OPERATION : ORDER_WAITING, order_type: type,
      ready: isReadyType(type) || (ops.length > 0 && undeterminedCount(ops) === 0), operations: storeOps(ops),
    });
    await setOfferItemCompletion(tx, it.id, '0');
  }
  if (items.length) await notifyInTx(tx, { entity: 'orders', action: 'changed' });
  return items.length;
}

/**
 * Why an offer's lines block leaving status 1 or a delete, or null: a line not taken from stock (nor a material line,
 * whose completion is its deliveries) has started production ('offer.orderError'), or lines have deliveries
 * ('offer.orderDelivered' with their count: the deliveries are what to undo).
 */
export async function offerLinesBlock(tx: Executor, offerId: string): Promise<AppError | null> {
  const lines = await linesOfOffer(tx, offerId);
  const started = lines.some((l) => l.order_type !== 'takeoff_stock' && l.order_type !== 'material' && (dec(l.tamamlanma_orani).gt(0) || opsOf(l).some(isStarted)));
  if (started) return conflict('offer.orderError', { teklif_durumu: 'offer.orderError' });
  const delivered = lines.filter((l) => dec(l.teslim_edilmis).gt(0)).map((l) => l.id);
  if (delivered.length === 0) return null;
  const n = await lineDeliveryCount(tx, delivered);
  return new AppError(409, 'offer.orderDelivered', { teklif_durumu: 'offer.orderDelivered' }, { count: n });
}

/** An offer leaves 1: its lines are withdrawn (the caller checked offerLinesStarted first). */
export async function withdrawLinesForOffer(tx: Executor, actor: Actor, offerId: string): Promise<number> {
  const lines = await lockOfferLineIds(tx, offerId);
  if (lines.length === 0) return 0;
  await deleteOfferLines(tx, offerId);
  await resetOfferItemsCompletion(tx, offerId);
  await recordChange(tx, actor, { title: 'log.order.withdrawn', description: `${lines.length}`, form: 'orders', operation_id: offerId }, { entity: 'orders', action: 'changed' });
  return lines.length;
}

/** The offer's company name changed while it is an order: the lines' copy (for the search) follows. */
export async function renameOfferLines(tx: Executor, offerId: string, firmaAdi: string): Promise<void> {
  await setLinesCompany(tx, offerId, firmaAdi);
}

// ------------------------------------------------------------------ order deliveries (DECISIONS 6)

/** A material line's completion and status follow its deliveries (DECISIONS 6); the offer item's completion too. */
async function applyMaterialLineState(tx: Executor, row: LineRow, delivered: string): Promise<void> {
  if (row.order_type !== 'material' || opsOf(row).length > 0) return;
  const st = materialLineState({ urun_miktari: row.urun_miktari, teslim_edilmis: delivered, baslama_tarihi: row.baslama_tarihi, bitis_tarihi: row.bitis_tarihi }, new Date());
  await setLineState(tx, row.id, { tamamlanma_orani: String(st.tamamlanmaOrani), siparis_durumu: st.siparis_durumu, baslama_tarihi: st.baslama_tarihi, bitis_tarihi: st.bitis_tarihi });
  if (row.offer_item_id) await setOfferItemCompletion(tx, row.offer_item_id, String(st.tamamlanmaOrani));
}

/** An order delivery: limited to ordered - delivered under the line's lock; a takeoff_stock line's product leaves product stock. */
export async function createOrderDeliveryInTx(tx: Executor, actor: Actor, d: OrderDeliveryData): Promise<string> {
  const row = await lockLine(tx, d.orderitem_id);
  if (!row) throw invalid('orderitem_id', 'delivery.order.required');
  if (d.order_id && row.offer_id && d.order_id !== row.offer_id) throw invalid('order_id', 'order.delivery.mismatch');
  const o = row.offer_id ? await offerCompanyOf(tx, row.offer_id) : undefined;
  if (!o?.firma_id) throw invalid('company_id', 'order.delivery.noCompany');
  const max = deliveryRemaining({ urun_miktari: row.urun_miktari, teslim_edilmis: row.teslim_edilmis });
  if (dec(d.qty).gt(max)) throw invalid('qty', 'order.delivery.tooMuch', { max: String(max) });
  // A line counted in pieces is delivered in whole pieces (issue 23), as it was ordered.
  if (!fitsUnit(d.qty, row.urun_birimi)) throw invalid('qty', 'unit.qty.whole');
  const id = newId();
  let movementId: string | null = null;
  const out = {
    operation_type: 'cikis' as const, operation_center: 'teslimat' as const, qty: d.qty, source: 'delivery' as const, order_id: row.offer_id, orderitem_id: row.id, ref_id: id,
    description: `Sipariş teslimatı: ${o.firma_adi}`, operation_date: d.date,
  };
  if (row.order_type === 'takeoff_stock' && row.product_id) {
    movementId = (await ledger.addProductMovement(tx, actor, { ...out, product_id: row.product_id }))._id;
  } else if (row.order_type === 'material' && row.product_id) {
    // A material line is delivered out of material stock (DECISIONS 6); its product_id is the material's id.
    if (await materialExists(tx, row.product_id)) movementId = (await ledger.addMaterialMovement(tx, actor, { ...out, stock_id: row.product_id }))._id;
  }
  await insertDelivery(tx, {
    id, date: d.date, company_id: o.firma_id, company: o.firma_adi, product_id: row.product_id ?? '', productname: row.urun_adi, order_id: row.offer_id, orderitem_id: row.id,
    qty: d.qty, unit: row.urun_birimi, description: d.description, price: dec(row.urun_fiyati).toDecimalPlaces(2).toFixed(), doviz: row.urun_dovizi,
    sum_price: dec(row.urun_fiyati).times(d.qty).toDecimalPlaces(2).toFixed(), status: 0, deliverer: d.deliverer || actor.name, receiver: d.receiver,
    component_type: row.order_type === 'takeoff_stock' ? 'takeoff_stock' : row.order_type === 'default' ? 'default' : row.order_type, movement_id: movementId,
  });
  await addDelivered(tx, row.id, d.qty);
  await applyMaterialLineState(tx, row, dec(row.teslim_edilmis).plus(d.qty).toFixed());
  await refreshOfferStatus(tx, row.offer_id);
  await recordChange(tx, actor, { title: 'log.orderDelivery.created', description: `${o.firma_adi}: ${row.urun_adi} ${dec(d.qty).toFixed()} ${row.urun_birimi}`, form: 'orders', operation_id: row.id }, { entity: 'orders', id: row.id, action: 'updated' });
  await notifyInTx(tx, { entity: 'deliveries', id, action: 'created' });
  return row.id;
}

/** Deleting an order delivery (the deliveries module's delete calls it): lowers the delivered quantity and reverses the product movement. */
export async function removeOrderDeliveryInTx(tx: Executor, actor: Actor, delivery: { id: string; orderitem_id: string | null; qty: string; movement_id: string | null; company: string; productname: string; component_type: string }): Promise<void> {
  if (!delivery.orderitem_id) return;
  const row = await lockLine(tx, delivery.orderitem_id);
  if (delivery.movement_id) {
    const opts = { description: `Sipariş teslimatı silindi: ${delivery.company}` };
    if (delivery.component_type === 'material') await ledger.reverseMaterialMovement(tx, actor, delivery.movement_id, opts);
    else await ledger.reverseProductMovement(tx, actor, delivery.movement_id, opts);
  }
  if (!row) return;
  await subtractDelivered(tx, row.id, delivery.qty);
  const left = dec(row.teslim_edilmis).minus(delivery.qty);
  await applyMaterialLineState(tx, row, (left.lt(0) ? dec(0) : left).toFixed());
  // The order may fall back from 3 (delivered) to 2 or 1.
  if (row.offer_id) {
    const s = await offerStatusOf(tx, row.offer_id);
    if (s !== null && s >= 1 && s <= 3) await refreshOfferStatus(tx, row.offer_id);
  }
  await recordChange(tx, actor, { title: 'log.orderDelivery.deleted', description: `${delivery.company}: ${delivery.productname} ${dec(delivery.qty).toFixed()}`, form: 'orders', operation_id: row.id }, { entity: 'orders', id: row.id, action: 'updated' });
}

// ------------------------------------------------------------------ service

export function createOrdersService(deps: { db: Db }) {
  const { db } = deps;
  const get = async (id: string) => {
    const l = await findLine(db, id);
    if (!l) throw notFound();
    return l;
  };

  /** Resolves the material rows of an edited operation: names, category, group and unit come from the material (or product). */
  async function resolveDetails(tx: Executor, ops: { OperationDetails: { material: string; component: boolean }[] }[]) {
    const matIds = new Set<string>();
    const prodIds = new Set<string>();
    for (const o of ops) for (const d of o.OperationDetails) if (d.material) (d.component ? prodIds : matIds).add(d.material);
    const ms = await materialsOfRows(tx, [...matIds]);
    const ps = await productNamesOf(tx, [...prodIds]);
    return { mats: new Map(ms.map((m) => [m.id, m])), prods: new Map(ps.map((p) => [p.id, p])) };
  }

  return {
    get,
    /**
     * GET /orders/list. A call without a page answers every line of one offer (its page, its documents), but of the
     * whole list only the first LIST_MAX_PAGE_SIZE lines, as page 1 with its total and page count (ADR 0060): every
     * line of the status range grows with the table (at 10× of the bench's data, 112 MB for the default tab).
     */
    list: (a: OrderListArgs) => listLines(db, a.page === undefined && a.pageSize === undefined && !a.offer ? { ...a, page: 1, pageSize: LIST_MAX_PAGE_SIZE } : a),

    /** GET /orders/components: the component list (orders-views-repository.ts); a failed fold of the requirement rows is only logged. */
    components: (a: Parameters<typeof componentList>[1], log?: Parameters<typeof componentList>[2]) => componentList(db, a, log),
    productionDashboard: (log?: { warn(obj: object, msg: string): void }) => productionDashboard(db, log),
    modelDashboard: () => modelDashboard(db),
    overview: (q: OrdersOverviewArgs, log?: { warn(obj: object, msg: string): void }) => ordersOverview(db, q, new Date(), log),

    /** Order tracking without a session: only with the HMAC token of the two ids (else 404, as for an unknown order). */
    async tracking(secret: string, offerId: string, companyId: string, token: string) {
      if (!verifyTrackingToken(secret, offerId, companyId, token)) throw notFound();
      return tracking(db, offerId, companyId);
    },

    /** POST /orders/create/: a stock production line (no offer); operations from the product's bill. */
    async create(actor: Actor, d: OrderCreateData) {
      const id = await db.transaction(async (tx) => {
        const p = await productRowOf(tx, d.urun_id);
        if (!p) throw invalid('urun_id', 'order.product.unknown');
        const type = d.order_type;
        const ops = isReadyType(type) ? [] : await operationsForProduct(tx, p.id, d.urun_miktari);
        const rate = await latestRate(tx);
        // The line's money (domain stockLineMoney); without a stored rate its lira figures are 0.
        const money = stockLineMoney(d, { usd: rate?.usd_selling, eur: rate?.eur_selling });
        const image = (p.product_images ?? []).find((i) => i.description === 'Ana Görsel')?.image ?? (p.product_images ?? [])[0]?.image ?? '';
        const lineId = newId();
        // The product's English name belongs to its Turkish one: a line given another name has none.
        const nameEn = (!d.urun_adi || d.urun_adi === p.urun_adi_tr) && hasText(p.urun_adi_en) ? p.urun_adi_en.trim() : '';
        await insertLine(tx, {
          id: lineId, offer_id: null, product_id: p.id, urun_adi: d.urun_adi || p.urun_adi_tr, urun_adi_en: nameEn, urun_kodu: d.urun_kodu ?? productCodeParts(p), urun_resim: d.urun_resim || image,
          urun_miktari: d.urun_miktari, urun_birimi: d.urun_birimi, urun_fiyati: d.urun_fiyati, urun_dovizi: d.urun_dovizi, urun_kdv: d.urun_kdv,
          toplam_doviz: money.toplamDoviz.toFixed(), toplam_kdv_doviz: money.toplamKdvDoviz.toFixed(), toplam_tl: (money.toplamTL ?? dec(0)).toFixed(), toplam_kdv_tl: (money.toplamKdvTL ?? dec(0)).toFixed(),
          siparis_durumu: type === 'takeoff_stock' ? ORDER_STOCK_OPERATION : ORDER_WAITING, order_type: type,
          ready: isReadyType(type) || (ops.length > 0 && undeterminedCount(ops) === 0), operations: storeOps(ops),
        });
        await recordChange(tx, actor, { title: 'log.order.created', description: `${d.urun_adi || p.urun_adi_tr}: ${dec(d.urun_miktari).toFixed()} ${d.urun_birimi}`, form: 'orders', operation_id: lineId }, { entity: 'orders', id: lineId, action: 'created' });
        return lineId;
      });
      return get(id);
    },

    /**
     * POST /orders/updateitem/{_id}: order type, operations and their material rows. Progress fields stay the
     * server's; a started operation cannot be removed; Qty of an existing operation changes only for roles
     * below 2 and never below its completed quantity. Ready = nothing undetermined (or a ready type).
     */
    async update(actor: Actor, id: string, d: OrderUpdateData) {
      await db.transaction(async (tx) => {
        const row = await lockedLine(tx, id, d.__v);
        const stored = opsOf(row);
        const type = d.order_type ?? row.order_type;
        let ops = stored;
        if (d.Operations) {
          if (!canDo('order.operations.edit', actor.role) && changesOperations(stored, d.Operations)) {
            throw forbidden('error.forbidden', { Operations: 'error.forbidden' });
          }
          const { mats, prods } = await resolveDetails(tx, d.Operations);
          const byId = new Map(stored.map((o) => [o._id, o]));
          const kept = new Set<string>();
          ops = d.Operations.map((inp) => {
            const old = inp._id ? byId.get(inp._id) : undefined;
            if (old) kept.add(old._id);
            const qty = inp.Qty ?? (old ? qtyText(old.Qty) : row.urun_miktari);
            if (old && !dec(qty).eq(old.Qty)) {
              if (!canDo('order.operationQty', actor.role)) throw forbidden('error.forbidden', { Qty: 'error.forbidden' });
              if (dec(qty).lt(old.OperationComplated)) throw new AppError(400, 'order.operation.qtyBelowCompleted', { Qty: 'order.operation.qtyBelowCompleted' }, { completed: old.OperationComplated });
            }
            const details: OperationDetail[] = inp.OperationDetails.map((x) => {
              const m = !x.component && x.material ? mats.get(x.material) : undefined;
              const p = x.component && x.material ? prods.get(x.material) : undefined;
              if (x.material && !m && !p) throw invalid('OperationDetails', 'order.material.unknown');
              return {
                material: x.material, material_name: m?.name ?? (p ? pairText([p.tr, p.en], 'tr') : x.material_name || UNKNOWN_MATERIAL),
                material_category: m?.cat ?? x.material_category, material_group: m?.grp ?? x.material_group, component: x.component,
                materialQty: Number(x.materialQty), totalQty: dec(x.materialQty).times(qty).toDecimalPlaces(4).toNumber(), unit: m?.unit ?? x.unit ?? 'Adet', StockUpdate: x.StockUpdate, status: 0,
              };
            });
            if (!old && details.length === 0) {
              details.push({ material: '', material_name: UNKNOWN_MATERIAL, material_category: '', material_group: '', component: false, materialQty: 1, totalQty: dec(qty).toNumber(), unit: 'Adet', StockUpdate: true, status: 0 });
            }
            const base: Operation = old ?? {
              _id: newId(), Operation: inp.Operation, Qty: 0, OperationStartTime: null, OperationFinishTime: null, OperationStaff: '', OperationStatus: OP_NOT_STARTED,
              OperationPercent: 0, OperationDescription: '', OperationComplated: 0, OperationComplatedList: [], OperationComponent: [], OperationDetails: [],
            };
            const next: Operation = {
              ...base, Operation: inp.Operation, Qty: dec(qty).toNumber(), OperationDescription: inp.OperationDescription, OperationComponent: inp.OperationComponent ?? base.OperationComponent,
              OperationDetails: details,
            };
            if (old && old.OperationStatus === OP_IN_PROGRESS && old.OperationComplated > 0) next.OperationPercent = operationPercent(old.OperationComplated, next.Qty);
            return next;
          });
          for (const o of stored) if (!kept.has(o._id) && isStarted(o)) throw conflict('order.operation.startedDelete', { Operations: 'order.operation.startedDelete' });
        }
        const undetermined = undeterminedCount(ops);
        const extra = {
          order_type: type,
          promised_date: d.promised_date === undefined ? row.promised_date : d.promised_date,
          refreshcomponentlist: false,
          siparis_durumu: type === 'takeoff_stock' && row.siparis_durumu === ORDER_WAITING ? ORDER_STOCK_OPERATION : row.siparis_durumu,
        };
        if (d.refreshcomponentlist && row.product_id) ops = await refreshed(tx, row, ops);
        await saveLine(tx, actor, { ...row, order_type: type, siparis_durumu: extra.siparis_durumu }, ops, 'log.order.updated', `${ops.length} operasyon, ${undetermined} belirsiz`, extra);
      });
      return get(id);
    },

    /** Deletes a stock production line: roles below 3, no offer, completion 0, nothing started or delivered. */
    async remove(actor: Actor, id: string) {
      if (!canDo('DELETE /api/orders/delete/:id', actor.role)) throw forbidden();
      await db.transaction(async (tx) => {
        const row = await lockLine(tx, id);
        if (!row) throw notFound();
        if (row.offer_id) throw conflict('order.delete.hasOffer');
        if (dec(row.tamamlanma_orani).gt(0) || opsOf(row).some(isStarted)) throw conflict('order.delete.started');
        if (dec(row.teslim_edilmis).gt(0)) throw conflict('order.delete.hasDeliveries');
        await deleteLine(tx, id);
        await recordChange(tx, actor, { title: 'log.order.deleted', description: `${row.urun_adi}: ${dec(row.urun_miktari).toFixed()} ${row.urun_birimi}`, form: 'orders', operation_id: id }, { entity: 'orders', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },

    /** Start (spec 002 4): start time, staff, status 1, percent 5, no finish time. Refused while material rows are undetermined. */
    async start(actor: Actor, id: string, opId: string, v?: number) {
      await db.transaction(async (tx) => {
        const row = await lockedLine(tx, id, v);
        const ops = opsOf(row);
        const i = opIndex(ops, opId);
        const op = ops[i];
        if (op.OperationStatus === OP_FINISHED) throw conflict('order.operation.finished');
        if (op.OperationStatus === OP_IN_PROGRESS) throw conflict('order.operation.started');
        refuseUndetermined(op);
        ops[i] = { ...op, OperationStartTime: nowIso(), OperationStaff: actor.name, OperationStatus: OP_IN_PROGRESS, OperationPercent: Math.max(START_PERCENT, operationPercent(op.OperationComplated, op.Qty)), OperationFinishTime: null };
        await saveLine(tx, actor, row, ops, 'log.operation.started', op.Operation);
      });
      return get(id);
    },

    /** Record q (0 < q <= Qty - completed): history entry, stock out for q units, percent, status 2 at 100. */
    async record(actor: Actor, id: string, opId: string, qty: string, v?: number) {
      await db.transaction(async (tx) => {
        const row = await lockedLine(tx, id, v);
        const ops = opsOf(row);
        const i = opIndex(ops, opId);
        const op = ops[i];
        if (!canRecord(op, qty)) throw invalid('qty', 'order.record.qty', { max: String(operationRemaining(op)) });
        // Production of a line counted in pieces is recorded in whole pieces (issue 23); metres and kilograms in decimals.
        if (!fitsUnit(qty, row.urun_birimi)) throw invalid('qty', 'unit.qty.whole');
        refuseUndetermined(op);
        const moved = await takeStock(tx, actor, row, op, qty);
        const completed = dec(op.OperationComplated).plus(qty).toDecimalPlaces(4).toNumber();
        const entry: HistoryEntry = { _id: newId(), Staff: actor.name, Qty: dec(qty).toNumber(), Date: nowIso(), stockupdate: moved, type: 'record' };
        const done = completed >= op.Qty;
        ops[i] = {
          ...op, OperationComplated: completed, OperationComplatedList: [...op.OperationComplatedList, entry], OperationPercent: operationPercent(completed, op.Qty),
          OperationStatus: done ? OP_FINISHED : OP_IN_PROGRESS, OperationStartTime: op.OperationStartTime ?? nowIso(), OperationStaff: op.OperationStaff || actor.name,
          OperationFinishTime: done ? nowIso() : null,
        };
        await saveLine(tx, actor, row, ops, 'log.operation.recorded', `${op.Operation} +${dec(qty).toFixed()}`);
      });
      return get(id);
    },

    /** Finish: status 2, 100 %, finish time; what is still unrecorded leaves stock now. A 'Yarı Mamül' short of component stock needs force. */
    async finish(actor: Actor, id: string, opId: string, body: { __v?: number; force?: boolean }) {
      await db.transaction(async (tx) => {
        const row = await lockedLine(tx, id, body.__v);
        const ops = opsOf(row);
        const i = opIndex(ops, opId);
        const op = ops[i];
        if (op.OperationStatus === OP_FINISHED) throw conflict('order.operation.finished');
        refuseUndetermined(op);
        const rest = operationRemaining(op);
        if (op.Operation === SEMI_FINISHED_OPERATION && !body.force && rest > 0) {
          // Every component product whose stock would go negative, in one answer: the client asks once about all of them.
          const shortages: { product_id: string; name: string; stock: number; needed: number }[] = [];
          for (const d of op.OperationDetails.filter((x) => x.component && x.StockUpdate && x.material)) {
            const p = await productStockOf(tx, d.material);
            const need = dec(d.materialQty).times(rest).toDecimalPlaces(4);
            if (p && dec(p.s).lt(need)) shortages.push({ product_id: d.material, name: p.tr, stock: dec(p.s).toNumber(), needed: need.toNumber() });
          }
          if (shortages.length) {
            const materials = shortages.map((x) => `${x.name} (${x.stock} / ${x.needed})`).join(', ');
            throw new AppError(409, 'order.operation.insufficientStock', undefined, { materials }, { shortages });
          }
        }
        const list = [...op.OperationComplatedList];
        if (rest > 0) {
          const moved = await takeStock(tx, actor, row, op, String(rest));
          list.push({ _id: newId(), Staff: actor.name, Qty: rest, Date: nowIso(), stockupdate: moved, type: 'finish' });
        }
        ops[i] = {
          ...op, OperationStatus: OP_FINISHED, OperationPercent: 100, OperationComplated: op.Qty, OperationComplatedList: list, OperationFinishTime: nowIso(),
          OperationStartTime: op.OperationStartTime ?? nowIso(), OperationStaff: op.OperationStaff || actor.name,
        };
        await saveLine(tx, actor, row, ops, 'log.operation.finished', op.Operation);
      });
      return get(id);
    },

    /** Reset: clears staff, times, percent, completed count and list; reversing movements for everything the operation took. */
    async reset(actor: Actor, id: string, opId: string, v?: number) {
      await db.transaction(async (tx) => {
        const row = await lockedLine(tx, id, v);
        const ops = opsOf(row);
        const i = opIndex(ops, opId);
        const op = ops[i];
        await giveBackStock(tx, actor, row, op);
        ops[i] = { ...op, OperationStaff: '', OperationStartTime: null, OperationFinishTime: null, OperationPercent: 0, OperationComplated: 0, OperationComplatedList: [], OperationStatus: OP_NOT_STARTED };
        await saveLine(tx, actor, row, ops, 'log.operation.reset', op.Operation);
      });
      return get(id);
    },

    /** Transfer to stock (spec 002 4): an offer line at 100 % puts its product into product stock and leaves the offer. */
    async transfer(actor: Actor, id: string, v?: number) {
      await db.transaction(async (tx) => {
        const row = await lockedLine(tx, id, v);
        if (!row.offer_id) throw conflict('order.transfer.noOffer');
        if (dec(row.tamamlanma_orani).lt(100)) throw conflict('order.transfer.notComplete');
        if (dec(row.teslim_edilmis).gt(0)) throw conflict('order.transfer.delivered');
        if (!row.product_id) throw conflict('order.noProduct');
        if (!(await productExists(tx, row.product_id))) throw conflict('order.noProduct');
        await ledger.addProductMovement(tx, actor, { product_id: row.product_id, operation_type: 'giris', operation_center: 'uretim', qty: row.urun_miktari, source: 'production', orderitem_id: row.id, ref_id: row.id, description: `Stoğa aktarıldı: ${row.urun_adi}` });
        await updateLine(tx, id, { offer_id: null, offer_item_id: null, firma_adi: '' });
        await refreshOfferStatus(tx, row.offer_id);
        await recordChange(tx, actor, { title: 'log.order.transferred', description: `${row.urun_adi}: ${dec(row.urun_miktari).toFixed()} ${row.urun_birimi}`, form: 'orders', operation_id: id }, { entity: 'orders', id, action: 'updated' });
      });
      return get(id);
    },

    /** Refresh components (spec 002 4): the material rows of operations not yet started are rebuilt from the product's current bill. */
    async refreshComponents(actor: Actor, id: string, v?: number) {
      await db.transaction(async (tx) => {
        const row = await lockedLine(tx, id, v);
        if (!row.product_id) throw conflict('order.noProduct');
        const ops = await refreshed(tx, row, opsOf(row));
        await saveLine(tx, actor, row, ops, 'log.order.updated', 'bileşenler yenilendi', { refreshcomponentlist: false });
      });
      return get(id);
    },

    async createDelivery(actor: Actor, d: OrderDeliveryData) {
      const lineId = await db.transaction((tx) => createOrderDeliveryInTx(tx, actor, d));
      return get(lineId);
    },
  };
}

/** Operations with the material rows of not-started operations taken from the product's current bill (new operations added, started ones kept). */
async function refreshed(tx: Executor, row: LineRow, ops: Operation[]): Promise<Operation[]> {
  const fresh = await operationsForProduct(tx, row.product_id!, row.urun_miktari);
  const out = ops.map((o) => {
    if (isStarted(o)) return o;
    const f = fresh.find((x) => x.Operation === o.Operation);
    return f ? { ...o, OperationDetails: f.OperationDetails.map((d) => ({ ...d, totalQty: dec(d.materialQty).times(o.Qty).toDecimalPlaces(4).toNumber() })) } : o;
  });
  for (const f of fresh) if (!out.some((o) => o.Operation === f.Operation)) out.push(f);
  return out;
}

export type OrdersService = ReturnType<typeof createOrdersService>;
