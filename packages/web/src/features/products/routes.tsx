import { appRoute, type AppRouteObject } from '../../lib/routing';
import { ProductDetailPage } from './routes/product-detail-page';
import { ProductsPage } from './routes/products-page';

export const productsRoutes: AppRouteObject[] = [
  appRoute('/products', <ProductsPage />),
  appRoute('/product/:id', <ProductDetailPage />),
];
