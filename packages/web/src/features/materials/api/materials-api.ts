import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MATERIALS_PAGE_SIZE, STOCK_PAGE_SIZE,
  type Material, type MaterialCategories, type MaterialInput, type MaterialList, type MaterialMovement, type MaterialMovementInput, type MaterialMovementList,
  type MaterialCost, type MaterialSort, type OkAnswer, type StockValue,
} from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface MaterialListParams {
  page: number;
  pageSize?: number;
  orderBy: MaterialSort;
  order: 'asc' | 'desc';
  search?: string;
  /** Undefined means every category. */
  category?: string;
}

/** What create and update send (update adds the __v it read). */
export type MaterialBody = Required<MaterialInput>;
/** A movement as the dialog sends it. */
export type MovementBody = MaterialMovementInput;

/**
 * Keys start with the entities the live socket announces: 'materials' (a material and its balance)
 * and 'stock' (its movements), so another user's change refetches the open list and detail.
 */
export const materialKeys = {
  all: queryKeys.materials,
  lists: () => [...queryKeys.materials, 'list'] as const,
  list: (params: MaterialListParams) => [...queryKeys.materials, 'list', params] as const,
  categories: () => [...queryKeys.materials, 'categories'] as const,
  detail: (id: string) => [...queryKeys.materials, 'detail', id] as const,
};
export const stockKeys = {
  all: queryKeys.stock,
  material: (id: string) => [...queryKeys.stock, 'material', id] as const,
  materialPage: (id: string, page: number, pageSize: number) => [...queryKeys.stock, 'material', id, page, pageSize] as const,
};

const enc = encodeURIComponent;

export function materialsQuery(params: MaterialListParams) {
  return queryOptions({
    queryKey: materialKeys.list(params),
    queryFn: ({ signal }) => api<MaterialList>('/materials/list', {
      signal,
      query: {
        type: 'list',
        page: params.page,
        pageSize: params.pageSize ?? MATERIALS_PAGE_SIZE,
        orderBy: params.orderBy,
        order: params.order,
        search: params.search || undefined,
        category: params.category,
      },
    }),
    placeholderData: keepPreviousData,
  });
}

export function materialCategoriesQuery() {
  return queryOptions({
    queryKey: materialKeys.categories(),
    queryFn: ({ signal }) => api<MaterialCategories>('/materials/categories', { signal }),
  });
}

export function materialQuery(id: string) {
  return queryOptions({
    queryKey: materialKeys.detail(id),
    queryFn: ({ signal }) => api<Material>(`/materials/${enc(id)}`, { signal }),
  });
}

export function materialMovementsQuery(id: string, page: number, pageSize = STOCK_PAGE_SIZE) {
  return queryOptions({
    queryKey: stockKeys.materialPage(id, page, pageSize),
    queryFn: ({ signal }) => api<MaterialMovementList>(`/stock/list/${enc(id)}`, { signal, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** A material's cost: its moving-average unit cost and the receipts behind it (GET /materials/{id}/cost). */
export function materialCostQuery(materialId: string) {
  return queryOptions({
    queryKey: [...queryKeys.materials, 'cost', materialId],
    queryFn: ({ signal }) => api<MaterialCost>(`/materials/${enc(materialId)}/cost`, { signal }),
  });
}

/** Each material's stock, unit cost and value, and the total (GET /reports/stockValue); the report's export reads it too. */
export function fetchStockValue(signal?: AbortSignal): Promise<StockValue> {
  return api<StockValue>('/reports/stockValue', { signal });
}

export const stockValueQuery = queryOptions({
  queryKey: [...queryKeys.materials, 'stockValue'],
  queryFn: ({ signal }) => fetchStockValue(signal),
});

/** After any change of a material or its stock: the lists, the detail (balance), the movements and the pickers. */
function useRefreshMaterials() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: materialKeys.all });
    void queryClient.invalidateQueries({ queryKey: stockKeys.all });
  };
}

/** Create (no id) or update (id + __v). Errors are the caller's (field errors under the fields and a notice). */
export function useSaveMaterial() {
  const queryClient = useQueryClient();
  const refresh = useRefreshMaterials();
  return useMutation({
    mutationFn: (input: { id?: string; version?: number; body: MaterialBody }) => input.id
      ? api<Material>(`/materials/update/${enc(input.id)}`, { method: 'POST', body: { ...input.body, __v: input.version ?? 0 } })
      : api<Material>('/materials/create/', { method: 'POST', body: input.body }),
    meta: { notifyError: false },
    onSuccess: (material) => {
      queryClient.setQueryData(materialKeys.detail(material._id), material);
      refresh();
    },
  });
}

export function useDeleteMaterial() {
  const refresh = useRefreshMaterials();
  return useMutation({
    mutationFn: (id: string) => api<OkAnswer>(`/materials/delete/${enc(id)}`),
    meta: { notifyError: false },
    onSuccess: refresh,
  });
}

export function useSaveMovement() {
  const refresh = useRefreshMaterials();
  return useMutation({
    mutationFn: (input: { id?: string; version?: number; body: MovementBody }) => input.id
      ? api<MaterialMovement>(`/stock/update/${enc(input.id)}`, { method: 'POST', body: { ...input.body, __v: input.version ?? 0 } })
      : api<MaterialMovement>('/stock/create/', { method: 'POST', body: input.body }),
    meta: { notifyError: false },
    onSuccess: refresh,
  });
}

export function useDeleteMovement() {
  const refresh = useRefreshMaterials();
  return useMutation({
    mutationFn: (m: { _id: string; stock_id: string }) => api<OkAnswer>(`/stock/delete/${enc(m._id)}/${enc(m.stock_id)}`),
    meta: { notifyError: false },
    onSuccess: refresh,
  });
}
