import { Anchor, Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@isik/domain';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { isAllowed, routeLevel } from '@isik/domain';
import { ordersQuery } from '../api/orders-api';
import { OrderLinesTable } from '../components/order-lines-table';
import { groupByOrder } from '../model/order-logic';

/** /orders: the orders in production (lines in status 1-3) with their lines and completion. */
export function OrdersPage() {
  const { t } = useTranslation();
  const role = useSession((s) => s.role);
  const query = useQuery(ordersQuery({ type: 'list', orderBy: 'siparis_tarihi', filter1: 1, filter2: 3 }));
  const groups = groupByOrder(query.data?.orders ?? []);
  const canOpenOrder = isAllowed(routeLevel('/order/:id'), role);
  return (
    <>
      <PageHeader title={t('menu.orders')} subtitle={t('orders.orders.subtitle')} />
      {query.isError && !query.data && <LoadFailedAlert title={t('orders.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && groups.length === 0 && <EmptyState icon={<IconShoppingCart size={34} stroke={1.5} />} title={t('orders.orders.emptyTitle')} text={t('orders.orders.emptyText')} />}
      <Stack gap="md">
        {groups.map((g) => (
          <Paper key={g.orderId || 'stock'} withBorder radius="md" p="md" data-testid={`order-group-${g.orderId || 'stock'}`}>
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Group gap="sm">
                {g.orderId && canOpenOrder
                  ? <Anchor component={Link} to={`/order/${g.orderId}`} fw={700}>{g.no || t('orders.orders.order')} · {g.company}</Anchor>
                  : <Text fw={700}>{g.orderId ? `${g.no} · ${g.company}` : t('orders.card.stockProduction')}</Text>}
                <Badge variant="light">{t('orders.orders.lines', { count: g.lines.length })}</Badge>
              </Group>
              <Group gap={6} w={220} wrap="nowrap"><Progress value={g.completion} style={{ flex: 1 }} /><Text size="sm" fw={600}>{formatNumber(g.completion, 1)}%</Text></Group>
            </Group>
            <OrderLinesTable lines={g.lines} />
          </Paper>
        ))}
      </Stack>
    </>
  );
}
