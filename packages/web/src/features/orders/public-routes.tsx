import { appRoute, type AppRouteObject } from '../../lib/routing';

/** The customer's order tracking: an open screen, so the public entry (ADR 0030) holds it without the rest of orders. */
export const orderTrackingRoutes: AppRouteObject[] = [
  appRoute('/ordertracking/:offerId/:companyId/:token', () => import('./routes/order-tracking-page').then((m) => m.OrderTrackingPage)),
];
