import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/error-page';
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
import { modelsRoutes } from '../features/models/routes';
import { myCompanyRoutes } from '../features/mycompany/routes';
import { materialsRoutes } from '../features/materials/routes';
import { offersRoutes } from '../features/offers/routes';
import { ordersRoutes } from '../features/orders/routes';
import { productsRoutes } from '../features/products/routes';
import { profileRoutes } from '../features/profile/routes';
import { ratesRoutes } from '../features/rates/routes';
import { usersRoutes } from '../features/users/routes';
import { RequireBackOffice } from './require-back-office';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { AppLayout } from './shell/app-layout';
import { BootSplash } from './boot-splash';

/** Every feature's screens. A new feature adds its routes.tsx array here and nothing else. */
export const featureRoutes: AppRouteObject[] = [
  ...authRoutes,
  ...buyingRoutes,
  ...catalogueRoutes,
  ...companiesRoutes,
  ...errorRoutes,
  ...imagesRoutes,
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
  ...usersRoutes,
];

/**
 * Open routes (marked open in ROUTE_LEVELS) sit beside the back-office gate; all others behind it.
 * The catch-all is behind the gate too: a visitor on an unknown path goes to /web (spec 2.1),
 * a signed-in back-office user sees the 404 page.
 */
export function buildRoutes(routes: AppRouteObject[] = featureRoutes): RouteObject[] {
  const open = routes.filter((r) => r.handle.access.open);
  const guarded = routes.filter((r) => !r.handle.access.open);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      // While the first screen's lazy code loads, the plain top bar of index.html stays on screen.
      hydrateFallbackElement: <BootSplash />,
      children: [
        {
          element: <AppLayout />,
          children: [
            {
              errorElement: <RouteError />,
              children: [
                ...open,
                {
                  element: <RequireBackOffice />,
                  children: [...guarded, { path: '*', element: <ErrorPage variant="notFound" /> }],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes());
