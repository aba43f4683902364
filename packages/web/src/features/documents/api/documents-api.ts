import { queryOptions } from '@tanstack/react-query';
import type { Company, MyCompany, Offer, OrderLine, OrderList, ProductList, ProductListRow, PublicCompany, PublicProductDetail, PurchaseOrder } from '@isik/domain';
import { api, ApiError } from '../../../lib/api';
import { otherKeys, queryKeys } from '../../../lib/query-keys';
import { fetchAllPages } from '../../../lib/report-source';

const enc = encodeURIComponent;

/** The own company for a document's header; none yet (404) answers null and the document prints without it. */
export const docCompanyQuery = queryOptions({
  queryKey: [...queryKeys.mycompany, 'document'],
  queryFn: ({ signal }) => api<MyCompany>('/company/1', { signal }).catch((e: unknown) => { if (e instanceof ApiError && e.status === 404) return null; throw e; }),
});

/** The purchase order a purchase at status 1-3 prints (GET /buying/order/{id}); not retried: a purchase without one answers its error at once. */
export function docPurchaseOrderQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.buyings, 'order', id],
    queryFn: ({ signal }) => api<PurchaseOrder>(`/buying/order/${enc(id)}`, { signal }),
    retry: false,
  });
}

/** The offer a document prints (the offer PDF, the work order and the delivery form). */
export function docOfferQuery(id: string) {
  return queryOptions({ queryKey: [...queryKeys.offers, 'detail', id], queryFn: ({ signal }) => api<Offer>(`/offers/${enc(id)}`, { signal }) });
}

/** The offer's buyer, for its tax office and number; a company that cannot be read prints without them. */
export function docBuyerQuery(firmaId: string | null) {
  return queryOptions({
    queryKey: [...queryKeys.companies, 'detail', firmaId],
    enabled: !!firmaId,
    queryFn: ({ signal }) => api<Company>(`/companies/${enc(firmaId ?? '')}`, { signal }).catch(() => null),
  });
}

/** All lines of an order (the offer), oldest first, as the work order and the delivery form print them. */
export function orderLinesOfOfferQuery(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'of-offer', id],
    queryFn: ({ signal }) => api<OrderList>('/orders/list', { signal, query: { type: 'detaillist', orderBy: 'siparis_tarihi', order: 'asc', filter1: 1, filter2: 6, offer: id } })
      .then((r): OrderLine[] => r.orders),
  });
}

/** The lines in status 1-3, sorted by operation (the production list). */
export const productionListQuery = queryOptions({
  queryKey: [...queryKeys.orders, 'production-list'],
  queryFn: ({ signal }) => api<OrderList>('/orders/list', { signal, query: { type: 'list', orderBy: 'Operation', filter1: 1, filter2: 3 } }).then((r) => r.orders),
});

/** Every product of a category (null: all) in pages of `pageSize`, telling each page done. */
export function priceListProductsQuery(category: number | null, pageSize: number, onProgress: (done: number, total: number) => void) {
  return queryOptions({
    queryKey: [...queryKeys.products, 'pricelist', category],
    queryFn: ({ signal }) => fetchAllPages<ProductListRow>(async (n) => {
      const a = await api<ProductList>('/products/list', { signal, query: { type: 'list', orderBy: 'model_category', order: 'asc', page: n, pageSize, category: category ?? undefined } });
      return { rows: a.products, totalPage: a.totalPage, totalItemCount: a.totalItemCount };
    }, onProgress),
  });
}

/** An active product as the public catalogue shows it (the datasheet, open to anyone). */
export function publicProductQuery(id: string) {
  return queryOptions({ queryKey: [...otherKeys.web, 'product', id], queryFn: ({ signal }) => api<PublicProductDetail>(`/web/products/${enc(id)}`, { signal }) });
}

/** The own company as the public pages show it; unreadable prints without it. */
export const publicCompanyQuery = queryOptions({
  queryKey: [...otherKeys.web, 'company'],
  queryFn: ({ signal }) => api<PublicCompany>('/web/company', { signal }).catch(() => null),
});
