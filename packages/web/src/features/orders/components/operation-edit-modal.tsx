import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { formatNumber } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { notifyError, notifySuccess } from '../../../lib/api';
import { useUpdateOrderItem } from '../api/orders-api';
import type { Operation, OrderItem } from '../model/types';

/**
 * Spec 002 2.4: roles below 2 correct an operation's quantity to produce (not below what is completed). The completed
 * quantity changes only through the card's record and reset (each one stock-moving transaction on the server).
 */
export function OperationEditModal({ item, operation, onClose }: { item: OrderItem; operation: Operation; onClose: () => void }) {
  const { t } = useTranslation();
  const [qty, setQty] = useState<number | ''>(operation.Qty);
  const save = useUpdateOrderItem();
  const valid = qty !== '' && Number.isFinite(qty) && qty > 0 && qty >= operation.OperationComplated;
  const submit = () => {
    if (!valid) return;
    const Operations = item.Operations.map((op) => (op._id === operation._id ? { ...op, Qty: Number(qty) } : op));
    save.mutate({ item: { ...item, Operations } }, {
      onSuccess: () => { notifySuccess('orders.notice.updated'); onClose(); },
      onError: (e) => notifyError(e),
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('orders.op.editTitle', { name: operation.Operation })} centered>
      <Stack>
        <NumberField label={t('orders.op.toProduce')} min={0} decimalScale={2} allowNegative={false} value={qty} onChange={(v) => setQty(v === '' ? '' : Number(v))} data-testid="op-edit-qty" />
        <TextInput label={t('orders.op.completed')} value={formatNumber(operation.OperationComplated)} readOnly description={t('orders.op.completedHint')} />
        {!valid && <Text size="sm" c="red">{t('orders.op.editInvalid')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={submit} disabled={!valid} loading={save.isPending}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
