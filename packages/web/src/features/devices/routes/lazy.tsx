import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';

// The device screens load on demand; the map and Leaflet stay in their own chunk.
const GatewayList = lazy(() => import('./gateway-list-page').then((m) => ({ default: m.GatewayListPage })));
const DeviceDetails = lazy(() => import('./device-details-page').then((m) => ({ default: m.DeviceDetailsPage })));
const DeviceAccounts = lazy(() => import('./device-accounts-page').then((m) => ({ default: m.DeviceAccountsPage })));
const DeviceMap = lazy(() => import('./device-map-page').then((m) => ({ default: m.DeviceMapPage })));

const fallback = <Center mih={200}><Loader /></Center>;
export const GatewayListLazy = () => <Suspense fallback={fallback}><GatewayList /></Suspense>;
export const DeviceDetailsLazy = () => <Suspense fallback={fallback}><DeviceDetails /></Suspense>;
export const DeviceMapLazy = () => <Suspense fallback={fallback}><DeviceMap /></Suspense>;
export const DeviceAccountsLazy = () => <Suspense fallback={fallback}><DeviceAccounts /></Suspense>;
