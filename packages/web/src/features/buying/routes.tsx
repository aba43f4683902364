import { appRoute, type AppRouteObject } from '../../lib/routing';
import { BuyingsPage } from './routes/buyings-page';

export const buyingRoutes: AppRouteObject[] = [
  appRoute('/buyings', <BuyingsPage />),
];
