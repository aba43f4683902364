import { useState } from 'react';
import { Alert, Button, Grid, Group, Modal, Paper, Select, Stack, Text, TextInput, Textarea, ThemeIcon } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  CURRENCIES, DELIVERY_QTY_MIN, DELIVERY_QTY_PLACES, deliveryTotal, formatNumber, isDecimal, UNITS, type Company, type Material, type ProductListRow,
} from '@isik/domain';
import { IconAlertTriangle, IconBox, IconCalendar, IconDeviceFloppy, IconPackage, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { MaterialPickerModal, ProductPickerModal, productName } from '../../../components/pickers';
import { ApiError, notifyError, notifySuccess } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import { useCreateDelivery } from '../api/deliveries-api';
import { applyPicked, clearPicked, newDeliveryValues, toDeliveryBody, validateDelivery, type DeliveryField, type DeliveryFormValues } from './delivery-values';
import '@mantine/dates/styles.layer.css';
import { NumberField } from '../../../components/number-field';
import { useLabels } from '../../../lib/labels';

export interface DeliveryDialogProps {
  opened: boolean;
  onClose: () => void;
  company: Pick<Company, '_id' | 'company_name'>;
}

/** Spec 000 2.9 and 4: the new-delivery modal with its defaults, the product or material picker and the total. */
export function DeliveryDialog({ opened, onClose, company }: DeliveryDialogProps) {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  const user = useSession((s) => s.user);
  const deliverer = user ? `${user.firstname} ${user.lastname}`.trim() : '';
  const save = useCreateDelivery();
  const [picker, setPicker] = useState<'product' | 'material' | null>(null);
  const form = useForm<DeliveryFormValues>({
    initialValues: newDeliveryValues(deliverer),
    validate: (values) => validateDelivery(values, company._id) as Record<string, string>,
  });

  // Each opening starts from the defaults again.
  useResetOnOpen(form, opened, () => newDeliveryValues(deliverer));

  const v = form.values;
  const input = (field: DeliveryField) => {
    const props = form.getInputProps(field);
    const error = form.errors[field];
    const params = field === 'qty' && error === 'delivery.qty.max' ? { max: formatNumber(Math.max(0, v.max ?? 0), DELIVERY_QTY_PLACES) } : undefined;
    return { ...props, name: field, error: typeof error === 'string' && error ? tm(error, params) : undefined };
  };

  const pickProduct = (p: ProductListRow) => {
    form.setValues(applyPicked(form.values, {
      type: 'product', id: p._id, name: productName(p, i18n.language), unit: 'Adet',
      price: p.urun_fiyat, doviz: p.urun_doviz, stock: p.stockSum,
    }));
    form.clearErrors();
    setPicker(null);
  };
  const pickMaterial = (m: Material) => {
    form.setValues(applyPicked(form.values, {
      type: 'material', id: m._id, name: m.material_name, unit: m.material_unit, price: m.material_price, doviz: m.material_doviz, stock: m.stockSum,
    }));
    form.clearErrors();
    setPicker(null);
  };

  const picked = v.component_type !== 'default';
  const total = isDecimal(v.qty) && isDecimal(v.price) ? deliveryTotal(v.qty, v.price) : null;
  const noStock = picked && v.max !== null && v.max <= 0;

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toDeliveryBody(values, company._id));
      notifySuccess('msg.delivery.created');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) form.setErrors(err.fields);
      notifyError(err);
    }
  });

  // Field errors from the server arrive translated; keys from the client are translated here.
  const errorText = (field: DeliveryField) => input(field).error;

  return (
    <>
      <Modal
        opened={opened && picker === null}
        onClose={onClose}
        centered
        size="lg"
        title={<Text fw={700}>{t('companies.delivery.newTitle')}</Text>}
        data-testid="delivery-dialog"
      >
        <form onSubmit={submit} noValidate aria-label={t('companies.delivery.formLabel')}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">{company.company_name}</Text>
            <Paper withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <ThemeIcon variant="light" size="lg" color={picked ? 'blue' : 'gray'}>
                    {v.component_type === 'material' ? <IconBox size={18} /> : <IconPackage size={18} />}
                  </ThemeIcon>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="xs" c="dimmed">{t(`companies.delivery.type.${v.component_type}`)}</Text>
                    {picked ? (
                      <>
                        <Text size="sm" fw={600} lineClamp={1} data-testid="delivery-picked">{v.productname}</Text>
                        <Text size="xs" c={noStock ? 'red' : 'dimmed'}>{t('companies.delivery.stock', { value: formatNumber(v.max ?? 0, DELIVERY_QTY_PLACES), unit: labels.unit(v.unit) })}</Text>
                      </>
                    ) : <Text size="sm" c="dimmed">{t('companies.delivery.freeText')}</Text>}
                  </Stack>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <Button size="xs" variant="light" leftSection={<IconPackage size={16} />} onClick={() => setPicker('product')}>{t('companies.delivery.pickProduct')}</Button>
                  <Button size="xs" variant="light" leftSection={<IconBox size={16} />} onClick={() => setPicker('material')}>{t('companies.delivery.pickMaterial')}</Button>
                  {picked && (
                    <Button size="xs" variant="subtle" color="gray" px={6} aria-label={t('companies.delivery.clearPick')} title={t('companies.delivery.clearPick')} onClick={() => form.setValues(clearPicked(form.values))}>
                      <IconX size={16} />
                    </Button>
                  )}
                </Group>
              </Group>
              {errorText('product_id') && <Text size="xs" c="red" role="alert" mt={6}>{errorText('product_id')}</Text>}
            </Paper>
            {noStock && (
              <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} p="xs" data-testid="delivery-no-stock">
                <Text size="sm">{t('companies.delivery.noStock')}</Text>
              </Alert>
            )}
            <Grid gutter="sm">
              {!picked && (
                <Grid.Col span={12}>
                  <TextInput label={t('companies.delivery.field.item')} withAsterisk maxLength={300} {...input('productname')} />
                </Grid.Col>
              )}
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberField
                  label={t('companies.delivery.field.qty')}
                  withAsterisk
                  min={DELIVERY_QTY_MIN}
                  max={picked && v.max !== null && v.max > 0 ? v.max : undefined}
                  decimalScale={DELIVERY_QTY_PLACES}
                  decimalSeparator=","
                  thousandSeparator="."
                  {...input('qty')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Select label={t('companies.delivery.field.unit')} data={labels.options(UNITS, labels.unit)} allowDeselect={false} disabled={picked} comboboxProps={{ withinPortal: true }} {...input('unit')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberField
                  label={t('companies.delivery.field.price')}
                  withAsterisk
                  min={0}
                  decimalScale={2}
                  decimalSeparator=","
                  thousandSeparator="."
                  {...input('price')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Select label={t('companies.delivery.field.currency')} data={[...CURRENCIES]} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...input('doviz')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <DateInput
                  label={t('companies.delivery.field.date')}
                  valueFormat="DD.MM.YYYY"
                  leftSection={<IconCalendar size={16} />}
                  {...input('date')}
                  onChange={(d) => form.setFieldValue('date', d ?? '')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('companies.delivery.field.receiver')} maxLength={200} {...input('receiver')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('companies.delivery.field.deliverer')} maxLength={200} {...input('deliverer')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Stack gap={2} justify="flex-end" h="100%">
                  <Text size="sm" fw={500}>{t('companies.delivery.field.total')}</Text>
                  <Text size="lg" fw={700} data-testid="delivery-total">{total === null ? '—' : `${formatNumber(total, 2)} ${v.doviz}`}</Text>
                </Stack>
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea label={t('companies.delivery.field.description')} autosize minRows={2} maxRows={4} maxLength={1000} {...input('description')} />
              </Grid.Col>
            </Grid>
            {errorText('company_id' as DeliveryField) && <Alert color="red" variant="light" p="xs">{errorText('company_id' as DeliveryField)}</Alert>}
            <Group justify="flex-end" gap="xs" mt="xs">
              <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>{t('common.save')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ProductPickerModal opened={opened && picker === 'product'} onClose={() => setPicker(null)} onSelect={pickProduct} />
      <MaterialPickerModal opened={opened && picker === 'material'} onClose={() => setPicker(null)} onSelect={pickMaterial} />
    </>
  );
}
