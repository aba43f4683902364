import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReportName } from '@isik/domain';
import { api } from '../../../lib/api';
import { otherKeys } from '../../../lib/query-keys';

/** One report's answer (GET /reports/{name}): its rows, the period and rate date it covers, and the open purchases. */
export interface ReportAnswer {
  rows: Record<string, unknown>[];
  from?: string;
  to?: string;
  rateDate?: string | null;
  days?: number;
  open?: { purchases: number; amount: number };
  /** The stock views `below` and `slow` answer a page: how many materials in all, the page and its size. */
  total?: number;
  page?: number;
  pageSize?: number;
}

/**
 * A report with the filters of the URL (issue 26, ADR 0041). Its key is not a live entity's: a report is not refreshed
 * by the live socket. The previous answer stays on screen while a changed filter loads.
 */
export function reportQuery(name: ReportName, query: Record<string, string | number | undefined>) {
  return queryOptions({
    queryKey: [...otherKeys.reports, name, query],
    queryFn: () => api<ReportAnswer>(`/reports/${name}`, { query }),
    placeholderData: keepPreviousData,
  });
}
