import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { RATES_PAGE_SIZE, type TcmbList, type TcmbToday, type TcmbUpdateResult } from '@isik/domain';
import { api, ApiError } from '../../../lib/api';

/** Keys start with 'rates', the entity the live socket announces when a bulletin is stored. */
export const rateKeys = {
  all: ['rates'] as const,
  today: () => ['rates', 'today'] as const,
  list: (page: number, pageSize: number) => ['rates', 'list', { page, pageSize }] as const,
};

/**
 * The latest stored bulletin; null when the server has none yet (503 'rates.none'): never a made-up rate.
 * Open call (no token needed), refetched by live events and every 30 minutes.
 */
export const ratesTodayQuery = queryOptions({
  queryKey: rateKeys.today(),
  queryFn: async ({ signal }): Promise<TcmbToday | null> => {
    try {
      return await api<TcmbToday>('/tcmb/today', { signal });
    } catch (err) {
      if (err instanceof ApiError && err.status === 503) return null;
      throw err;
    }
  },
  staleTime: 5 * 60_000,
  refetchInterval: 30 * 60_000,
  retry: 1,
  meta: { notifyError: false },
});

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
