import { appRoute, type AppRouteObject } from '../../lib/routing';
import { CompaniesPage } from './routes/companies-page';
import { CompanyDetailPage } from './routes/company-detail-page';

export const companiesRoutes: AppRouteObject[] = [
  appRoute('/companies', <CompaniesPage />),
  appRoute('/companydetail/:id', <CompanyDetailPage />),
];
