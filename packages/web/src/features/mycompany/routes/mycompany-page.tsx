import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert, Badge, Button, Grid, Group, Indicator, List, Paper, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput, Textarea, ThemeIcon, Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MY_COMPANY_ID, countryOptions, type MyCompany } from '@isik/domain';
import {
  IconAddressBook, IconAlertTriangle, IconAt, IconBuilding, IconBuildingBank, IconCertificate, IconDeviceFloppy, IconFileInvoice,
  IconListCheck, IconMapPin, IconPhone, IconPhoto, IconPrinter, IconRefresh, IconWorld, IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { tm } from '../../../i18n';
import { ApiError, notifyError } from '../../../lib/api';
import { useEntityForm } from '../../../lib/use-entity-form';
import { myCompanyQuery, useSaveMyCompany } from '../api/mycompany-api';
import { ImageSlot } from '../components/image-slot';
import { BankList, CertificateList, QcList } from '../components/row-lists';
import {
  INFO_FIELDS, rowErrors, tabOfField, toBody, toFormValues, validateMyCompany, type MyCompanyFormValues,
} from '../model/my-company-form';

const SAVED_PATH = `/app/settings/myCompany/${MY_COMPANY_ID}`;
const IMAGE_SLOTS = ['sirket_rapor_logo', 'sirket_kase', 'sirket_kaseimza', 'bwlogo'] as const;
type Tab = 'images' | 'qc' | 'certificates' | 'banks';

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
      <Group gap="xs" mb="md">
        <ThemeIcon variant="light" size="md" radius="md">{icon}</ThemeIcon>
        <Title order={4}>{title}</Title>
      </Group>
      {children}
    </Paper>
  );
}

