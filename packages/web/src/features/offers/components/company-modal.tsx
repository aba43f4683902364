import { useEffect, useState } from 'react';
import { Button, Grid, Group, Modal, Select, TextInput, Textarea } from '@mantine/core';
import { COMPANY_CATEGORIES, DEFAULT_COUNTRY, companyInputSchema, countryOptions, type Company, type CompanyInput } from '@isik/domain';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { fieldErrorsOf, notifyError, notifySuccess } from '../../../lib/api';
import { useSaveOfferCompany } from '../api/offers-api';
import { companyModalValues } from '../model/company-modal-values';

/** The options, plus a stored country that is not among them (kept and shown, never replaced silently). */
const withCountry = (options: { value: string; label: string }[], country: string) =>
  !country || options.some((o) => o.value === country) ? options : [{ value: country, label: country }, ...options];

type Values = Required<Pick<CompanyInput, 'company_name' | 'company_adress' | 'company_district' | 'company_city' | 'company_country' | 'company_email' | 'company_category' | 'company_phone' | 'company_mobilephone' | 'company_fax' | 'company_taxoffice' | 'company_taxno' | 'company_web' | 'company_notes'>>;

export interface CompanyModalProps {
  opened: boolean;
  /** The chosen company to edit; null creates a new one from `draft`. */
  company: Company | null;
  draft: Partial<Values>;
  onClose: () => void;
  onSaved: (company: Company) => void;
}

const empty = (): Values => ({
  company_name: '', company_adress: '', company_district: '', company_city: '', company_country: DEFAULT_COUNTRY, company_email: '', company_category: 'Customer',
  company_phone: '', company_mobilephone: '', company_fax: '', company_taxoffice: '', company_taxno: '', company_web: '', company_notes: '',
});

/** Spec 001 3.7 and 5: the company made (or edited) from an offer, checked with the companies' own schema; saving closes the modal. */
export function CompanyModal({ opened, company, draft, onClose, onSaved }: CompanyModalProps) {
  const { t, i18n } = useTranslation();
  const [v, setV] = useState<Values>(empty());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveOfferCompany();
  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setV(companyModalValues(empty(), company ? (company as unknown as Partial<Record<keyof Values, unknown>>) : draft));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, company]);
  const field = (k: keyof Values) => ({ value: String(v[k] ?? ''), error: errors[k], onChange: (e: { currentTarget: { value: string } }) => setV({ ...v, [k]: e.currentTarget.value }) });

  const submit = () => {
    const parsed = companyInputSchema.safeParse({ ...v, company_status: true });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), tm(i.message)])));
      return;
    }
    setErrors({});
    save.mutate({ id: company?._id, version: company?.__v, body: parsed.data }, {
      onSuccess: (c) => {
        notifySuccess(company ? 'offers.company.updated' : 'offers.company.created');
        onSaved(c);
      },
      onError: (err) => {
        const f = fieldErrorsOf(err);
        if (f) setErrors(f);
        notifyError(err);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} size="48rem" centered title={company ? t('offers.company.editTitle') : t('offers.company.newTitle')} data-testid="offer-company-modal">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 8 }}><TextInput label={t('offers.company.name')} required data-autofocus {...field('company_name')} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('offers.company.category')} data={COMPANY_CATEGORIES.map((c) => ({ value: c, label: t(`offers.company.category${c}`) }))} value={v.company_category}
            error={errors.company_category} allowDeselect={false} onChange={(x) => setV({ ...v, company_category: (x ?? 'Customer') as Values['company_category'] })} comboboxProps={{ withinPortal: true }}
          />
        </Grid.Col>
        <Grid.Col span={12}><TextInput label={t('offers.field.address')} {...field('company_adress')} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label={t('offers.field.district')} {...field('company_district')} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label={t('offers.field.city')} required {...field('company_city')} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('offers.field.country')} required searchable data={withCountry(countryOptions(i18n.language), v.company_country)} value={v.company_country || null} error={errors.company_country}
            onChange={(x) => setV({ ...v, company_country: x ?? '' })} comboboxProps={{ withinPortal: true }} data-testid="offer-company-country"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('offers.field.email')} required {...field('company_email')} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}><TextInput label={t('offers.field.phone')} {...field('company_phone')} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label={t('offers.company.mobile')} {...field('company_mobilephone')} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label={t('offers.company.taxOffice')} {...field('company_taxoffice')} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label={t('offers.company.taxNo')} {...field('company_taxno')} /></Grid.Col>
        <Grid.Col span={12}><Textarea label={t('offers.company.notes')} autosize minRows={2} {...field('company_notes')} /></Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
        <Button leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} onClick={submit} data-testid="offer-company-save">{t('common.save')}</Button>
      </Group>
    </Modal>
  );
}
