import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  LIST_MAX_PAGE_SIZE, PRODUCT_STOCK_LIST_MAX, PRODUCTS_PAGE_SIZE, markAsCopy,
  type MaterialCategories, type MaterialList, type ModelLightList, type OkAnswer, type Product, type ProductInput, type ProductList, type ProductListType,
  type ProductMovement, type ProductMovementInput, type ProductMovementList, type TcmbToday, sellingRates,
} from '@isik/domain';
import { api, ApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ProductListParams {
  page: number;
  pageSize: number;
  type: ProductListType;
  search?: string;
  /** Undefined means every category. */
  category?: number;
}

/** What create and update send: the product's fields; urun_model is the model's _id or object. */
export type ProductBody = ProductInput;

/** Keys start with the live socket's entity names ('products', 'stock', 'models', 'materials'). */
export const productKeys = {
  all: queryKeys.products,
  lists: () => [...queryKeys.products, 'list'] as const,
  list: (p: ProductListParams) => [...queryKeys.products, 'list', p] as const,
  detail: (id: string) => [...queryKeys.products, 'detail', id] as const,
  stock: (id: string) => [...queryKeys.stock, 'product', id] as const,
};

export function productsQuery(p: ProductListParams) {
  return queryOptions({
    queryKey: productKeys.list(p),
    queryFn: ({ signal }) => api<ProductList>('/products/list', {
      signal,
      query: { type: p.type, orderBy: 'urun_sira', page: p.page, pageSize: p.pageSize || PRODUCTS_PAGE_SIZE, search: p.search || undefined, category: p.category },
    }),
    placeholderData: keepPreviousData,
  });
}

export function productQuery(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api<Product>(`/products/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The model picker: every model, light rows (GET /models/list?type=list&pageSize=1000). */
export const modelOptionsQuery = queryOptions({
  queryKey: [...queryKeys.models, 'list', 'product-picker'] as const,
  queryFn: ({ signal }) => api<ModelLightList>('/models/list', { signal, query: { type: 'list', pageSize: LIST_MAX_PAGE_SIZE, orderBy: 'model_sira' } }),
  staleTime: 60_000,
});

/** Every material (the production rows pick from them by category and group). */
export const materialOptionsQuery = queryOptions({
  queryKey: [...queryKeys.materials, 'list', 'product-picker'] as const,
  queryFn: ({ signal }) => api<MaterialList>('/materials/list', { signal, query: { type: 'list', pageSize: LIST_MAX_PAGE_SIZE } }),
  staleTime: 60_000,
});

export const materialCategoriesQuery = queryOptions({
  queryKey: [...queryKeys.materials, 'categories'] as const,
  queryFn: ({ signal }) => api<MaterialCategories>('/materials/categories', { signal }),
  staleTime: 60_000,
});

/**
 * Central-bank selling rates of the latest stored bulletin (GET /tcmb/today, DECISIONS 3), as the exact decimal
 * strings of the bulletin; null when the server has none yet (503): the screen then keeps own currencies.
 * The key starts with 'rates' so a newly stored bulletin (live event) refetches it.
 */
export interface TodayRates { usd: string; eur: string }
export const ratesQuery = queryOptions({
  queryKey: [...queryKeys.rates, 'today', 'selling'] as const,
  queryFn: async ({ signal }): Promise<TodayRates | null> => {
    try {
      const res = await api<Partial<TcmbToday>>('/tcmb/today', { signal });
      const { usd, eur } = sellingRates(res.Data ? { Data: res.Data } : null);
      return usd && eur && Number(usd) > 0 && Number(eur) > 0 ? { usd, eur } : null;
    } catch (err) {
      if (err instanceof ApiError && err.status === 503) return null;
      throw err;
    }
  },
  staleTime: 5 * 60_000,
  retry: 1,
  meta: { notifyError: false },
});

export function productStockQuery(id: string) {
  return queryOptions({
    queryKey: productKeys.stock(id),
    queryFn: ({ signal }) => api<ProductMovementList>(`/productStocks/list/${encodeURIComponent(id)}`, { signal, query: { page: 1, pageSize: PRODUCT_STOCK_LIST_MAX } }),
  });
}

export function useSaveProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; version?: number; body: ProductBody }) =>
      input.id
        ? api<Product>(`/products/update/${encodeURIComponent(input.id)}`, { method: 'POST', body: { ...input.body, __v: input.version ?? 0 } })
        : api<Product>('/products/create/', { method: 'POST', body: input.body }),
    meta: { notifyError: false },
    onSuccess: (p) => {
      qc.setQueryData(productKeys.detail(p._id), p);
      void qc.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}

/**
 * Copy of a list row (spec 001 2.3): the whole product is read (list rows carry only what the list shows) and
 * created again without _id and __v, its name and code marked as a copy until someone edits them.
 */
export function useCopyProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (row: { _id: string }) => {
      const p = await api<Product>(`/products/${encodeURIComponent(row._id)}`);
      const { _id: _ignoredId, __v: _ignoredV, date: _ignoredDate, completeness: _ignoredScore, ...rest } = p;
      const body: ProductInput = { ...rest, ...markAsCopy(p.urun_adi, p.urun_kodu), urun_model: p.urun_model?._id ?? '' };
      return api<Product>('/products/create/', { method: 'POST', body });
    },
    meta: { notifyError: false },
    onSuccess: () => void qc.invalidateQueries({ queryKey: productKeys.lists() }),
  });
}

export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<OkAnswer>(`/products/delete/${encodeURIComponent(id)}`),
    meta: { notifyError: false },
    onSuccess: () => void qc.invalidateQueries({ queryKey: productKeys.lists() }),
  });
}

export function useCreateProductMovement(productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductMovementInput) => api<ProductMovement>('/productStocks/create/', { method: 'POST', body }),
    meta: { notifyError: false },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: productKeys.stock(productId) });
      void qc.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

export function useDeleteProductMovement(productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (movementId: string) => api<OkAnswer>(`/productStocks/delete/${encodeURIComponent(movementId)}/${encodeURIComponent(productId)}`),
    meta: { notifyError: false },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: productKeys.stock(productId) });
      void qc.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
