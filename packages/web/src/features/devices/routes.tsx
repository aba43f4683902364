import { lazy, Suspense } from 'react';
import { DEVICE_SLUG_DEFAULT } from '@isik/domain';
import { appRoute, registerMenuLink, type AppRouteObject } from '../../lib/routing';
import { RequireDeviceSession } from './components/device-gate';
import { DeviceDetailsLazy, GatewayListLazy } from './routes/lazy';

const DeviceScreen = lazy(() => import('./routes/device-screen').then((m) => ({ default: m.DeviceScreen })));

// The menu links to /streetlightmap; /:deviceScreen serves it (and leads on to the configured slug).
registerMenuLink(`/${DEVICE_SLUG_DEFAULT}map`);

/** The device area (spec 002 2.10): its own session on top of the back office's (ADR 0025). */
export const devicesRoutes: AppRouteObject[] = [
  appRoute('/gatewaylist', <RequireDeviceSession><GatewayListLazy /></RequireDeviceSession>),
  appRoute('/devicedetails/:id', <RequireDeviceSession><DeviceDetailsLazy /></RequireDeviceSession>),
  appRoute('/:deviceScreen', <Suspense fallback={null}><DeviceScreen /></Suspense>),
];
