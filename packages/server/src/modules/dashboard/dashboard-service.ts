import type { Db } from '../../db/database.js';
import { dashboardCounts } from './dashboard-repository.js';
import { dashboardCharts } from './dashboard-charts-repository.js';

/** The dashboard's figures (spec 000 2.5); the counts are one statement of the repository. */
export function createDashboardService(deps: { db: Db }) {
  const { db } = deps;
  return {
    counts: () => dashboardCounts(db),
    charts: () => dashboardCharts(db),
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
