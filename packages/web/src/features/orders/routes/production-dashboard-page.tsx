import { Badge, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, truncate } from '@isik/domain';
import { IconCircleCheck, IconClockPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useSession } from '../../../lib/session';
import { productionDashboardQuery } from '../api/orders-api';
import { DASHBOARD_NAME_MAX } from '../model/order-logic';

/** Spec 002 2.5: welcome, operations in status 0, 1 and 2, and a card per operation type (count, mean percent). */
export function ProductionDashboardPage() {
  const { t } = useTranslation();
  const name = useSession((s) => (s.user ? `${s.user.firstname} ${s.user.lastname}`.trim() : ''));
  // Spec 002 2.5: the operations of the lines in status 1-4, counted by the server.
  const query = useQuery(productionDashboardQuery());
  const byStatus = query.data?.operationStatus ?? { 0: 0, 1: 0, 2: 0 };
  const types = query.data?.operations ?? [];
  const tiles = [
    { status: 0, icon: <IconClockPause size={22} />, color: 'red' },
    { status: 1, icon: <IconPlayerPlay size={22} />, color: 'yellow' },
    { status: 2, icon: <IconCircleCheck size={22} />, color: 'green' },
  ] as const;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} data-testid="production-welcome">{t('orders.dashboard.welcome', { name })}</Title>
        <Text c="dimmed" size="sm">{t('orders.dashboard.subtitle')}</Text>
      </Paper>
      {query.isError && !query.data && <LoadFailedAlert title={t('orders.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {tiles.map((tile) => (
          <Paper key={tile.status} withBorder radius="md" p="md" component={Link} to="/orderitemlist" style={{ textDecoration: 'none', color: 'inherit' }}>
            <Group justify="space-between">
              <ThemeIcon size={42} radius="md" variant="light" color={tile.color}>{tile.icon}</ThemeIcon>
              {query.isLoading ? <Skeleton h={22} w={44} /> : <Badge size="lg" color={tile.color} data-testid={`ops-status-${tile.status}`}>{formatNumber(byStatus[tile.status], 0)}</Badge>}
            </Group>
            <Text fw={600} mt="sm" size="sm">{t(`orders.dashboard.ops${tile.status}`)}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Title order={4}>{t('orders.dashboard.byOperation')}</Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} data-testid="operation-types">
        {types.map((ty) => (
          <Paper key={ty.Operation} withBorder radius="md" p="md">
            <Text fw={700} title={ty.Operation}>{truncate(ty.Operation, DASHBOARD_NAME_MAX)}</Text>
            <Text size="sm" c="dimmed">{t('orders.dashboard.opCount', { count: ty.count })}</Text>
            <Group gap={6} wrap="nowrap" mt={6}>
              <Progress value={ty.averagePercent} style={{ flex: 1 }} />
              <Text size="sm" fw={600}>{formatNumber(ty.averagePercent, 1)}%</Text>
            </Group>
          </Paper>
        ))}
        {query.data && types.length === 0 && <Text c="dimmed">{t('orders.dashboard.noOperations')}</Text>}
      </SimpleGrid>
    </Stack>
  );
}
