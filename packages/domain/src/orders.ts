import { z } from 'zod';
import { lineCostSchema } from './costs.js';
import { PAGE_SIZES, pageAnchorField, versionSchema } from './common.js';
import { parseDateInput } from './format.js';
import { parseDay } from './business-day.js';
import { FILES_URL_PREFIX } from './files.js';
import { fitsUnit, UNITS } from './catalogue.js';
export { SEMI_FINISHED_OPERATION } from './catalogue-constants.js';
import { CURRENCIES, dec, isDecimal, tenThousandths, type DecimalInput } from './money.js';
import { decimalField, wholeNumberField, type NumberLabel } from './decimal-input.js';
import type { MessageKey } from './messages.js';

/**
 * Orders and production (spec 002 2.2-2.6, 3, 4, 6, 7, 9; DECISIONS 4, 5, 6): order lines (order items)
 * with their operations, the operation actions (start, record, finish, reset), the component list, order
 * deliveries, order tracking and the production dashboards. The server applies every rule here; the web
 * client uses the same functions for its previews.
 */

// ------------------------------------------------------------------ constants

/** Order line status (siparis_durumu): 1 Waiting, 2 In progress, 3 Being checked, 4 Completed, 5 Delivered (label only), 6 Stock operation. */
export const ORDER_STATUSES = [1, 2, 3, 4, 5, 6] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_WAITING = 1;
export const ORDER_IN_PROGRESS = 2;
export const ORDER_CHECKING = 3;
export const ORDER_COMPLETED = 4;
export const ORDER_DELIVERED = 5;
export const ORDER_STOCK_OPERATION = 6;
/** The status filter's choices (spec 002 2.2); "all" is the range 1-4. */
export const ORDER_FILTER_STATUSES = [1, 2, 3, 4, 6] as const;
export const ORDER_ALL_RANGE = [1, 4] as const;
/** Translation keys of the status labels: order.status.1 … order.status.6. */
export const ORDER_STATUS_KEYS = Object.fromEntries(ORDER_STATUSES.map((s) => [s, `order.status.${s}`])) as Record<OrderStatus, string>;
/** Tag colour of a line status (spec 002 2.2: 4 green, 2 warning, others red). */
export function orderStatusColor(status: number): 'green' | 'yellow' | 'red' {
  return status === ORDER_COMPLETED ? 'green' : status === ORDER_IN_PROGRESS ? 'yellow' : 'red';
}

/** Operation status: 0 not started (red, Start), 1 in progress (yellow, Complete), 2 finished (green, Reset). */
export const OPERATION_STATUSES = [0, 1, 2] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
export const OP_NOT_STARTED = 0;
export const OP_IN_PROGRESS = 1;
export const OP_FINISHED = 2;
export const OPERATION_STATUS_KEYS = ['order.operationStatus.0', 'order.operationStatus.1', 'order.operationStatus.2'] as const;
export const OPERATION_STATUS_COLORS = ['red', 'yellow', 'green'] as const;

