/**
 * Pure rules of the production screens (spec 002 2.2-2.6, 4, 9). The server decides every state; these only say
 * what the screens show and which inputs they accept, so a wrong number never leaves the browser. The rules the
 * server applies too (statuses, remaining quantities, undetermined rows, days since the order, a stock line's
 * totals) are the domain's (@isik/domain), imported where used (issue 24).
 */

import { dec, OPERATION_STATUS_COLORS, operationPercent } from '@isik/domain';

export const ALL = 'all';
/** Spec 002 9: operation names are cut to 12 characters on the dashboard cards. */
export const DASHBOARD_NAME_MAX = 12;

/** 'all' asks for statuses 1 to 4; one status is both ends of the range (spec 002 2.2). */
export function statusRange(filter: string): { filter1: number; filter2: number } {
  if (filter === ALL || !/^[0-9]$/.test(filter)) return { filter1: 1, filter2: 4 };
  const s = Number(filter);
  return { filter1: s, filter2: s };
}

/** Operation status colour: 0 red, 1 yellow, 2 green (spec 002 4; the domain's colours), red for anything else. */
export function operationStatusColor(status: number): string {
  return OPERATION_STATUS_COLORS[status] ?? 'red';
}

/** The one action an operation's status button offers: start, complete or reset (spec 002 4). */
export function operationAction(status: number): 'start' | 'finish' | 'reset' {
  return status === 2 ? 'reset' : status === 1 ? 'finish' : 'start';
}

/** 'Waiting' below 1 percent, else 'In progress' (spec 002 2.4). */
export function progressLabelKey(percent: number | null | undefined): 'orders.progress.waiting' | 'orders.progress.inProgress' {
  return (percent ?? 0) < 1 ? 'orders.progress.waiting' : 'orders.progress.inProgress';
}

export interface OperationQty { Qty: number | string; OperationComplated?: number | string | null }

/** The percent the operation will show after recording `counter` (the preview under the input): the server's operationPercent. */
export function percentAfter(counter: number, op: OperationQty): number {
  return operationPercent(dec(op.OperationComplated ?? 0).plus(Number.isFinite(counter) ? counter : 0), op.Qty);
}

export interface PickableMaterial { _id: string; material_category?: string | null; material_group?: string | null }

/** Category and group narrow the materials (spec 002 2.4); empty means any. */
export function filterMaterials<M extends PickableMaterial>(materials: readonly M[], category: string | null | undefined, group: string | null | undefined): M[] {
  return materials.filter((m) => (!category || m.material_category === category) && (!group || m.material_group === group));
}

/** Exactly one match and nothing chosen yet: that one is picked (spec 002 2.4). */
export function autoPick<M extends PickableMaterial>(matches: readonly M[], current: string | null | undefined): string | null {
  if (current) return current;
  return matches.length === 1 ? matches[0]._id : null;
}

/** Production planned? A production line without operations shows 'production not planned' (spec 002 2.2). */
export function productionNotPlanned(item: { order_type?: string | null; Operations?: readonly unknown[] | null }): boolean {
  return item.order_type === 'production' && (item.Operations?.length ?? 0) === 0;
}

export type ComponentSort = 'operation' | 'group' | 'category' | 'quantity';
interface SortableComponent { operations: string[]; material_group: string; material_category: string; material_name: string; required: number }

/** Spec 002 2.3: by operation, group or category (then material name), or by required quantity, largest first. */
export function sortComponents<R extends SortableComponent>(rows: readonly R[], by: ComponentSort): R[] {
  const cmp = (a: string, b: string) => a.localeCompare(b, 'tr');
  const key = (r: R) => (by === 'operation' ? r.operations.join(', ') : by === 'group' ? r.material_group : r.material_category);
  return [...rows].sort((a, b) => (by === 'quantity' ? b.required - a.required : cmp(key(a), key(b))) || cmp(a.material_name, b.material_name));
}

/** What a reset of an operation reverses (issue 23): the recorded quantity, its entries and the stock each material row took. */
export interface ResetSummary {
  completed: number;
  entries: number;
  materials: { name: string; qty: number; unit: string; component: boolean }[];
}

export function resetSummary(op: {
  OperationComplated: number;
  OperationComplatedList?: readonly { Qty: number; stockupdate: boolean }[];
  OperationDetails?: readonly { material: string; material_name: string; materialQty: number; unit: string; component: boolean; StockUpdate: boolean }[];
}): ResetSummary {
  const list = op.OperationComplatedList ?? [];
  // Only entries that moved stock took materials out; the reset gives exactly those back.
  const moved = list.filter((e) => e.stockupdate).reduce((n, e) => n + e.Qty, 0);
  const materials = (op.OperationDetails ?? [])
    .filter((d) => d.StockUpdate && d.material && d.materialQty > 0 && moved > 0)
    .map((d) => ({ name: d.material_name, qty: Math.round(d.materialQty * moved * 10_000) / 10_000, unit: d.unit, component: d.component }));
  return { completed: op.OperationComplated, entries: list.length, materials };
}

/** The component products a 'Yarı Mamül' finish would drive below zero, as the server's 409 answer lists them (issue 23). */
export function shortagesOf(body: unknown): { name: string; stock: number; needed: number }[] {
  const list = (body as { shortages?: unknown } | null)?.shortages;
  if (!Array.isArray(list)) return [];
  return list
    .filter((x): x is { name: string; stock: number; needed: number } => !!x && typeof x === 'object' && typeof (x as { name?: unknown }).name === 'string')
    .map((x) => ({ name: x.name, stock: Number(x.stock), needed: Number(x.needed) }));
}
