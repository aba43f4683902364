import { appRoute, type AppRouteObject } from '../../lib/routing';
import { DashboardPage } from './routes/dashboard-page';

export const dashboardRoutes: AppRouteObject[] = [appRoute('/', <DashboardPage />)];
