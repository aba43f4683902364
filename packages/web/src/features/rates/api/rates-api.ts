import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { RATES_PAGE_SIZE, type TcmbList, type TcmbUpdateResult } from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** Keys start with 'rates', the entity the live socket announces when a bulletin is stored. */
export const rateKeys = {
  all: queryKeys.rates,
  today: () => [...queryKeys.rates, 'today'] as const,
  list: (page: number, pageSize: number) => [...queryKeys.rates, 'list', { page, pageSize }] as const,
};


export function fetchRates(page: number, pageSize = RATES_PAGE_SIZE, signal?: AbortSignal): Promise<TcmbList> {
  return api<TcmbList>('/tcmb/list', { signal, query: { page, pageSize } });
}

export function ratesListQuery(page: number, pageSize = RATES_PAGE_SIZE) {
  return queryOptions({
    queryKey: rateKeys.list(page, pageSize),
    queryFn: ({ signal }) => fetchRates(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** "Update rates": the server fetches the bulletin now. A 503 carries the reason and the last stored bulletin. */
export function useUpdateRates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TcmbUpdateResult>('/tcmb/update', { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: rateKeys.all }),
    meta: { notifyError: false },
  });
}
