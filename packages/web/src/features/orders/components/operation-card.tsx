import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Collapse, Group, List, RingProgress, SimpleGrid, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { canRecord, formatDateTime, formatNumber, operationRemaining } from '@isik/domain';
import { IconChevronDown, IconChevronUp, IconPencil, IconPlayerPlay, IconCheck, IconRotate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { openConfirmModal } from '@mantine/modals';
import { ApiError, notifyError, notifySuccess } from '../../../lib/api';
import { useOperationAction } from '../api/orders-api';
import { operationAction, operationStatusColor, percentAfter, resetSummary, shortagesOf } from '../model/order-logic';
import type { Operation, OrderItem } from '../model/types';
import { OperationStatusBadge } from './status-badges';

const INSUFFICIENT_STOCK = 'order.operation.insufficientStock';

export interface OperationCardProps {
  item: OrderItem;
  operation: Operation;
  /** Roles below 2 see the edit icon (spec 002 2.4). */
  onEdit?: () => void;
  /** The phone layout of the QR route: bigger controls, history folded. */
  phone?: boolean;
  defaultOpen?: boolean;
}

/**
 * One operation of a line (spec 002 2.4, 4): percent circle, staff, dates, quantity to produce and completed, the
 * quantity to record now (0..Qty-completed; a click on the produced quantity fills the rest), the status button
 * (Start / Complete / Reset) and the history with its stock effect. Every action is its own server call.
 */
export function OperationCard({ item, operation: op, onEdit, phone = false, defaultOpen = true }: OperationCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const [counter, setCounter] = useState<number | ''>('');
  const action = useOperationAction();
  const remaining = operationRemaining(op);
  const next = operationAction(op.OperationStatus);
  const recordable = canRecord(op, counter === '' ? '' : Number(counter));
  const size = phone ? 'lg' : 'sm';

  const run = (a: 'start' | 'record' | 'finish' | 'reset', qty?: number, force = false) => action.mutate(
    { itemId: item._id, operationId: op._id, action: a, qty, force },
    {
      onSuccess: () => {
        if (a === 'record') setCounter('');
        notifySuccess(`orders.notice.${a}`);
      },
      onError: (err) => {
        // Spec 002 4: finishing a 'Yarı Mamül' with too little component stock asks before going on.
        // Every short component is listed in one dialog (issue 23).
        if (a === 'finish' && !force && err instanceof ApiError && err.code === INSUFFICIENT_STOCK) {
          const short = shortagesOf(err.body);
          openConfirmModal({
            title: t('orders.op.shortTitle'), centered: true,
            children: short.length ? (
              <Stack gap="xs" data-testid="op-shortages">
                <Text size="sm">{t('orders.op.shortIntro')}</Text>
                <List size="sm">{short.map((x) => <List.Item key={x.name}>{x.name}: {formatNumber(x.stock)} / {formatNumber(x.needed)}</List.Item>)}</List>
                <Text size="sm">{t('orders.op.continue')}</Text>
              </Stack>
            ) : <Text size="sm">{err.message} {t('orders.op.continue')}</Text>,
            labels: { confirm: t('common.yes'), cancel: t('common.no') },
            onConfirm: () => run('finish', undefined, true),
          });
          return;
        }
        notifyError(err);
      },
    },
  );

  // A reset wipes the recorded production and gives back the stock it took: ask first, saying what (issue 23).
  const confirmReset = () => {
    const sum = resetSummary(op);
    openConfirmModal({
      title: t('orders.op.resetTitle'), centered: true,
      children: (
        <Stack gap="xs" data-testid="op-reset-confirm">
          <Text size="sm">{t('orders.op.resetConfirm', { operation: op.Operation, qty: formatNumber(sum.completed), entries: sum.entries })}</Text>
          {sum.materials.length ? (
            <>
              <Text size="sm">{t('orders.op.resetStock')}</Text>
              <List size="sm">{sum.materials.map((m) => <List.Item key={m.name}>{m.name}: {formatNumber(m.qty)} {m.unit}</List.Item>)}</List>
            </>
          ) : <Text size="sm">{t('orders.op.resetNoStock')}</Text>}
        </Stack>
      ),
      labels: { confirm: t('orders.op.reset'), cancel: t('common.cancel') }, confirmProps: { color: 'red' },
      onConfirm: () => run('reset'),
    });
  };

  const statusButton = next === 'start'
    ? <Button size={size} color="red" leftSection={<IconPlayerPlay size={16} />} loading={action.isPending} onClick={() => run('start')} data-testid="op-start">{t('orders.op.start')}</Button>
    : next === 'finish'
      ? <Button size={size} color="yellow" leftSection={<IconCheck size={16} />} loading={action.isPending} onClick={() => run('finish')} data-testid="op-finish">{t('orders.op.finish')}</Button>
      : <Button size={size} color="green" variant="light" leftSection={<IconRotate size={16} />} loading={action.isPending} onClick={confirmReset} data-testid="op-reset">{t('orders.op.reset')}</Button>;

  const history = op.OperationComplatedList ?? [];
  return (
    <Card withBorder radius="md" padding={phone ? 'lg' : 'md'} data-testid={`operation-${op._id}`} aria-label={op.Operation}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" gap="md">
          <RingProgress
            size={phone ? 96 : 76} thickness={phone ? 9 : 7} roundCaps
            sections={[{ value: Math.min(100, op.OperationPercent), color: operationStatusColor(op.OperationStatus) }]}
            label={<Text ta="center" fw={700} size={phone ? 'md' : 'sm'} data-testid="op-percent">{formatNumber(op.OperationPercent, 1)}%</Text>}
          />
          <Stack gap={2}>
            <Text fw={700} size={phone ? 'xl' : 'md'}>{op.Operation}</Text>
            <Group gap={6}>
              <OperationStatusBadge status={op.OperationStatus} />
              {op.OperationStaff && <Text size="sm" c="dimmed" data-testid="op-staff">{op.OperationStaff}</Text>}
            </Group>
            <Text size="xs" c="dimmed">
              {t('orders.op.started')}: {op.OperationStartTime ? formatDateTime(op.OperationStartTime) : '—'} · {t('orders.op.finished')}: {op.OperationFinishTime ? formatDateTime(op.OperationFinishTime) : '—'}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          {onEdit && (
            <Tooltip label={t('orders.op.edit')}>
              <ActionIcon variant="subtle" aria-label={t('orders.op.edit')} onClick={onEdit}><IconPencil size={18} /></ActionIcon>
            </Tooltip>
          )}
          {!phone && (
            <ActionIcon variant="subtle" color="gray" aria-label={t(open ? 'orders.op.collapse' : 'orders.op.expand')} onClick={() => setOpen((o) => !o)}>
              {open ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
            </ActionIcon>
          )}
        </Group>
      </Group>
      <Collapse in={open || phone}>
        <SimpleGrid cols={{ base: 2, sm: phone ? 2 : 4 }} mt="md" spacing="sm">
          <div>
            <Text size="xs" c="dimmed">{t('orders.op.toProduce')}</Text>
            <Text fw={700} size={phone ? 'xl' : 'md'} data-testid="op-qty">{formatNumber(op.Qty)} {item.urun_birimi}</Text>
          </div>
          <UnstyledButton
            onClick={() => remaining > 0 && op.OperationStatus !== 2 && setCounter(remaining)}
            aria-label={t('orders.op.fillRest')} title={t('orders.op.fillRest')} data-testid="op-completed"
          >
            <Text size="xs" c="dimmed">{t('orders.op.completed')}</Text>
            <Text fw={700} size={phone ? 'xl' : 'md'} c="blue">{formatNumber(op.OperationComplated)} / {formatNumber(op.Qty)}</Text>
          </UnstyledButton>
          <NumberField
            label={t('orders.op.recordNow')} size={size} min={0} max={remaining} decimalScale={2} allowNegative={false}
            value={counter} onChange={(v) => setCounter(v === '' ? '' : Number(v))} disabled={op.OperationStatus === 2 || remaining <= 0}
            description={recordable ? t('orders.op.after', { percent: formatNumber(percentAfter(Number(counter), op), 1) }) : t('orders.op.remaining', { qty: formatNumber(remaining) })}
            data-testid="op-counter"
          />
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Button
              size={size} disabled={!recordable || action.isPending} loading={action.isPending && action.variables?.action === 'record'}
              onClick={() => run('record', Number(counter))} data-testid="op-record"
            >
              {t('orders.op.record')}
            </Button>
            {statusButton}
          </Group>
        </SimpleGrid>
        {history.length > 0 && (
          <Table mt="md" striped withTableBorder fz={phone ? 'sm' : 'xs'} data-testid="op-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.history.date')}</Table.Th>
                <Table.Th ta="right">{t('orders.history.qty')}</Table.Th>
                <Table.Th>{t('orders.history.staff')}</Table.Th>
                <Table.Th>{t('orders.history.stock')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((h, i) => (
                <Table.Tr key={`${h.Date}-${i}`}>
                  <Table.Td>{formatDateTime(h.Date)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(h.Qty)}</Table.Td>
                  <Table.Td>{h.Staff}</Table.Td>
                  <Table.Td>
                    <Badge size="xs" variant="light" color={h.stockupdate ? 'orange' : 'gray'}>{t(h.stockupdate ? 'orders.history.stockOut' : 'orders.history.noStock')}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Collapse>
    </Card>
  );
}
