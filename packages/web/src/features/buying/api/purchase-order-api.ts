import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseEmailInput, PurchaseOrder, PurchaseOrderCreateInput } from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { buyingKeys } from './buying-api';

const enc = encodeURIComponent;

/** The order document of a purchase at status 1-3 (GET /buying/order/{id}): the PDF page and the e-mail dialog read it. */
export function purchaseOrderQuery(id: string) {
  return queryOptions({
    queryKey: [...buyingKeys.all, 'order', id] as const,
    queryFn: ({ signal }) => api<PurchaseOrder>(`/buying/order/${enc(id)}`, { signal }),
    retry: false,
  });
}

/** POST /buying/order: selected requests of one supplier and one currency become one order (status 1, one number). */
export function useCreatePurchaseOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PurchaseOrderCreateInput) => api<PurchaseOrder>('/buying/order', { method: 'POST', body }),
    meta: { notifyError: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: buyingKeys.all }),
  });
}

/** POST /buying/email/{id}: the order PDF goes to the supplier; 503 when the server cannot send. */
export function useSendPurchaseEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PurchaseEmailInput }) =>
      api<{ status: 'ok'; to: string; siparis_no: string; fileName: string }>(`/buying/email/${enc(id)}`, { method: 'POST', body }),
    meta: { notifyError: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.logs }),
  });
}
