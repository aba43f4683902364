import { appRoute, type AppRouteObject } from '../../lib/routing';

/** Spec 000 2.1: /mycompany, also reached as /app/settings/myCompany/{id} (id 1). Level 1. */
export const myCompanyRoutes: AppRouteObject[] = [
  appRoute('/mycompany', () => import('./routes/mycompany-page').then((m) => m.MyCompanyPage)),
  appRoute('/app/settings/myCompany/:id', () => import('./routes/mycompany-page').then((m) => m.MyCompanyPage)),
];
