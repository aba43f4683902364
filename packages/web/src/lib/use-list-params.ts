import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A change to a list's URL state: a value to set, or `undefined` / `''` to drop the parameter. */
export type ListPatch<K extends PropertyKey> = Partial<Record<K, string | number | undefined>>;
/** The values a list leaves out of its URL (e.g. `{ page: 1 }`): setting one of them drops the parameter. */
export type ListDefaults<K extends PropertyKey> = Partial<Record<K, string | number>>;

/** The `page` parameter: a whole number from 1, else 1. */
export function readPage(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get('page'))) || 1);
}

/** The `order` parameter: 'desc', else 'asc'. */
export function readOrder(params: URLSearchParams): 'asc' | 'desc' {
  return params.get('order') === 'desc' ? 'desc' : 'asc';
}

/**
 * The query string `search` with `patch` applied: `undefined`, `''` and a key's default value drop the
 * parameter, anything else sets it.
 */
export function applyListPatch<K extends string>(search: string, patch: ListPatch<K>, defaults: ListDefaults<K>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(patch) as [K, string | number | undefined][]) {
    if (v === undefined || v === '' || (k in defaults && v === defaults[k])) next.delete(k);
    else next.set(k, String(v));
  }
  return next;
}

/**
 * A list's state (page, size, search, sort, filters) kept in the URL, so returning to the list finds the same view.
 * `parse` reads the state from the query string; `update(patch)` changes it, leaving `defaults` out of the URL
 * and replacing the history entry. Pass `page: 1` in a patch to go back to the first page.
 * `remember`, when given, is told the query string after every change (for a detail page's way back to the list).
 */
export function useListParams<S extends object>(
  defaults: ListDefaults<keyof S & string>,
  parse: (params: URLSearchParams) => S,
  remember?: (search: string) => void,
) {
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  useEffect(() => remember?.(search), [remember, search]);

  const update = (patch: ListPatch<keyof S & string>) => {
    // From the URL as it is now, not as of the last render (React Router's `prev`): a debounced search
    // followed at once by a filter change must not undo one another.
    setParams(() => applyListPatch(window.location.search, patch, defaults), { replace: true });
  };
  return [parse(params), update] as const;
}
