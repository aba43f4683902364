import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { DEVICE_SLUG_DEFAULT } from '@isik/domain';
import { ErrorPage } from '../../../components/error-page';
import { deviceConfigQuery } from '../api/devices-api';
import { RequireDeviceSession } from '../components/device-gate';
import { DeviceLoginPage } from './device-login-page';
import { DeviceMapLazy } from './lazy';

/**
 * /{product}login and /{product}map (spec 002 2.1): the slug comes from the server's configuration
 * (DEVICE_SLUG, default 'streetlight'). The menu's default-slug link leads to the configured one.
 */
export function DeviceScreen() {
  const { deviceScreen = '' } = useParams();
  const config = useQuery(deviceConfigQuery);
  const slug = config.data?.slug ?? (config.isError ? DEVICE_SLUG_DEFAULT : null);
  if (slug === null) return <Center mih={200}><Loader /></Center>;
  if (deviceScreen === `${slug}login`) return <DeviceLoginPage />;
  if (deviceScreen === `${slug}map`) return <RequireDeviceSession><DeviceMapLazy /></RequireDeviceSession>;
  if (slug !== DEVICE_SLUG_DEFAULT && (deviceScreen === `${DEVICE_SLUG_DEFAULT}login` || deviceScreen === `${DEVICE_SLUG_DEFAULT}map`)) {
    return <Navigate to={`/${slug}${deviceScreen.slice(DEVICE_SLUG_DEFAULT.length)}`} replace />;
  }
  return <ErrorPage variant="notFound" />;
}
