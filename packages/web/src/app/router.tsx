import type { AppRouteObject } from '../lib/routing';
import { authRoutes } from '../features/auth/routes';
import { buyingRoutes } from '../features/buying/routes';
import { catalogueRoutes } from '../features/catalogue/routes';
import { companiesRoutes } from '../features/companies/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { devicesRoutes } from '../features/devices/routes';
import { documentsRoutes } from '../features/documents/routes';
import { errorRoutes } from '../features/errors/routes';
import { imagesRoutes } from '../features/images/routes';
import { importRoutes } from '../features/import/routes';
import { modelsRoutes } from '../features/models/routes';
import { myCompanyRoutes } from '../features/mycompany/routes';
import { materialsRoutes } from '../features/materials/routes';
import { offersRoutes } from '../features/offers/routes';
import { ordersRoutes } from '../features/orders/routes';
import { productsRoutes } from '../features/products/routes';
import { profileRoutes } from '../features/profile/routes';
import { ratesRoutes } from '../features/rates/routes';
import { reportsRoutes } from '../features/reports/routes';
import { usersRoutes } from '../features/users/routes';

/** Every feature's screens. A new feature adds its routes.tsx array here and nothing else. */
export const featureRoutes: AppRouteObject[] = [
  ...authRoutes,
  ...buyingRoutes,
  ...catalogueRoutes,
  ...companiesRoutes,
  ...errorRoutes,
  ...imagesRoutes,
  ...importRoutes,
  ...modelsRoutes,
  ...myCompanyRoutes,
  ...materialsRoutes,
  ...offersRoutes,
  ...ordersRoutes,
  ...dashboardRoutes,
  ...devicesRoutes,
  ...documentsRoutes,
  ...productsRoutes,
  ...profileRoutes,
  ...ratesRoutes,
  ...reportsRoutes,
  ...usersRoutes,
];
