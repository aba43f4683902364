import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Autocomplete, Grid, Group, Menu, Paper, Radio, Select, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { openConfirmModal } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { countryOptions, offerStatusOptions, statusChangeNeedsConfirm, type Company, type Offer } from '@isik/domain';
import { IconBuilding, IconEdit, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { notifyError } from '../../../lib/api';
import { contactsQuery, fetchCompany, searchCompanies } from '../api/offers-api';
import type { OfferFormValues } from '../model/offer-values';
import { CompanyModal } from './company-modal';

export interface OfferHeaderProps {
  form: UseFormReturnType<OfferFormValues>;
  /** The stored offer (null for a new one); a live reload of an untouched form refills the company text too. */
  offer: Offer | null;
  canWrite: boolean;
  /** The status the offer is stored with: which statuses may be chosen. */
  storedStatus: number;
  /** Some item cannot become an order line (hasOrderError): the status stays. */
  orderError: boolean;
}

/**
 * The offer's head fields (spec 001 2.10, 3.7): the company (free text, registered ones offered as one types, created
 * or edited in the company modal), the contact, date, subject, numbers, address, country and the status.
 */
export function OfferHeader({ form, offer, canWrite, storedStatus, orderError }: OfferHeaderProps) {
  const { t, i18n } = useTranslation();
  const isNew = offer === null;
  const v = form.values;
  const serverErrors = form.errors as Record<string, string | undefined>;
  const [companyModal, setCompanyModal] = useState<{ company: Company | null } | null>(null);
  const [companySearch, setCompanySearch] = useState(v.firma_adi);
  const [companies, setCompanies] = useState<Company[]>([]);
  const contacts = useQuery(contactsQuery({ page: 1, pageSize: 50, search: v.related_person }));

  // The page refills an untouched form from another user's save (live event); the company text follows it.
  // (This effect runs before the page's, while the form still holds what the user left.)
  useEffect(() => {
    if (!offer || form.isDirty()) return;
    setCompanySearch(offer.firma_adi);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offer]);

  // The company picker: free text, with registered companies offered as one types.
  useEffect(() => {
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      searchCompanies(companySearch, ctrl.signal).then(setCompanies).catch(() => undefined);
    }, 250);
    return () => { clearTimeout(timer); ctrl.abort(); };
  }, [companySearch]);

  const applyCompany = (c: Company) => {
    form.setValues({
      firma_id: c._id, firma_adi: c.company_name, firma_adres: c.company_adress, firma_ilce: c.company_district, firma_il: c.company_city,
      firma_ulke: c.company_country, firma_eposta: c.company_email, buyer_phone: c.company_phone || c.company_mobilephone,
    });
    setCompanySearch(c.company_name);
  };

  const setStatus = (next: number) => {
    if (orderError) {
      openConfirmModal({ title: t('notice.error'), children: <Text size="sm">{tm('offer.orderError')}</Text>, labels: { confirm: t('common.close'), cancel: t('common.cancel') }, cancelProps: { display: 'none' } });
      return;
    }
    if (statusChangeNeedsConfirm(next, v.offeritem)) {
      openConfirmModal({
        title: t('notice.confirmTitle'), centered: true, children: <Text size="sm">{tm('offer.statusConfirm')}</Text>,
        labels: { confirm: t('common.yes'), cancel: t('common.no') }, onConfirm: () => form.setFieldValue('teklif_durumu', next),
      });
      return;
    }
    form.setFieldValue('teklif_durumu', next);
  };

  return (
    <>
      <Paper withBorder radius="md" p="md">
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Group gap={4} align="flex-end" wrap="nowrap">
              <Autocomplete
                style={{ flex: 1 }} label={t('offers.field.company')} required value={companySearch} error={serverErrors.firma_adi ?? serverErrors.firma_id}
                data={companies.map((c) => ({ value: c._id, label: c.company_name }))}
                onChange={(text) => {
                  const picked = companies.find((c) => c._id === text);
                  if (picked) { applyCompany(picked); return; }
                  setCompanySearch(text);
                  form.setValues({ firma_adi: text, ...(v.firma_id && text !== v.firma_adi ? { firma_id: null } : {}) });
                }}
                data-testid="offer-company" disabled={!canWrite} comboboxProps={{ withinPortal: true }}
              />
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon size="lg" variant="default" aria-label={t('offers.company.menu')} mb={serverErrors.firma_adi ? 22 : 0} disabled={!canWrite}><IconBuilding size={18} /></ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setCompanyModal({ company: null })}>{t('offers.company.new')}</Menu.Item>
                  <Menu.Item
                    leftSection={<IconEdit size={16} />} disabled={!v.firma_id}
                    onClick={() => { if (v.firma_id) fetchCompany(v.firma_id).then((c) => setCompanyModal({ company: c })).catch((e) => notifyError(e)); }}
                  >{t('offers.company.edit')}</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Autocomplete
              label={t('offers.field.contact')} {...form.getInputProps('related_person')} disabled={!canWrite} comboboxProps={{ withinPortal: true }}
              data={[...new Set((contacts.data?.contacts ?? []).map((c) => c.name))]}
              onOptionSubmit={(name) => {
                const c = contacts.data?.contacts.find((x) => x.name === name);
                if (c) form.setValues({ related_person: c.name, ...(c.email && !v.firma_eposta ? { firma_eposta: c.email } : {}), ...(c.phone && !v.buyer_phone ? { buyer_phone: c.phone } : {}) });
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <DateInput label={t('offers.field.date')} valueFormat="DD.MM.YYYY" value={v.teklif_tarihi} onChange={(d) => form.setFieldValue('teklif_tarihi', d ?? v.teklif_tarihi)} disabled={!canWrite} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}><TextInput label={t('offers.field.subject')} {...form.getInputProps('teklif_konu')} disabled={!canWrite} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}><TextInput label={t('offers.field.reference')} {...form.getInputProps('teklif_referansno')} disabled={!canWrite} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <TextInput label={t('offers.field.no')} placeholder={t('offers.detail.noAuto')} {...form.getInputProps('teklif_no')} disabled={!canWrite || isNew} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}><TextInput label={t('offers.field.address')} {...form.getInputProps('firma_adres')} disabled={!canWrite} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, md: 2 }}><TextInput label={t('offers.field.district')} {...form.getInputProps('firma_ilce')} disabled={!canWrite} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, md: 2 }}><TextInput label={t('offers.field.city')} {...form.getInputProps('firma_il')} disabled={!canWrite} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
            <Select
              label={t('offers.field.country')} required searchable data={countryOptions(i18n.language)} value={v.firma_ulke || null} error={serverErrors.firma_ulke}
              onChange={(x) => form.setFieldValue('firma_ulke', x ?? '')} disabled={!canWrite} comboboxProps={{ withinPortal: true }} data-testid="offer-country"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('offers.field.email')} {...form.getInputProps('firma_eposta')} disabled={!canWrite} /></Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('offers.field.phone')} {...form.getInputProps('buyer_phone')} disabled={!canWrite} /></Grid.Col>
          <Grid.Col span={12}>
            <Radio.Group
              label={t('offers.field.status')} value={String(v.teklif_durumu)} onChange={(x) => setStatus(Number(x))} error={serverErrors.teklif_durumu}
              data-testid="offer-status-radio"
            >
              <Group mt={6}>
                {[...new Set([...offerStatusOptions(storedStatus), v.teklif_durumu])].sort().map((s) => (
                  <Radio key={s} value={String(s)} label={t(`offers.status.${s}`)} disabled={!canWrite || !offerStatusOptions(storedStatus).includes(s as 0)} />
                ))}
              </Group>
            </Radio.Group>
            {orderError && <Alert color="red" mt="sm" variant="light">{tm('offer.orderError')}</Alert>}
          </Grid.Col>
        </Grid>
      </Paper>
      <CompanyModal
        opened={companyModal !== null} company={companyModal?.company ?? null}
        draft={{ company_name: v.firma_adi, company_adress: v.firma_adres, company_district: v.firma_ilce, company_city: v.firma_il, company_country: v.firma_ulke || undefined, company_email: v.firma_eposta, company_phone: v.buyer_phone }}
        onClose={() => setCompanyModal(null)}
        onSaved={(c) => { applyCompany(c); setCompanyModal(null); }}
      />
    </>
  );
}
