import type { Company, CompanyCategory, CompanyList, CompanySort } from '@isik/domain';
import { api } from './api';

/**
 * GET /companies/list, shared by the features that list or pick companies (the companies screens, the user modal's
 * company picker, the offer's company field, buying's supplier picker), which may not import each other (ADR 0018).
 * Each sends only what it gives: a value left out is the server's default.
 */
export interface CompanyListQuery {
  page?: number;
  pageSize?: number;
  orderBy?: CompanySort;
  order?: 'asc' | 'desc';
  /** Name search; empty means all. */
  search?: string;
  /** Undefined means both categories. */
  category?: CompanyCategory;
}

export function fetchCompanyList(q: CompanyListQuery, signal?: AbortSignal): Promise<CompanyList> {
  return api<CompanyList>('/companies/list', {
    signal,
    query: { page: q.page, pageSize: q.pageSize, orderBy: q.orderBy, order: q.order, search: q.search || undefined, category: q.category },
  });
}

/** One company (GET /companies/{id}). */
export function fetchCompany(id: string, signal?: AbortSignal): Promise<Company> {
  return api<Company>(`/companies/${encodeURIComponent(id)}`, { signal });
}