/** Spec 000 2.6: /mycompany and /app/settings/myCompany/{id} - the own company's settings. */
export function MyCompanyPage() {
  const { t } = useTranslation();
  const query = useQuery(myCompanyQuery());
  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={40} w={320} />
        <Skeleton h={260} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={t('mycompany.title')} />
        <LoadFailedAlert title={t('mycompany.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return <MyCompanyForm company={query.data} />;
}

function MyCompanyForm({ company }: { company: MyCompany | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveMyCompany();
  const [tab, setTab] = useState<Tab>('images');
  /** The server's message of a refused save (409: changed by someone else, or already created). */
  const [conflict, setConflict] = useState<string | null>(null);
  const queryClient = useQueryClient();

  // The rules are checked on save; a refused save opens the error summary and the tab of the first error.
  const { form, current: stored, submit, errorsShown: alertOpen, hideErrors, load, input } = useEntityForm<MyCompanyFormValues, MyCompany>({
    record: company,
    toValues: toFormValues,
    validate: validateMyCompany,
    validateOnChange: false,
    save: ({ current, version, values }) => save.mutateAsync({ exists: current !== null, version, body: toBody(values) }),
    notices: { created: 'msg.mycompany.created', updated: 'msg.mycompany.updated' },
    onSaved: (_saved, mode) => {
      if (mode === 'created' && location.pathname !== SAVED_PATH) void navigate(SAVED_PATH, { replace: true });
    },
    onRefused: (fields, err) => {
      const firstTab = Object.keys(fields).map(tabOfField).find((x) => x !== 'info');
      if (firstTab && !Object.keys(fields).some((k) => tabOfField(k) === 'info')) setTab(firstTab);
      // A stale version: the alert says so; the user reloads to see the other change.
      if (err instanceof ApiError && err.status === 409) setConflict(err.message);
    },
  });
  const exists = stored !== null;

  const lang = i18n.language;
  const countries = useMemo(() => {
    const options = countryOptions(lang).sort((a, b) => a.label.localeCompare(b.label, lang));
    const cur = form.values.sirket_ulke;
    return cur && !options.some((o) => o.value === cur) ? [{ value: cur, label: cur }, ...options] : options;
  }, [lang, form.values.sirket_ulke]);

  const errors = form.errors as Record<string, string | undefined>;
  const tabHasError = (name: Tab) => Object.entries(errors).some(([k, v]) => v && tabOfField(k) === name);

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    setConflict(null);
    submit(e);
  };

  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...myCompanyQuery(), staleTime: 0 });
    load(fresh);
    setConflict(null);
  };

  const listed = Object.entries(errors).filter((x): x is [string, string] => typeof x[1] === 'string' && x[1] !== '');
  const fieldLabel = (path: string) => {
    if ((INFO_FIELDS as readonly string[]).includes(path) || (IMAGE_SLOTS as readonly string[]).includes(path)) return t(`mycompany.field.${path}`);
    const m = /^(QCQuestions|certificates|banks)\.(\d+)/.exec(path);
    if (m) return `${t(`mycompany.tabs.${m[1] === 'QCQuestions' ? 'qc' : m[1]}`)} · ${t('mycompany.rowN', { n: Number(m[2]) + 1 })}`;
    return path;
  };

  const v = form.values;
  const place = stored ? [stored.sirket_ilce, stored.sirket_il].filter(Boolean).join(' / ') : '';
  const tabLabel = (name: Tab, icon: ReactNode, label: string, count?: number) => (
    <Tabs.Tab value={name} leftSection={icon} rightSection={count !== undefined ? <Badge size="xs" variant="light" color="gray">{count}</Badge> : undefined}>
      <Indicator disabled={!tabHasError(name)} color="red" size={8} offset={-4} position="top-end">{label}</Indicator>
    </Tabs.Tab>
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('mycompany.title')}>
      <PageHeader
        title={t('mycompany.title')}
        subtitle={exists
          ? <Group gap="xs" component="span"><Text span size="sm" fw={600}>{stored.sirket_adi}</Text>{place && <Text span size="sm" c="dimmed">{place}</Text>}</Group>
          : t('mycompany.newSubtitle')}
      />
      <Stack gap="md">
        {!exists && (
          <Alert color="blue" variant="light" icon={<IconBuilding size={18} />} title={t('mycompany.notCreatedTitle')}>
            {t('mycompany.notCreatedText')}
          </Alert>
        )}
        {conflict && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={t('mycompany.conflictTitle')} data-testid="mycompany-conflict">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{conflict}</Text>
              <Button size="xs" variant="light" color="orange" leftSection={<IconRefresh size={16} />} onClick={() => void reload().catch(notifyError)}>{t('mycompany.reload')}</Button>
            </Stack>
          </Alert>
        )}
        {alertOpen && listed.length > 0 && (
          <Alert
            color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('mycompany.errorsTitle')}
            withCloseButton closeButtonLabel={t('common.close')} onClose={hideErrors} data-testid="mycompany-errors"
          >
            <List size="sm" spacing={2}>
              {listed.map(([field, message]) => (
                <List.Item key={field}><Text span fw={600} size="sm">{fieldLabel(field)}:</Text> {tm(message)}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Grid gutter="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="md">
              <Section title={t('mycompany.section.company')} icon={<IconBuilding size={16} />}>
                <Grid gutter="sm">
                  <Grid.Col span={12}>
                    <TextInput label={t('mycompany.field.sirket_adi')} withAsterisk maxLength={200} {...input('sirket_adi')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={t('mycompany.field.sirket_vergidairesi')} maxLength={100} leftSection={<IconFileInvoice size={16} />} {...input('sirket_vergidairesi')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={t('mycompany.field.sirket_vergino')} maxLength={40} {...input('sirket_vergino')} />
                  </Grid.Col>
                </Grid>
              </Section>
              <Section title={t('mycompany.section.address')} icon={<IconMapPin size={16} />}>
                <Grid gutter="sm">
                  <Grid.Col span={12}>
                    <Textarea label={t('mycompany.field.sirket_adres')} autosize minRows={2} maxRows={5} maxLength={500} {...input('sirket_adres')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    <TextInput label={t('mycompany.field.sirket_ilce')} maxLength={100} {...input('sirket_ilce')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                    <TextInput label={t('mycompany.field.sirket_il')} maxLength={100} {...input('sirket_il')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
                    <TextInput label={t('mycompany.field.sirket_pk')} maxLength={20} {...input('sirket_pk')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 8, md: 4 }}>
                    <Select
                      label={t('mycompany.field.sirket_ulke')} withAsterisk searchable allowDeselect={false} data={countries}
                      placeholder={t('mycompany.selectCountry')} nothingFoundMessage={t('mycompany.noCountry')} limit={300} maxDropdownHeight={280}
                      comboboxProps={{ withinPortal: true }} leftSection={<IconWorld size={16} />} {...input('sirket_ulke')}
                    />
                  </Grid.Col>
                </Grid>
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Section title={t('mycompany.section.contact')} icon={<IconAddressBook size={16} />}>
              <Grid gutter="sm">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={t('mycompany.field.sirket_tel')} type="tel" maxLength={40} leftSection={<IconPhone size={16} />} {...input('sirket_tel')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={t('mycompany.field.sirket_fax')} type="tel" maxLength={40} leftSection={<IconPrinter size={16} />} {...input('sirket_fax')} />
                </Grid.Col>
                <Grid.Col span={12}>
                  <TextInput label={t('mycompany.field.sirket_email')} type="email" maxLength={200} leftSection={<IconAt size={16} />} {...input('sirket_email')} />
                </Grid.Col>
                <Grid.Col span={12}>
                  <TextInput label={t('mycompany.field.sirket_email2')} type="email" maxLength={200} leftSection={<IconAt size={16} />} {...input('sirket_email2')} />
                </Grid.Col>
                <Grid.Col span={12}>
                  <TextInput label={t('mycompany.field.sirket_web')} maxLength={200} leftSection={<IconWorld size={16} />} placeholder="www.example.com" {...input('sirket_web')} />
                </Grid.Col>
              </Grid>
            </Section>
          </Grid.Col>
        </Grid>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Tabs value={tab} onChange={(x) => x && setTab(x as Tab)} keepMounted={false}>
            <Tabs.List mb="md">
              {tabLabel('images', <IconPhoto size={16} />, t('mycompany.tabs.images'))}
              {tabLabel('qc', <IconListCheck size={16} />, t('mycompany.tabs.qc'), v.QCQuestions.length)}
              {tabLabel('certificates', <IconCertificate size={16} />, t('mycompany.tabs.certificates'), v.certificates.length)}
              {tabLabel('banks', <IconBuildingBank size={16} />, t('mycompany.tabs.banks'), v.banks.length)}
            </Tabs.List>
            <Tabs.Panel value="images">
              <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
                {IMAGE_SLOTS.map((slot) => (
                  <ImageSlot
                    key={slot}
                    testId={`slot-${slot}`}
                    label={t(`mycompany.field.${slot}`)}
                    description={t(`mycompany.imageHelp.${slot}`)}
                    value={v[slot]}
                    error={errors[slot]}
                    onChange={(next) => { form.setFieldValue(slot, next); form.clearFieldError(slot); }}
                  />
                ))}
              </SimpleGrid>
            </Tabs.Panel>
            <Tabs.Panel value="qc">
              <QcList rows={v.QCQuestions} errors={rowErrors(errors, 'QCQuestions')} onChange={(rows) => { form.setFieldValue('QCQuestions', rows); clearListErrors(form, 'QCQuestions'); }} />
            </Tabs.Panel>
            <Tabs.Panel value="certificates">
              <CertificateList rows={v.certificates} errors={rowErrors(errors, 'certificates')} onChange={(rows) => { form.setFieldValue('certificates', rows); clearListErrors(form, 'certificates'); }} />
            </Tabs.Panel>
            <Tabs.Panel value="banks">
              <BankList rows={v.banks} errors={rowErrors(errors, 'banks')} onChange={(rows) => { form.setFieldValue('banks', rows); clearListErrors(form, 'banks'); }} />
            </Tabs.Panel>
          </Tabs>
        </Paper>

        <Paper withBorder radius="md" p="sm" shadow="sm" style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 3 }}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" visibleFrom="sm">{form.isDirty() ? t('mycompany.unsaved') : exists ? t('mycompany.savedState') : ''}</Text>
            <Group gap="xs" ml="auto">
              <Button variant="default" leftSection={<IconX size={18} />} onClick={() => void navigate('/')} disabled={save.isPending}>
                {t('common.close')}
              </Button>
              <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/** Row errors of a list no longer match once the rows change; they clear and come back on the next save if still wrong. */
function clearListErrors(form: { errors: Record<string, unknown>; setErrors: (e: Record<string, string>) => void }, list: string) {
  const next: Record<string, string> = {};
  for (const [k, val] of Object.entries(form.errors)) if (!k.startsWith(`${list}.`) && typeof val === 'string') next[k] = val;
  form.setErrors(next);
}
