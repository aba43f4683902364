import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LineCost, MaterialList, Offer } from '@isik/domain';
import { api } from '../../../lib/api';
import { request } from '../../../lib/http';
import { toUpdateBody } from '../model/update-body';
import type { ComponentList, FromShortages, ModelDashboard, OrderItem, OrderList, OrdersOverview, ProductionDashboard, Tracking } from '../model/types';
import { queryKeys } from '../../../lib/query-keys';

export type OrderListType = 'list' | 'detaillist';
export type OrderSort = 'siparis_tarihi' | 'urun_adi' | 'Operation';
/** Without page and pageSize: every line of the range (one offer's lines); with them one page (the production list, ADR 0060). */
export interface OrderListParams { type?: OrderListType; orderBy: OrderSort; filter1: number; filter2: number; search?: string; offer?: string; page?: number; pageSize?: number }

/**
 * Keys start with 'orders', the entity the live socket announces for a line or an operation: a change anywhere reloads
 * the open list, the open line and the dashboards.
 */
export const orderKeys = {
  all: queryKeys.orders,
  list: (p: OrderListParams) => [...queryKeys.orders, 'list', p] as const,
  item: (id: string) => [...queryKeys.orders, 'item', id] as const,
  components: () => [...queryKeys.orders, 'components'] as const,
  production: () => [...queryKeys.orders, 'dashboard', 'production'] as const,
  models: () => [...queryKeys.orders, 'dashboard', 'models'] as const,
  overview: (p: OverviewParams = {}) => [...queryKeys.orders, 'overview', p] as const,
  tracking: (offerId: string, companyId: string, token: string) => [...queryKeys.orders, 'tracking', offerId, companyId, token] as const,
  offer: (id: string) => [...queryKeys.offers, 'detail', id] as const,
};

const enc = encodeURIComponent;

export function fetchOrders(p: OrderListParams, signal?: AbortSignal): Promise<OrderList> {
  return api<OrderList>('/orders/list', {
    signal,
    query: { type: p.type ?? 'list', orderBy: p.orderBy, filter1: p.filter1, filter2: p.filter2, search: p.search || undefined, offer: p.offer || undefined, page: p.page, pageSize: p.pageSize },
  });
}

export function ordersQuery(p: OrderListParams) {
  return queryOptions({ queryKey: orderKeys.list(p), queryFn: ({ signal }) => fetchOrders(p, signal), placeholderData: keepPreviousData });
}

export function orderItemQuery(id: string) {
  return queryOptions({ queryKey: orderKeys.item(id), queryFn: ({ signal }) => api<OrderItem>(`/orders/item/${enc(id)}`, { signal }) });
}

/** The order's offer: the head of /order/{id}. */
export function orderOfferQuery(id: string) {
  return queryOptions({ queryKey: orderKeys.offer(id), queryFn: ({ signal }) => api<Offer>(`/offers/${enc(id)}`, { signal }) });
}

/** The materials of a category and group (up to 100) an operation's material row chooses from. */
export function operationMaterialsQuery(category: string, group: string) {
  return queryOptions({
    queryKey: [...queryKeys.materials, 'list', 'operation-detail', category, group] as const,
    queryFn: ({ signal }) => api<MaterialList>('/materials/list', {
      signal, query: { type: 'list', orderBy: 'material_name', category: category || undefined, group: group || undefined, page: 1, pageSize: 100 },
    }),
    staleTime: 30_000,
  });
}

/** Everything that shows stock or the line: the line itself, lists, materials and product stock pages. */
function useRefreshAfterOrderChange() {
  const queryClient = useQueryClient();
  return (item?: OrderItem) => {
    if (item) queryClient.setQueryData(orderKeys.item(item._id), item);
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.materials });
    void queryClient.invalidateQueries({ queryKey: queryKeys.stock });
    void queryClient.invalidateQueries({ queryKey: queryKeys.products });
    void queryClient.invalidateQueries({ queryKey: queryKeys.offers });
  };
}

export type OperationAction = 'start' | 'record' | 'finish' | 'reset';

/** Start, record `{ qty }`, finish, reset: one call each, answering the updated line (spec 002 4; DECISIONS 5). */
export function useOperationAction() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({
    mutationFn: (input: { itemId: string; operationId: string; action: OperationAction; qty?: number; force?: boolean }) =>
      api<OrderItem>(`/orders/operations/${enc(input.itemId)}/${enc(input.operationId)}/${input.action}`, {
        method: 'POST', body: input.action === 'record' ? { qty: input.qty } : input.force ? { force: true } : {},
      }),
    meta: { notifyError: false },
    onSuccess: (item) => refresh(item),
  });
}

