import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { deliveryRemaining, formatNumber } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { fieldErrorsOf, notifyError, notifySuccess } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { tm } from '../../../i18n';
import { useCreateOrderDelivery } from '../api/orders-api';
import type { OrderItem } from '../model/types';

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The delivery modal of spec 002 2.2: date, company (read-only), product, deliverer, receiver, description,
 * quantity 1..ordered-delivered (its default), unit (read-only). The server enforces the remaining quantity.
 */
export function DeliveryModal({ item, onClose }: { item: OrderItem; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const max = deliveryRemaining(item);
  const [date, setDate] = useState<string>(today());
  const [deliverer, setDeliverer] = useState(user ? `${user.firstname} ${user.lastname}`.trim() : '');
  const [receiver, setReceiver] = useState('');
  const [description, setDescription] = useState('');
  const [qty, setQty] = useState<number | ''>(max);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateOrderDelivery();

  const submit = () => {
    const local: Record<string, string> = {};
    if (qty === '' || !Number.isFinite(qty) || qty <= 0) local.qty = t('msg.delivery.qty.required', { defaultValue: 'Miktarı Yazınız' });
    else if (qty > max) local.qty = t('orders.delivery.tooMuch', { max: formatNumber(max) });
    setErrors(local);
    if (Object.keys(local).length) return;
    create.mutate({
      date, company_id: item.teklifno?.firma_id ?? '', company: item.teklifno?.firma_adi ?? '', product_id: item.urun_id ?? '', productname: item.urun_adi,
      order_id: item.teklifno?._id ?? '', orderitem_id: item._id, qty, unit: item.urun_birimi, description, price: item.urun_fiyati, doviz: item.urun_dovizi,
      status: 0, deliverer, receiver, max, orderQty: item.urun_miktari, totaldeliveried: item.teslim_edilmis,
    }, {
      onSuccess: () => {
        notifySuccess('orders.notice.delivered');
        onClose();
      },
      onError: (err) => {
        const f = fieldErrorsOf(err);
        if (f) setErrors(f);
        notifyError(err);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('orders.delivery.title')} size="lg" centered>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateInput label={t('orders.delivery.date')} valueFormat="DD.MM.YYYY" value={date} onChange={(d) => setDate(d ?? today())} />
          <TextInput label={t('orders.delivery.company')} value={item.teklifno?.firma_adi ?? ''} readOnly />
        </SimpleGrid>
        <TextInput label={t('orders.delivery.product')} value={item.urun_adi} readOnly />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('orders.delivery.deliverer')} value={deliverer} onChange={(e) => setDeliverer(e.currentTarget.value)} error={errors.deliverer && tm(errors.deliverer)} />
          <TextInput label={t('orders.delivery.receiver')} value={receiver} onChange={(e) => setReceiver(e.currentTarget.value)} error={errors.receiver && tm(errors.receiver)} />
        </SimpleGrid>
        <Textarea label={t('orders.delivery.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberField
            label={t('orders.delivery.qty')} min={1} max={max} decimalScale={2} allowNegative={false} value={qty}
            onChange={(v) => setQty(v === '' ? '' : Number(v))} error={errors.qty && tm(errors.qty)}
            description={t('orders.delivery.remaining', { qty: formatNumber(max) })} data-testid="delivery-qty"
          />
          <TextInput label={t('orders.delivery.unit')} value={item.urun_birimi} readOnly />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={submit} loading={create.isPending} data-testid="delivery-save">{t('common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
