import { appRoute, type AppRouteObject } from '../../lib/routing';

/** The reports (issue 26, ADR 0041): one lazily loaded screen, its chart library (recharts) only in its chunk. */
export const reportsRoutes: AppRouteObject[] = [
  appRoute('/reports', () => import('./routes/reports-page').then((m) => m.ReportsPage)),
  appRoute('/reports/:name', () => import('./routes/reports-page').then((m) => m.ReportsPage)),
];
