import { appRoute, type AppRouteObject } from '../../lib/routing';

export const profileRoutes: AppRouteObject[] = [appRoute('/profile', () => import('./routes/profile-page').then((m) => m.ProfilePage))];
