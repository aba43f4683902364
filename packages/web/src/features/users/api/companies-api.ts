import { queryOptions } from '@tanstack/react-query';
import type { Company } from '@isik/domain';
import { fetchCompanyList } from '../../../lib/companies-api';
import { queryKeys } from '../../../lib/query-keys';

/** What the user modal's company picker shows of a company. */
export type CompanyOption = Pick<Company, '_id' | 'company_name'>;

export const COMPANY_PICKER_SIZE = 20;

/** Companies whose name contains the typed text, for the user modal's company picker. */
export function companyPickerQuery(search: string) {
  return queryOptions({
    // Starts with 'companies' so a live company change refreshes the picker too.
    queryKey: [...queryKeys.companies, 'picker', search] as const,
    queryFn: async ({ signal }) => {
      const answer = await fetchCompanyList({ search, pageSize: COMPANY_PICKER_SIZE }, signal);
      return answer.companyList.map((c) => ({ _id: c._id, company_name: c.company_name }));
    },
    staleTime: 60_000,
  });
}
