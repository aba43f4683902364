import { appRoute, type AppRouteObject } from '../../lib/routing';
import { MyCompanyPage } from './routes/mycompany-page';

/** Spec 000 2.1: /mycompany, also reached as /app/settings/myCompany/{id} (id 1). Level 1. */
export const myCompanyRoutes: AppRouteObject[] = [
  appRoute('/mycompany', <MyCompanyPage />),
  appRoute('/app/settings/myCompany/:id', <MyCompanyPage />),
];
