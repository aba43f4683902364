import { queryOptions } from '@tanstack/react-query';
import type { DashboardCharts, DashboardCounts, LogList, StockOutList } from '@isik/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Keys start with the live entity that changes them: a log insert refreshes today's logs, a stock
 * movement today's materials out (spec 000 4), a new offer the tiles. The tiles also refresh each minute,
 * since they count several entities.
 */
export const dashboardKeys = {
  counts: () => [...queryKeys.offers, 'dashboard-counts'] as const,
  logs: (day: string) => [...queryKeys.logs, 'day', day] as const,
  stockOut: (day: string) => [...queryKeys.stock, 'out', day] as const,
};

export const dashboardCountsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.counts(),
    queryFn: ({ signal }) => api<DashboardCounts>('/dashboard/counts', { signal }),
    refetchInterval: 60_000,
  });

export const todaysLogsQuery = (day: string) =>
  queryOptions({
    queryKey: dashboardKeys.logs(day),
    queryFn: ({ signal }) => api<LogList>(`/logs/list/${day}`, { signal }),
  });

export const todaysStockOutQuery = (day: string) =>
  queryOptions({
    queryKey: dashboardKeys.stockOut(day),
    queryFn: ({ signal }) => api<StockOutList>(`/stock/outlist/${day}`, { signal }),
  });

/** The two charts (GET /dashboard/charts): a new order or a completed line changes them, so they follow both and each minute. */
export const dashboardChartsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.offers, 'dashboard-charts'] as const,
    queryFn: ({ signal }) => api<DashboardCharts>('/dashboard/charts', { signal }),
    refetchInterval: 60_000,
  });
