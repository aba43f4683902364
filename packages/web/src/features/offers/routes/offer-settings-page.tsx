import { Alert, Button, Grid, Group, Paper, Select, Stack, Switch, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CURRENCIES, INVOICE_TYPES, OFFER_MAIL_PLACEHOLDERS, formatNumber, hasModulePermission, parseVatChoices, vatOptions, type OfferSettings, type OfferSettingsInput } from '@isik/domain';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { useEntityForm } from '../../../lib/use-entity-form';
import { offerSettingsQuery, useSaveOfferSettings } from '../api/offers-api';

/** Spec 000 6 (menu entry): the defaults a new offer starts with and the offer mail's default subject and text (role 1 or lower). */
export function OfferSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery(offerSettingsQuery);
  const save = useSaveOfferSettings();
  const canWrite = hasModulePermission(useSession((s) => s.user?.permissions), 'offers', 'write');
  // One settings record, always updated (it has no id): both notices say so.
  const { form, submit } = useEntityForm<OfferSettings, OfferSettings>({
    record: query.data,
    toValues: (s) => s ?? ({} as OfferSettings),
    save: ({ values: v }) => save.mutateAsync({ ...v, teklif_dovizi: v.teklif_dovizi as OfferSettingsInput['teklif_dovizi'] }),
    notices: { created: 'offerSettings.updated', updated: 'offerSettings.updated' },
  });

  if (query.isError && !query.data) return <LoadFailedAlert title={t('offers.settingsPage.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return null;
  const v = form.values;

  return (
    <>
      <PageHeader
        title={t('menu.offerSettings')} subtitle={t('offers.settingsPage.subtitle')}
        actions={canWrite && <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => submit()} loading={save.isPending} data-testid="offer-settings-save">{t('common.save')}</Button>}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={5} mb="sm">{t('offers.settingsPage.defaults')}</Title>
            <Stack>
              <Group grow>
                <Select label={t('offers.field.currency')} data={[...CURRENCIES]} value={v.teklif_dovizi} allowDeselect={false} onChange={(x) => form.setFieldValue('teklif_dovizi', x ?? '$')} comboboxProps={{ withinPortal: true }} />
                <Select
                  label={t('offers.settings.defaultVat')} data={vatOptions(v.vat_choices, v.urun_kdv).map((n) => ({ value: String(n), label: `% ${formatNumber(n, Number.isInteger(n) ? 0 : 2)}` }))}
                  value={String(v.urun_kdv)} allowDeselect={false} onChange={(x) => form.setFieldValue('urun_kdv', Number(x ?? v.urun_kdv))} comboboxProps={{ withinPortal: true }}
                  error={form.errors.urun_kdv} data-testid="offer-settings-vat"
                />
                <Select label={t('offers.settings.invoiceType')} data={INVOICE_TYPES.map((n) => ({ value: String(n), label: `T${n}` }))} value={String(v.invoice_type)} allowDeselect={false} onChange={(x) => form.setFieldValue('invoice_type', Number(x ?? 0))} comboboxProps={{ withinPortal: true }} />
              </Group>
              {/* DECISIONS 3: the VAT rates an item may take; Türkiye's 20, 10, 1 and 0 since 10 July 2023. */}
              <TagsInput
                label={t('offers.settings.vatChoices')} description={t('offers.settings.vatChoicesHint')}
                value={(v.vat_choices ?? []).map((n) => formatNumber(n, Number.isInteger(n) ? 0 : 2))}
                onChange={(list) => form.setFieldValue('vat_choices', parseVatChoices(list))}
                error={form.errors.vat_choices} data-testid="offer-settings-vat-choices"
              />
              <Switch label={t('offers.settings.showDate')} {...form.getInputProps('teklif_tarih', { type: 'checkbox' })} />
              <Switch label={t('offers.settings.stampSignature')} {...form.getInputProps('teklif_kaseimza', { type: 'checkbox' })} />
              <Switch label={t('offers.settings.stamp')} {...form.getInputProps('teklif_kase', { type: 'checkbox' })} />
              <Switch label={t('offers.settings.commercialInvoice')} {...form.getInputProps('commercial_invoice', { type: 'checkbox' })} />
              <Textarea label={t('offers.notes.footer')} autosize minRows={3} {...form.getInputProps('teklif_altbilgi')} />
              <Textarea label={t('offers.notes.note')} autosize minRows={3} {...form.getInputProps('teklif_notu')} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={5} mb="sm">{t('offers.settingsPage.mail')}</Title>
            <Stack>
              <TextInput label={t('offers.settingsPage.mailSubject')} {...form.getInputProps('mail_subject')} />
              <Textarea label={t('offers.settingsPage.mailText')} autosize minRows={8} {...form.getInputProps('mail_text')} />
              <Alert variant="light" color="blue">
                <Text size="xs">{t('offers.settingsPage.placeholders')} {OFFER_MAIL_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}</Text>
              </Alert>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
