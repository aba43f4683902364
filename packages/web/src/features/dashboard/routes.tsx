import { appRoute, type AppRouteObject } from '../../lib/routing';

export const dashboardRoutes: AppRouteObject[] = [appRoute('/', () => import('./routes/dashboard-page').then((m) => m.DashboardPage))];
