import { onPagedCall } from './api';
import type { QueryValue, RequestOptions } from './http';

type Query = Record<string, QueryValue | QueryValue[]>;

/**
 * Anchored pages (ADR 0051): a list's answer names the page it served in its Page-Anchor header; the next page the
 * screen asks for of the same list (same path, sort, filters and size) sends it back as `anchor=`, so the server reads
 * that page from the one on screen instead of skipping every row before it. Done in api(), the call every office
 * screen goes through (the back office's entry turns it on: anchorListPages), so no screen knows of it. The server
 * ignores an anchor that does not fit (plain OFFSET).
 */
const anchors = new Map<string, string>();
const KEPT = 50;

/** The list a paged GET reads (its path and query but the page), or undefined if the call is not a page. */
function listOf(path: string, method: string, query: Query | undefined): string | undefined {
  if (method !== 'GET' || !query || query.page === undefined || query.page === null) return undefined;
  const rest = Object.entries(query).filter(([k, v]) => k !== 'page' && k !== 'anchor' && v !== undefined && v !== null).sort(([a], [b]) => (a < b ? -1 : 1));
  return `${path}?${JSON.stringify(rest)}`;
}

/** The query with the anchor of the list's page last answered, if any. */
export function anchoredQuery(path: string, method: string, query: Query | undefined): Query | undefined {
  const list = listOf(path, method, query);
  const anchor = list ? anchors.get(list) : undefined;
  return anchor ? { ...query, anchor } : query;
}

/** Keeps the answer's Page-Anchor for the list's next page (or forgets the list's anchor when it has none). */
export function rememberAnchor(path: string, method: string, query: Query | undefined, res: Response): void {
  const list = listOf(path, method, query);
  if (!list) return;
  const anchor = res.headers.get('Page-Anchor');
  anchors.delete(list);
  if (!anchor) return;
  anchors.set(list, anchor);
  if (anchors.size > KEPT) anchors.delete(anchors.keys().next().value!);
}

/** A call's options with its list's anchor, told its answer (for api()). */
export function anchorPagedCall(path: string, options: RequestOptions): RequestOptions {
  const method = options.method ?? 'GET';
  if (!listOf(path, method, options.query)) return options;
  return { ...options, query: anchoredQuery(path, method, options.query), seen: (res) => rememberAnchor(path, method, options.query, res) };
}

/** Turns anchored pages on for every api() call (the back office's entry, main.tsx). */
export function anchorListPages(): void {
  onPagedCall(anchorPagedCall);
}

/** Forgets every anchor (a test's fresh start). */
export function forgetAnchors(): void {
  anchors.clear();
}
