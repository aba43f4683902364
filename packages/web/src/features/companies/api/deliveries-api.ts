import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DELIVERY_NO_PRODUCT, type Delivery, type DeliveryInput, type DeliveryUpdateInput , type OkAnswer } from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Keys start with 'deliveries', the entity the live socket announces, so another user's change refetches
 * the open list. A delivery also changes stock: product and material keys are invalidated after each write.
 */
export const deliveryKeys = {
  all: queryKeys.deliveries,
  company: (companyId: string) => [...queryKeys.deliveries, 'company', companyId] as const,
};

export function fetchCompanyDeliveries(companyId: string, signal?: AbortSignal): Promise<Delivery[]> {
  return api<Delivery[]>(`/deliveried/list/${encodeURIComponent(companyId)}`, { signal });
}

export function companyDeliveriesQuery(companyId: string) {
  return queryOptions({
    queryKey: deliveryKeys.company(companyId),
    queryFn: ({ signal }) => fetchCompanyDeliveries(companyId, signal),
  });
}

export function createDelivery(body: DeliveryInput): Promise<Delivery> {
  return api<Delivery>('/deliveried/create/', { method: 'POST', body });
}

export function updateDelivery(id: string, body: DeliveryUpdateInput): Promise<Delivery> {
  return api<Delivery>(`/deliveried/update/${encodeURIComponent(id)}`, { method: 'POST', body });
}

export function deleteDelivery(d: Pick<Delivery, '_id' | 'product_id' | 'component_type'>): Promise<{ status: 'ok' }> {
  const product = d.product_id || DELIVERY_NO_PRODUCT;
  return api<OkAnswer>(`/deliveried/delete/${encodeURIComponent(d._id)}/${encodeURIComponent(product)}/${encodeURIComponent(d.component_type)}`);
}

function useInvalidateAfterWrite() {
  const queryClient = useQueryClient();
  return (companyId: string) => {
    void queryClient.invalidateQueries({ queryKey: deliveryKeys.company(companyId) });
    // Stock sums shown on product and material screens (and in the pickers) moved.
    void queryClient.invalidateQueries({ queryKey: queryKeys.products });
    void queryClient.invalidateQueries({ queryKey: queryKeys.materials });
    void queryClient.invalidateQueries({ queryKey: queryKeys.stock });
  };
}

/** Errors are the caller's: the dialogs show field errors and notices themselves. */
export function useCreateDelivery() {
  const after = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (body: DeliveryInput) => createDelivery(body),
    meta: { notifyError: false },
    onSuccess: (d) => after(d.company_id),
  });
}

export function useUpdateDelivery() {
  const after = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (input: { id: string; body: DeliveryUpdateInput }) => updateDelivery(input.id, input.body),
    meta: { notifyError: false },
    onSuccess: (d) => after(d.company_id),
  });
}

export function useDeleteDelivery() {
  const after = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (d: Delivery) => deleteDelivery(d),
    meta: { notifyError: false },
    onSuccess: (_r, d) => after(d.company_id),
  });
}
