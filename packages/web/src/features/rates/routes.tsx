import { appRoute, type AppRouteObject } from '../../lib/routing';
import { RatesPage } from './routes/rates-page';

export const ratesRoutes: AppRouteObject[] = [
  appRoute('/tcmblist', <RatesPage />),
];
