import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Group, Paper, Select, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, STOCK_PAGE_SIZE, formatDate, formatNumber, hasModulePermission, type Material, type MaterialMovement, type MaterialMovementList } from '@isik/domain';
import { IconAlertTriangle, IconArrowDownRight, IconArrowUpRight, IconLock, IconPencil, IconScale, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PaginationControl } from '../../../components/pagination-control';
import { api, notifyError, notifySuccess } from '../../../lib/api';
import { allPagesOf, useReportSource, type ReportSource } from '../../../lib/report-source';
import { useSession } from '../../../lib/session';
import { materialMovementsQuery, useDeleteMovement } from '../api/materials-api';
import { MovementDialog } from './movement-dialog';
import { StockAmount } from './stock-amount';
import { useLabels } from '../../../lib/labels';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** The ledger's page sizes: the list sizes plus its own default. */
const STOCK_PAGE_SIZES = [...new Set<number>([...PAGE_SIZES, STOCK_PAGE_SIZE])].sort((a, b) => a - b);

function SummaryCard({ label, icon, color, children, testId }: { label: string; icon: React.ReactNode; color: string; children: React.ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{label}</Text>
          {children}
        </Stack>
        <ThemeIcon variant="light" color={color} size={38} radius="md">{icon}</ThemeIcon>
      </Group>
    </Paper>
  );
}

function signed(value: number, decimals: number): string {
  return `${value > 0 ? '+' : ''}${formatNumber(value, decimals)}`;
}

export interface StockPanelProps {
  material: Material;
  /** Opened from outside (e.g. the page's 'new stock operation' button). */
  dialogOpen: boolean;
  onDialogChange: (open: boolean) => void;
}

