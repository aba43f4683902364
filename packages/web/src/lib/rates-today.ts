import { queryOptions } from '@tanstack/react-query';
import type { TcmbToday } from '@isik/domain';
import { api, ApiError } from './api';
import { queryKeys } from './query-keys';

/**
 * The latest stored bulletin (GET /tcmb/today); null when the server has none yet (503 'rates.none'), so a screen
 * asks for typed rates and never invents one. One query for the header's rates, offers and purchase requests: the
 * key starts with 'rates', the entity the live socket announces when a bulletin is stored. Open call (no token).
 */
export const ratesTodayQuery = queryOptions({
  queryKey: [...queryKeys.rates, 'today'] as const,
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
