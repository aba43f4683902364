import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Divider, Grid, Group, Modal, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput, Textarea, ThemeIcon } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import {
  BUYING_PRICE_PLACES, BUYING_QTY_PLACES, BUYING_STATUS_COLORS, BUYING_DELETABLE, CURRENCIES, formatDate, formatDateTime, formatNumber, sellingRates, UNITS,
  type Buying, type BuyingStatus, type Material,
} from '@isik/domain';
import { IconAlertTriangle, IconBox, IconCalendar, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { MaterialPickerModal } from '../../../components/pickers';
import { useSession } from '../../../lib/session';
import { useEntityForm } from '../../../lib/use-entity-form';
import { ratesTodayQuery } from '../../../lib/rates-today';
import { buyingQuery, useDeleteBuying, useSaveBuying } from '../api/buying-api';
import {
  buyingToValues, formTotals, newBuyingValues, rateValue, statusOptions, toBuyingBody, validateBuying, withStatus, type BuyingField, type BuyingFormValues,
} from '../model/buying-values';
import { SupplierPicker } from './supplier-picker';
import { PurchaseOrderButtons } from './purchase-order-buttons';
import { ReceiptsSection } from './receipts-section';
import { NumberField } from '../../../components/number-field';

export interface BuyingModalProps {
  opened: boolean;
  onClose: () => void;
  /** The request to edit; null for a new one. */
  buying: Buying | null;
}

const NUM = { decimalSeparator: ',', thousandSeparator: '.' } as const;

/** Spec 001 2.11 and 3.8: the large edit modal of a purchase request, with its supplier and material pickers. */
export function BuyingModal({ opened, onClose, buying: listed }: BuyingModalProps) {
  // The detail carries the receipts and follows them (a receipt may complete the request).
  const detail = useQuery({ ...buyingQuery(listed?._id ?? ''), enabled: opened && !!listed });
  const buying = listed && detail.data?._id === listed._id ? detail.data : listed;
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const me = { name: user ? `${user.firstname} ${user.lastname}`.trim() : '', email: user?.email ?? '' };
  const bulletin = useQuery({ ...ratesTodayQuery, enabled: opened });
  const rates = bulletin.data ? sellingRates(bulletin.data) : null;
  const save = useSaveBuying();
  const remove = useDeleteBuying();
  const [picker, setPicker] = useState(false);
  const { form, submit, remove: askDelete } = useEntityForm<BuyingFormValues, Buying>({
    record: buying,
    toValues: (b) => (b ? buyingToValues(b) : newBuyingValues(me, rates)),
    validate: validateBuying,
    validateOnChange: false,
    opened,
    save: ({ id, version, values }) => save.mutateAsync({ id, version: id ? version : undefined, body: toBuyingBody(values) }),
    remove: (id) => remove.mutateAsync(id),
    notices: { created: 'msg.buying.created', updated: 'msg.buying.updated', deleted: 'msg.buying.deleted' },
    deleteMessage: t('msg.buying.delete.confirm'),
    onSaved: onClose,
    onDeleted: onClose,
  });

  // A new request takes the bulletin's rates once they arrive, unless someone typed a rate already.
  useEffect(() => {
    if (!opened || buying || !rates) return;
    if (form.values.USD_Kur === '' && rates.usd) form.setFieldValue('USD_Kur', rateValue(rates.usd));
    if (form.values.EUR_Kur === '' && rates.eur) form.setFieldValue('EUR_Kur', rateValue(rates.eur));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, buying, rates?.usd, rates?.eur]);

  const v = form.values;
  const stored = buying?.satinalma_durumu ?? null;
  const locked = stored !== null && stored >= 3;
  // Received goods entered stock at this material, unit, price and currency (ADR 0045).
  const goodsLocked = locked || (buying?.received ?? 0) > 0;
  const totals = formTotals(v);
  const noBulletin = bulletin.isSuccess && bulletin.data === null;

  const input = (field: BuyingField) => {
    const props = form.getInputProps(field);
    const error = form.errors[field];
    const params = error === 'buying.rate.required' ? { currency: field === 'EUR_Kur' ? 'EUR' : 'USD' } : undefined;
    return { ...props, name: field, error: typeof error === 'string' && error ? tm(error, params) : undefined };
  };
  const dateInput = (field: 'talep_tarihi' | 'siparis_tarihi' | 'teslim_tarihi' | 'termin_tarihi', label: string) => (
    <DateInput
      label={label}
      valueFormat="DD.MM.YYYY"
      leftSection={<IconCalendar size={16} />}
      clearable
      {...input(field)}
      value={v[field] || null}
      onChange={(d) => form.setFieldValue(field, d ?? '')}
      data-testid={`buying-${field}`}
    />
  );

  const pickMaterial = (m: Material) => {
    form.setValues({
      ...form.values, material_id: m._id, material_name: m.material_name, material_category: m.material_category, material_group: m.material_group,
      material_unit: m.material_unit, material_price: m.material_price, material_doviz: m.material_doviz,
    });
    form.clearFieldError('material_id');
    setPicker(false);
  };

  const options = statusOptions(stored);
  const money = (n: number | null | undefined, cur: string) => (n === null || n === undefined ? '—' : `${formatNumber(n, 2)} ${cur}`);

  return (
    <>
      <Modal
        opened={opened && !picker}
        onClose={onClose}
        centered
        size="70rem"
        title={<Text fw={700}>{buying ? t('buyings.modal.editTitle') : t('buyings.modal.newTitle')}</Text>}
        data-testid="buying-modal"
      >
        <form onSubmit={submit} noValidate aria-label={t('buyings.modal.formLabel')}>
          <Stack gap="sm">
            <Radio.Group label={t('buyings.field.status')} value={String(v.satinalma_durumu)} onChange={(s) => form.setValues(withStatus(form.values, Number(s), me))} {...{ error: input('satinalma_durumu').error }}>
              <Group gap="md" mt={6}>
                {options.map((s) => (
                  <Radio key={s} value={String(s)} color={BUYING_STATUS_COLORS[s as BuyingStatus]} label={t(`buyings.buyingStatus${s}`)} data-testid={`buying-status-${s}`} />
                ))}
              </Group>
            </Radio.Group>
            <Grid gutter="sm">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <SupplierPicker
                  value={v.tedarikci_id}
                  initial={buying?.tedarikci_id ? { _id: buying.tedarikci_id, company_name: buying.tedarikci_adi, company_email: buying.tedarikci_eposta } : null}
                  onChange={(s) => form.setValues({ ...form.values, tedarikci_id: s?._id ?? null, tedarikci_adi: s?.company_name ?? '', tedarikci_eposta: s?.company_email ?? '' })}
                  error={input('tedarikci_id').error}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label={t('buyings.field.supplierEmail')} type="email" maxLength={200} {...input('tedarikci_eposta')} />
              </Grid.Col>
              <Grid.Col span={12}>
                <Paper withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                      <ThemeIcon variant="light" size="lg" color={v.material_id ? 'blue' : 'gray'}><IconBox size={18} /></ThemeIcon>
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="xs" c="dimmed">{t('buyings.field.material')}</Text>
                        {v.material_id ? (
                          <>
                            <Text size="sm" fw={600} lineClamp={1} data-testid="buying-material">{v.material_name}</Text>
                            <Text size="xs" c="dimmed">{v.material_category} / {v.material_group}</Text>
                          </>
                        ) : <Text size="sm" c="dimmed">{t('buyings.noMaterial')}</Text>}
                      </Stack>
                    </Group>
                    <Button size="xs" variant="light" leftSection={<IconBox size={16} />} onClick={() => setPicker(true)} disabled={goodsLocked}>
                      {t('buyings.pickMaterial')}
                    </Button>
                  </Group>
                  {input('material_id').error && <Text size="xs" c="red" role="alert" mt={6}>{input('material_id').error}</Text>}
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberField label={t('buyings.field.qty')} withAsterisk min={0} decimalScale={BUYING_QTY_PLACES} disabled={locked} {...NUM} {...input('material_qty')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Select label={t('buyings.field.unit')} data={[...UNITS]} allowDeselect={false} disabled={goodsLocked} comboboxProps={{ withinPortal: true }} {...input('material_unit')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberField label={t('buyings.field.price')} min={0} decimalScale={BUYING_PRICE_PLACES} fixedDecimalScale disabled={goodsLocked} {...NUM} {...input('material_price')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Select label={t('buyings.field.currency')} data={[...CURRENCIES]} allowDeselect={false} disabled={goodsLocked} comboboxProps={{ withinPortal: true }} {...input('material_doviz')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberField label={t('buyings.field.usdRate')} min={0} decimalScale={4} {...NUM} {...input('USD_Kur')} data-testid="buying-usd" />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberField label={t('buyings.field.eurRate')} min={0} decimalScale={4} {...NUM} {...input('EUR_Kur')} data-testid="buying-eur" />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Stack gap={2}>
                  <Text size="sm" fw={500}>{t('buyings.field.foreignTotal')}</Text>
                  <Text size="lg" fw={700} data-testid="buying-foreign-total">{v.material_doviz === '₺' ? '—' : money(totals?.Doviz_TotalPrice, v.material_doviz)}</Text>
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Stack gap={2}>
                  <Text size="sm" fw={500}>{t('buyings.field.tlTotal')}</Text>
                  <Text size="lg" fw={700} data-testid="buying-tl-total">{money(totals?.TL_TotalPrice, '₺')}</Text>
                </Stack>
              </Grid.Col>
              {noBulletin && (
                <Grid.Col span={12}>
                  <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} />} p="xs" data-testid="buying-no-bulletin">
                    <Text size="sm">{t('buyings.noBulletin')}</Text>
                  </Alert>
                </Grid.Col>
              )}
              {bulletin.data && !buying && (
                <Grid.Col span={12}>
                  <Text size="xs" c="dimmed">{t('buyings.ratesFrom', { date: formatDate(bulletin.data.tarih) })}</Text>
                </Grid.Col>
              )}
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t('buyings.field.orderNo')} readOnly value={v.siparis_no} placeholder={t('buyings.order.noHint')} data-testid="buying-order-no" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t('buyings.field.person')} maxLength={200} disabled={v.satinalma_durumu > 0} {...input('related_person')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t('buyings.field.personEmail')} maxLength={200} disabled={v.satinalma_durumu > 0} {...input('related_person_email')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>{dateInput('talep_tarihi', t('buyings.field.requestDate'))}</Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>{dateInput('siparis_tarihi', t('buyings.field.orderDate'))}</Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>{dateInput('teslim_tarihi', t('buyings.field.deliveryDate'))}</Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>{dateInput('termin_tarihi', t('buyings.field.requestedDate'))}</Grid.Col>
              <Grid.Col span={12}>
                <Textarea label={t('buyings.field.note')} autosize minRows={2} maxRows={5} maxLength={2000} {...input('siparis_notu')} />
              </Grid.Col>
            </Grid>
            {locked && <Text size="xs" c="dimmed">{t('buyings.lockedHint')}</Text>}
            {buying && (
              <>
                <Divider />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <Text size="xs" c="dimmed">{t('buyings.createdBy', { user: buying.creator_user || '—', date: formatDateTime(buying.created_date) })}</Text>
                  {buying.modified_date && <Text size="xs" c="dimmed">{t('buyings.modifiedBy', { user: buying.modified_user || '—', date: formatDateTime(buying.modified_date) })}</Text>}
                </SimpleGrid>
              </>
            )}
            <Group justify="space-between" gap="xs" mt="xs">
              <Group gap="xs">
                {buying && (BUYING_DELETABLE as readonly number[]).includes(buying.satinalma_durumu) && (
                  <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={() => void askDelete()} loading={remove.isPending}>{t('common.delete')}</Button>
                )}
                {buying && <Badge color={BUYING_STATUS_COLORS[buying.satinalma_durumu as BuyingStatus]} variant="light">{t(`buyings.buyingStatus${buying.satinalma_durumu}`)}</Badge>}
                {buying && <PurchaseOrderButtons buying={buying} />}
              </Group>
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
                <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>{t('common.save')}</Button>
              </Group>
            </Group>
          </Stack>
        </form>
        {buying && <Box mt="md"><ReceiptsSection buying={buying} /></Box>}
      </Modal>
      <MaterialPickerModal opened={opened && picker} onClose={() => setPicker(false)} onSelect={pickMaterial} />
    </>
  );
}
