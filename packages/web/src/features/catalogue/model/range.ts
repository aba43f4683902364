import type { TFunction } from 'i18next';

/** '1–9 of 40 products' (spec 001 2.7: the range text over the cards). */
export function rangeText(t: TFunction, page: number, pageSize: number, total: number): string {
  if (total <= 0) return t('catalogue.list.none');
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return t('catalogue.list.range', { from, to, total });
}
