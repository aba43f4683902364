import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferEmailInput, OfferEmailResult } from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /offers/email/{id}: the order goes out with its PDF and tracking link; 503 when the server cannot send. */
export function useSendOfferEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OfferEmailInput }) => api<OfferEmailResult>(`/offers/email/${encodeURIComponent(id)}`, { method: 'POST', body }),
    // The log row is new ('today's logs'); nothing else changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.logs }),
    meta: { notifyError: false },
  });
}
