import { appRoute, type AppRouteObject } from '../../lib/routing';

export const catalogueRoutes: AppRouteObject[] = [
  appRoute('/web', () => import('./routes/catalogue-page').then((m) => m.CataloguePage)),
  appRoute('/web/:id', () => import('./routes/public-product-page').then((m) => m.ProductInReaderLanguage)),
  appRoute('/web/:id/:lang', () => import('./routes/public-product-page').then((m) => m.PublicProductPage)),
];
