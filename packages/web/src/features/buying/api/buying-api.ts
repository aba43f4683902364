import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BUYING_PAGE_SIZE, type Buying, type BuyingInput, type BuyingListQuery, type BuyingSort, type BuyingSums, type BuyingUpdateInput, type Company,
} from '@isik/domain';
import { api } from '../../../lib/api';
import { fetchCompanyList } from '../../../lib/companies-api';
import { queryKeys } from '../../../lib/query-keys';

export interface BuyingListParams {
  status: number;
  page: number;
  pageSize?: number;
  search?: string;
  orderBy?: BuyingSort;
  order?: 'asc' | 'desc';
}

/**
 * Keys start with 'buyings', the entity the live socket announces, so another user's change refetches the
 * open list. Reaching Completed changes stock too: material and stock keys are invalidated after each write.
 */
export const buyingKeys = {
  all: queryKeys.buyings,
  list: (p: BuyingListParams) => [...queryKeys.buyings, 'list', p] as const,
  sums: (status: number, search: string) => [...queryKeys.buyings, 'sums', { status, search }] as const,
  detail: (id: string) => [...queryKeys.buyings, 'detail', id] as const,
};

const enc = encodeURIComponent;

/** One page of the documented list call (an array; ADR 0023), for one status. */
export function fetchBuyings(p: BuyingListParams, signal?: AbortSignal): Promise<Buying[]> {
  const query: BuyingListQuery & Record<string, string | number | undefined> = {
    filter1: p.status, filter2: p.status, page: p.page, pageSize: p.pageSize ?? BUYING_PAGE_SIZE,
    search: p.search || undefined, orderBy: p.orderBy, order: p.order,
  };
  return api<Buying[]>('/buying/list', { signal, query });
}

export function buyingsQuery(p: BuyingListParams) {
  return queryOptions({
    queryKey: buyingKeys.list(p),
    queryFn: ({ signal }) => fetchBuyings(p, signal),
    placeholderData: keepPreviousData,
  });
}

export function fetchBuyingSums(status: number, search: string, signal?: AbortSignal): Promise<BuyingSums> {
  return api<BuyingSums>('/buying/totals', { signal, query: { filter1: status, filter2: status, search: search || undefined } });
}

/** Count and totals of the filtered list (every page). */
export function buyingSumsQuery(status: number, search: string) {
  return queryOptions({
    queryKey: buyingKeys.sums(status, search),
    queryFn: ({ signal }) => fetchBuyingSums(status, search, signal),
    placeholderData: keepPreviousData,
  });
}


export type SupplierOption = Pick<Company, '_id' | 'company_name' | 'company_email'>;

/** Companies of category Suppliers whose name contains the typed text (the modal's supplier picker). */
export function supplierPickerQuery(search: string) {
  return queryOptions({
    queryKey: [...queryKeys.companies, 'picker', 'suppliers', search] as const,
    queryFn: async ({ signal }) => {
      const answer = await fetchCompanyList({ search, category: 'Suppliers', pageSize: 20, orderBy: 'company_name' }, signal);
      return answer.companyList.map((c) => ({ _id: c._id, company_name: c.company_name, company_email: c.company_email }));
    },
    staleTime: 60_000,
  });
}

/** One request (the page opens it from a link such as a log row's: /buyings?open={id}). */
export function buyingQuery(id: string) {
  return queryOptions({
    queryKey: buyingKeys.detail(id),
    queryFn: ({ signal }) => api<Buying>(`/buying/${enc(id)}`, { signal }),
    retry: false,
    meta: { notifyError: false },
  });
}

function useAfterWrite() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: buyingKeys.all });
    // Completing or cancelling a request moves stock.
    void qc.invalidateQueries({ queryKey: queryKeys.materials });
    void qc.invalidateQueries({ queryKey: queryKeys.stock });
  };
}

/** Create (no id) or update (id + the __v read). Errors are the caller's (field errors in the modal, a notice). */
export function useSaveBuying() {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: (input: { id?: string; version?: number; body: BuyingInput }) => input.id
      ? api<Buying>(`/buying/update/${enc(input.id)}`, { method: 'POST', body: { ...input.body, __v: input.version } satisfies BuyingUpdateInput })
      : api<Buying>('/buying/create/', { method: 'POST', body: input.body }),
    meta: { notifyError: false },
    onSuccess: after,
  });
}

export function useDeleteBuying() {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: (id: string) => api<{ status: 'ok' }>(`/buying/delete/${enc(id)}`),
    meta: { notifyError: false },
    onSuccess: after,
  });
}
