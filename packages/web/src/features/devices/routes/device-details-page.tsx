import { useState } from 'react';
import { Anchor, Breadcrumbs, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconRouter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime, type Gateway } from '@isik/domain';
import { RecordFallback } from '../../../components/record-fallback';
import { gatewayQuery, useDeviceLive } from '../api/devices-api';
import { GatewayStatusBadge } from '../components/gateway-status-badge';
import { HistoryTab } from '../components/history-tab';
import { EnergyPanel } from '../components/energy-panel';
import { MeshTable } from '../components/mesh-table';
import { MeterBars } from '../components/meter-bars';
import { ProgramsTab } from '../components/programs-tab';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text size="sm" component="div">{children || '—'}</Text>
    </div>
  );
}

function InfoTab({ g }: { g: Gateway }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      <Field label={t('devices.details.status')}><GatewayStatusBadge status={g.device_status} /></Field>
      <Field label={t('devices.details.name')}>{g.device_name}</Field>
      <Field label={t('devices.details.description')}>{g.device_description}</Field>
      <Field label={t('devices.details.city')}>{g.device_city_details.name}</Field>
      <Field label={t('devices.details.sunrise')}><span data-testid="sunrise">{g.device_city_details.sunriseTime}</span></Field>
      <Field label={t('devices.details.sunset')}><span data-testid="sunset">{g.device_city_details.sunsetTime}</span></Field>
      <Field label={t('devices.details.websocketPort')}>{g.websocketPort ?? ''}</Field>
      <Field label={t('devices.details.rootMeshIp')}>{g.root_mesh_ip}</Field>
      <Field label={t('devices.details.lastRead')}>{g.eMeterReadTimestamp ? formatDateTime(g.eMeterReadTimestamp) : t('devices.details.never')}</Field>
    </SimpleGrid>
  );
}

/**
 * /devicedetails/{id} (spec 002 2.10): the device loads on entry and a live socket stays open while the page
 * does. Five tabs: info, energy meter, programs and history (loaded when opened), and the mesh devices.
 */
export function DeviceDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(gatewayQuery(id));
  const [tab, setTab] = useState<string | null>('info');
  useDeviceLive();
  const crumbs = (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to="/gatewaylist" size="sm">{t('devices.details.crumb')}</Anchor>
      <Text size="sm">{query.data?.device_name ?? id}</Text>
    </Breadcrumbs>
  );
  const g = query.data;
  if (!g) {
    return (
      <RecordFallback
        crumbs={crumbs}
        query={query}
        notFound={{ icon: <IconRouter size={34} stroke={1.5} />, title: t('devices.details.notFound'), text: t('devices.details.notFoundText'), backTo: '/gatewaylist', backLabel: t('devices.details.back') }}
        loadFailedTitle={t('devices.details.loadFailed')}
      />
    );
  }
  return (
    <Stack gap="md">
      {crumbs}
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{g.device_name}</Title>
          <Text size="sm" c="dimmed" ff="monospace">{g.mac_addr} · {t('devices.details.lights', { count: g.mesh_items.length })}</Text>
        </div>
        <GatewayStatusBadge status={g.device_status} />
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="info">{t('devices.details.tabs.info')}</Tabs.Tab>
            <Tabs.Tab value="meter">{t('devices.details.tabs.meter')}</Tabs.Tab>
            <Tabs.Tab value="energy" data-testid="tab-energy">{t('devices.energy.tab')}</Tabs.Tab>
            <Tabs.Tab value="programs">{t('devices.details.tabs.programs')}</Tabs.Tab>
            <Tabs.Tab value="history">{t('devices.details.tabs.history')}</Tabs.Tab>
            <Tabs.Tab value="mesh">{t('devices.details.tabs.mesh')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="info"><InfoTab g={g} /></Tabs.Panel>
          <Tabs.Panel value="meter"><MeterBars voltage={g.eMeterVoltageValue} current={g.eMeterCurrentValue} readAt={g.eMeterReadTimestamp} /></Tabs.Panel>
          <Tabs.Panel value="energy"><EnergyPanel deviceId={g._id} /></Tabs.Panel>
          <Tabs.Panel value="programs"><ProgramsTab deviceId={g._id} /></Tabs.Panel>
          <Tabs.Panel value="history"><HistoryTab deviceId={g._id} /></Tabs.Panel>
          <Tabs.Panel value="mesh"><MeshTable deviceId={g._id} items={g.mesh_items} /></Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
