import { Anchor, Badge, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORDER_LATE_DAYS, formatDate, formatNumber } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { ordersOverviewQuery } from '../api/orders-api';

/** /ordersdashboard: the production load (open lines and operations, units to produce and deliver) and the late lines. */
export function OrdersDashboardPage() {
  const { t } = useTranslation();
  const query = useQuery(ordersOverviewQuery({ pageSize: 1 }));
  const load = query.data?.load;
  const late = query.data?.late ?? [];
  const tiles: { key: keyof NonNullable<typeof load>; to?: string }[] = [
    { key: 'openLines', to: '/orderitemlist?status=all' }, { key: 'openOperations', to: '/productionDashBoard' }, { key: 'startedOperations', to: '/productionDashBoard' },
    { key: 'unitsToProduce' }, { key: 'unitsToDeliver' }, { key: 'lateLines' },
  ];
  return (
    <>
      <PageHeader title={t('menu.ordersDashboard')} subtitle={t('orders.overview.subtitle')} />
      {query.isError && !query.data && <LoadFailedAlert title={t('orders.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="md">
        <Paper withBorder radius="md" p="md">
          <Text size="xs" c="dimmed">{t('orders.overview.openOrders')}</Text>
          <Text fw={700} size="xl" data-testid="overview-open-orders">{formatNumber(query.data?.total ?? 0, 0)}</Text>
        </Paper>
        {tiles.slice(0, 5).map((tile) => {
          const body = (
            <>
              <Text size="xs" c="dimmed">{t(`orders.overview.load.${tile.key}`)}</Text>
              <Text fw={700} size="xl" c={tile.key === 'lateLines' && (load?.lateLines ?? 0) > 0 ? 'red' : undefined}>{formatNumber(load?.[tile.key] ?? 0, tile.key.startsWith('units') ? 2 : 0)}</Text>
            </>
          );
          return tile.to
            ? <Paper key={tile.key} withBorder radius="md" p="md" component={Link} to={tile.to} style={{ textDecoration: 'none', color: 'inherit' }}>{body}</Paper>
            : <Paper key={tile.key} withBorder radius="md" p="md">{body}</Paper>;
        })}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('orders.overview.late', { days: ORDER_LATE_DAYS })}</Title>
          <Badge color={late.length ? 'red' : 'green'} data-testid="late-count">{load?.lateLines ?? 0}</Badge>
        </Group>
        {late.length === 0 ? <Text c="dimmed" size="sm">{t('orders.overview.noneLate')}</Text> : (
          <Table.ScrollContainer minWidth={680}>
            <Table striped fz="sm" data-testid="late-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orders.field.product')}</Table.Th>
                  <Table.Th>{t('orders.field.company')}</Table.Th>
                  <Table.Th>{t('orders.field.orderDate')}</Table.Th>
                  <Table.Th ta="right">{t('orders.overview.days')}</Table.Th>
                  <Table.Th ta="right">{t('orders.field.delivered')}</Table.Th>
                  <Table.Th ta="right">%</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {late.map((l) => (
                  <Table.Tr key={l._id}>
                    <Table.Td><Anchor component={Link} to={`/orderproductiondetail/${l._id}`} size="sm">{l.urun_adi}</Anchor></Table.Td>
                    <Table.Td>{l.teklif_no} · {l.firma_adi}</Table.Td>
                    <Table.Td>{formatDate(l.siparis_tarihi)}</Table.Td>
                    <Table.Td ta="right">{l.daysSinceOrder}</Table.Td>
                    <Table.Td ta="right">{formatNumber(l.teslim_edilmis)} / {formatNumber(l.urun_miktari)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(l.tamamlanmaOrani, 1)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {(load?.lateLines ?? 0) > late.length && <Text c="dimmed" size="sm" mt="xs" data-testid="late-more">{t('orders.overview.lateShown', { shown: late.length, total: load?.lateLines ?? 0 })}</Text>}
      </Paper>
    </>
  );
}
