import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { COMPANIES_PAGE_SIZE, type Company, type CompanyCategory, type CompanyInput, type CompanyList, type CompanySort, type OkAnswer } from '@isik/domain';
import { api } from '../../../lib/api';
import { fetchCompany, fetchCompanyList } from '../../../lib/companies-api';
import { queryKeys } from '../../../lib/query-keys';

export interface CompanyListParams {
  page: number;
  pageSize?: number;
  orderBy: CompanySort;
  order: 'asc' | 'desc';
  /** Name search; empty means all. */
  search?: string;
  /** Undefined means both categories. */
  category?: CompanyCategory;
}

/** What create and update send: the entity's fields (update adds the __v it read). */
export type CompanyBody = Required<CompanyInput>;

/**
 * Keys start with 'companies', the entity the live socket announces, so another user's change
 * refetches every open list and detail.
 */
export const companyKeys = {
  all: queryKeys.companies,
  lists: () => [...queryKeys.companies, 'list'] as const,
  list: (params: CompanyListParams) => [...queryKeys.companies, 'list', params] as const,
  detail: (id: string) => [...queryKeys.companies, 'detail', id] as const,
};

export function fetchCompanies(params: CompanyListParams, signal?: AbortSignal): Promise<CompanyList> {
  return fetchCompanyList({ ...params, pageSize: params.pageSize ?? COMPANIES_PAGE_SIZE }, signal);
}

export { fetchCompany };

export function createCompany(body: CompanyBody): Promise<Company> {
  return api<Company>('/companies/create/', { method: 'POST', body });
}

export function updateCompany(id: string, body: CompanyBody & { __v: number }): Promise<Company> {
  return api<Company>(`/companies/update/${encodeURIComponent(id)}`, { method: 'POST', body });
}

export function deleteCompany(id: string): Promise<OkAnswer> {
  return api<OkAnswer>(`/companies/delete/${encodeURIComponent(id)}`);
}

export function companiesQuery(params: CompanyListParams) {
  return queryOptions({
    queryKey: companyKeys.list(params),
    queryFn: ({ signal }) => fetchCompanies(params, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function companyQuery(id: string) {
  return queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => fetchCompany(id, signal),
  });
}

/** Create (no id) or update (id + __v). Errors are the caller's: the form shows field errors and notices itself. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; version?: number; body: CompanyBody }) =>
      input.id ? updateCompany(input.id, { ...input.body, __v: input.version ?? 0 }) : createCompany(input.body),
    meta: { notifyError: false },
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.detail(company._id), company);
      void queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
    },
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCompany(id),
    meta: { notifyError: false },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
    },
  });
}
