import { appRoute, type AppRouteObject } from '../../lib/routing';
import { ImagesPage } from './routes/images-page';

export const imagesRoutes: AppRouteObject[] = [appRoute('/imagemanagment', <ImagesPage />)];
