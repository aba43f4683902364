import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Buying, ReceiptInput } from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { buyingKeys } from './buying-api';

const enc = encodeURIComponent;

/** A receipt answers the purchase as stored: the detail shows it at once; lists, materials and stock refetch. */
function useAfterReceipt() {
  const qc = useQueryClient();
  return (b: Buying) => {
    qc.setQueryData(buyingKeys.detail(b._id), b);
    void qc.invalidateQueries({ queryKey: buyingKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' || q.queryKey[2] !== b._id });
    void qc.invalidateQueries({ queryKey: queryKeys.materials });
    void qc.invalidateQueries({ queryKey: queryKeys.stock });
  };
}

/** POST /api/buying/receive/{id}; errors are the caller's (field errors, the over-receipt question). */
export function useReceive(id: string) {
  const after = useAfterReceipt();
  return useMutation({
    mutationFn: (body: ReceiptInput) => api<Buying>(`/buying/receive/${enc(id)}`, { method: 'POST', body }),
    meta: { notifyError: false },
    onSuccess: after,
  });
}

/** DELETE /api/buying/receipts/{id}: the receipt's stock entry is reversed. */
export function useDeleteReceipt() {
  const after = useAfterReceipt();
  return useMutation({
    mutationFn: (receiptId: string) => api<Buying>(`/buying/receipts/${enc(receiptId)}`, { method: 'DELETE' }),
    meta: { notifyError: false },
    onSuccess: after,
  });
}
