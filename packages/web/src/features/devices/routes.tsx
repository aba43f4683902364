import { appRoute, type AppRouteObject } from '../../lib/routing';
import './menu-links';

/** The device area (spec 002 2.10): its own session on top of the back office's (ADR 0025). Every screen loads on use. */
export const devicesRoutes: AppRouteObject[] = [
  appRoute('/gatewaylist', () => import('./routes/gated-pages').then((m) => m.GatewayListRoute)),
  appRoute('/deviceaccounts', () => import('./routes/gated-pages').then((m) => m.DeviceAccountsRoute)),
  appRoute('/devicedetails/:id', () => import('./routes/gated-pages').then((m) => m.DeviceDetailsRoute)),
  appRoute('/:deviceScreen', () => import('./routes/device-screen').then((m) => m.DeviceScreen)),
];
