import { appRoute, type AppRouteObject } from '../../lib/routing';

export const modelsRoutes: AppRouteObject[] = [
  appRoute('/models', () => import('./routes/models-page').then((m) => m.ModelsPage)),
  appRoute('/model/:id', () => import('./routes/model-detail-page').then((m) => m.ModelDetailPage)),
];
