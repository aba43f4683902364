import { Badge, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, isCommandSuccess, type Command } from '@isik/domain';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { commandsQuery } from '../api/devices-api';

/** Command history (spec 002 2.10): date DD.MM.YYYY HH:MM, command, user, status (completed green, anything else red). */
export function HistoryTab({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const q = useQuery(commandsQuery(deviceId));
  if (q.isError && !q.data) return <LoadFailedAlert title={t('devices.history.loadFailed')} error={q.error} onRetry={() => void q.refetch()} />;
  const columns: DataTableColumn<Command>[] = [
    { key: 'date', header: t('devices.history.date'), render: (c) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.timestamp)}</Text> },
    { key: 'command', header: t('devices.history.command'), render: (c) => <Text size="sm">{c.command} <Text span c="dimmed" size="xs">{c.payload.value}% · {c.payload.macs.length}</Text></Text> },
    { key: 'user', header: t('devices.history.user'), render: (c) => c.user },
    {
      key: 'status', header: t('devices.history.status'),
      render: (c) => (
        <Tooltip label={t('devices.history.attempts', { count: c.attempts })} withArrow>
          <Badge color={isCommandSuccess(c.status) ? 'green' : 'red'} variant="filled" data-status={c.status}>{t(`devices.history.statuses.${c.status}`)}</Badge>
        </Tooltip>
      ),
    },
  ];
  return <DataTable columns={columns} rows={q.data?.commandList} rowKey={(c) => c._id} loading={q.isFetching && !q.data} emptyText={t('devices.history.empty')} minWidth={560} />;
}
