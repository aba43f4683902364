import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { notifyError, notifySuccess } from '../../../lib/api';
import { useUpdateOrderItem } from '../api/orders-api';
import type { Operation, OrderItem } from '../model/types';

/** Spec 002 2.4: roles below 2 correct an operation's quantity to produce and its completed quantity. */
export function OperationEditModal({ item, operation, onClose }: { item: OrderItem; operation: Operation; onClose: () => void }) {
  const { t } = useTranslation();
  const [qty, setQty] = useState<number | ''>(operation.Qty);
  const [done, setDone] = useState<number | ''>(operation.OperationComplated);
  const save = useUpdateOrderItem();
  const valid = qty !== '' && Number.isFinite(qty) && qty > 0 && done !== '' && Number.isFinite(done) && done >= 0 && done <= qty;
  const submit = () => {
    if (!valid) return;
    const percent = Math.min(100, (Number(done) / Number(qty)) * 100);
    const Operations = item.Operations.map((op) => (op._id === operation._id
      ? { ...op, Qty: Number(qty), OperationComplated: Number(done), OperationPercent: percent, OperationStatus: percent >= 100 ? 2 : percent > 0 ? 1 : op.OperationStatus }
      : op));
    save.mutate({ ...item, Operations }, {
      onSuccess: () => { notifySuccess('orders.notice.updated'); onClose(); },
      onError: (e) => notifyError(e),
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('orders.op.editTitle', { name: operation.Operation })} centered>
      <Stack>
        <NumberField label={t('orders.op.toProduce')} min={0} decimalScale={2} allowNegative={false} value={qty} onChange={(v) => setQty(v === '' ? '' : Number(v))} />
        <NumberField label={t('orders.op.completed')} min={0} max={qty === '' ? undefined : Number(qty)} decimalScale={2} allowNegative={false} value={done} onChange={(v) => setDone(v === '' ? '' : Number(v))} />
        {!valid && <Text size="sm" c="red">{t('orders.op.editInvalid')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={submit} disabled={!valid} loading={save.isPending}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
