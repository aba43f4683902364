import { appRoute, type AppRouteObject } from '../../lib/routing';

export const companiesRoutes: AppRouteObject[] = [
  appRoute('/companies', () => import('./routes/companies-page').then((m) => m.CompaniesPage)),
  appRoute('/companydetail/:id', () => import('./routes/company-detail-page').then((m) => m.CompanyDetailPage)),
];
