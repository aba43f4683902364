import { appRoute, type AppRouteObject } from '../../lib/routing';

export const offersRoutes: AppRouteObject[] = [
  appRoute('/offers', () => import('./routes/offers-page').then((m) => m.OffersPage)),
  appRoute('/offer/:id', () => import('./routes/offer-detail-page').then((m) => m.OfferDetailPage)),
  appRoute('/offersettings', () => import('./routes/offer-settings-page').then((m) => m.OfferSettingsPage)),
  appRoute('/contacts', () => import('./routes/contacts-page').then((m) => m.ContactsPage)),
];
