import { appRoute, type AppRouteObject } from '../../lib/routing';
import { ProfilePage } from './routes/profile-page';

export const profileRoutes: AppRouteObject[] = [appRoute('/profile', <ProfilePage />)];
