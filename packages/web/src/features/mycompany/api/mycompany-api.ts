import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MY_COMPANY_ID, type MyCompany, type MyCompanyInput } from '@isik/domain';
import { ApiError, api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** Keys start with 'mycompany', the entity the live socket announces, so another user's save refetches. */
export const myCompanyKeys = {
  all: queryKeys.mycompany,
  detail: () => [...queryKeys.mycompany, 'detail', MY_COMPANY_ID] as const,
};

/** The own company, or null while it has not been created (the server answers 404). */
export async function fetchMyCompany(signal?: AbortSignal): Promise<MyCompany | null> {
  try {
    return await api<MyCompany>(`/company/${MY_COMPANY_ID}`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function myCompanyQuery() {
  return queryOptions({ queryKey: myCompanyKeys.detail(), queryFn: ({ signal }) => fetchMyCompany(signal) });
}

export type MyCompanyBody = MyCompanyInput;

/** Create (no stored record) or update with the __v read. Errors are the form's to show. */
export function useSaveMyCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { exists: boolean; version: number; body: MyCompanyBody }) =>
      input.exists
        ? api<MyCompany>(`/company/update/${MY_COMPANY_ID}`, { method: 'POST', body: { ...input.body, __v: input.version } })
        : api<MyCompany>('/company/create/', { method: 'POST', body: input.body }),
    meta: { notifyError: false },
    onSuccess: (saved) => {
      queryClient.setQueryData(myCompanyKeys.detail(), saved);
    },
  });
}
