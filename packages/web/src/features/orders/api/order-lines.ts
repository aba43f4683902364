import { useQuery } from '@tanstack/react-query';
import { ordersQuery } from './orders-api';

/** Every line of one order (offer): the lines of statuses 1-6 filtered by their offer. */
export function useOrderLines(orderId: string) {
  const query = useQuery(ordersQuery({ type: 'list', orderBy: 'siparis_tarihi', filter1: 1, filter2: 6 }));
  return { ...query, lines: (query.data?.orders ?? []).filter((l) => l.teklifno?._id === orderId) };
}
