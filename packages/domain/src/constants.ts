// Plain constants shared by every package; no zod here (ADR 0018: the web client's first download imports these).

export const PAGE_SIZES = [6, 12, 18, 30, 50, 100] as const;
/**
 * A search of the offer list or the order-line list counts its matches up to this many (ADR 0054): a larger count
 * answers the cap with `total_capped: true` (shown as "1.000+"), as counting every match grows with the table.
 */
export const SEARCH_COUNT_CAP = 1000;
export const DEFAULT_PAGE_SIZE = 30;
export const NOTICE_MS = 3000;
export const SCROLL_MAX_HEIGHT = 400;

/** A loose e-mail pattern in the spirit of the spec's client check. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The IoT product's slug when configuration names none: /streetlightlogin, /streetlightmap (zod-free: the router reads it). */
export const DEVICE_SLUG_DEFAULT = 'streetlight';
