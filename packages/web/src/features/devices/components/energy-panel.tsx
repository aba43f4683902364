import { lazy, Suspense, useState } from 'react';
import { Center, Loader, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** recharts comes with the chart only, when the energy is shown. */
export const LazyEnergyChart = lazy(() => import('./energy-chart'));

/** The energy tab of /devicedetails (issue 26): 7 or 30 days, the chart and the figures per day. */
export function EnergyPanel({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const [days, setDays] = useState('7');
  return (
    <Stack gap="sm">
      <SegmentedControl w="fit-content" value={days} onChange={setDays} data={[{ value: '7', label: t('devices.energy.days7') }, { value: '30', label: t('devices.energy.days30') }]} data-testid="energy-period" />
      <Suspense fallback={<Center h={240}><Loader size="sm" /></Center>}>
        <LazyEnergyChart deviceId={deviceId} days={Number(days)} table />
      </Suspense>
    </Stack>
  );
}