/** Spec 001 2.6 and 4.3: the summary cards (in, out, balance), the paged ledger newest first, and its dialog. */
export function StockPanel({ material, dialogOpen, onDialogChange }: StockPanelProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(STOCK_PAGE_SIZE);
  const [editing, setEditing] = useState<MaterialMovement | null>(null);
  const query = useQuery(materialMovementsQuery(material._id, page, pageSize));
  const data = query.data;
  const remove = useDeleteMovement();
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'stock', 'write');
  const canDelete = hasModulePermission(permissions, 'stock', 'delete');
  const balance = data?.balance ?? material.stockSum;
  const unit = material.material_unit;

  const openEdit = (m: MaterialMovement) => {
    setEditing(m);
    onDialogChange(true);
  };
  const handleDelete = async (m: MaterialMovement) => {
    const ok = await confirmDelete({
      message: (
        <>
          {t('msg.stock.delete.confirm')}
          <Text span display="block" size="sm" c="dimmed" mt={6}>
            {formatDate(m.operation_date)} · {t(`materials.type.${m.operation_type}`, { defaultValue: m.operation_type })} · {signed(m.sumQty, 2)} {labels.unit(m.unit)}
          </Text>
        </>
      ),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(m);
      notifySuccess('materials.notice.movementDeleted');
    } catch (err) {
      // 409 for movements made by production, deliveries or purchases: the message names the record to undo.
      notifyError(err);
    }
  };

  // The Reports menu exports the material's whole ledger (every page), newest first like the table.
  const materialId = material._id;
  const materialName = material.material_name;
  const report = useMemo((): ReportSource<MaterialMovement> => ({
    title: `${materialName} · ${t('materials.stock.movements')}`,
    fileName: 'material-movements',
    columns: [
      { header: t('materials.movement.date'), value: (m) => formatDate(m.operation_date), width: 0.9 },
      { header: t('materials.movement.type'), value: (m) => t(`materials.type.${m.operation_type}`, { defaultValue: m.operation_type }), width: 0.8 },
      { header: t('materials.movement.center'), value: (m) => t(`materials.center.${m.operation_center}`, { defaultValue: m.operation_center }) },
      { header: t('materials.movement.qty'), value: (m) => m.sumQty, decimals: 2, width: 0.9 },
      { header: t('materials.field.unit'), value: (m) => labels.unit(m.unit), width: 0.6 },
      { header: t('materials.movement.price'), value: (m) => m.price, decimals: 4, width: 0.9 },
      { header: t('materials.movement.sum'), value: (m) => m.sumPrice, decimals: 2, width: 0.9 },
      { header: t('materials.field.currency'), value: (m) => m.doviz, width: 0.6 },
      { header: t('materials.movement.runTotal'), value: (m) => m.runTotal ?? 0, decimals: 2, width: 0.9 },
      { header: t('materials.movement.description'), value: (m) => m.description, width: 2 },
    ],
    fetchAll: allPagesOf(
      (page, pageSize) => api<MaterialMovementList>(`/stock/list/${encodeURIComponent(materialId)}`, { query: { page, pageSize } }),
      (r) => r.stock,
    ),
  }), [t, labels, materialId, materialName]);
  useReportSource(report);

  const columns: DataTableColumn<MaterialMovement>[] = [
    { key: 'date', header: t('materials.movement.date'), render: (m) => <Text size="sm" style={NOWRAP}>{formatDate(m.operation_date)}</Text> },
    {
      key: 'type', header: t('materials.movement.type'),
      render: (m) => (
        <Badge
          variant="light"
          color={m.operation_type === 'cikis' ? 'red' : 'teal'}
          leftSection={m.operation_type === 'cikis' ? <IconArrowUpRight size={12} /> : <IconArrowDownRight size={12} />}
        >
          {t(`materials.type.${m.operation_type}`, { defaultValue: m.operation_type })}
        </Badge>
      ),
    },
    { key: 'center', header: t('materials.movement.center'), render: (m) => <Text size="sm" style={NOWRAP}>{t(`materials.center.${m.operation_center}`, { defaultValue: m.operation_center })}</Text> },
    {
      key: 'qty', header: t('materials.movement.qty'), align: 'right',
      render: (m) => <Text size="sm" fw={600} c={m.sumQty < 0 ? 'red' : 'teal'} style={NOWRAP}>{signed(m.sumQty, 2)}</Text>,
    },
    { key: 'unit', header: t('materials.field.unit'), render: (m) => <Text size="sm">{labels.unit(m.unit)}</Text> },
    { key: 'price', header: t('materials.movement.price'), align: 'right', render: (m) => <Text size="sm" style={NOWRAP}>{formatNumber(m.price, 4)} {m.doviz}</Text> },
    {
      key: 'sum', header: t('materials.movement.sum'), align: 'right',
      render: (m) => <Text size="sm" c={m.sumPrice < 0 ? 'red' : undefined} style={NOWRAP}>{signed(m.sumPrice, 2)} {m.doviz}</Text>,
    },
    { key: 'run', header: t('materials.movement.runTotal'), align: 'right', render: (m) => <StockAmount value={m.runTotal ?? 0} /> },
    {
      key: 'description', header: t('materials.movement.description'),
      render: (m) => (
        <Stack gap={2}>
          {m.description && <Text size="sm" lineClamp={2} maw={260} title={m.description}>{m.description}</Text>}
          {(m.order_id || m.orderitem_id) && (
            <Group gap={8}>
              {m.order_id && <Anchor component={Link} to={`/order/${m.order_id}`} size="xs">{t('materials.movement.order')}</Anchor>}
              {m.orderitem_id && <Anchor component={Link} to={`/orderitemdetail/${m.orderitem_id}`} size="xs">{t('materials.movement.production')}</Anchor>}
            </Group>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions', header: '', align: 'right', width: 90,
      render: (m) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {m.source === 'manual' ? (canWrite && (
            <Tooltip label={t('common.edit')} withArrow>
              <ActionIcon variant="subtle" aria-label={t('common.edit')} onClick={() => openEdit(m)}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          )) : (
            <Tooltip label={t(`materials.source.${m.source}`)} withArrow>
              <ThemeIcon variant="transparent" color="gray" aria-label={t(`materials.source.${m.source}`)}><IconLock size={16} /></ThemeIcon>
            </Tooltip>
          )}
          {canDelete && m.source === 'manual' && (
          <Tooltip label={t('common.delete')} withArrow>
            <ActionIcon variant="subtle" color="red" aria-label={t('common.delete')} onClick={() => void handleDelete(m)} loading={remove.isPending && remove.variables?._id === m._id}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <SummaryCard label={t('materials.stock.in')} icon={<IconArrowDownRight size={22} />} color="teal" testId="stock-total-in">
          <Text fz={22} fw={700}>{formatNumber(data?.totalIn ?? material.stockIn, 2)} <Text span size="sm" c="dimmed">{unit}</Text></Text>
        </SummaryCard>
        <SummaryCard label={t('materials.stock.out')} icon={<IconArrowUpRight size={22} />} color="red" testId="stock-total-out">
          <Text fz={22} fw={700}>{formatNumber(data?.totalOut ?? material.stockOut, 2)} <Text span size="sm" c="dimmed">{unit}</Text></Text>
        </SummaryCard>
        <SummaryCard label={t('materials.stock.balance')} icon={<IconScale size={22} />} color={balance < 0 ? 'red' : 'blue'} testId="stock-balance">
          <Group gap={6} wrap="nowrap"><StockAmount value={balance} size="22px" fw={700} /><Text span size="sm" c="dimmed">{unit}</Text></Group>
        </SummaryCard>
      </SimpleGrid>
      {balance < 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="negative-stock-alert">
          {t('materials.stock.negativeText', { value: formatNumber(balance, 2), unit })}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={4}>{t('materials.stock.movements')}</Title>
            <Text size="sm" c="dimmed">{t('materials.stock.count', { total: data?.totalItemCount ?? 0 })}</Text>
          </Stack>
          <Group gap="xs">
            <Select
              aria-label={t('materials.list.pageSize')}
              w={90}
              data={STOCK_PAGE_SIZES.map(String)}
              value={String(pageSize)}
              onChange={(v) => { setPageSize(Number(v) || STOCK_PAGE_SIZE); setPage(1); }}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        </Group>
        <DataTable
          columns={columns}
          rows={data?.stock}
          rowKey={(m) => m._id}
          loading={query.isFetching}
          minWidth={860}
          emptyText={t('materials.stock.empty')}
        />
        <PaginationControl page={page} totalPages={data?.totalPage ?? 0} onChange={setPage} disabled={query.isPlaceholderData} />
      </Paper>
      <MovementDialog
        opened={dialogOpen}
        onClose={() => {
          onDialogChange(false);
          setEditing(null);
        }}
        material={material}
        balance={balance}
        movement={editing}
      />
    </Stack>
  );
}
