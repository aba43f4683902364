import { Button, Group, Modal, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DELIVERY_STATUS_DESCRIPTIONS, DELIVERY_STATUSES, effectiveStatusDescription, formatDateTime, formatNumber, type Delivery } from '@isik/domain';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, notifyError, notifySuccess } from '../../../lib/api';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import { useUpdateDelivery } from '../api/deliveries-api';
import { useLabels } from '../../../lib/labels';

interface StatusValues { status: string; statusdescription: string; description: string; receiver: string }

const valuesOf = (d: Delivery | null): StatusValues => ({
  status: String(d?.status ?? 0), statusdescription: String(d?.statusdescription ?? 0), description: d?.description ?? '', receiver: d?.receiver ?? '',
});

export interface DeliveryStatusDialogProps {
  delivery: Delivery | null;
  onClose: () => void;
}

/** Spec 000 2.9 and 4: any status may be chosen; the status description shows only when the status is not 0. */
export function DeliveryStatusDialog({ delivery, onClose }: DeliveryStatusDialogProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const save = useUpdateDelivery();
  const form = useForm<StatusValues>({ initialValues: valuesOf(delivery) });

  // Each opening (another delivery, or a newer version of it) starts from the stored values.
  useResetOnOpen(form, delivery !== null, () => valuesOf(delivery), `${delivery?._id}:${delivery?.__v}`);

  const status = Number(form.values.status);
  const submit = form.onSubmit(async (v) => {
    if (!delivery) return;
    try {
      await save.mutateAsync({
        id: delivery._id,
        body: { __v: delivery.__v, status, statusdescription: effectiveStatusDescription(status, Number(v.statusdescription)), description: v.description, receiver: v.receiver },
      });
      notifySuccess('msg.delivery.updated');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) form.setErrors(err.fields);
      notifyError(err);
    }
  });

  return (
    <Modal opened={delivery !== null} onClose={onClose} centered title={<Text fw={700}>{t('companies.delivery.statusTitle')}</Text>} data-testid="delivery-status-dialog">
      {delivery && (
        <form onSubmit={submit} noValidate aria-label={t('companies.delivery.statusTitle')}>
          <Stack gap="sm">
            <Stack gap={0}>
              <Text size="sm" fw={600}>{delivery.productname}</Text>
              <Text size="xs" c="dimmed">{formatNumber(delivery.qty, 2)} {labels.unit(delivery.unit)} · {formatNumber(delivery.sumPrice, 2)} {delivery.doviz}</Text>
            </Stack>
            <Radio.Group label={t('companies.delivery.field.status')} {...form.getInputProps('status')}>
              <Group gap="md" mt={6}>
                {DELIVERY_STATUSES.map((s) => <Radio key={s} value={String(s)} label={t(`companies.delivery.status.${s}`)} />)}
              </Group>
            </Radio.Group>
            {status !== 0 && (
              <Select
                label={t('companies.delivery.field.statusdescription')}
                data={DELIVERY_STATUS_DESCRIPTIONS.map((d) => ({ value: String(d), label: t(`companies.delivery.statusDescription.${d}`) }))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('statusdescription')}
              />
            )}
            <TextInput label={t('companies.delivery.field.receiver')} maxLength={200} {...form.getInputProps('receiver')} />
            <Textarea label={t('companies.delivery.field.description')} autosize minRows={2} maxRows={4} maxLength={1000} {...form.getInputProps('description')} />
            <Text size="xs" c="dimmed" data-testid="delivery-modified">
              {delivery.modified_date
                ? t('companies.delivery.modified', { date: formatDateTime(delivery.modified_date), user: delivery.modified_user })
                : t('companies.delivery.notModified')}
            </Text>
            <Group justify="flex-end" gap="xs" mt="xs">
              <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>{t('common.save')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
