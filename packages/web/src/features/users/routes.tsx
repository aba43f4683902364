import { appRoute, type AppRouteObject } from '../../lib/routing';
import { UsersPage } from './routes/users-page';

export const usersRoutes: AppRouteObject[] = [appRoute('/users', <UsersPage />)];
