import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MATERIALS_PAGE_SIZE, PRODUCTS_PAGE_SIZE, type MaterialCategories, type MaterialList, type Product, type ProductList } from '@isik/domain';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export interface ProductPickerParams { search: string; page: number }
export interface MaterialPickerParams { search: string; page: number; category: string | null; group: string | null }

/** Keys start with the live socket's entity names, so a change elsewhere refreshes an open picker. */
export function productPickerQuery(p: ProductPickerParams) {
  return queryOptions({
    queryKey: [...queryKeys.products, 'list', 'picker', p] as const,
    queryFn: ({ signal }) => api<ProductList>('/products/list', {
      signal,
      query: { type: 'list', orderBy: 'urun_sira', search: p.search || undefined, page: p.page, pageSize: PRODUCTS_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
  });
}

export function materialPickerQuery(p: MaterialPickerParams) {
  return queryOptions({
    queryKey: [...queryKeys.materials, 'list', 'picker', p] as const,
    queryFn: ({ signal }) => api<MaterialList>('/materials/list', {
      signal,
      query: {
        type: 'list', orderBy: 'material_name', search: p.search || undefined, category: p.category ?? undefined, group: p.group ?? undefined,
        page: p.page, pageSize: MATERIALS_PAGE_SIZE,
      },
    }),
    placeholderData: keepPreviousData,
  });
}

/** Categories and the groups under each (GET /materials/categories). */
export const materialCategoriesPickerQuery = queryOptions({
  queryKey: [...queryKeys.materials, 'categories'] as const,
  queryFn: ({ signal }) => api<MaterialCategories>('/materials/categories', { signal }),
  staleTime: 60_000,
});

/** The whole product behind a picked list row (its code parts, VAT and specs are not in the list row). */
export function fetchPickedProduct(id: string): Promise<Product> {
  return api<Product>(`/products/${encodeURIComponent(id)}`);
}
