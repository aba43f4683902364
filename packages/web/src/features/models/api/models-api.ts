import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  LIST_MAX_PAGE_SIZE, MODELS_PAGE_SIZE,
  type ImageList, type Model, type ModelInput, type ModelLight, type ModelLightList, type ModelSort, type OkAnswer,
  type MaterialList, type ProductList, type ProductListRow,
} from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ModelListParams {
  page: number;
  pageSize?: number;
  orderBy: ModelSort;
  order: 'asc' | 'desc';
  search?: string;
  /** Undefined means every category. */
  category?: number;
}

/** What create sends; update adds the `__v` it read. A download may carry a new file as a data URL in `base64`. */
export type ModelBody = Omit<Required<ModelInput>, 'modelDownloads'> & {
  modelDownloads: { name: string; size: string; type: string; file: string; base64?: string }[];
};

/** Keys start with the live-socket entity name ('models', 'materials', 'products', 'images') so changes refetch them. */
export const modelKeys = {
  all: queryKeys.models,
  lists: () => [...queryKeys.models, 'list'] as const,
  list: (params: ModelListParams) => [...queryKeys.models, 'list', params] as const,
  detail: (id: string) => [...queryKeys.models, 'detail', id] as const,
};

export function modelsQuery(params: ModelListParams) {
  return queryOptions({
    queryKey: modelKeys.list(params),
    queryFn: ({ signal }) => api<ModelLightList>('/models/list', {
      signal,
      query: {
        type: 'list',
        page: params.page,
        pageSize: params.pageSize ?? MODELS_PAGE_SIZE,
        orderBy: params.orderBy,
        order: params.order,
        search: params.search || undefined,
        category: params.category,
      },
    }),
    placeholderData: keepPreviousData,
  });
}

export function modelQuery(id: string) {
  return queryOptions({
    queryKey: modelKeys.detail(id),
    queryFn: ({ signal }) => api<Model>(`/models/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Every material (for the component picker of the bill of operations). */
export function materialsPickQuery() {
  return queryOptions({
    queryKey: [...queryKeys.materials, 'list', 'models-pick'],
    queryFn: ({ signal }) => api<MaterialList>('/materials/list', {
      signal, query: { type: 'list', pageSize: LIST_MAX_PAGE_SIZE, orderBy: 'material_name' },
    }).then((r) => r.materials),
    staleTime: 60_000,
  });
}

/** Every product (components of a 'Yarı Mamül' operation are products of a chosen category). */
export function productsPickQuery() {
  return queryOptions({
    queryKey: [...queryKeys.products, 'list', 'models-pick'],
    queryFn: ({ signal }) => api<ProductList>('/products/list', {
      signal, query: { type: 'list', pageSize: LIST_MAX_PAGE_SIZE, orderBy: 'urun_kodu' },
    }).then((r) => r.products),
    staleTime: 60_000,
  });
}

/** Images of the library linked to this model. */
export function modelImagesQuery(modelId: string) {
  return queryOptions({
    queryKey: [...queryKeys.images, 'list', 'model', modelId],
    queryFn: ({ signal }) => api<ImageList>(`/images/list/${encodeURIComponent(modelId)}`, { signal, query: { pageSize: LIST_MAX_PAGE_SIZE } }),
  });
}

/** The first product of a model (its public page serves as the datasheet link of the e-mail item). */
export async function firstProductOf(model: ModelLight): Promise<ProductListRow | undefined> {
  const r = await api<ProductList>('/products/list', {
    query: { type: 'list', pageSize: 20, search: model.model_kodu, orderBy: 'urun_sira' },
  });
  return r.products.find((p) => p.urun_model?._id === model._id || p.urun_model?.model_kodu === model.model_kodu);
}

export function useSaveModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; version?: number; body: ModelBody }) =>
      input.id
        ? api<Model>(`/models/update/${encodeURIComponent(input.id)}`, { method: 'POST', body: { ...input.body, __v: input.version ?? 0 } })
        : api<Model>('/models/create/', { method: 'POST', body: input.body }),
    meta: { notifyError: false },
    onSuccess: (model) => {
      queryClient.setQueryData(modelKeys.detail(model._id), model);
      void queryClient.invalidateQueries({ queryKey: modelKeys.lists() });
    },
  });
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<OkAnswer>(`/models/delete/${encodeURIComponent(id)}`),
    meta: { notifyError: false },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: modelKeys.lists() });
    },
  });
}
