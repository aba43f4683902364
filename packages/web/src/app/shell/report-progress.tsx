import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Progressing } from './reports-menu';

/** The Reports menu's progress dialog while a report is fetched and made; Cancel drops it. */
export default function ReportProgress({ progress, onCancel }: { progress: Progressing; onCancel: () => void }) {
  const { t } = useTranslation();
  const percent = progress.total ? Math.min(100, (progress.done / progress.total) * 100) : 0;
  const busy = progress.phase === 'generate' || progress.total === null;
  return (
    <Modal opened onClose={onCancel} title={t('reports.preparing')} centered size="sm" closeOnClickOutside={false}>
      <Stack gap="sm" data-testid="report-progress">
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {progress.phase === 'generate' ? t('reports.generating')
              : progress.total === null ? t('reports.starting')
                : t('reports.fetching', { done: progress.done, total: progress.total })}
          </Text>
          <Text size="xs" c="dimmed" tt="uppercase">{progress.format}</Text>
        </Group>
        <Progress value={busy ? 100 : percent} animated={busy} striped={busy} aria-label={t('reports.preparing')} />
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel}>{t('common.cancel')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
