import { lazy, Suspense } from 'react';
import { Center, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { businessDay, formatDate } from '@isik/domain';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { DashboardTiles } from '../components/dashboard-tiles';
import { MaterialsUsedToday, TodaysLogs } from '../components/today-tables';

/** The charts bring recharts: their own chunk, fetched after the page is drawn (the first download's budget). */
const DashboardChartsPanel = lazy(() => import('../components/dashboard-charts'));

/** Spec 000 2.5: greeting and today's date, shortcut tiles, materials used today and today's logs. */
export function DashboardPage() {
  const { t } = useTranslation();
  const firstname = useSession((s) => s.user?.firstname ?? '');
  // The company's day (Europe/Istanbul), the same day the server reads.
  const day = businessDay();
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} data-testid="dashboard-greeting">{t('dashboard.greeting', { name: firstname })}</Title>
          <Group gap="xs">
            <ThemeIcon variant="light" radius="xl"><IconCalendar size={16} /></ThemeIcon>
            <Text fw={600} data-testid="dashboard-date">{formatDate(new Date())}</Text>
          </Group>
        </Group>
      </Paper>
      <DashboardTiles />
      <Suspense fallback={<Center h={260}><Loader size="sm" /></Center>}>
        <DashboardChartsPanel />
      </Suspense>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <MaterialsUsedToday day={day} />
        <TodaysLogs day={day} />
      </SimpleGrid>
    </Stack>
  );
}
