import { appRoute, type AppRouteObject } from '../../lib/routing';

export const imagesRoutes: AppRouteObject[] = [appRoute('/imagemanagment', () => import('./routes/images-page').then((m) => m.ImagesPage))];
