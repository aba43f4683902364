import { useMemo, type ReactNode } from 'react';
import {
  Alert, Box, Button, Divider, Grid, Group, List, Paper, Select, Stack, Switch, Text, TextInput, Textarea, ThemeIcon, Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { openConfirmModal } from '@mantine/modals';
import { COMPANY_CATEGORIES, countryOptions, hasModulePermission, sameCompanyName, type Company, type CompanyInput } from '@isik/domain';
import {
  IconAddressBook, IconAlertTriangle, IconAt, IconBuilding, IconDeviceFloppy, IconDeviceMobile, IconFileInvoice,
  IconMapPin, IconPhone, IconPrinter, IconTrash, IconWorld, IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { useEntityForm } from '../../../lib/use-entity-form';
import { companiesQuery, useDeleteCompany, useSaveCompany } from '../api/companies-api';
import {
  orderedErrors, presetErrors, toCompanyBody, toFormValues, validateCompany,
  type CompanyField, type CompanyFormValues,
} from './company-values';

export interface CompanyFormProps {
  /** The stored company to edit (update mode). Without it the form creates a new company. */
  company?: Company | null;
  /** Starting values for a new company, e.g. the company draft of an offer (spec 001 3.7). Ignored when editing. */
  initialValues?: Partial<CompanyInput>;
  /** Called after a successful save with the company as the server stored it (new _id and __v included). */
  onSaved: (company: Company, mode: 'created' | 'updated') => void;
  /** Shows the Delete button for a stored company; called after the deletion succeeded. */
  onDeleted?: (company: Company) => void;
  /** Shows the Close button (asks first when there are unsaved changes). */
  onClose?: () => void;
  /** 'page' lays the sections out as cards with a sticky button bar; 'modal' is compact and borderless. */
  variant?: 'page' | 'modal';
}

/** Field labels, also used by the error alert so it names the field each message belongs to. */
const LABEL_KEYS: Record<CompanyField, string> = {
  company_name: 'companies.field.name',
  company_adress: 'companies.field.address',
  company_district: 'companies.field.district',
  company_city: 'companies.field.city',
  company_country: 'companies.field.country',
  company_category: 'companies.field.category',
  company_phone: 'companies.field.phone',
  company_mobilephone: 'companies.field.mobilephone',
  company_fax: 'companies.field.fax',
  company_taxoffice: 'companies.field.taxoffice',
  company_taxno: 'companies.field.taxno',
  company_email: 'companies.field.email',
  company_web: 'companies.field.web',
  company_notes: 'companies.field.notes',
  company_status: 'companies.field.status',
};

const HALF = { base: 12, sm: 6 };

function Section({ title, icon, variant, children }: { title: string; icon: ReactNode; variant: 'page' | 'modal'; children: ReactNode }) {
  if (variant === 'modal') {
    return (
      <Stack gap="xs">
        <Divider label={<Group gap={6}>{icon}<Text size="sm" fw={600}>{title}</Text></Group>} labelPosition="left" />
        {children}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="xs" mb="md">
        <ThemeIcon variant="light" size="md" radius="md">{icon}</ThemeIcon>
        <Title order={4}>{title}</Title>
      </Group>
      {children}
    </Paper>
  );
}

/**
 * The customer or supplier company form (spec 000 2.9 and section 5): every field of the entity,
 * the spec's validation with the domain messages under the fields and, after a refused save, as an
 * alert above the form. Used by the company detail page and as a modal from the offer screen.
 */
export function CompanyForm({ company, initialValues, onSaved, onDeleted, onClose, variant = 'page' }: CompanyFormProps) {
  const { t, i18n } = useTranslation();
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'companies', 'write');
  const canDelete = hasModulePermission(permissions, 'companies', 'delete');
  const save = useSaveCompany();
  const remove = useDeleteCompany();

  // Save with the version read, field errors, notices, live refresh and confirm-then-delete: lib/use-entity-form.ts.
  const entity = useEntityForm<CompanyFormValues, Company>({
    record: company,
    toValues: (record) => toFormValues(record ?? initialValues),
    validate: (values) => validateCompany(values),
    // Spec 000 section 5: a new company starts with preset errors.
    initialErrors: company ? {} : presetErrors(toFormValues(initialValues)),
    save: ({ id, version, values, current: stored }) => save.mutateAsync({ id, version, body: toCompanyBody(values, stored?.company_img ?? initialValues?.company_img ?? '') }),
    remove: (id) => remove.mutateAsync(id),
    // e.g. 409 'Teslimatı olan Firma Silinemez..': the server's reason shows as the danger notice.
    deleteMessage: t('msg.company.delete.confirm'),
    notices: { created: 'companies.notice.created', updated: 'companies.notice.updated', deleted: 'companies.notice.deleted' },
    onSaved,
    onDeleted,
  });
  const { form, isNew, submit, input, current } = entity;
  const alertOpen = entity.errorsShown;
  const handleDelete = entity.remove;

  // A second company with the same name: warn before it is saved, naming the one that exists.
  // Asked in Turkish lower case: the server's search folds ASCII case only.
  const [nameToCheck] = useDebouncedValue(form.values.company_name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr'), 300);
  const { data: namesake } = useQuery({
    ...companiesQuery({ page: 1, pageSize: 20, orderBy: 'company_name', order: 'asc', search: nameToCheck }),
    enabled: canWrite && nameToCheck.length >= 3,
    placeholderData: undefined,
    select: (r) => r.companyList.find((c) => c._id !== current?._id && sameCompanyName(c.company_name, nameToCheck)) ?? null,
  });

  const lang = i18n.language;
  const countries = useMemo(() => {
    const options = countryOptions(lang).sort((a, b) => a.label.localeCompare(b.label, lang));
    // A country stored under an older name still shows (and stays) as it is.
    const current = form.values.company_country;
    return current && !options.some((o) => o.value === current) ? [{ value: current, label: current }, ...options] : options;
  }, [lang, form.values.company_country]);
  const categories = COMPANY_CATEGORIES.map((c) => ({ value: c, label: t(`companies.category.${c}`) }));

  const errors = orderedErrors(form.errors);

  const handleClose = () => {
    if (!onClose) return;
    if (!form.isDirty()) {
      onClose();
      return;
    }
    openConfirmModal({
      title: t('companies.form.discardTitle'),
      centered: true,
      children: <Text size="sm">{t('companies.form.discardText')}</Text>,
      labels: { confirm: t('companies.form.discardConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };

  const busy = entity.saving || entity.deleting;
  const page = variant === 'page';

  return (
    <form onSubmit={submit} noValidate aria-label={t('companies.form.label')}>
      <Stack gap={page ? 'md' : 'sm'}>
        {alertOpen && errors.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            title={t('companies.form.errorsTitle')}
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={entity.hideErrors}
            data-testid="company-form-errors"
          >
            <List size="sm" spacing={2}>
              {errors.map(([field, message]) => (
                <List.Item key={field}>
                  <Text span fw={600} size="sm">{t(LABEL_KEYS[field])}:</Text> {tm(message)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Grid gutter={page ? 'md' : 'sm'}>
          <Grid.Col span={{ base: 12, lg: page ? 6 : 12 }}>
            <Stack gap={page ? 'md' : 'sm'}>
              <Section title={t('companies.section.company')} icon={<IconBuilding size={16} />} variant={variant}>
                <Grid gutter="sm">
                  <Grid.Col span={12}>
                    <TextInput label={t(LABEL_KEYS.company_name)} withAsterisk maxLength={200} data-autofocus {...input('company_name')} />
                    {namesake && sameCompanyName(namesake.company_name, form.values.company_name) && (
                      <Alert mt="xs" color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="company-duplicate-warning">
                        {t('companies.form.duplicateName', { name: namesake.company_name, city: namesake.company_city || '—' })}
                      </Alert>
                    )}
                  </Grid.Col>
                  <Grid.Col span={HALF}>
                    <Select
                      label={t(LABEL_KEYS.company_category)}
                      withAsterisk
                      data={categories}
                      allowDeselect={false}
                      placeholder={t('companies.form.selectCategory')}
                      comboboxProps={{ withinPortal: true }}
                      {...input('company_category')}
                    />
                  </Grid.Col>
                  <Grid.Col span={HALF}>
                    <Stack gap={4}>
                      <Text size="sm" fw={500}>{t(LABEL_KEYS.company_status)}</Text>
                      <Box h={36} style={{ display: 'flex', alignItems: 'center' }}>
                        <Switch
                          name="company_status"
                          size="md"
                          color="teal"
                          label={form.values.company_status ? t('companies.status.active') : t('companies.status.passive')}
                          {...form.getInputProps('company_status', { type: 'checkbox' })}
                          aria-label={t(LABEL_KEYS.company_status)}
                        />
                      </Box>
                    </Stack>
                  </Grid.Col>
                </Grid>
              </Section>

              <Section title={t('companies.section.address')} icon={<IconMapPin size={16} />} variant={variant}>
                <Grid gutter="sm">
                  <Grid.Col span={12}>
                    <Textarea label={t(LABEL_KEYS.company_adress)} autosize minRows={2} maxRows={5} maxLength={500} {...input('company_adress')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput label={t(LABEL_KEYS.company_district)} maxLength={100} {...input('company_district')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput label={t(LABEL_KEYS.company_city)} withAsterisk maxLength={100} {...input('company_city')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <Select
                      label={t(LABEL_KEYS.company_country)}
                      withAsterisk
                      searchable
                      allowDeselect={false}
                      data={countries}
                      placeholder={t('companies.form.selectCountry')}
                      nothingFoundMessage={t('companies.form.noCountry')}
                      limit={300}
                      maxDropdownHeight={280}
                      comboboxProps={{ withinPortal: true }}
                      leftSection={<IconWorld size={16} />}
                      {...input('company_country')}
                    />
                  </Grid.Col>
                </Grid>
              </Section>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, lg: page ? 6 : 12 }}>
            <Stack gap={page ? 'md' : 'sm'}>
              <Section title={t('companies.section.contact')} icon={<IconAddressBook size={16} />} variant={variant}>
                <Grid gutter="sm">
                  <Grid.Col span={HALF}>
                    <TextInput label={t(LABEL_KEYS.company_phone)} type="tel" maxLength={40} leftSection={<IconPhone size={16} />} {...input('company_phone')} />
                  </Grid.Col>
                  <Grid.Col span={HALF}>
                    <TextInput label={t(LABEL_KEYS.company_mobilephone)} type="tel" maxLength={40} leftSection={<IconDeviceMobile size={16} />} {...input('company_mobilephone')} />
                  </Grid.Col>
                  {/* The e-mail gets the whole row: half of the narrow contact card cut addresses at 1280 px. */}
                  <Grid.Col span={12}>
                    <TextInput label={t(LABEL_KEYS.company_email)} type="email" withAsterisk maxLength={200} leftSection={<IconAt size={16} />} {...input('company_email')} />
                  </Grid.Col>
                  <Grid.Col span={HALF}>
                    <TextInput label={t(LABEL_KEYS.company_fax)} type="tel" maxLength={40} leftSection={<IconPrinter size={16} />} {...input('company_fax')} />
                  </Grid.Col>
                  <Grid.Col span={HALF}>
                    <TextInput label={t(LABEL_KEYS.company_web)} maxLength={200} leftSection={<IconWorld size={16} />} placeholder="www.example.com" {...input('company_web')} />
                  </Grid.Col>
                </Grid>
              </Section>

              <Section title={t('companies.section.tax')} icon={<IconFileInvoice size={16} />} variant={variant}>
                <Grid gutter="sm">
                  <Grid.Col span={HALF}>
                    <TextInput label={t(LABEL_KEYS.company_taxoffice)} maxLength={100} {...input('company_taxoffice')} />
                  </Grid.Col>
                  <Grid.Col span={HALF}>
                    <TextInput label={t(LABEL_KEYS.company_taxno)} maxLength={40} {...input('company_taxno')} />
                  </Grid.Col>
                  <Grid.Col span={12}>
                    <Textarea label={t(LABEL_KEYS.company_notes)} autosize minRows={2} maxRows={8} maxLength={4000} {...input('company_notes')} />
                  </Grid.Col>
                </Grid>
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>

        <Paper
          withBorder={page}
          radius="md"
          p={page ? 'sm' : 0}
          py="sm"
          shadow={page ? 'sm' : undefined}
          // The buttons stay in reach while a long form scrolls, on the page and inside a modal alike.
          style={{ position: 'sticky', bottom: page ? 'var(--mantine-spacing-md)' : 0, zIndex: 3, borderTop: page ? undefined : '1px solid var(--mantine-color-default-border)' }}
        >
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              {!isNew && onDeleted && (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={18} />}
                  onClick={handleDelete}
                  loading={remove.isPending}
                  disabled={!canDelete || save.isPending}
                >
                  {t('common.delete')}
                </Button>
              )}
            </Group>
            <Group gap="xs" ml="auto">
              {onClose && (
                <Button variant="default" leftSection={<IconX size={18} />} onClick={handleClose} disabled={busy}>
                  {t('common.close')}
                </Button>
              )}
              <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending} disabled={!canWrite || remove.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
