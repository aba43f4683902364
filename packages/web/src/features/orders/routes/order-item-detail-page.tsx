import { useEffect, useState } from 'react';
import {
  ActionIcon, Anchor, Breadcrumbs, Button, Group, Image, Menu, Modal, Paper, Progress, Radio, Select, SimpleGrid, Stack, Table, Text, Title,
} from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, isUndetermined, joinOfferCode, undeterminedCount } from '@isik/domain';
import { IconBuildingFactory2, IconCalendar, IconDeviceFloppy, IconDotsVertical, IconPencil, IconPlus, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordFallback } from '../../../components/record-fallback';
import { notifyError, notifySuccess } from '../../../lib/api';
import { useCanDo } from '../../../lib/can-do';
import { orderItemQuery, useRefreshComponents, useUpdateOrderItem } from '../api/orders-api';
import { OperationDetailModal, newDetailRow } from '../components/operation-detail-modal';
import { OperationStatusBadge } from '../components/status-badges';
import { LineCostCard } from '../components/line-cost-card';
import { progressLabelKey } from '../model/order-logic';
import type { Operation, OrderItem } from '../model/types';
import { TEMP_ID_PREFIX } from '../model/update-body';

const ORDER_TYPES = ['default', 'material', 'production', 'suply', 'takeoff_stock'] as const;
/** Choosing one of these makes the line ready at once (spec 002 4). */
const READY_TYPES: readonly string[] = ['material', 'takeoff_stock', 'suply'];
const OPERATION_NAMES = ['Dizgi', 'Mekanik Montaj', 'Paketleme', 'E-Test', 'Harici İşlem', 'Onay', 'Yarı Mamül'];

