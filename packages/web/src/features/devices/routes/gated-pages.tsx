import { RequireDeviceSession } from '../components/device-gate';
import { DeviceAccountsLazy, DeviceDetailsLazy, GatewayListLazy } from './lazy';

// Loaded with the route (appRoute loader): the device session gate and its schemas stay out of the first download.
export function GatewayListRoute() {
  return <RequireDeviceSession><GatewayListLazy /></RequireDeviceSession>;
}

export function DeviceDetailsRoute() {
  return <RequireDeviceSession><DeviceDetailsLazy /></RequireDeviceSession>;
}

export function DeviceAccountsRoute() {
  return <RequireDeviceSession><DeviceAccountsLazy /></RequireDeviceSession>;
}
