import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { DEVICE_SLUG_DEFAULT } from '@isik/domain';
import { deviceConfigQuery } from '../api/devices-api';
import { useDeviceSession } from '../api/device-session';

/** The device-system login path for the configured slug (/streetlightlogin by default). */
export function useDeviceLoginPath(): string {
  const slug = useQuery(deviceConfigQuery).data?.slug ?? DEVICE_SLUG_DEFAULT;
  return `/${slug}login`;
}

/** Device screens need a device session of their own; without one the device login opens, then comes back here. */
export function RequireDeviceSession({ children }: { children: ReactNode }) {
  const token = useDeviceSession((s) => s.token);
  const loginPath = useDeviceLoginPath();
  const location = useLocation();
  if (!token) return <Navigate to={loginPath} replace state={{ from: location.pathname }} />;
  return children;
}
