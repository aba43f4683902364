import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    /** `notifyError: false` turns the automatic danger notice off for one query or mutation. */
    queryMeta: { notifyError?: boolean };
    mutationMeta: { notifyError?: boolean };
  }
}

// A 401 is the session's business (it re-verifies or signs out); a notice on top would only add noise.
function shouldNotify(err: unknown): boolean {
  return !(err instanceof ApiError && err.status === 401);
}

/**
 * Query keys start with the entity name the live socket announces (lib/query-keys.ts), so one live event
 * invalidates every list and detail of that entity. The keys are re-exported here, by the module every entry loads,
 * so they travel in the entry's chunk rather than in a chunk of their own before the first render.
 */
export { queryKeys } from './query-keys';

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError(err, query) {
      // Only the first load: a failed background refetch keeps showing the data the user already has.
      if (query.meta?.notifyError === false || query.state.data !== undefined) return;
      if (shouldNotify(err)) notifyError(err);
    },
  }),
  mutationCache: new MutationCache({
    onError(err, _vars, _ctx, mutation) {
      // Failed saves show the danger notice (spec 000 section 8) unless the screen handles the error itself.
      if (mutation.meta?.notifyError === false || mutation.options.onError) return;
      if (shouldNotify(err)) notifyError(err);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx gives the same answer; only network and server errors may be transient.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});
