import { appRoute, type AppRouteObject } from '../../lib/routing';

export const importRoutes: AppRouteObject[] = [
  appRoute('/import', () => import('./routes/import-page').then((m) => m.ImportPage)),
];
