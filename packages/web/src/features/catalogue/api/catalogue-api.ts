import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  PUBLIC_PAGE_SIZE, type OfferRequestInput, type OfferRequestResult, type PublicCompany, type PublicProductDetail, type PublicProductList, type PublicSort,
} from '@isik/domain';
import { api } from '../../../lib/api';

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
  list: (params: PublicListParams) => ['products', 'public', 'list', params] as const,
  detail: (id: string) => ['products', 'public', 'detail', id] as const,
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

export const publicProductQuery = (id: string) =>
  queryOptions({
    queryKey: publicKeys.detail(id),
    queryFn: ({ signal }) => api<PublicProductDetail>(`/web/products/${encodeURIComponent(id)}`, { signal }),
    // The page shows a not-found card or an error alert itself; a notice on top would only add noise.
    meta: { notifyError: false },
  });

/** What the visitor sends from the product page (DECISIONS 9: a draft offer and a to-do for the office). */
export type OfferRequestBody = OfferRequestInput;

export const OFFER_REQUEST_PATH = '/web/offer-requests';

export function sendOfferRequest(body: OfferRequestBody): Promise<OfferRequestResult> {
  return api<OfferRequestResult>(OFFER_REQUEST_PATH, { method: 'POST', body });
}

/** The own company's public contact (GET /web/company); 404 while there is no company record. */

export const publicCompanyQuery = () =>
  queryOptions({
    queryKey: ['mycompany', 'public'] as const,
    queryFn: ({ signal }) => api<PublicCompany>('/web/company', { signal }),
    // Without a company record the modal simply shows no e-mail line.
    meta: { notifyError: false },
    retry: false,
    staleTime: 5 * 60_000,
  });
