import { appRoute, type AppRouteObject } from '../../lib/routing';
import { ModelDetailPage } from './routes/model-detail-page';
import { ModelsPage } from './routes/models-page';

export const modelsRoutes: AppRouteObject[] = [
  appRoute('/models', <ModelsPage />),
  appRoute('/model/:id', <ModelDetailPage />),
];
