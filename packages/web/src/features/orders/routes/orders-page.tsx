import { useState } from 'react';
import { Anchor, Badge, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatNumber, isAllowed, routeLevel } from '@isik/domain';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { PaginationControl } from '../../../components/pagination-control';
import { SearchInput } from '../../../components/search-input';
import { useSession } from '../../../lib/session';
import { ordersOverviewQuery } from '../api/orders-api';
import { OrderPrintLinks } from '../components/order-print-links';
import { OrderStatusBadge } from '../components/status-badges';

const PAGE_SIZE = 20;

/** /orders: the orders in production (offers in status 1-3) with their lines and completion, a page at a time (issue 27). */
export function OrdersPage() {
  const { t } = useTranslation();
  const role = useSession((s) => s.role);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useQuery(ordersOverviewQuery({ page, pageSize: PAGE_SIZE, search }));
  const orders = query.data?.orders ?? [];
  const total = query.data?.total ?? 0;
  const canOpenOrder = isAllowed(routeLevel('/order/:id'), role);
  return (
    <>
      <PageHeader title={t('menu.orders')} subtitle={t('orders.orders.subtitle')} />
      {query.isError && !query.data && <LoadFailedAlert title={t('orders.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      <Group justify="space-between" gap="sm" wrap="wrap" mb="md">
        <SearchInput onSearch={(text) => { setSearch(text); setPage(1); }} placeholder={t('orders.orders.search')} w={{ base: '100%', xs: 360 }} data-testid="orders-search" />
        {total > 0 && (
          <Text size="sm" c="dimmed" data-testid="orders-range">
            {t('orders.orders.range', { from: (page - 1) * PAGE_SIZE + 1, to: Math.min(total, page * PAGE_SIZE), total })}
          </Text>
        )}
      </Group>
      {query.data && orders.length === 0 && <EmptyState icon={<IconShoppingCart size={34} stroke={1.5} />} title={t('orders.orders.emptyTitle')} text={t('orders.orders.emptyText')} />}
      <Stack gap="md">
        {orders.map((o) => (
          <Paper key={o._id} withBorder radius="md" p="md" data-testid={`order-group-${o._id}`}>
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Group gap="sm">
                {canOpenOrder
                  ? <Anchor component={Link} to={`/order/${o._id}`} fw={700}>{o.teklif_no} · {o.firma_adi}</Anchor>
                  : <Text fw={700}>{o.teklif_no} · {o.firma_adi}</Text>}
                <Badge variant="light">{t('orders.orders.lines', { count: o.lines.length })}</Badge>
                <Text size="sm" c="dimmed">{formatDate(o.siparis_tarihi)}</Text>
              </Group>
              <Group gap="md" wrap="nowrap">
                <OrderPrintLinks orderId={o._id} />
                <Text size="sm">{t('orders.field.delivered')}: <b>{formatNumber(o.delivered)} / {formatNumber(o.ordered)}</b></Text>
                <Group gap={6} w={200} wrap="nowrap"><Progress value={o.completion} style={{ flex: 1 }} /><Text size="sm" fw={600}>{formatNumber(o.completion, 1)}%</Text></Group>
              </Group>
            </Group>
            <Table.ScrollContainer minWidth={680}>
              <Table striped withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orders.field.product')}</Table.Th>
                    <Table.Th ta="right">{t('orders.field.ordered')}</Table.Th>
                    <Table.Th ta="right">{t('orders.field.delivered')}</Table.Th>
                    <Table.Th w={180}>{t('orders.field.completion')}</Table.Th>
                    <Table.Th ta="right">{t('orders.overview.days')}</Table.Th>
                    <Table.Th>{t('orders.field.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {o.lines.map((l) => (
                    <Table.Tr key={l._id}>
                      <Table.Td><Anchor component={Link} to={`/orderproductiondetail/${l._id}`} size="sm">{l.urun_adi}</Anchor></Table.Td>
                      <Table.Td ta="right">{formatNumber(l.urun_miktari)} {l.urun_birimi}</Table.Td>
                      <Table.Td ta="right">{formatNumber(l.teslim_edilmis)}</Table.Td>
                      <Table.Td><Group gap={6} wrap="nowrap"><Progress value={l.tamamlanmaOrani} style={{ flex: 1 }} /><Text size="xs" fw={600}>{formatNumber(l.tamamlanmaOrani, 1)}%</Text></Group></Table.Td>
                      <Table.Td ta="right"><Text size="sm" c={l.late ? 'red' : undefined}>{l.daysSinceOrder}</Text></Table.Td>
                      <Table.Td><OrderStatusBadge status={l.siparis_durumu} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        ))}
      </Stack>
      <PaginationControl page={page} totalPages={Math.ceil(total / PAGE_SIZE)} onChange={setPage} disabled={query.isPlaceholderData} />
    </>
  );
}
