import { appRoute, type AppRouteObject } from '../../lib/routing';

export const errorRoutes: AppRouteObject[] = [
  appRoute('/notfound', () => import('./routes/not-found-page').then((m) => m.NotFoundPage)),
  appRoute('/internalserver', () => import('./routes/internal-server-page').then((m) => m.InternalServerPage)),
];
