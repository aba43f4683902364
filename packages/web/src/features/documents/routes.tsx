import { appRoute, type AppRouteObject } from '../../lib/routing';

/** The printable documents (spec 002 'PDF documents'): each page loads its data, then shows the full-screen viewer. */
export const documentsRoutes: AppRouteObject[] = [
  appRoute('/pdf/offer/t1/:id', () => import('./routes/offer-pdf-page').then((m) => m.OfferPdfPage)),
];
