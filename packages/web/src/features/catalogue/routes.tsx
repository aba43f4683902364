import { appRoute, type AppRouteObject } from '../../lib/routing';
import { CataloguePage } from './routes/catalogue-page';

export const catalogueRoutes: AppRouteObject[] = [appRoute('/web', <CataloguePage />)];
