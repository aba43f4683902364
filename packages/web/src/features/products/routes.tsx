import { appRoute, type AppRouteObject } from '../../lib/routing';

export const productsRoutes: AppRouteObject[] = [
  appRoute('/products', () => import('./routes/products-page').then((m) => m.ProductsPage)),
  appRoute('/product/:id', () => import('./routes/product-detail-page').then((m) => m.ProductDetailPage)),
];
