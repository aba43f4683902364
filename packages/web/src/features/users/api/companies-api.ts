import { queryOptions } from '@tanstack/react-query';
import type { Company, CompanyList } from '@isik/domain';
import { api } from '../../../lib/api';

/** What the user modal's company picker shows of a company. */
export type CompanyOption = Pick<Company, '_id' | 'company_name'>;

export const COMPANY_PICKER_SIZE = 20;

/** Companies whose name contains the typed text, for the user modal's company picker. */
export function companyPickerQuery(search: string) {
  return queryOptions({
    // Starts with 'companies' so a live company change refreshes the picker too.
    queryKey: ['companies', 'picker', search] as const,
    queryFn: async ({ signal }) => {
      const answer = await api<CompanyList>('/companies/list', {
        signal,
        query: { search: search || undefined, pageSize: COMPANY_PICKER_SIZE },
      });
      return answer.companyList.map((c) => ({ _id: c._id, company_name: c.company_name }));
    },
    staleTime: 60_000,
  });
}
