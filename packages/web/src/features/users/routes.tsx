import { appRoute, type AppRouteObject } from '../../lib/routing';

export const usersRoutes: AppRouteObject[] = [appRoute('/users', () => import('./routes/users-page').then((m) => m.UsersPage))];
