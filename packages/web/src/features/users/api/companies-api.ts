import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface CompanyOption {
  _id: string;
  company_name: string;
}

interface CompanyListAnswer {
  companyList: CompanyOption[];
}

export const COMPANY_PICKER_SIZE = 20;

/** Companies whose name contains the typed text, for the user modal's company picker. */
export function companyPickerQuery(search: string) {
  return queryOptions({
    // Starts with 'companies' so a live company change refreshes the picker too.
    queryKey: ['companies', 'picker', search] as const,
    queryFn: async ({ signal }) => {
      const answer = await api<CompanyListAnswer>('/companies/list', {
        signal,
        query: { search: search || undefined, pageSize: COMPANY_PICKER_SIZE },
      });
      return answer.companyList.map((c) => ({ _id: c._id, company_name: c.company_name }));
    },
    staleTime: 60_000,
  });
}
