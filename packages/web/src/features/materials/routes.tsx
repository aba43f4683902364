import { appRoute, type AppRouteObject } from '../../lib/routing';
import { MaterialDetailPage } from './routes/material-detail-page';
import { MaterialsPage } from './routes/materials-page';

export const materialsRoutes: AppRouteObject[] = [
  appRoute('/materials', <MaterialsPage />),
  appRoute('/material/:id', <MaterialDetailPage />),
];
