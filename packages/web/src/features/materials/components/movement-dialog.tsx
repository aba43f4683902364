import { Alert, Button, Grid, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { CURRENCIES, OPERATION_CENTERS, PRICE_PLACES, QTY_PLACES, UNITS, formatNumber, type Material, type MaterialMovement } from '@isik/domain';
import { IconAlertTriangle, IconArrowDownRight, IconArrowUpRight, IconCalendar, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { ApiError, notifyError, notifySuccess } from '../../../lib/api';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import { useSaveMovement } from '../api/materials-api';
import { useLabels } from '../../../lib/labels';
import {
  MANUAL_CENTERS, balanceAfter, toMovementBody, toMovementValues, validateMovement, type MovementField, type MovementFormValues,
} from '../model/movement-values';
import '@mantine/dates/styles.layer.css';
import { NumberField } from '../../../components/number-field';

export interface MovementDialogProps {
  opened: boolean;
  onClose: () => void;
  material: Pick<Material, '_id' | 'material_name' | 'material_unit' | 'material_price' | 'material_doviz'>;
  /** The material's current balance, for the 'goes negative' warning. */
  balance: number;
  /** A manual movement to change; without it the dialog creates one. */
  movement?: MaterialMovement | null;
}

/** Spec 001 4.3 and 5: a new or changed manual stock movement of one material. */
export function MovementDialog({ opened, onClose, material, balance, movement }: MovementDialogProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const save = useSaveMovement();
  const isNew = !movement;
  const form = useForm<MovementFormValues>({
    initialValues: toMovementValues(movement),
    validate: (values) => validateMovement(values, material._id) as Record<string, string>,
  });

  // Each opening starts from the movement (or the defaults) again.
  useResetOnOpen(form, opened, () => toMovementValues(movement), movement);

  const input = (field: MovementField) => {
    const props = form.getInputProps(field);
    const error = form.errors[field];
    return { ...props, name: field, error: typeof error === 'string' && error ? tm(error) : undefined };
  };

  const after = balanceAfter(balance, form.values, movement);
  const goesNegative = after !== null && after < 0;
  const centers = MANUAL_CENTERS.map((c) => ({ value: c, label: t(`materials.center.${c}`) }))
    .filter((c) => (OPERATION_CENTERS as readonly string[]).includes(c.value));

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: movement?._id, version: movement?.__v, body: toMovementBody(values, material._id) });
      notifySuccess(isNew ? 'msg.stock.created' : 'msg.stock.updated');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) form.setErrors(err.fields);
      notifyError(err);
    }
  });

  const typeError = form.errors.operation_type;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="lg"
      title={<Text fw={700}>{isNew ? t('materials.movement.newTitle') : t('materials.movement.editTitle')}</Text>}
    >
      <form onSubmit={submit} noValidate aria-label={t('materials.movement.formLabel')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{material.material_name}</Text>
          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('materials.movement.type')} <Text span c="red">*</Text></Text>
            <SegmentedControl
              fullWidth
              aria-label={t('materials.movement.type')}
              value={form.values.operation_type}
              onChange={(v) => form.setFieldValue('operation_type', v)}
              color={form.values.operation_type === 'cikis' ? 'red' : form.values.operation_type === 'giris' ? 'teal' : undefined}
              data={[
                { value: 'giris', label: <Group gap={6} justify="center" wrap="nowrap"><IconArrowDownRight size={16} />{t('materials.type.giris')}</Group> },
                { value: 'cikis', label: <Group gap={6} justify="center" wrap="nowrap"><IconArrowUpRight size={16} />{t('materials.type.cikis')}</Group> },
              ]}
            />
            {typeof typeError === 'string' && typeError && <Text size="xs" c="red" role="alert">{tm(typeError)}</Text>}
          </Stack>
          <Grid gutter="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateInput
                label={t('materials.movement.date')}
                withAsterisk
                valueFormat="DD.MM.YYYY"
                leftSection={<IconCalendar size={16} />}
                {...input('operation_date')}
                onChange={(v) => form.setFieldValue('operation_date', v ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('materials.movement.center')}
                withAsterisk
                placeholder={t('materials.movement.centerPlaceholder')}
                data={centers}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...input('operation_center')}
                onChange={(v) => form.setFieldValue('operation_center', v ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumberField
                label={t('materials.movement.qty')}
                withAsterisk
                min={0}
                decimalScale={QTY_PLACES}
                decimalSeparator=","
                thousandSeparator="."
                {...input('qty')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Select label={t('materials.field.unit')} data={labels.options(UNITS, labels.unit)} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...input('unit')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumberField
                label={t('materials.movement.price')}
                withAsterisk
                min={0}
                decimalScale={PRICE_PLACES}
                decimalSeparator=","
                thousandSeparator="."
                {...input('price')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Select label={t('materials.field.currency')} data={[...CURRENCIES]} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...input('doviz')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label={t('materials.movement.description')} autosize minRows={2} maxRows={4} maxLength={1000} {...input('description')} />
            </Grid.Col>
          </Grid>
          {after !== null && (
            <Alert
              variant="light"
              color={goesNegative ? 'red' : 'gray'}
              icon={goesNegative ? <IconAlertTriangle size={18} /> : undefined}
              p="xs"
              data-testid="movement-balance-after"
            >
              <Text size="sm">
                {t('materials.movement.balanceAfter', { value: formatNumber(after, 2), unit: labels.unit(material.material_unit) })}
                {goesNegative && <> — {t('msg.stock.negative')}</>}
              </Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
