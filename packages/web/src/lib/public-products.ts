import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PUBLIC_PAGE_SIZE, hasText, pairIndex, type PublicProductList, type PublicSort } from '@isik/domain';
import { api } from './api';
import { queryKeys } from './query-keys';

/** The public catalogue's product list (GET /web/products): the catalogue screen and the sign-in carousel use it. */
export interface PublicListParams {
  page: number;
  pageSize?: number;
  orderBy: PublicSort;
  /** Turkish product or model name, matched case-insensitively on the server. */
  search?: string;
  /** A model category 0-8; undefined means all. */
  category?: number;
}

/**
 * Keys start with 'products', the entity the live socket announces, so a product saved in the
 * back office refreshes an open catalogue page.
 */
export const publicKeys = {
  list: (params: PublicListParams) => [...queryKeys.products, 'public', 'list', params] as const,
  detail: (id: string) => [...queryKeys.products, 'public', 'detail', id] as const,
};

export function fetchPublicProducts(params: PublicListParams, signal?: AbortSignal): Promise<PublicProductList> {
  return api<PublicProductList>('/web/products', {
    query: {
      page: params.page,
      pageSize: params.pageSize ?? PUBLIC_PAGE_SIZE,
      orderBy: params.orderBy,
      search: params.search || undefined,
      category: params.category,
    },
    signal,
  });
}

export const publicProductsQuery = (params: PublicListParams) =>
  queryOptions({
    queryKey: publicKeys.list(params),
    queryFn: ({ signal }) => fetchPublicProducts(params, signal),
    placeholderData: keepPreviousData,
  });

/** The side of a pair for the language (Turkish name for tr, English otherwise), falling back to the other side. */
export function localText(pair: readonly string[] | null | undefined, lang: string): string {
  if (!pair) return '';
  const i = pairIndex(lang);
  if (hasText(pair[i])) return pair[i].trim();
  return hasText(pair[1 - i]) ? pair[1 - i].trim() : '';
}
