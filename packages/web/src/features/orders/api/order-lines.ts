import { useQuery } from '@tanstack/react-query';
import { ordersQuery } from './orders-api';

/** Every line of one order (offer), statuses 1-6. */
export function useOrderLines(orderId: string) {
  const query = useQuery(ordersQuery({ type: 'list', orderBy: 'siparis_tarihi', filter1: 1, filter2: 6, offer: orderId }));
  return { ...query, lines: query.data?.orders ?? [] };
}
