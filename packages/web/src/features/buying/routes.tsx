import { appRoute, type AppRouteObject } from '../../lib/routing';

export const buyingRoutes: AppRouteObject[] = [
  appRoute('/buyings', () => import('./routes/buyings-page').then((m) => m.BuyingsPage)),
];
