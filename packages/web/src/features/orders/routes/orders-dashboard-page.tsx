import { Anchor, Badge, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatNumber } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { ordersQuery } from '../api/orders-api';
import { OrderStatusBadge } from '../components/status-badges';
import { LATE_AFTER_DAYS, daysSinceOrder, groupByOrder, lateLines } from '../model/order-logic';

/** /ordersdashboard: the load (lines and quantities per status, open orders) and the late lines. */
export function OrdersDashboardPage() {
  const { t } = useTranslation();
  const query = useQuery(ordersQuery({ type: 'list', orderBy: 'siparis_tarihi', filter1: 1, filter2: 6 }));
  const lines = query.data?.orders ?? [];
  const open = lines.filter((l) => l.siparis_durumu >= 1 && l.siparis_durumu <= 3);
  const late = lateLines(open);
  const statuses = [1, 2, 3, 4, 6];
  const qtyOf = (s: number) => lines.filter((l) => l.siparis_durumu === s).reduce((n, l) => n + l.urun_miktari - (s === 4 ? l.teslim_edilmis : 0), 0);
  return (
    <>
      <PageHeader title={t('menu.ordersDashboard')} subtitle={t('orders.overview.subtitle')} />
      {query.isError && !query.data && <LoadFailedAlert title={t('orders.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="md">
        <Paper withBorder radius="md" p="md">
          <Text size="xs" c="dimmed">{t('orders.overview.openOrders')}</Text>
          <Text fw={700} size="xl" data-testid="overview-open-orders">{formatNumber(groupByOrder(open).filter((g) => g.orderId).length, 0)}</Text>
        </Paper>
        {statuses.map((s) => (
          <Paper key={s} withBorder radius="md" p="md" component={Link} to={`/orderitemlist?status=${s}`} style={{ textDecoration: 'none', color: 'inherit' }}>
            <OrderStatusBadge status={s} />
            <Text fw={700} size="xl" mt={4}>{formatNumber(lines.filter((l) => l.siparis_durumu === s).length, 0)}</Text>
            <Text size="xs" c="dimmed">{t(s === 4 ? 'orders.overview.toDeliver' : 'orders.overview.qty', { qty: formatNumber(qtyOf(s)) })}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('orders.overview.late', { days: LATE_AFTER_DAYS })}</Title>
          <Badge color={late.length ? 'red' : 'green'}>{late.length}</Badge>
        </Group>
        {late.length === 0 ? <Text c="dimmed" size="sm">{t('orders.overview.noneLate')}</Text> : (
          <Table striped fz="sm" data-testid="late-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.field.product')}</Table.Th>
                <Table.Th>{t('orders.field.company')}</Table.Th>
                <Table.Th>{t('orders.field.orderDate')}</Table.Th>
                <Table.Th ta="right">{t('orders.overview.days')}</Table.Th>
                <Table.Th ta="right">%</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {late.map((l) => (
                <Table.Tr key={l._id}>
                  <Table.Td><Anchor component={Link} to={`/orderproductiondetail/${l._id}`} size="sm">{l.urun_adi}</Anchor></Table.Td>
                  <Table.Td>{l.teklifno?.firma_adi || t('orders.card.stockProduction')}</Table.Td>
                  <Table.Td>{formatDate(l.siparis_tarihi)}</Table.Td>
                  <Table.Td ta="right">{daysSinceOrder(l.siparis_tarihi)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.tamamlanmaOrani, 1)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </>
  );
}
