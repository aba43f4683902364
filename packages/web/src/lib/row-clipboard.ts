import type { ModelFeature, ProductionDetail } from '@isik/domain';

// ------------------------------------------------------------------ copy and paste of rows (spec 001 5)
// One clipboard for models and products: a model's rows pasted into a product, or the other way, are a mismatch.

export const CLIPBOARD_KEY = 'isik.copiedRows';
export type ClipboardKind = 'modelFeatures' | 'productiondetail';

type RowStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function copyRows(kind: ClipboardKind, rows: unknown[], storage: RowStorage = localStorage): void {
  storage.setItem(CLIPBOARD_KEY, JSON.stringify({ kind, rows }));
}

export type PasteResult<T> = { ok: true; rows: T[] } | { ok: false; reason: 'empty' | 'mismatch' | 'failed' };

function isFeature(r: unknown): r is ModelFeature {
  const o = r as ModelFeature;
  return typeof o === 'object' && o !== null && Array.isArray(o.label) && Array.isArray(o.feature);
}
function isProductionRow(r: unknown): r is ProductionDetail {
  const o = r as ProductionDetail;
  return typeof o === 'object' && o !== null && typeof o.Operation === 'string' && Array.isArray(o.OperationComponent);
}

/** Reads the copied rows; another kind of data answers 'mismatch' (the copied units do not match). */
export function pasteRows<T>(kind: ClipboardKind, storage: RowStorage = localStorage): PasteResult<T> {
  let raw: string | null;
  try {
    raw = storage.getItem(CLIPBOARD_KEY);
  } catch {
    return { ok: false, reason: 'failed' };
  }
  if (!raw) return { ok: false, reason: 'empty' };
  try {
    const data = JSON.parse(raw) as { kind?: string; rows?: unknown };
    if (!Array.isArray(data.rows)) return { ok: false, reason: 'failed' };
    const check = kind === 'modelFeatures' ? isFeature : isProductionRow;
    if (data.kind !== kind || !data.rows.every(check)) return { ok: false, reason: 'mismatch' };
    return { ok: true, rows: data.rows as T[] };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

