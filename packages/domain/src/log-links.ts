import type { LogEntryOut } from './activity.js';

/** Where a log row's link leads (spec 000 2.5): the offer, order or production line it is about; null when none. */
export function logLink(log: Pick<LogEntryOut, 'form' | 'title' | 'operation_id'>): string | null {
  const id = log.operation_id;
  if (!id) return null;
  const form = log.form.toLowerCase();
  const title = log.title.toLocaleLowerCase('tr');
  if (form === 'offers' || form === 'offer') return /sipariş|order/.test(title) ? `/order/${id}` : `/offer/${id}`;
  if (form === 'orders' || form === 'order') return `/order/${id}`;
  if (form === 'orderitems' || form === 'orderitem' || form === 'operations' || form === 'production') return `/orderproductiondetail/${id}`;
  if (form === 'buying') return `/buyings?open=${encodeURIComponent(id)}`;
  return null;
}
