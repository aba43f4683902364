import { Center, Group, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { gatewayEnergyQuery } from '../api/energy-api';

/** kWh in the Turkish format, with three decimals below 1 kWh (a gateway's few minutes) and two up to 100. */
const kwh = (v: unknown) => {
  const n = Number(v);
  return formatNumber(n, Math.abs(n) < 1 ? 3 : Math.abs(n) < 100 ? 2 : 1);
};
const dayLabel = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}`;

/**
 * A gateway's street-light energy (issue 26): per day the kWh the meter measured and the kWh saved against full
 * brightness over the same hours, stacked, with the period's totals; `table` adds the figures day by day. Brings
 * recharts, so the pages load it lazily.
 */
export default function EnergyChart({ deviceId, days, table = false, height = 240 }: { deviceId: string; days: number; table?: boolean; height?: number }) {
  const { t } = useTranslation();
  const q = useQuery(gatewayEnergyQuery(deviceId, days));
  if (q.isError && !q.data) return <LoadFailedAlert title={t('devices.energy.loadFailed')} error={q.error} onRetry={() => void q.refetch()} />;
  const e = q.data;
  if (!e) return <Center h={height}><Loader size="sm" /></Center>;
  const data = e.days.map((d) => ({ ...d, label: dayLabel(d.date) }));
  return (
    <div data-testid="energy-chart">
      <Group gap="lg" mb="xs" wrap="wrap">
        <Text size="sm"><Text span c="dimmed">{t('devices.energy.used')}: </Text><Text span fw={600} data-testid="energy-total">{kwh(e.total.kwh)} kWh</Text></Text>
        <Text size="sm"><Text span c="dimmed">{t('devices.energy.saved')}: </Text><Text span fw={600} c="teal" data-testid="energy-saving">{kwh(e.total.saving_kwh)} kWh (%{formatNumber(e.total.saving_percent, 1)})</Text></Text>
      </Group>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis tickFormatter={kwh} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(v, name) => [`${kwh(v)} kWh`, name]} />
          <Legend />
          <Bar dataKey="kwh" stackId="e" name={t('devices.energy.used')} fill="#f59f00" isAnimationActive={false} />
          <Bar dataKey="saving_kwh" stackId="e" name={t('devices.energy.saved')} fill="#20c997" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      {table && (
        <Table.ScrollContainer minWidth={480}>
          <Table mt="sm" striped withTableBorder fz="sm" data-testid="energy-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('devices.energy.day')}</Table.Th>
                <Table.Th ta="right">{t('devices.energy.used')} (kWh)</Table.Th>
                <Table.Th ta="right">{t('devices.energy.full')} (kWh)</Table.Th>
                <Table.Th ta="right">{t('devices.energy.saved')} (kWh)</Table.Th>
                <Table.Th ta="right">{t('devices.energy.hours')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {e.days.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{`${dayLabel(d.date)}.${d.date.slice(0, 4)}`}</Table.Td>
                  <Table.Td ta="right">{kwh(d.kwh)}</Table.Td>
                  <Table.Td ta="right">{kwh(d.full_kwh)}</Table.Td>
                  <Table.Td ta="right">{kwh(d.saving_kwh)} (%{formatNumber(d.saving_percent, 1)})</Table.Td>
                  <Table.Td ta="right">{formatNumber(d.hours, 1)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
