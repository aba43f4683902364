import { appRoute, type AppRouteObject } from '../../lib/routing';

export const materialsRoutes: AppRouteObject[] = [
  appRoute('/materials', () => import('./routes/materials-page').then((m) => m.MaterialsPage)),
  appRoute('/material/:id', () => import('./routes/material-detail-page').then((m) => m.MaterialDetailPage)),
  appRoute('/stockvalue', () => import('./routes/stock-value-page').then((m) => m.StockValuePage)),
];
