import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IMAGES_PAGE_SIZE, type ImageInput, type ImageList, type ImageModelRef, type ImageUpdateInput, type LibraryImage, type ModelLightList, type OkAnswer,
} from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type { ImageList, LibraryImage };

export interface ImagesListParams {
  page: number;
  /** Sent as the server's `search` (description or model code); empty means all. */
  search: string;
}

/** What create sends: `image` is a base64 data URL; the server stores it and makes the small image. */
export type ImageCreateBody = ImageInput;

/** What update sends: `image` only when a new file was chosen (left out, the stored one is kept). */
export type ImageUpdateBody = Omit<ImageUpdateInput, '__v'>;

/** One option of the model multi-select: label = model code, value = model id (spec 000 section 3, Image). */
export type ModelOption = ImageModelRef;

/** All models the picker offers; the catalogue has far fewer than this. */
export const MODEL_OPTIONS_PAGE_SIZE = 1000;

/**
 * Keys start with 'images', the entity the live socket announces, so another user's change refetches
 * the open list. The model options start with 'models' for the same reason.
 */
export const imagesKeys = {
  all: queryKeys.images,
  lists: () => [...queryKeys.images, 'list'] as const,
  list: (params: ImagesListParams) => [...queryKeys.images, 'list', params] as const,
  modelOptions: [...queryKeys.models, 'options', 'images'] as const,
};

export function imagesListQuery(params: ImagesListParams) {
  return queryOptions({
    queryKey: imagesKeys.list(params),
    queryFn: ({ signal }) =>
      api<ImageList>('/images/list/none', {
        signal,
        query: { page: params.page, pageSize: IMAGES_PAGE_SIZE, search: params.search || undefined },
      }),
    // The page stays on screen (dimmed) while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * The model picker's options. A failure is not worth a notice (the picker says it and offers a retry);
 * it is not retried automatically either, and every new mount (each opening of the modal) tries again.
 */
export function modelOptionsQuery() {
  return queryOptions({
    queryKey: imagesKeys.modelOptions,
    queryFn: async ({ signal }): Promise<ModelOption[]> => {
      const answer = await api<ModelLightList>('/models/list', {
        signal,
        query: { type: 'list', pageSize: MODEL_OPTIONS_PAGE_SIZE },
      });
      const rows = Array.isArray(answer?.models) ? answer.models : [];
      return rows
        .filter((m) => typeof m._id === 'string' && m._id)
        .map((m) => ({ value: m._id, label: m.model_kodu || m._id }));
    },
    retry: false,
    staleTime: 60_000,
    meta: { notifyError: false },
  });
}

export function useCreateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImageCreateBody) => api<LibraryImage>('/images/create/', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKeys.all }),
    // The modal shows the notice and the field errors itself.
    meta: { notifyError: false },
  });
}

export function useUpdateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string; body: ImageUpdateBody; version: number }) =>
      api<LibraryImage>(`/images/update/${encodeURIComponent(id)}`, { method: 'POST', body: { ...body, __v: version } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKeys.all }),
    meta: { notifyError: false },
  });
}

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<OkAnswer>(`/images/delete/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKeys.all }),
  });
}
