import { appRoute, type AppRouteObject } from '../../lib/routing';
import { CataloguePage } from './routes/catalogue-page';
import { PublicProductPage } from './routes/public-product-page';

export const catalogueRoutes: AppRouteObject[] = [
  appRoute('/web', <CataloguePage />),
  appRoute('/web/:id/:lang', <PublicProductPage />),
];
