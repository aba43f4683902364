import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { COMPANY_OFFERS_PAGE_SIZE, type CompanyOfferList } from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The company's ordered (offer) history (spec 000 2.9). Keyed under 'offers' so any offer change refetches it. */
export function companyOffersQuery(companyId: string, page: number, from = 0, to = 4) {
  return queryOptions({
    queryKey: [...queryKeys.offers, 'company', companyId, { page, from, to }] as const,
    queryFn: ({ signal }) => api<CompanyOfferList>(`/offers/companylist/${encodeURIComponent(companyId)}`, {
      signal, query: { filter1: from, filter2: to, page, pageSize: COMPANY_OFFERS_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
  });
}
