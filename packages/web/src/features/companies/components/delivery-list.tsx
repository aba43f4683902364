import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime, formatNumber, hasModulePermission, type Company, type Delivery } from '@isik/domain';
import { IconEdit, IconPlus, IconTrash, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { notifyError, notifySuccess } from '../../../lib/api';
import { useReportSource, type ReportSource } from '../../../lib/report-source';
import { useSession } from '../../../lib/session';
import { companyDeliveriesQuery, fetchCompanyDeliveries, useDeleteDelivery } from '../api/deliveries-api';
import { DeliveryDialog } from './delivery-dialog';
import { DeliveryStatusDialog } from './delivery-status-dialog';
import { useLabels } from '../../../lib/labels';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const STATUS_COLORS = ['blue', 'yellow', 'green'] as const;

export function DeliveryStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Badge variant="light" color={STATUS_COLORS[status] ?? 'gray'} style={{ overflow: 'visible', minWidth: 'max-content' }}>{t(`companies.delivery.status.${status}`, { defaultValue: String(status) })}</Badge>;
}

/** Spec 000 2.9: the company's deliveries with the new-delivery and status modals; exported through the Reports menu. */
export function DeliveryList({ company }: { company: Company }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const query = useQuery(companyDeliveriesQuery(company._id));
  const rows = query.data;
  const remove = useDeleteDelivery();
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'deliveries', 'write');
  const canDelete = hasModulePermission(permissions, 'deliveries', 'delete');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Delivery | null>(null);

  const descriptionOf = (d: Delivery) => (d.status === 0 ? '' : t(`companies.delivery.statusDescription.${d.statusdescription}`, { defaultValue: '' }));

  const report = useMemo((): ReportSource<Delivery> => ({
    title: `${t('companies.tabs.deliveries')} — ${company.company_name}`,
    fileName: 'deliveries',
    columns: [
      { header: t('companies.delivery.field.date'), value: (d) => formatDate(d.date) },
      { header: t('companies.delivery.field.item'), value: (d) => d.productname, width: 2 },
      { header: t('companies.delivery.field.qty'), value: (d) => d.qty, align: 'right' },
      { header: t('companies.delivery.field.unit'), value: (d) => labels.unit(d.unit) },
      { header: t('companies.delivery.field.price'), value: (d) => d.price, align: 'right' },
      { header: t('companies.delivery.field.total'), value: (d) => d.sumPrice, align: 'right' },
      { header: t('companies.delivery.field.currency'), value: (d) => d.doviz },
      { header: t('companies.delivery.field.status'), value: (d) => t(`companies.delivery.status.${d.status}`) },
      { header: t('companies.delivery.field.statusdescription'), value: descriptionOf },
      { header: t('companies.delivery.field.deliverer'), value: (d) => d.deliverer },
      { header: t('companies.delivery.field.receiver'), value: (d) => d.receiver },
    ],
    fetchAll: () => fetchCompanyDeliveries(company._id),
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [t, labels, company._id, company.company_name]);
  useReportSource(report);

  const handleDelete = async (d: Delivery) => {
    const ok = await confirmDelete({
      message: (
        <>
          {t('msg.delivery.delete.confirm')}
          <Text span display="block" size="sm" c="dimmed" mt={6}>
            {formatDate(d.date)} · {d.productname} · {formatNumber(d.qty, 2)} {labels.unit(d.unit)}
          </Text>
        </>
      ),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(d);
      notifySuccess('msg.delivery.deleted');
    } catch (err) {
      notifyError(err);
    }
  };

  const columns: DataTableColumn<Delivery>[] = [
    { key: 'date', header: t('companies.delivery.field.date'), render: (d) => <Text size="sm" style={NOWRAP}>{formatDate(d.date)}</Text> },
    {
      key: 'item', header: t('companies.delivery.field.item'),
      render: (d) => (
        <Stack gap={0} miw={160}>
          <Text size="sm" fw={500} lineClamp={2}>{d.productname}</Text>
          <Text size="xs" c="dimmed">{t(`companies.delivery.type.${d.component_type}`, { defaultValue: d.component_type })}{d.description ? ` · ${d.description}` : ''}</Text>
        </Stack>
      ),
    },
    { key: 'qty', header: t('companies.delivery.field.qty'), align: 'right', render: (d) => <Text size="sm" style={NOWRAP}>{formatNumber(d.qty, 2)} {labels.unit(d.unit)}</Text> },
    { key: 'price', header: t('companies.delivery.field.price'), align: 'right', render: (d) => <Text size="sm" style={NOWRAP}>{formatNumber(d.price, 2)} {d.doviz}</Text> },
    { key: 'total', header: t('companies.delivery.field.total'), align: 'right', render: (d) => <Text size="sm" fw={600} style={NOWRAP}>{formatNumber(d.sumPrice, 2)} {d.doviz}</Text> },
    { key: 'status', header: t('companies.delivery.field.status'), render: (d) => <DeliveryStatusBadge status={d.status} /> },
    { key: 'statusdescription', header: t('companies.delivery.field.statusdescription'), render: (d) => <Text size="sm" style={NOWRAP}>{descriptionOf(d)}</Text> },
    {
      key: 'people', header: `${t('companies.delivery.field.deliverer')} / ${t('companies.delivery.field.receiver')}`,
      render: (d) => (
        <Stack gap={0}>
          <Text size="sm" style={NOWRAP}>{d.deliverer}</Text>
          <Text size="xs" c="dimmed" style={NOWRAP}>{d.receiver || '—'}</Text>
        </Stack>
      ),
    },
    {
      key: 'modified', header: t('companies.delivery.field.modified'),
      render: (d) => (d.modified_date ? (
        <Stack gap={0}>
          <Text size="xs" style={NOWRAP}>{formatDateTime(d.modified_date)}</Text>
          <Text size="xs" c="dimmed" style={NOWRAP}>{d.modified_user}</Text>
        </Stack>
      ) : <Text size="xs" c="dimmed">—</Text>),
    },
    {
      key: 'actions', header: '', align: 'right', width: 80,
      render: (d) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('companies.delivery.statusTitle')}>
            <ActionIcon variant="subtle" aria-label={t('companies.delivery.statusTitle')} disabled={!canWrite} onClick={(e) => { e.stopPropagation(); setEditing(d); }}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon variant="subtle" color="red" aria-label={t('common.delete')} disabled={!canDelete} onClick={(e) => { e.stopPropagation(); void handleDelete(d); }}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const addButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)} disabled={!canWrite}>{t('companies.delivery.add')}</Button>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{rows ? t('companies.delivery.total', { count: rows.length }) : ''}</Text>
        {addButton}
      </Group>
      {query.error && !rows ? (
        <LoadFailedAlert title={t('companies.delivery.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : rows && rows.length === 0 ? (
        <EmptyState icon={<IconTruckDelivery size={34} stroke={1.5} />} title={t('companies.delivery.emptyTitle')} text={t('companies.delivery.emptyText')} />
      ) : (
        <DataTable columns={columns} rows={rows} rowKey={(d) => d._id} loading={query.isFetching} minWidth={860} onRowClick={canWrite ? setEditing : undefined} />
      )}
      <DeliveryDialog opened={creating} onClose={() => setCreating(false)} company={company} />
      <DeliveryStatusDialog delivery={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
