import { appRoute, type AppRouteObject } from '../../lib/routing';
import { ContactsPage } from './routes/contacts-page';
import { OfferDetailPage } from './routes/offer-detail-page';
import { OfferSettingsPage } from './routes/offer-settings-page';
import { OffersPage } from './routes/offers-page';

export const offersRoutes: AppRouteObject[] = [
  appRoute('/offers', <OffersPage />),
  appRoute('/offer/:id', <OfferDetailPage />),
  appRoute('/offersettings', <OfferSettingsPage />),
  appRoute('/contacts', <ContactsPage />),
];
