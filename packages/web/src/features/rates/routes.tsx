import { appRoute, type AppRouteObject } from '../../lib/routing';

export const ratesRoutes: AppRouteObject[] = [
  appRoute('/tcmblist', () => import('./routes/rates-page').then((m) => m.RatesPage)),
];