function tempId(): string {
  return `${TEMP_ID_PREFIX}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Spec 002 2.4: the order item editor (order type, operations and their materials). */
export function OrderItemDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Spec 002 6: only roles below 3 see the operation row menus (add, edit, delete).
  const mayEditOperations = useCanDo('order.operations.edit');
  const query = useQuery(orderItemQuery(id));
  const save = useUpdateOrderItem();
  const refresher = useRefreshComponents();
  const [draft, setDraft] = useState<OrderItem | null>(null);
  const [dirty, setDirty] = useState(false);
  const [detailOf, setDetailOf] = useState<Operation | null>(null);
  const [adding, setAdding] = useState(false);
  const [newName, setNewName] = useState<string | null>(OPERATION_NAMES[0]);

  // An untouched form follows the server (live events, another user's save); an edited one keeps the edits.
  useEffect(() => {
    if (query.data && !dirty) setDraft(query.data);
  }, [query.data, dirty]);

  const crumbs = (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to="/orderitemlist" size="sm">{t('menu.orderItems')}</Anchor>
      <Anchor component={Link} to={`/orderproductiondetail/${id}`} size="sm">{query.data?.urun_adi ?? '…'}</Anchor>
      <Text size="sm" c="dimmed">{t('orders.editor.title')}</Text>
    </Breadcrumbs>
  );
  if (!draft) {
    return (
      <RecordFallback
        crumbs={crumbs} query={query} loadFailedTitle={t('orders.detail.loadFailed')}
        notFound={{ icon: <IconBuildingFactory2 size={34} />, title: t('orders.detail.notFound'), text: t('orders.detail.notFoundText'), backTo: '/orderitemlist', backLabel: t('menu.orderItems') }}
      />
    );
  }
  const change = (patch: Partial<OrderItem>) => { setDraft((d) => (d ? { ...d, ...patch } : d)); setDirty(true); };
  const setOps = (ops: Operation[]) => change({ Operations: ops });

  const doSave = (item: OrderItem, patch: { ready?: boolean; refreshcomponentlist?: boolean } = {}) => save.mutate({ item, ...patch }, {
    onSuccess: (saved) => { setDirty(false); setDraft(saved); notifySuccess('orders.notice.updated'); },
    onError: (e) => notifyError(e),
  });
  const submit = () => {
    const n = undeterminedCount(draft.Operations);
    if (n === 0) { doSave(draft, { ready: true }); return; }
    openConfirmModal({
      title: t('orders.editor.saveTitle'), centered: true,
      children: <Text size="sm" data-testid="undetermined-confirm">{t('orders.editor.undetermined', { count: n })}</Text>,
      labels: { confirm: t('common.yes'), cancel: t('common.no') },
      onConfirm: () => doSave(draft, { ready: false }),
    });
  };
  const refreshComponents = () => refresher.mutate(draft, {
    onSuccess: (saved) => { setDirty(false); setDraft(saved); notifySuccess('orders.notice.updated'); },
    onError: (e) => notifyError(e),
  });

  const addOperation = () => {
    if (!newName) return;
    const op: Operation = {
      _id: tempId(), Operation: newName, Qty: draft.urun_miktari, OperationStartTime: null, OperationFinishTime: null, OperationStaff: '',
      OperationStatus: 0, OperationPercent: 0, OperationDescription: '', OperationComplated: 0, OperationComplatedList: [], OperationComponent: [],
      OperationDetails: [{ ...newDetailRow(), totalQty: draft.urun_miktari }],
    };
    setOps([...draft.Operations, op]);
    setAdding(false);
  };
  const removeOperation = (op: Operation) => openConfirmModal({
    title: t('notice.deleteTitle'), centered: true, children: <Text size="sm">{t('orders.editor.deleteOperation', { name: op.Operation })}</Text>,
    labels: { confirm: t('common.yes'), cancel: t('common.no') }, confirmProps: { color: 'red' },
    onConfirm: () => setOps(draft.Operations.filter((o) => o._id !== op._id)),
  });

  return (
    <>
      {crumbs}
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2}>{draft.urun_adi}</Title>
        <Group gap="xs">
          {draft.order_type === 'production' && (
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refreshComponents} loading={refresher.isPending} disabled={dirty}>{t('orders.editor.refreshComponents')}</Button>
          )}
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={submit} loading={save.isPending} data-testid="editor-save">{t('common.save')}</Button>
          <Button variant="default" leftSection={<IconX size={16} />} onClick={() => void navigate('/orderitemlist')}>{t('common.close')}</Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md" mb="md">
        <Group align="flex-start" wrap="nowrap" gap="lg">
          {draft.urun_resim && <Image src={draft.urun_resim} w={110} h={110} fit="contain" radius="sm" alt={draft.urun_adi} />}
          <Stack gap="sm" style={{ flex: 1 }}>
            <Radio.Group label={t('orders.editor.orderType')} value={draft.order_type} onChange={(v) => change({ order_type: v, ...(READY_TYPES.includes(v) ? { ready: true } : {}) })}>
              <Group gap="md" mt={4}>
                {ORDER_TYPES.map((ot) => <Radio key={ot} value={ot} label={t(`orders.type.${ot}`)} />)}
              </Group>
            </Radio.Group>
            <Text size="sm"><Text span c="dimmed">{t('orders.editor.code')}: </Text>{joinOfferCode(draft.urun_kodu) || '—'}</Text>
            <DateInput
              label={t('orders.field.promisedDate')} valueFormat="DD.MM.YYYY" clearable leftSection={<IconCalendar size={16} />} maw={220}
              value={draft.promised_date} onChange={(d) => change({ promised_date: d || null })} data-testid="editor-promised-date"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <div>
                <Text size="xs" c="dimmed">{t(progressLabelKey(draft.tamamlanmaOrani))}</Text>
                <Group gap={6} wrap="nowrap"><Progress value={draft.tamamlanmaOrani} color={draft.ready ? 'green' : 'red'} style={{ flex: 1 }} /><Text size="sm" fw={600}>{formatNumber(draft.tamamlanmaOrani, 1)}%</Text></Group>
              </div>
              <div><Text size="xs" c="dimmed">{t('orders.field.ordered')}</Text><Text size="sm" fw={600}>{formatNumber(draft.urun_miktari)} {draft.urun_birimi}</Text></div>
              <div><Text size="xs" c="dimmed">{t('orders.field.delivered')}</Text><Text size="sm" fw={600}>{formatNumber(draft.teslim_edilmis)} {draft.urun_birimi}</Text></div>
            </SimpleGrid>
          </Stack>
        </Group>
      </Paper>
      <LineCostCard lineId={draft._id} version={query.data?.__v ?? 0} />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('orders.editor.operations')}</Title>
          {mayEditOperations && <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} data-testid="add-operation">{t('orders.editor.addOperation')}</Button>}
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder fz="sm" data-testid="editor-operations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.op.name')}</Table.Th>
                <Table.Th ta="right">{t('orders.op.toProduce')}</Table.Th>
                <Table.Th ta="right">{t('orders.op.completed')}</Table.Th>
                <Table.Th ta="right">%</Table.Th>
                <Table.Th>{t('orders.op.status')}</Table.Th>
                <Table.Th>{t('orders.editor.materials')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.Operations.map((op) => {
                const open = (op.OperationDetails ?? []).filter(isUndetermined).length;
                return (
                  <Table.Tr key={op._id}>
                    <Table.Td>{op.Operation}</Table.Td>
                    <Table.Td ta="right">{formatNumber(op.Qty)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(op.OperationComplated)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(op.OperationPercent, 1)}</Table.Td>
                    <Table.Td><OperationStatusBadge status={op.OperationStatus} /></Table.Td>
                    <Table.Td>
                      {open > 0 ? <Text size="sm" c="red">{t('orders.materials.selectionRequired')} ({open})</Text> : <Text size="sm">{(op.OperationDetails ?? []).length}</Text>}
                    </Table.Td>
                    <Table.Td>
                      {mayEditOperations && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target><ActionIcon variant="subtle" color="gray" aria-label={t('orders.editor.rowMenu', { name: op.Operation })}><IconDotsVertical size={16} /></ActionIcon></Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setDetailOf(op)}>{t('orders.editor.editOperation')}</Menu.Item>
                            <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>{t('orders.editor.addOperation')}</Menu.Item>
                            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => removeOperation(op)}>{t('common.delete')}</Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {detailOf && (
        <OperationDetailModal
          operation={detailOf} orderQty={draft.urun_miktari} onClose={() => setDetailOf(null)}
          onApply={(op) => { setOps(draft.Operations.map((o) => (o._id === op._id ? op : o))); setDetailOf(null); }}
        />
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('orders.editor.newOperation')} centered size="sm">
        <Stack>
          <Select label={t('orders.op.name')} data={OPERATION_NAMES} value={newName} onChange={setNewName} allowDeselect={false} comboboxProps={{ withinPortal: true }} data-testid="new-operation-name" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAdding(false)}>{t('common.cancel')}</Button>
            <Button onClick={addOperation} data-testid="new-operation-add">{t('common.add')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
