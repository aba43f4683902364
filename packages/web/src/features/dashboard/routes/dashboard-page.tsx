import { Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { formatDate } from '@isik/domain';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';

/** Spec 000 2.5: greeting and today's date; the tiles and today's tables come with their features. */
export function DashboardPage() {
  const { t } = useTranslation();
  const firstname = useSession((s) => s.user?.firstname ?? '');
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} data-testid="dashboard-greeting">{t('dashboard.greeting', { name: firstname })}</Title>
        <Group gap="xs">
          <ThemeIcon variant="light" radius="xl"><IconCalendar size={16} /></ThemeIcon>
          <Text fw={600} data-testid="dashboard-date">{formatDate(new Date())}</Text>
        </Group>
      </Group>
    </Paper>
  );
}