/** Order types of a line (spec 002 3, 9). */
export const ORDER_TYPES = ['default', 'material', 'production', 'suply', 'takeoff_stock'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** Types that have nothing to produce: ready at once, no operations (DECISIONS 4). */
export const READY_ORDER_TYPES: readonly OrderType[] = ['material', 'takeoff_stock', 'suply'];
export const isReadyType = (t: string): boolean => (READY_ORDER_TYPES as readonly string[]).includes(t);

/** Spec 002 9: start sets 5 percent; status 3 above 80 (list rule, the one the server applies); 100 is status 4. */
export const START_PERCENT = 5;
export const CHECKING_THRESHOLD = 80;
/** The material name a new operation's single row starts with (spec 002 4). */
export const UNKNOWN_MATERIAL = 'Bilinmeyen';
/** Sorts of the order-line list (spec 002 2.2, 7). */
export const ORDER_SORTS = ['siparis_tarihi', 'urun_adi', 'Operation'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
/** 'list': lines with their operations (no history, no materials); 'detaillist': whole lines. */
export const ORDER_LIST_TYPES = ['list', 'detaillist'] as const;
export type OrderListType = (typeof ORDER_LIST_TYPES)[number];
export const ORDER_PAGE_SIZES = PAGE_SIZES;
export const ORDER_PAGE_SIZE = 12;
/** Quantities are kept with 4 decimals and shown with 2 (spec 002 9). */
export const ORDER_QTY_PLACES = 4;
/** An open line still to produce or deliver is late after this many days (the /orders overview). */
export const ORDER_LATE_DAYS = 30;
/** Sorts of the component list (spec 002 2.3). */
export const COMPONENT_SORTS = ['Operation', 'material_group', 'material_category', 'required'] as const;
export type ComponentSort = (typeof COMPONENT_SORTS)[number];

// ------------------------------------------------------------------ rules

/** Percent of an operation from its completed quantity: completed / Qty x 100, capped at 100, 2 decimals. */
export function operationPercent(completed: DecimalInput, qty: DecimalInput): number {
  const q = dec(qty);
  if (q.lte(0)) return 0;
  const p = dec(completed).div(q).times(100);
  return Math.min(100, Math.max(0, p.toDecimalPlaces(2).toNumber()));
}

/** Status of an operation after a record: 2 at 100 percent, 1 above 0, else 0. */
export function operationStatusAfterRecord(completed: DecimalInput, qty: DecimalInput): OperationStatus {
  const p = operationPercent(completed, qty);
  return p >= 100 ? OP_FINISHED : dec(completed).gt(0) ? OP_IN_PROGRESS : OP_NOT_STARTED;
}

/** What may still be recorded on an operation: Qty - completed (never below 0). */
export function operationRemaining(op: { Qty: DecimalInput; OperationComplated: DecimalInput }): number {
  const r = dec(op.Qty).minus(dec(op.OperationComplated));
  return r.gt(0) ? r.toDecimalPlaces(ORDER_QTY_PLACES).toNumber() : 0;
}

/** Whether q may be recorded: 0 < q <= Qty - completed. */
export function canRecord(op: { Qty: DecimalInput; OperationComplated: DecimalInput }, q: DecimalInput): boolean {
  if (q === null || q === undefined || q === '' || !isDecimal(q as string | number)) return false;
  const d = dec(q);
  return d.gt(0) && d.lte(operationRemaining(op));
}

/** Completion of a line: the mean of its operation percents (2 decimals); a line without operations is 100 when its type has nothing to produce, else 0. */
export function lineCompletion(operations: readonly { OperationPercent: DecimalInput }[], orderType: string = 'default'): number {
  if (operations.length === 0) return isReadyType(orderType) ? 100 : 0;
  const total = operations.reduce((a, o) => a.plus(dec(o.OperationPercent ?? 0)), dec(0));
  return Math.min(100, total.div(operations.length).toDecimalPlaces(2).toNumber());
}

/** Line status from completion (DECISIONS 5): 100 -> 4, above 80 -> 3, otherwise 2. */
export function lineStatusFromCompletion(completion: number): OrderStatus {
  if (completion >= 100) return ORDER_COMPLETED;
  if (completion > CHECKING_THRESHOLD) return ORDER_CHECKING;
  return ORDER_IN_PROGRESS;
}

export interface LineState {
  tamamlanmaOrani: number;
  siparis_durumu: number;
  baslama_tarihi: Date | null;
  bitis_tarihi: Date | null;
}

/**
 * The line state after an operation change (spec 002 4, DECISIONS 5), applied once on the server:
 * completion = mean of operation percents; 100 gives status 4 and the finish date; otherwise the finish
 * date is cleared and the status is 3 above 80, else 2; the start date is set when empty. A stock-operation
 * line (6) keeps its status. A line with no operations keeps its status and dates.
 */
export function nextLineState(line: { Operations: readonly { OperationPercent: DecimalInput }[]; order_type: string; siparis_durumu: number; baslama_tarihi: Date | null; bitis_tarihi: Date | null }, now: Date): LineState {
  const completion = lineCompletion(line.Operations, line.order_type);
  if (line.Operations.length === 0 || line.siparis_durumu === ORDER_STOCK_OPERATION) {
    return { tamamlanmaOrani: completion, siparis_durumu: line.siparis_durumu, baslama_tarihi: line.baslama_tarihi, bitis_tarihi: line.bitis_tarihi };
  }
  const done = completion >= 100;
  return {
    tamamlanmaOrani: completion,
    siparis_durumu: lineStatusFromCompletion(completion),
    baslama_tarihi: line.baslama_tarihi ?? now,
    bitis_tarihi: done ? (line.bitis_tarihi ?? now) : null,
  };
}

/**
 * The state of a material line (order type material, DECISIONS 6) after a delivery or its removal: it has nothing to
 * produce, so its completion is the delivered share (2 decimals); fully delivered it is complete (4, finish date),
 * otherwise waiting (1, no finish date). The start date is the first delivery's.
 */
export function materialLineState(line: { urun_miktari: DecimalInput; teslim_edilmis: DecimalInput; baslama_tarihi: Date | null; bitis_tarihi: Date | null }, now: Date): LineState {
  const qty = dec(line.urun_miktari);
  const delivered = dec(line.teslim_edilmis);
  const completion = qty.lte(0) ? 100 : Math.min(100, delivered.div(qty).times(100).toDecimalPlaces(2).toNumber());
  const done = completion >= 100;
  return {
    tamamlanmaOrani: completion,
    siparis_durumu: done ? ORDER_COMPLETED : ORDER_WAITING,
    baslama_tarihi: delivered.gt(0) ? (line.baslama_tarihi ?? now) : null,
    bitis_tarihi: done ? (line.bitis_tarihi ?? now) : null,
  };
}

/** Whether a material row is undetermined (no material picked). */
export const isUndetermined = (d: { material?: string | null }): boolean => !d.material || d.material.trim() === '';

/** How many material rows of the operations are undetermined ('N row materials undetermined'); an operation without rows has none. */
export function undeterminedCount(operations: readonly { OperationDetails?: readonly { material?: string | null }[] | null }[]): number {
  return operations.reduce((n, o) => n + (o.OperationDetails ?? []).filter(isUndetermined).length, 0);
}

/** A material row of a stored operation as the component list reads it; any field may be missing (then as order_needs_of reads it). */
export interface NeedsRow { material?: string | null; materialQty?: DecimalInput; StockUpdate?: boolean | null; component?: boolean | null }
/** A stored operation (order_items.operations) as the component list reads it; any field may be missing. */
export interface NeedsOperation {
  Operation?: string | null;
  OperationStatus?: number | null;
  Qty?: DecimalInput;
  OperationComplated?: DecimalInput;
  OperationDetails?: readonly (NeedsRow | null)[] | null;
}
/** One row of what an open line still needs: a material, the operation that needs it and how much (an exact decimal string). */
export interface LineNeed { material: string; operation: string; required: string }

/**
 * What an open line still needs (the component list, DECISIONS 5, ADR 0026). Only a line in status 1-3 needs anything;
 * then one row per material row of each operation that is not finished (OperationStatus 2), moves stock (StockUpdate,
 * on when missing), is not a component product ('Yarı Mamül' row) and names a material (not ''; a blank name is a
 * name): required = per-unit quantity x what is still to record (Qty - completed, never below 0), exact, not rounded;
 * a row that needs 0 is still a row (it names the operation and counts the line). Missing numbers read as 0, a missing
 * operation name as ''.
 * For speed the server keeps order_material_needs with the SQL function order_needs_of (src/db/derived/order-needs.sql),
 * this rule in SQL: packages/server/src/db/order-needs.test.ts holds the two equal on random lines (docs/derived-data.md).
 */
export function lineNeeds(status: number, operations: readonly (NeedsOperation | null)[] | null | undefined): LineNeed[] {
  return needsOf(status, operations, false);
}

/**
 * What an open line still needs of component products (its 'Yarı Mamül' rows, component true; `material` is then the
 * product's id): the same rule as lineNeeds with only the component rows (ADR 0044). SQL: order_line_needs(status,
 * ops, true); the same property test holds the two equal.
 */
export function lineProductNeeds(status: number, operations: readonly (NeedsOperation | null)[] | null | undefined): LineNeed[] {
  return needsOf(status, operations, true);
}

function needsOf(status: number, operations: readonly (NeedsOperation | null)[] | null | undefined, components: boolean): LineNeed[] {
  if (!(status >= ORDER_WAITING && status <= ORDER_CHECKING) || !Array.isArray(operations)) return [];
  const out: LineNeed[] = [];
  for (const o of operations) {
    if ((o?.OperationStatus ?? OP_NOT_STARTED) === OP_FINISHED || !Array.isArray(o?.OperationDetails)) continue;
    const diff = dec(o.Qty).minus(dec(o.OperationComplated));
    const rest = diff.gt(0) ? diff : dec(0);
    for (const d of o.OperationDetails) {
      const material = d?.material ?? '';
      if (!d || material === '' || d.StockUpdate === false || (d.component === true) !== components) continue;
      const required = dec(d.materialQty).times(rest);
      out.push({ material, operation: o.Operation ?? '', required: required.isZero() ? '0' : required.toFixed() });
    }
  }
  return out;
}

/**
 * Shortage of a component after stock and open purchase requests (never below 0). A negative stock is a deficit
 * already owed (more went out than came in): it adds to what must be bought.
 */
export function componentShortage(required: DecimalInput, stock: DecimalInput, onOrder: DecimalInput): number {
  // Fast path (the component list runs this per row): plain quantities of 4 decimals as exact integers of
  // ten-thousandths; planning.test.ts holds it equal to the Decimal statement below on random inputs.
  const r = tenThousandths(required);
  const st = r === null ? null : tenThousandths(stock);
  const o = st === null ? null : tenThousandths(onOrder);
  if (o !== null) {
    const x = r! - st! - o;
    return x > 0 ? x / 1e4 : 0;
  }
  const s = dec(required).minus(dec(stock)).minus(dec(onOrder));
  return s.gt(0) ? s.toDecimalPlaces(ORDER_QTY_PLACES).toNumber() : 0;
}

/**
 * The quantity to buy of a material short on the component list (ADR 0044): its shortage after stock and open
 * purchases (componentShortage), raised to the minimum purchase and then rounded up to the purchase multiple, so the
 * answer is the least quantity that covers the shortage, is at least the minimum and a multiple of the multiple. 0
 * when nothing is short (no minimum then); a missing or non-positive multiple or minimum is none.
 */
export function suggestedPurchase(shortage: DecimalInput, multiple?: DecimalInput | null, min?: DecimalInput | null): number {
  // Fast path, as in componentShortage: the same rule on exact integers of ten-thousandths (below 2^51 here).
  const fs = tenThousandths(shortage);
  const fm = fs === null ? null : min === null || min === undefined ? 0 : tenThousandths(min);
  const fk = fm === null ? null : multiple === null || multiple === undefined ? 0 : tenThousandths(multiple);
  if (fk !== null) {
    if (!(fs! > 0)) return 0;
    let q = fm! > fs! ? fm! : fs!;
    if (fk > 0 && q % fk !== 0) q += fk - (q % fk);
    return q / 1e4;
  }
  const s = dec(shortage);
  if (!s.gt(0)) return 0;
  const m = min === null || min === undefined ? dec(0) : dec(min);
  let q = m.gt(s) ? m : s;
  const k = multiple === null || multiple === undefined ? dec(0) : dec(multiple);
  if (k.gt(0)) q = q.div(k).ceil().times(k);
  return q.toDecimalPlaces(ORDER_QTY_PLACES, 0 /* up: never below what covers the shortage */).toNumber();
}

/** What may still be delivered on a line: ordered - delivered (never below 0). */
export function deliveryRemaining(line: { urun_miktari: DecimalInput; teslim_edilmis: DecimalInput }): number {
  const r = dec(line.urun_miktari).minus(dec(line.teslim_edilmis));
  return r.gt(0) ? r.toDecimalPlaces(ORDER_QTY_PLACES).toNumber() : 0;
}

/** Days since the order (spec 002 9): (now - order date) / 86400000, rounded; null without a date. */
export function daysSinceOrder(orderDate: string | Date, now?: Date): number;
export function daysSinceOrder(orderDate: string | Date | null | undefined, now?: Date): number | null;
export function daysSinceOrder(orderDate: string | Date | null | undefined, now: Date = new Date()): number | null {
  if (!orderDate) return null;
  return Math.round((now.getTime() - new Date(orderDate).getTime()) / 86_400_000);
}

/** A line may be deleted by hand only when it has no offer and completion is 0 (and by roles below 3). */
export const canDeleteLine = (line: { teklifno: unknown; tamamlanmaOrani: number }): boolean => !line.teklifno && line.tamamlanmaOrani === 0;

/** The product code shown on cards: the parts joined with dashes (empty parts left out). */
export const productCode = (parts: readonly string[]): string => parts.filter((p) => p && p.trim() !== '').join('-');

// ------------------------------------------------------------------ answers

/** One recording of an operation (OperationComplatedList entry). `stockupdate`: whether it moved stock. */
export const historyEntrySchema = z.object({
  _id: z.string(),
  Staff: z.string(),
  Qty: z.number(),
  Date: z.string(),
  stockupdate: z.boolean(),
  /** 'record' for a recorded quantity, 'finish' for what finishing took (the unrecorded rest). */
  type: z.enum(['record', 'finish']),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A material row of an operation (OperationDetails). `material` is the material's id ('' undetermined); for a 'Yarı Mamül' component row (component true) the product's id. */
export const operationDetailSchema = z.object({
  material: z.string(),
  material_name: z.string(),
  material_category: z.string(),
  material_group: z.string(),
  component: z.boolean(),
  materialQty: z.number(),
  totalQty: z.number(),
  unit: z.string(),
  StockUpdate: z.boolean(),
  /** Current stock of the material (or product), filled in the answer. */
  status: z.number(),
});
export type OperationDetail = z.infer<typeof operationDetailSchema>;

export const operationSchema = z.object({
  _id: z.string(),
  Operation: z.string(),
  Qty: z.number(),
  OperationStartTime: z.string().nullable(),
  OperationFinishTime: z.string().nullable(),
  OperationStaff: z.string(),
  OperationStatus: z.number(),
  OperationPercent: z.number(),
  OperationDescription: z.string(),
  OperationComplated: z.number(),
  OperationComplatedList: z.array(historyEntrySchema),
  OperationComponent: z.array(z.object({ label: z.string(), value: z.string() })),
  OperationDetails: z.array(operationDetailSchema),
});
export type Operation = z.infer<typeof operationSchema>;

/** A delivery of a line as the line shows it (spec 002 3: tarih, teslimedilenmiktar, personel, teslimalan). */
export const lineDeliverySchema = z.object({
  _id: z.string(),
  tarih: z.string(),
  teslimedilenmiktar: z.number(),
  personel: z.string(),
  teslimalan: z.string(),
  description: z.string(),
});
export type LineDelivery = z.infer<typeof lineDeliverySchema>;

export const orderOfferRefSchema = z.object({
  _id: z.string(),
  teklif_no: z.string(),
  firma_id: z.string().nullable(),
  firma_adi: z.string(),
  teklif_durumu: z.number(),
});

/** An order line (order item) as GET /orders/item/{id} answers it and as every action answers it. */
export const orderLineSchema = z.object({
  _id: z.string(),
  urun_adi: z.string(),
  /** The English name ('' for none), from the offer item or the product: English documents print it instead of urun_adi. */
  urun_adi_en: z.string(),
  urun_kodu: z.array(z.string()),
  /** The product's id (null for a free-text line); its small image is urun_resim. */
  urun_id: z.string().nullable(),
  urun_resim: z.string(),
  urun_miktari: z.number(),
  urun_birimi: z.string(),
  urun_fiyati: z.number(),
  urun_dovizi: z.string(),
  urun_kdv: z.number(),
  toplamTL: z.number(),
  toplamDoviz: z.number(),
  toplamKdvTL: z.number(),
  toplamKdvDoviz: z.number(),
  /** The parent offer; null for a stock or sub-assembly production line. */
  teklifno: orderOfferRefSchema.nullable(),
  siparis_tarihi: z.string(),
  siparis_durumu: z.number(),
  tamamlanmaOrani: z.number(),
  teslim_edilmis: z.number(),
  baslama_tarihi: z.string().nullable(),
  bitis_tarihi: z.string().nullable(),
  /** The day promised to the customer, YYYY-MM-DD (null: none). */
  promised_date: z.string().nullable(),
  ready: z.boolean(),
  order_type: z.string(),
  refreshcomponentlist: z.boolean(),
  Operations: z.array(operationSchema),
  Delivery: z.array(lineDeliverySchema),
  /** How many material rows are undetermined (start is refused while above 0). */
  undetermined: z.number(),
  __v: z.number(),
  /** GET /orders/item/{id} to level 2 only: the line's material cost, price and margin (issue 25, domain costs.ts). */
  materialCost: lineCostSchema.optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** GET /orders/list answer: one page of lines and the per-status counts (over the search) for the badges. */
export const orderListSchema = z.object({
  orders: z.array(orderLineSchema),
  status1: z.number(),
  status2: z.number(),
  status3: z.number(),
  status4: z.number(),
  status6: z.number(),
  page: z.number(),
  totalPage: z.number(),
  totalItemCount: z.number(),
  /**
   * Present (true) only when a search matched more lines of some status than it counts (ADR 0054): each such status
   * count is then SEARCH_COUNT_CAP, a lower bound, and so is totalItemCount.
   */
  total_capped: z.boolean().optional().describe('true: a search matched more lines of a status than were counted; a count equal to SEARCH_COUNT_CAP is a lower bound, as is totalItemCount (ADR 0054)'),
});
export type OrderList = z.infer<typeof orderListSchema>;

/** A row of the component list (GET /orders/components). */
export const componentRowSchema = z.object({
  material_id: z.string(),
  material_name: z.string(),
  material_category: z.string(),
  material_group: z.string(),
  material_unit: z.string(),
  /** The operations that need it (names, unique, in order). */
  Operation: z.string(),
  operations: z.array(z.string()),
  /** How many open lines need it. */
  lines: z.number(),
  required: z.number(),
  stock: z.number(),
  /** Quantity on open purchase requests (status 0-2). */
  onOrder: z.number(),
  shortage: z.number(),
  /** The material's purchase multiple and minimum (null: none) and the quantity to buy (suggestedPurchase; 0: none). */
  purchase_multiple: z.number().nullable(),
  purchase_min: z.number().nullable(),
  suggested: z.number(),
});
export type ComponentRow = z.infer<typeof componentRowSchema>;
/** A component product short on the component list: what open lines' 'Yarı Mamül' rows still take from product stock (ADR 0044). */
export const productShortageRowSchema = z.object({
  product_id: z.string(),
  urun_adi: z.string(),
  urun_birimi: z.string(),
  /** The operations that need it (names, unique, in order). */
  Operation: z.string(),
  /** How many open lines need it. */
  lines: z.number(),
  required: z.number(),
  stock: z.number(),
  /** Still to come from open stock productions of the product (lines without an offer, status 1-3, below 100 %). */
  inProduction: z.number(),
  /** required - stock - inProduction, never below 0 (componentShortage). */
  shortage: z.number(),
});
export type ProductShortageRow = z.infer<typeof productShortageRowSchema>;
export const componentListSchema = z.object({ components: z.array(componentRowSchema), products: z.array(productShortageRowSchema) });
export type ComponentList = z.infer<typeof componentListSchema>;

/** GET /ordertracking/{offerId}/{companyId}/{token}: the public, read-only view of an order. */
export const trackingSchema = z.object({
  offer: z.object({ _id: z.string(), teklif_no: z.string(), firma_adi: z.string(), siparis_tarihi: z.string().nullable(), teklif_durumu: z.number() }),
  lines: z.array(z.object({
    _id: z.string(),
    urun_adi: z.string(),
    urun_kodu: z.array(z.string()),
    urun_miktari: z.number(),
    urun_birimi: z.string(),
    tamamlanmaOrani: z.number(),
    siparis_durumu: z.number(),
    teslim_edilmis: z.number(),
    Delivery: z.array(lineDeliverySchema.pick({ _id: true, tarih: true, teslimedilenmiktar: true })),
  })),
});
export type Tracking = z.infer<typeof trackingSchema>;

/** GET /orders/dashboard/production (spec 002 2.5). */
export const productionDashboardSchema = z.object({
  /** Operations of open lines (status 1-4) per operation status. */
  operationStatus: z.object({ 0: z.number(), 1: z.number(), 2: z.number() }),
  /** One card per operation name: how many operations and their average percent. */
  operations: z.array(z.object({ Operation: z.string(), count: z.number(), averagePercent: z.number() })),
  lines: z.object({ status1: z.number(), status2: z.number(), status3: z.number(), status4: z.number() }),
});
export type ProductionDashboard = z.infer<typeof productionDashboardSchema>;

/** GET /orders/dashboard/models (spec 002 2.6): ordered vs delivered per model (first code part), and per product. */
export const modelDashboardSchema = z.object({
  models: z.array(z.object({ model: z.string(), model_adi: z.string(), image: z.string(), ordered: z.number(), delivered: z.number() })),
  products: z.array(z.object({ urun_id: z.string().nullable(), urun_adi: z.string(), model: z.string(), ordered: z.number(), delivered: z.number(), completion: z.number(), lines: z.number() })),
});
export type ModelDashboard = z.infer<typeof modelDashboardSchema>;

const overviewLine = z.object({
  _id: z.string(), urun_adi: z.string(), urun_miktari: z.number(), urun_birimi: z.string(), teslim_edilmis: z.number(),
  tamamlanmaOrani: z.number(), siparis_durumu: z.number(), siparis_tarihi: z.string(), daysSinceOrder: z.number(), late: z.boolean(),
  operations: z.number(), openOperations: z.number(),
});
/**
 * GET /orders/overview: one page of the orders in status 1-3 with their lines and completion (total: how many match);
 * the load over all open lines (from kept sums); the late lines, the most late first, at most OVERVIEW_LATE_LIMIT
 * (load.lateLines counts them all). Issue 27: the answer no longer grows with the orders.
 */
export const ordersOverviewSchema = z.object({
  total: z.number(), page: z.number(), pageSize: z.number(),
  orders: z.array(z.object({
    _id: z.string(), teklif_no: z.string(), firma_id: z.string().nullable(), firma_adi: z.string(), teklif_durumu: z.number(),
    siparis_tarihi: z.string().nullable(), completion: z.number(), ordered: z.number(), delivered: z.number(), lines: z.array(overviewLine),
  })),
  load: z.object({ openLines: z.number(), openOperations: z.number(), startedOperations: z.number(), unitsToProduce: z.number(), unitsToDeliver: z.number(), lateLines: z.number() }),
  late: z.array(overviewLine.extend({ teklif_no: z.string(), firma_adi: z.string() })),
});
export type OrdersOverview = z.infer<typeof ordersOverviewSchema>;

/** Sorts of the orders overview's page (issue 27). */
export const OVERVIEW_SORTS = ['siparis_tarihi', 'teklif_no', 'firma_adi'] as const;
/** The late lines the overview answers at most (the most late first; load.lateLines counts them all). */
export const OVERVIEW_LATE_LIMIT = 50;
/** GET /orders/overview?page=&pageSize=&orderBy=&order=&search= (issue 27): search matches the order number or company. */
export const ordersOverviewQuerySchema = z.object({
  orderBy: z.enum(OVERVIEW_SORTS, { error: 'order.sort.invalid' }).optional().default('siparis_tarihi'),
  order: z.enum(['asc', 'desc'], { error: 'error.invalidType' }).optional().default('asc'),
  search: z.string().max(200, { error: 'error.tooLong' }).optional(),
  page: z.coerce.number({ error: 'error.invalidType' }).int({ error: 'error.invalidType' }).min(1, { error: 'error.invalidType' }).max(1e6, { error: 'error.invalidType' }).optional().default(1),
  pageSize: z.coerce.number({ error: 'error.invalidType' }).int({ error: 'error.invalidType' }).min(1, { error: 'error.invalidType' }).max(100, { error: 'error.pageSize.max' }).optional().default(20),
  anchor: pageAnchorField,
});
export type OrdersOverviewQuery = z.input<typeof ordersOverviewQuerySchema>;
export type OrdersOverviewArgs = z.output<typeof ordersOverviewQuerySchema>;

// ------------------------------------------------------------------ inputs

const intIn = (key: MessageKey, min: number, max: number) => wholeNumberField({ key, label: 'value', min, max });

const decimalIn = (key: MessageKey, label: NumberLabel, range: { min?: number; positive?: boolean; max: number }) =>
  decimalField({ key, label, places: ORDER_QTY_PLACES, ...range });

const text = (max: number) => z.union([z.string().max(max, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' }).transform((v) => (v ?? '').trim());

/**
 * GET /orders/list?type=&orderBy=&filter1=&filter2= (spec 002 7). filter1..filter2 is the status range
 * (default 1-4); search matches product name, code or company; with page and pageSize one page, else all.
 */
export const orderListQuerySchema = z.object({
  type: z.enum(ORDER_LIST_TYPES, { error: 'order.listType.invalid' }).optional().default('list'),
  orderBy: z.enum(ORDER_SORTS, { error: 'order.sort.invalid' }).optional().default('siparis_tarihi'),
  order: z.enum(['asc', 'desc'], { error: 'error.invalidType' }).optional(),
  filter1: intIn('order.filter.invalid', 1, 6).optional(),
  filter2: intIn('order.filter.invalid', 1, 6).optional(),
  search: z.string().max(200, { error: 'error.tooLong' }).optional(),
  page: z.coerce.number({ error: 'error.invalidType' }).int({ error: 'error.invalidType' }).min(1, { error: 'error.invalidType' }).max(1e6).optional(),
  pageSize: z.coerce.number({ error: 'error.invalidType' }).int({ error: 'error.invalidType' }).min(1, { error: 'error.invalidType' }).max(1000, { error: 'error.pageSize.max' }).optional(),
  /** Lines of one offer only. */
  offer: z.string().max(64).optional(),
  anchor: pageAnchorField,
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export type OrderListArgs = z.output<typeof orderListQuerySchema>;

/** POST /orders/operations/{itemId}/{operationId}/record: `{ qty }` with 0 < qty <= Qty - completed. */
export const recordBodySchema = z.object({
  // A number here; the range (0 < qty <= the remaining) is the service's, whose message names the remaining quantity.
  qty: decimalIn('order.record.qtyInvalid', 'qty', { min: -1e10, max: 1e10 }),
  __v: versionSchema,
}, { error: 'error.invalidType' });
export type RecordBody = z.input<typeof recordBodySchema>;

/** Start, finish and reset take an optional `__v` (stale: 409). Finish of a 'Yarı Mamül' with too little component stock needs `force: true`. */
export const operationActionSchema = z.object({
  __v: versionSchema,
  force: z.boolean({ error: 'error.invalidType' }).optional(),
}, { error: 'error.invalidType' }).nullish().transform((v) => v ?? {});
export type OperationActionBody = z.input<typeof operationActionSchema>;

const detailInput = z.object({
  material: z.union([z.string().max(64), z.object({ _id: z.string().max(64) }).loose().transform((o) => o._id), z.null()], { error: 'error.invalidType' }).optional().transform((v) => (v ?? '').trim()),
  material_name: text(300).optional(),
  material_category: text(200).optional().transform((v) => v ?? ''),
  material_group: text(200).optional().transform((v) => v ?? ''),
  component: z.boolean({ error: 'error.invalidType' }).optional().default(false),
  materialQty: decimalIn('order.materialQty.invalid', 'qty', { min: 0, max: 1e7 }).optional().default('1'),
  unit: text(20).optional(),
  StockUpdate: z.boolean({ error: 'error.invalidType' }).optional().default(true),
}, { error: 'error.invalidType' });
export type OperationDetailInput = z.output<typeof detailInput>;

const operationInput = z.object({
  /** Existing operations are matched by _id; progress fields (status, staff, times, completed, history) stay the server's. */
  _id: z.string().max(64).optional(),
  Operation: z.string({ error: 'order.operation.name' }).trim().min(1, { error: 'order.operation.name' }).max(100, { error: 'error.tooLong' }),
  Qty: decimalIn('order.operation.qty', 'qty', { positive: true, max: 1e10 }).optional(),
  OperationDescription: text(2000).optional().transform((v) => v ?? ''),
  OperationComponent: z.array(z.object({ label: text(300), value: z.union([z.string().max(64), z.number()]).transform((v) => String(v)) }), { error: 'error.invalidType' }).max(200).optional(),
  OperationDetails: z.array(detailInput, { error: 'error.invalidType' }).max(300, { error: 'error.tooLong' }).optional().default([]),
}, { error: 'error.invalidType' });
export type OperationInput = z.output<typeof operationInput>;

/** A promised day: YYYY-MM-DD or DD.MM.YYYY, a real calendar day; null or '' clears it. */
const promisedDateInput = z.union([z.string().max(40), z.null()], { error: 'order.promisedDate.invalid' }).transform((v, ctx) => {
  if (v === null || v.trim() === '') return null;
  const day = parseDay(v);
  if (!day) {
    ctx.addIssue({ code: 'custom', message: 'order.promisedDate.invalid' });
    return z.NEVER;
  }
  return day;
});

/**
 * POST /orders/updateitem/{_id}: the whole line (or the fields to change). The server takes order_type,
 * ready (see below), refreshcomponentlist and Operations (names, Qty, description, materials); statuses,
 * completion, staff, dates and recorded quantities are the server's (they change only through the
 * operation actions). `ready` true is kept only when no material row is undetermined. `__v` stale: 409.
 */
export const orderUpdateSchema = z.object({
  promised_date: promisedDateInput.optional(),
  order_type: z.enum(ORDER_TYPES, { error: 'order.type.invalid' }).optional(),
  ready: z.boolean({ error: 'error.invalidType' }).optional(),
  refreshcomponentlist: z.boolean({ error: 'error.invalidType' }).optional(),
  Operations: z.array(operationInput, { error: 'error.invalidType' }).max(100, { error: 'error.tooLong' }).optional(),
  __v: versionSchema,
}, { error: 'error.invalidType' });
export type OrderUpdateInput = z.input<typeof orderUpdateSchema>;
export type OrderUpdateData = z.output<typeof orderUpdateSchema>;

/**
 * POST /orders/create/: a new stock production line (no offer): the product, its code parts, quantity,
 * unit, price, currency and VAT. Operations come from the product's bill of operations.
 */
export const orderCreateSchema = z.object({
  urun_id: z.union([z.string().max(64), z.object({ _id: z.string().max(64) }).loose().transform((o) => o._id), z.null()], { error: 'order.product.required' })
    .transform((v) => (v ?? '').trim()).pipe(z.string().min(1, { error: 'order.product.required' })),
  urun_adi: text(300).optional(),
  urun_kodu: z.array(z.string().max(60, { error: 'error.tooLong' }), { error: 'error.invalidType' }).max(9, { error: 'error.tooLong' }).optional(),
  urun_miktari: decimalIn('order.qty.invalid', 'qty', { positive: true, max: 1e9 }).optional().default('1'),
  urun_birimi: z.union([z.string(), z.null()], { error: 'catalogue.unit.invalid' }).transform((v) => (v ?? '').trim() || 'Adet').pipe(z.enum(UNITS, { error: 'catalogue.unit.invalid' })).optional().default('Adet'),
  urun_fiyati: decimalIn('order.price.invalid', 'price', { min: 0, max: 1e11 }).optional().default('0'),
  urun_dovizi: z.union([z.string(), z.null()], { error: 'catalogue.currency.invalid' }).transform((v) => (v ?? '').trim() || '$').pipe(z.enum(CURRENCIES, { error: 'catalogue.currency.invalid' })).optional().default('$'),
  urun_kdv: decimalIn('catalogue.vat.invalid', 'vat', { min: 0, max: 100 }).optional().default('20'),
  order_type: z.enum(ORDER_TYPES, { error: 'order.type.invalid' }).optional().default('production'),
  // The line's photo: a file of our own (uploaded through /api/files/upload); without it the product's main image.
  urun_resim: text(1000).refine((v) => !v || (v.startsWith(FILES_URL_PREFIX) && !v.includes('..')), { error: 'order.photo.invalid' }).optional(),
}, { error: 'error.invalidType' })
  // Its own refinement (the decimal parser above may change): pieces are whole numbers (issue 23).
  .refine((d) => fitsUnit(d.urun_miktari, d.urun_birimi), { error: 'unit.qty.whole', path: ['urun_miktari'] });
export type OrderCreateInput = z.input<typeof orderCreateSchema>;
export type OrderCreateData = z.output<typeof orderCreateSchema>;

/**
 * POST /deliveried/create/: the delivery payload of spec 002 3. The server reads orderitem_id, qty, date,
 * deliverer, receiver, description (and order_id / company_id to check them); company, product, unit and
 * price come from the line. The other fields (max, orderQty, totaldeliveried, sumPrice …) are accepted and ignored.
 */
export const orderDeliveryInputSchema = z.object({
  orderitem_id: z.union([z.string().max(64), z.null()], { error: 'delivery.order.required' }).optional().transform((v) => (v ?? '').trim())
    .pipe(z.string().min(1, { error: 'delivery.order.required' })),
  order_id: z.union([z.string().max(64), z.null()], { error: 'delivery.order.required' }).optional().transform((v) => (v ?? '').trim()),
  company_id: z.union([z.string().max(64), z.null()], { error: 'delivery.company.required' }).optional().transform((v) => (v ?? '').trim()),
  qty: decimalField({ key: 'delivery.qty.required', minKey: 'delivery.qty.min', label: 'qty', places: 2, min: 1, max: 1e10 }),
  date: z.union([z.string().max(40), z.number(), z.null()], { error: 'delivery.date.invalid' }).optional().transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return new Date();
    const d = parseDateInput(v);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'delivery.date.invalid' });
      return z.NEVER;
    }
    return d;
  }),
  deliverer: text(200).optional().transform((v) => v ?? ''),
  receiver: text(200).optional().transform((v) => v ?? ''),
  description: text(2000).optional().transform((v) => v ?? ''),
}, { error: 'error.invalidType' }).loose();
export type OrderDeliveryInput = z.input<typeof orderDeliveryInputSchema>;
export type OrderDeliveryData = z.output<typeof orderDeliveryInputSchema>;

/** GET /orders/components?orderBy=&order= */
export const componentListQuerySchema = z.object({
  orderBy: z.enum(COMPONENT_SORTS, { error: 'error.invalidType' }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'error.invalidType' }).optional(),
  search: z.string().max(200, { error: 'error.tooLong' }).optional(),
});
export type ComponentListQuery = z.input<typeof componentListQuerySchema>;
