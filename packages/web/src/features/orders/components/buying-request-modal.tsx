import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { tm } from '../../../i18n';
import { fieldErrorsOf, notifyError, notifySuccess } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useCreateBuyingRequest } from '../api/orders-api';
import type { ComponentRow } from '../model/types';

/** Spec 002 2.3: a purchase request for a missing material, in the shape of 001 7 (status 0, the caller as related person). */
export function BuyingRequestModal({ row, onClose }: { row: ComponentRow; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [qty, setQty] = useState<number | ''>(row.shortage > 0 ? row.shortage : row.required);
  const [note, setNote] = useState(t('orders.components.requestNote', { name: row.material_name }));
  const [person, setPerson] = useState(user ? `${user.firstname} ${user.lastname}`.trim() : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateBuyingRequest();
  const submit = () => {
    if (qty === '' || !Number.isFinite(qty) || qty <= 0) { setErrors({ material_qty: 'buying.qty.invalid' }); return; }
    create.mutate({
      siparis_notu: note, material_id: row.material_id, material_name: row.material_name, material_group: row.material_group,
      material_category: row.material_category, material_qty: qty, material_unit: row.material_unit, satinalma_durumu: 0, related_person: person,
    }, {
      onSuccess: () => { notifySuccess('orders.notice.requestCreated'); onClose(); },
      onError: (err) => { setErrors(fieldErrorsOf(err) ?? {}); notifyError(err); },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('orders.components.requestTitle')} centered size="lg">
      <Stack gap="sm">
        <TextInput label={t('orders.materials.material')} value={row.material_name} readOnly />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('orders.materials.category')} value={row.material_category} readOnly />
          <TextInput label={t('orders.materials.group')} value={row.material_group} readOnly />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberField label={t('orders.components.qty')} min={0} decimalScale={2} allowNegative={false} value={qty} onChange={(v) => setQty(v === '' ? '' : Number(v))} error={errors.material_qty && tm(errors.material_qty)} data-testid="request-qty" />
          <TextInput label={t('orders.delivery.unit')} value={row.material_unit} readOnly />
        </SimpleGrid>
        <TextInput label={t('orders.components.person')} value={person} onChange={(e) => setPerson(e.currentTarget.value)} />
        <Textarea label={t('orders.components.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={submit} loading={create.isPending} data-testid="request-save">{t('orders.components.request')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