/** Saves the whole line, checked against the version read (409 on a stale save). */
export function useUpdateOrderItem() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({
    mutationFn: (input: { item: OrderItem; ready?: boolean; refreshcomponentlist?: boolean }) =>
      api<OrderItem>(`/orders/updateitem/${enc(input.item._id)}`, { method: 'POST', body: toUpdateBody(input.item, input) }),
    meta: { notifyError: false },
    onSuccess: (item) => refresh(item),
  });
}

export function useCreateOrderItem() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<OrderItem>('/orders/create/', { method: 'POST', body }),
    meta: { notifyError: false },
    onSuccess: (item) => refresh(item),
  });
}

export function useDeleteOrderItem() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({
    mutationFn: (id: string) => api<{ status: 'ok' }>(`/orders/delete/${enc(id)}`),
    meta: { notifyError: false },
    onSuccess: () => refresh(),
  });
}

/** Refresh components (spec 002 4): material rows of operations not started are rebuilt from the product's bill. */
export function useRefreshComponents() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({
    mutationFn: (item: OrderItem) => api<OrderItem>(`/orders/refresh/${enc(item._id)}`, { method: 'POST', body: { __v: item.__v } }),
    meta: { notifyError: false },
    onSuccess: (item) => refresh(item),
  });
}

export function useTransferToStock() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({
    mutationFn: (id: string) => api<OrderItem>(`/orders/transfer/${enc(id)}`, { method: 'POST', body: {} }),
    meta: { notifyError: false },
    onSuccess: (item) => refresh(item),
  });
}

/** The order delivery of spec 002 3 (`/deliveried/create/`); the server enforces the remaining quantity. */
export function useCreateOrderDelivery() {
  const refresh = useRefreshAfterOrderChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<unknown>('/deliveried/create/', { method: 'POST', body }),
    meta: { notifyError: false },
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.deliveries });
    },
  });
}

/** A purchase request raised from the component list (spec 002 2.3 with the shape of 001 7). */
export function useCreateBuyingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<unknown>('/buying/create/', { method: 'POST', body }),
    meta: { notifyError: false },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.buyings });
      void queryClient.invalidateQueries({ queryKey: orderKeys.components() });
    },
  });
}

export function componentListQuery() {
  return queryOptions({ queryKey: orderKeys.components(), queryFn: ({ signal }) => api<ComponentList>('/orders/components', { signal }) });
}

/** Issue 25 (ADR 0044): purchase requests from the selected shortages, at their suggested quantities. */
export function useRequestsFromShortages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (materialIds: string[]) => api<FromShortages>('/buying/fromShortages', { method: 'POST', body: { materialIds } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.buyings });
      void queryClient.invalidateQueries({ queryKey: orderKeys.components() });
    },
  });
}

/** An order line's material cost against its price (GET /orders/cost/{id}); office roles only, the caller enables it. */
export function lineCostQuery(lineId: string, version: number) {
  return queryOptions({
    // Under 'orders' (a recording announces the line) and the line's version: each change of the line refetches it.
    queryKey: [...queryKeys.orders, 'cost', lineId, version],
    queryFn: ({ signal }) => api<LineCost>(`/orders/cost/${enc(lineId)}`, { signal }),
  });
}

export function productionDashboardQuery() {
  return queryOptions({ queryKey: orderKeys.production(), queryFn: ({ signal }) => api<ProductionDashboard>('/orders/dashboard/production', { signal }) });
}

export function modelDashboardQuery() {
  return queryOptions({ queryKey: orderKeys.models(), queryFn: ({ signal }) => api<ModelDashboard>('/orders/dashboard/models', { signal }) });
}

/** One page of the orders overview (issue 27: the server pages; the dashboard asks for the load and the late lines with a page of 1). */
export interface OverviewParams { page?: number; pageSize?: number; search?: string; orderBy?: 'siparis_tarihi' | 'teklif_no' | 'firma_adi'; order?: 'asc' | 'desc' }

export function ordersOverviewQuery(p: OverviewParams = {}) {
  return queryOptions({
    queryKey: orderKeys.overview(p),
    queryFn: ({ signal }) => api<OrdersOverview>('/orders/overview', { signal, query: { page: p.page, pageSize: p.pageSize, search: p.search || undefined, orderBy: p.orderBy, order: p.order } }),
    placeholderData: keepPreviousData,
  });
}

/** The public order tracking (no session; a wrong token answers 404). */
export function trackingQuery(offerId: string, companyId: string, token: string) {
  return queryOptions({
    queryKey: orderKeys.tracking(offerId, companyId, token),
    queryFn: ({ signal }) => request<Tracking>(`/ordertracking/${enc(offerId)}/${enc(companyId)}/${enc(token)}`, { signal }),
    retry: false,
    meta: { notifyError: false },
  });
}
