import { appRoute, type AppRouteObject } from '../../lib/routing';
import { InternalServerPage } from './routes/internal-server-page';
import { NotFoundPage } from './routes/not-found-page';

export const errorRoutes: AppRouteObject[] = [
  appRoute('/notfound', <NotFoundPage />),
  appRoute('/internalserver', <InternalServerPage />),
];
