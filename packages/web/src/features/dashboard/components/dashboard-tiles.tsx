import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, isAllowed, routeLevel, type DashboardCounts } from '@isik/domain';
import { IconBuildingFactory2, IconBuildingStore, IconBulb, IconFileInvoice, IconShoppingCart, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { dashboardCountsQuery } from '../api/dashboard-api';

interface Tile { key: keyof DashboardCounts; to: string; label: string; icon: ReactNode; color: string }

const TILES: Tile[] = [
  { key: 'products', to: '/products', label: 'dashboard.tile.products', icon: <IconBulb size={22} />, color: 'yellow' },
  { key: 'offers', to: '/offers', label: 'dashboard.tile.offers', icon: <IconFileInvoice size={22} />, color: 'blue' },
  { key: 'orders', to: '/orders', label: 'dashboard.tile.orders', icon: <IconShoppingCart size={22} />, color: 'teal' },
  { key: 'orderItems', to: '/orderitemlist', label: 'dashboard.tile.production', icon: <IconBuildingFactory2 size={22} />, color: 'orange' },
  { key: 'companies', to: '/companies', label: 'dashboard.tile.companies', icon: <IconBuildingStore size={22} />, color: 'grape' },
  { key: 'users', to: '/users', label: 'dashboard.tile.users', icon: <IconUsers size={22} />, color: 'cyan' },
];

/** Shortcut tiles with counts (spec 000 2.5); a tile links only where the user's role may go. */
export function DashboardTiles() {
  const { t } = useTranslation();
  const role = useSession((s) => s.role);
  const counts = useQuery(dashboardCountsQuery());
  if (counts.isError && !counts.data) {
    return <LoadFailedAlert title={t('dashboard.countsFailed')} error={counts.error} onRetry={() => void counts.refetch()} />;
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
      {TILES.map((tile) => {
        const allowed = isAllowed(routeLevel(tile.to), role);
        const inner = (
          <Paper withBorder radius="md" p="md" h="100%" data-testid={`tile-${tile.key}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <ThemeIcon size={42} radius="md" variant="light" color={tile.color}>{tile.icon}</ThemeIcon>
              {counts.isLoading ? <Skeleton h={22} w={44} radius="xl" /> : (
                <Badge size="lg" variant="filled" color={tile.color} data-testid={`tile-${tile.key}-count`}>{formatNumber(counts.data?.[tile.key] ?? 0, 0)}</Badge>
              )}
            </Group>
            <Text fw={600} mt="sm" size="sm">{t(tile.label)}</Text>
          </Paper>
        );
        return allowed ? (
          <UnstyledButton key={tile.key} component={Link} to={tile.to} aria-label={t(tile.label)} style={{ display: 'block' }}>{inner}</UnstyledButton>
        ) : (
          <div key={tile.key}>{inner}</div>
        );
      })}
    </SimpleGrid>
  );
}
