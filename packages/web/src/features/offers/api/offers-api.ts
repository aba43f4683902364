import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OFFER_LIST_LIMIT, type Company, type CompanyInput, type Contact, type ContactInput, type ContactList, type Offer, type OfferInput, type OfferList,
  type OfferCost, type OfferSettings, type OfferSettingsInput, type OfferSort,
} from '@isik/domain';
import { api } from '../../../lib/api';
import { fetchCompany, fetchCompanyList } from '../../../lib/companies-api';
import { queryKeys } from '../../../lib/query-keys';

export interface OfferListParams {
  page: number;
  pageSize?: number;
  orderBy: OfferSort;
  order: 'asc' | 'desc';
  search?: string;
  /** Status range; both undefined means every status. */
  from?: number;
  to?: number;
}

/**
 * Keys start with the entities the live socket announces: 'offers' (an offer changed anywhere reloads the open list and
 * the open offer), 'offer_settings', 'contacts', 'rates'.
 */
export const offerKeys = {
  all: queryKeys.offers,
  list: (params: OfferListParams) => [...queryKeys.offers, 'list', params] as const,
  detail: (id: string) => [...queryKeys.offers, 'detail', id] as const,
  settings: () => queryKeys.offer_settings,
  contacts: (params: object) => [...queryKeys.contacts, 'list', params] as const,
};

const enc = encodeURIComponent;

export function fetchOffers(params: OfferListParams, signal?: AbortSignal): Promise<OfferList> {
  return api<OfferList>('/offers/list', {
    signal,
    query: {
      page: params.page, pageSize: params.pageSize ?? OFFER_LIST_LIMIT, orderBy: params.orderBy, order: params.order,
      search: params.search || undefined, filter1: params.from ?? 0, filter2: params.to ?? 4,
    },
  });
}

export function offersQuery(params: OfferListParams) {
  return queryOptions({ queryKey: offerKeys.list(params), queryFn: ({ signal }) => fetchOffers(params, signal), placeholderData: keepPreviousData });
}

export function offerQuery(id: string) {
  return queryOptions({ queryKey: offerKeys.detail(id), queryFn: ({ signal }) => api<Offer>(`/offers/${enc(id)}`, { signal }) });
}

export const offerSettingsQuery = queryOptions({
  queryKey: offerKeys.settings(),
  queryFn: ({ signal }) => api<OfferSettings>('/offers/settings', { signal }),
});


export function contactsQuery(params: { page: number; pageSize: number; search?: string; orderBy?: string; order?: 'asc' | 'desc' }) {
  return queryOptions({
    queryKey: offerKeys.contacts(params),
    queryFn: ({ signal }) => api<ContactList>('/contacts/list', { signal, query: { ...params, search: params.search || undefined } }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshOffers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: offerKeys.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.contacts });
  };
}

/** Create (no id) or update (id + __v). Errors are the caller's (field errors under the fields and a notice). */
export function useSaveOffer() {
  const queryClient = useQueryClient();
  const refresh = useRefreshOffers();
  return useMutation({
    mutationFn: (input: { id?: string; version?: number; body: OfferInput }) => input.id
      ? api<Offer>(`/offers/update/${enc(input.id)}`, { method: 'POST', body: { ...input.body, __v: input.version ?? 0 } })
      : api<Offer>('/offers/create/', { method: 'POST', body: input.body }),
    meta: { notifyError: false },
    onSuccess: (offer) => {
      queryClient.setQueryData(offerKeys.detail(offer._id), offer);
      refresh();
    },
  });
}

export function useCopyOffer() {
  const refresh = useRefreshOffers();
  return useMutation({ mutationFn: (id: string) => api<Offer>(`/offers/copy/${enc(id)}`, { method: 'POST' }), onSuccess: refresh });
}

export function useDeleteOffer() {
  const refresh = useRefreshOffers();
  return useMutation({ mutationFn: (id: string) => api<{ status: 'ok' }>(`/offers/delete/${enc(id)}`), meta: { notifyError: false }, onSuccess: refresh });
}

export function useSaveOfferSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferSettingsInput) => api<OfferSettings>('/offers/settings', { method: 'POST', body }),
    meta: { notifyError: false },
    onSuccess: (s) => queryClient.setQueryData(offerKeys.settings(), s),
  });
}

/** The company modal of the offer (spec 001 3.7) saves through the companies calls. */
export function useSaveOfferCompany() {
  return useMutation({
    mutationFn: (input: { id?: string; version?: number; body: CompanyInput }) => input.id
      ? api<Company>(`/companies/update/${enc(input.id)}`, { method: 'POST', body: { ...input.body, __v: input.version ?? 0 } })
      : api<Company>('/companies/create/', { method: 'POST', body: input.body }),
    meta: { notifyError: false },
  });
}

export { fetchCompany };

export async function searchCompanies(search: string, signal?: AbortSignal): Promise<Company[]> {
  const r = await fetchCompanyList({ search, pageSize: 20, page: 1, orderBy: 'company_name' }, signal);
  return r.companyList;
}

export function useSaveContact() {
  const refresh = useRefreshOffers();
  return useMutation({
    mutationFn: (input: { id?: string; version?: number; body: ContactInput }) => input.id
      ? api<Contact>(`/contacts/update/${enc(input.id)}`, { method: 'POST', body: { ...input.body, __v: input.version ?? 0 } })
      : api<Contact>('/contacts/create/', { method: 'POST', body: input.body }),
    meta: { notifyError: false },
    onSuccess: refresh,
  });
}

export function useDeleteContact() {
  const refresh = useRefreshOffers();
  return useMutation({ mutationFn: (id: string) => api<{ status: 'ok' }>(`/contacts/delete/${enc(id)}`), onSuccess: refresh });
}

export function useImportContacts() {
  const refresh = useRefreshOffers();
  return useMutation({ mutationFn: () => api<{ added: number }>('/contacts/import', { method: 'POST' }), onSuccess: refresh });
}

/** An offer's order lines with their material cost, price and margin, and the sum (GET /offers/cost/{id}). */
export function offerCostQuery(offerId: string) {
  return queryOptions({
    // Under 'orders': a recording on one of its lines announces the line, and the sums follow.
    queryKey: [...queryKeys.orders, 'offerCost', offerId],
    queryFn: ({ signal }) => api<OfferCost>(`/offers/cost/${enc(offerId)}`, { signal }),
  });
}
