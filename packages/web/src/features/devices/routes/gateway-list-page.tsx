import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconLogout, IconMap2, IconPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEVICE_SLUG_DEFAULT, type GatewayRow } from '@isik/domain';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { PaginationControl } from '../../../components/pagination-control';
import { SearchInput } from '../../../components/search-input';
import { allPagesOf, describeFilters, type ReportColumn } from '../../../lib/report-source';
import { useListPage } from '../../../lib/use-list-page';
import { readPage } from '../../../lib/use-list-params';
import { deviceConfigQuery, deviceMeQuery, fetchGateways, gatewayListQuery, useDeviceLive } from '../api/devices-api';
import { deviceLogout, useDeviceSession } from '../api/device-session';
import { RegisterGatewayModal } from '../components/register-gateway-modal';
import { GatewayStatusBadge } from '../components/gateway-status-badge';

const LIST_DEFAULTS = { page: 1, search: '' };
const readListParams = (p: URLSearchParams) => ({ page: readPage(p), search: p.get('search') ?? '' });

/** /gatewaylist (spec 002 2.10): MAC address, device name, city, status (live); 10 a page; rows open the details. */
export function GatewayListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage({
    defaults: LIST_DEFAULTS,
    parse: readListParams,
    query: (s) => gatewayListQuery(s.page, s.search),
    // The Reports menu exports every gateway the search selects (once there is one).
    report: ({ search }) => {
      const cols: ReportColumn<GatewayRow>[] = [
        { header: t('devices.list.mac'), value: (g) => g.mac_addr },
        { header: t('devices.list.name'), value: (g) => g.device_name, width: 1.4 },
        { header: t('devices.list.city'), value: (g) => g.city },
        { header: t('devices.list.status'), value: (g) => t(`devices.status.${g.device_status}`) },
      ];
      return {
        title: t('devices.list.title'),
        fileName: 'gateways',
        subtitle: describeFilters([[t('devices.list.search'), search || null]]),
        columns: cols,
        fetchAll: allPagesOf((page, pageSize) => fetchGateways(page, search, pageSize), (r) => r.gatewayList),
      };
    },
    reportWhen: (answer) => answer !== undefined && answer.totalItemCount > 0,
  });
  const { state, query } = list;
  const slug = useQuery(deviceConfigQuery).data?.slug ?? DEVICE_SLUG_DEFAULT;
  useDeviceLive();
  const data = query.data;
  const isAdmin = useQuery(deviceMeQuery(useDeviceSession((s) => s.token))).data?.role === 0;
  const [registering, setRegistering] = useState(false);

  const columns: DataTableColumn<GatewayRow>[] = [
    { key: 'mac', header: t('devices.list.mac'), render: (g) => <Text size="sm" ff="monospace">{g.mac_addr}</Text> },
    { key: 'name', header: t('devices.list.name'), render: (g) => <Text size="sm" fw={500}>{g.device_name}</Text> },
    { key: 'city', header: t('devices.list.city'), render: (g) => g.city },
    { key: 'status', header: t('devices.list.status'), render: (g) => <GatewayStatusBadge status={g.device_status} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('devices.list.title')}
        subtitle={data ? t('devices.list.total', { total: data.totalItemCount }) : t('devices.list.subtitle')}
        actions={(
          <Group gap="xs">
            {isAdmin && <Button leftSection={<IconPlus size={16} />} onClick={() => setRegistering(true)}>{t('devices.register.open')}</Button>}
            <Button component={Link} to={`/${slug}map`} variant="light" leftSection={<IconMap2 size={16} />}>{t('devices.list.map')}</Button>
            <Button component={Link} to="/deviceaccounts" variant="light" leftSection={<IconUsers size={16} />}>{t('devices.accounts.menu')}</Button>
            <Button variant="default" leftSection={<IconLogout size={16} />} onClick={() => { void deviceLogout().then(() => navigate(`/${slug}login`)); }}>{t('devices.logout')}</Button>
          </Group>
        )}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SearchInput mb="sm" maw={360} initialValue={state.search} placeholder={t('devices.list.search')} onSearch={list.setSearch} />
        {query.isError && !data ? (
          <LoadFailedAlert title={t('devices.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <DataTable columns={columns} rows={data?.gatewayList} rowKey={(g) => g._id} loading={query.isFetching && !data} emptyText={t('devices.list.empty')}
              onRowClick={(g) => navigate(`/devicedetails/${g._id}`)} minWidth={560} />
            <PaginationControl page={list.page} totalPages={data?.totalPage ?? 0} onChange={list.setPage} disabled={query.isPlaceholderData} />
          </>
        )}
      </Paper>
      <RegisterGatewayModal opened={registering} onClose={() => setRegistering(false)} />
    </>
  );
}
