import { useEffect, useMemo, useState } from 'react';
import { ratesTodayQuery } from '../../../lib/rates-today';
import {
  ActionIcon, Alert, Anchor, Autocomplete, Badge, Box, Breadcrumbs, Button, Collapse, CopyButton, Divider, Grid, Group, Image, Menu, Paper, Radio, Select,
  Stack, Switch, Table, Tabs, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import { NumberField } from '../../../components/number-field';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { openConfirmModal } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CURRENCIES, INVOICE_TYPES, bulletinEntry, canChangeOfferRows, canDeleteOffer, countryOptions, formatDate, formatDateTime, formatNumber, hasModulePermission, itemVat,
  hasOrderError, hasText, joinOfferCode, offerStatusOptions, productCodeParts, statusChangeNeedsConfirm, type Company, type Material, type Offer, type ProductListRow,
} from '@isik/domain';
import {
  IconBuilding, IconCheck, IconChevronDown, IconChevronUp, IconCoins, IconCopy, IconDeviceFloppy, IconDotsVertical, IconEdit, IconFileInvoice, IconFileOff, IconMail, IconPackage,
  IconPencil, IconPlus, IconPrinter, IconSettings, IconTrash, IconTruckDelivery, IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { PageHeader } from '../../../components/page-header';
import { MaterialPickerModal, ProductPickerModal, fetchPickedProduct, productImage, productName } from '../../../components/pickers';
import { RecordFallback } from '../../../components/record-fallback';
import { tm } from '../../../i18n';
import { fieldErrorsOf, notifyError, notifyFailure, notifySuccess } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import {
  contactsQuery, fetchCompany, offerKeys, offerQuery, offerSettingsQuery, searchCompanies, useDeleteOffer, useSaveOffer,
} from '../api/offers-api';
import { CompanyModal } from '../components/company-modal';
import { OfferEmailModal } from '../components/offer-email-modal';
import { ItemEditor } from '../components/item-editor';
import { OfferStatusBadge } from '../components/status-badge';
import { formMoney, newItem, newOfferValues, newRowKey, toFormValues, toOfferBody, type ItemValues, type OfferFormValues } from '../model/offer-values';
import { offerPdfPath } from './offers-page';
import { offersListPath } from './list-location';

const NEW = 'new';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** Spec 001 2.10: /offer/{id}, or /offer/new to create. */
export function OfferDetailPage() {
  const { id = NEW } = useParams();
  return <OfferDetailLoader key={id} id={id} />;
}

function OfferDetailLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const isNew = id === NEW;
  const query = useQuery({ ...offerQuery(id), enabled: !isNew });
  const settings = useQuery({ ...offerSettingsQuery, enabled: isNew });
  const bulletin = useQuery(ratesTodayQuery);
  const crumbs = (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to={offersListPath()} size="sm">{t('menu.offers')}</Anchor>
      <Text size="sm">{isNew ? t('offers.detail.new') : query.data?.teklif_no ?? '…'}</Text>
    </Breadcrumbs>
  );
  if (!isNew && !query.data) {
    return (
      <RecordFallback
        crumbs={crumbs} query={query} loadFailedTitle={t('offers.detail.loadFailed')}
        notFound={{ icon: <IconFileOff size={34} />, title: t('offers.detail.notFoundTitle'), text: t('offers.detail.notFoundText'), backTo: offersListPath(), backLabel: t('offers.detail.back') }}
      />
    );
  }
  if (isNew && (settings.isPending || bulletin.isPending)) return crumbs;
  return <>{crumbs}<OfferDetail id={id} offer={query.data ?? null} initial={query.data ? toFormValues(query.data) : newOfferValues(settings.data, bulletin.data)} /></>;
}

function OfferDetail({ id, offer, initial }: { id: string; offer: Offer | null; initial: OfferFormValues }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = offer === null;
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'offers', 'write');
  const canDel = hasModulePermission(permissions, 'offers', 'delete');
  const save = useSaveOffer();
  const remove = useDeleteOffer();
  const bulletin = useQuery(ratesTodayQuery).data ?? null;
  const settings = useQuery(offerSettingsQuery).data;
  const form = useForm<OfferFormValues>({ initialValues: initial });
  const [version, setVersion] = useState(offer?.__v ?? 0);
  const [tab, setTab] = useState<string | null>('detail');
  const [editing, setEditing] = useState<{ index: number; item: ItemValues } | null>(null);
  const [picker, setPicker] = useState<'product' | 'material' | null>(null);
  const [companyModal, setCompanyModal] = useState<{ company: Company | null } | null>(null);
  const [currencyOpen, setCurrencyOpen] = useState(true);
  const [notesOpen, setNotesOpen] = useState(true);
  const [companySearch, setCompanySearch] = useState(initial.firma_adi);
  const [mailOpen, setMailOpen] = useState(false);
  const [companies, setCompanies] = useState<Company[]>([]);
  const contacts = useQuery(contactsQuery({ page: 1, pageSize: 50, search: form.values.related_person }));

  // Another user's save (live event) reloads the offer: an untouched form follows it; edits in progress stay (and their save answers 409).
  useEffect(() => {
    if (!offer || form.isDirty()) return;
    const next = toFormValues(offer);
    form.setValues(next);
    form.resetDirty(next);
    setVersion(offer.__v);
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

  const v = form.values;
  const money = useMemo(() => formMoney(v), [v]);
  const amountError = money === null;
  const storedStatus = offer?.teklif_durumu ?? 0;
  const orderError = hasOrderError(v.offeritem);
  const rowsEditable = canWrite && canChangeOfferRows(storedStatus);
  const serverErrors = form.errors as Record<string, string | undefined>;

  const applyCompany = (c: Company) => {
    form.setValues({
      firma_id: c._id, firma_adi: c.company_name, firma_adres: c.company_adress, firma_ilce: c.company_district, firma_il: c.company_city,
      firma_ulke: c.company_country, firma_eposta: c.company_email, buyer_phone: c.company_phone || c.company_mobilephone,
    });
    setCompanySearch(c.company_name);
  };

  const submit = () => {
    form.clearErrors();
    save.mutate({ id: isNew ? undefined : id, version, body: toOfferBody(form.values) }, {
      onSuccess: (o) => {
        notifySuccess(isNew ? 'offer.created' : 'offer.updated');
        if (isNew) { void navigate(`/offer/${o._id}`, { replace: true }); return; }
        const next = toFormValues(o);
        form.setValues(next);
        form.resetDirty(next);
        setVersion(o.__v);
      },
      onError: (err) => {
        const fields = fieldErrorsOf(err);
        if (fields) form.setErrors(fields);
        // Spec 001 8: a failed create is titled 'error' and says the offer could not be created (with the reason).
        if (isNew) notifyFailure(`${tm('offer.createFailed')}: ${err instanceof Error ? err.message : ''}`, 'notice.error');
        else notifyError(err);
      },
    });
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

  const doDelete = () => confirmDelete({
    message: tm('offer.delete.confirm'),
    onConfirm: () => remove.mutate(id, {
      onSuccess: () => {
        notifySuccess('offer.deleted');
        queryClient.removeQueries({ queryKey: offerKeys.detail(id) });
        void navigate('/offers');
      },
      onError: (err) => notifyError(err),
    }),
  });

  const addPicked = (item: ItemValues) => setEditing({ index: -1, item });
  // The picker answers list rows; the item's code parts and VAT come from the whole product.
  const fromProduct = (row: ProductListRow) => void fetchPickedProduct(row._id).then((p) => addPicked({
    ...newItem(settings?.urun_kdv), urun_id: p._id, urun_resim: productImage(row),
    // The product's name pair: each document prints the name of its language.
    urun_adi: productName(row, 'tr'), urun_adi_en: hasText(row.urun_adi?.[1]) ? (row.urun_adi?.[1] ?? '').trim() : '',
    urun_kodu: productCodeParts(p),
    urun_kdv: itemVat(p.urun_model?.model_kdv, settings?.vat_choices, settings?.urun_kdv), urun_fiyati: p.urun_fiyat ?? 0, urun_dovizi: p.urun_doviz || '$', stockSum: row.stockSum ?? 0,
    order_type: 'production',
  })).catch((e) => notifyError(e));
  const fromMaterial = (m: Material) => addPicked({
    ...newItem(settings?.urun_kdv), urun_id: m._id, urun_resim: m.material_img, urun_adi: m.material_name, urun_kodu: [m.material_category, m.material_group, '', '', '', '', '', '', ''],
    urun_birimi: m.material_unit, urun_fiyati: m.material_price, urun_dovizi: m.material_doviz, order_type: 'material', stockSum: m.stockSum,
  });
  const saveItem = (item: ItemValues) => {
    const items = [...v.offeritem];
    if (editing && editing.index >= 0) items[editing.index] = item;
    else items.push({ ...item, key: item.key || newRowKey() });
    form.setFieldValue('offeritem', items);
    setEditing(null);
  };
  const removeItem = (index: number) => form.setFieldValue('offeritem', v.offeritem.filter((_, i) => i !== index));

  // Issue 11: staff see the order-tracking address the offer's answer carries, to copy and send.
  const trackingUrl = (offer as (typeof offer & { orderTrackingUrl?: string }) | undefined)?.orderTrackingUrl ?? '';

  const headerButtons = (
    <Group gap="xs">
      {!isNew && storedStatus === 3 && <Button variant="default" component={Link} to={`/order/${id}`} leftSection={<IconTruckDelivery size={16} />}>{t('offers.detail.orderDetail')}</Button>}
      {!isNew && canDel && canDeleteOffer(storedStatus, v.offeritem) && (
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={doDelete} loading={remove.isPending}>{t('common.delete')}</Button>
      )}
      {canWrite && !amountError && <Button leftSection={<IconDeviceFloppy size={16} />} onClick={submit} loading={save.isPending} data-testid="offer-save">{t('common.save')}</Button>}
      {!isNew && storedStatus === 1 && !amountError && (
        <Button variant="light" onClick={() => setMailOpen(true)} disabled={!settings} leftSection={<IconMail size={16} />} data-testid="offer-email">{t('offers.detail.email')}</Button>
      )}
      {!isNew && <Button variant="default" component="a" href={offerPdfPath(id)} target="_blank" rel="noopener" leftSection={<IconPrinter size={16} />}>{t('offers.detail.print')}</Button>}
      <Button variant="default" component={Link} to={offersListPath()} leftSection={<IconX size={16} />}>{t('common.close')}</Button>
    </Group>
  );

  const rateInput = (field: 'teklif_usdkur' | 'teklif_eurkur', code: 'USD' | 'EUR', label: string) => (
    <Stack gap={4}>
      <NumberField
        label={label} value={v[field]} min={0} decimalScale={6} decimalSeparator="," thousandSeparator="." rightSection="₺" error={serverErrors[field]}
        onChange={(x) => form.setFieldValue(field, x === '' ? '' : Number(x))} data-testid={`offer-${field}`} disabled={!canWrite}
      />
      {bulletin && canWrite && (
        <Group gap={4}>
          <Button size="compact-xs" variant="light" onClick={() => form.setFieldValue(field, Number(bulletinEntry(bulletin, code)?.ForexSelling))}>
            {t('offers.rates.selling')} {formatNumber(Number(bulletinEntry(bulletin, code)?.ForexSelling), 4)}
          </Button>
          <Button size="compact-xs" variant="light" color="gray" onClick={() => form.setFieldValue(field, Number(bulletinEntry(bulletin, code)?.ForexBuying))}>
            {t('offers.rates.buying')} {formatNumber(Number(bulletinEntry(bulletin, code)?.ForexBuying), 4)}
          </Button>
        </Group>
      )}
    </Stack>
  );

  const totalsRow = (label: string, tl: number | undefined, dv: number | undefined, testId: string, strong = false) => (
    <Table.Tr>
      <Table.Td><Text fw={strong ? 700 : 500} size="sm">{label}</Text></Table.Td>
      <Table.Td ta="right"><Text fw={strong ? 700 : 500} size="sm" data-testid={`${testId}-tl`} style={NOWRAP}>{tl === undefined ? '—' : `${formatNumber(tl)} ₺`}</Text></Table.Td>
      <Table.Td ta="right"><Text fw={strong ? 700 : 500} size="sm" data-testid={`${testId}-doviz`} style={NOWRAP}>{dv === undefined ? '—' : `${formatNumber(dv)} ${v.teklif_dovizi}`}</Text></Table.Td>
    </Table.Tr>
  );

  return (
    <>
      <PageHeader
        title={<Group gap="sm">{isNew ? t('offers.detail.new') : v.teklif_no}{!isNew && <OfferStatusBadge status={storedStatus} />}</Group>}
        subtitle={v.firma_adi || t('offers.detail.subtitle')}
        actions={headerButtons}
      />
      <Box
        mb="md" h={6} style={{ borderRadius: 3 }} bg={v.firma_id ? 'green' : 'red'} data-testid="offer-company-bar" data-registered={v.firma_id ? 'yes' : 'no'}
        title={v.firma_id ? t('offers.detail.registered') : t('offers.detail.unregistered')}
      />
      {trackingUrl && <TrackingLink url={trackingUrl} />}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="detail" leftSection={<IconFileInvoice size={16} />}>{t('offers.tabs.detail')}</Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>{t('offers.tabs.settings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="detail">
          <Stack gap="md">
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

            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" onClick={() => setCurrencyOpen((o) => !o)} style={{ cursor: 'pointer' }}>
                <Group gap="xs"><IconCoins size={18} /><Title order={5}>{t('offers.rates.title')}</Title></Group>
                {currencyOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              </Group>
              <Collapse in={currencyOpen}>
                <Stack gap="sm" mt="sm">
                  {bulletin
                    ? <Text size="xs" c="dimmed">{t('offers.rates.bulletin', { date: formatDate(bulletin.tarih), no: bulletin.bulletinNo })}</Text>
                    : <Alert color="yellow" variant="light" data-testid="offer-no-bulletin">{t('offers.rates.none')}</Alert>}
                  <Grid>
                    <Grid.Col span={{ base: 12, sm: 4 }}>{rateInput('teklif_usdkur', 'USD', t('offers.rates.usd'))}</Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 4 }}>{rateInput('teklif_eurkur', 'EUR', t('offers.rates.eur'))}</Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 4 }}>
                      <Select
                        label={t('offers.field.currency')} data={[...CURRENCIES]} value={v.teklif_dovizi} allowDeselect={false} disabled={!canWrite}
                        onChange={(x) => form.setFieldValue('teklif_dovizi', x ?? '$')} comboboxProps={{ withinPortal: true }} data-testid="offer-currency"
                      />
                    </Grid.Col>
                  </Grid>
                  {amountError && <Alert color="red" variant="light" data-testid="offer-amount-error">{t('offers.rates.needed')}</Alert>}
                </Stack>
              </Collapse>
            </Paper>

            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" mb="sm">
                <Title order={5}>{t('offers.items.title')}</Title>
                {rowsEditable && (
                  <Group gap="xs">
                    <Button size="xs" variant="light" leftSection={<IconPackage size={16} />} onClick={() => setPicker('product')} data-testid="offer-add-product">{t('offers.items.addProduct')}</Button>
                    <Button size="xs" variant="light" leftSection={<IconPackage size={16} />} onClick={() => setPicker('material')}>{t('offers.items.addMaterial')}</Button>
                    <Button size="xs" variant="default" leftSection={<IconPlus size={16} />} onClick={() => addPicked(newItem(settings?.urun_kdv))} data-testid="offer-add-row">{t('offers.items.addRow')}</Button>
                  </Group>
                )}
              </Group>
              {serverErrors.offeritem && <Alert color="red" variant="light" mb="sm">{serverErrors.offeritem}</Alert>}
              <Table.ScrollContainer minWidth={860}>
                <Table verticalSpacing="xs" striped data-testid="offer-items">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={56} />
                      <Table.Th>{t('offers.item.name')}</Table.Th>
                      <Table.Th ta="right">{t('offers.item.qty')}</Table.Th>
                      <Table.Th ta="right">{t('offers.item.price')}</Table.Th>
                      <Table.Th ta="right">{t('offers.item.vat')}</Table.Th>
                      <Table.Th ta="right">{t('offers.item.rowTotal')}</Table.Th>
                      <Table.Th ta="right">{t('offers.item.rowGrand')}</Table.Th>
                      <Table.Th w={48} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {v.offeritem.length === 0 && <Table.Tr><Table.Td colSpan={8}><Text size="sm" c="dimmed" ta="center" py="md">{t('offers.items.empty')}</Text></Table.Td></Table.Tr>}
                    {v.offeritem.map((it, i) => {
                      const line = money?.lines[i];
                      return (
                        <Table.Tr key={it.key} data-testid="offer-item-row">
                          <Table.Td>{it.urun_resim ? <Image src={it.urun_resim} alt="" h={40} w={40} fit="contain" /> : null}</Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={500}>{it.urun_adi}</Text>
                            <Group gap={6}>
                              {joinOfferCode(it.urun_kodu) && <Text size="xs" c="dimmed">{joinOfferCode(it.urun_kodu)}</Text>}
                              {it.order_type !== 'default' && <Badge size="xs" variant="light">{t(`offers.orderType.${it.order_type}`)}</Badge>}
                              {it.takeoff_from_stock && <Badge size="xs" variant="light" color="teal">{t('offers.item.fromStock')}</Badge>}
                            </Group>
                          </Table.Td>
                          <Table.Td ta="right" style={NOWRAP}>{formatNumber(it.urun_miktari, Number.isInteger(it.urun_miktari) ? 0 : 2)} {it.urun_birimi}</Table.Td>
                          <Table.Td ta="right" style={NOWRAP}>{formatNumber(it.urun_fiyati)} {it.urun_dovizi}</Table.Td>
                          <Table.Td ta="right">% {it.urun_kdv}</Table.Td>
                          <Table.Td ta="right" style={NOWRAP} data-testid="offer-item-total">{line ? `${formatNumber(line.toplamTL)} ₺` : '—'}</Table.Td>
                          <Table.Td ta="right" style={NOWRAP}>{line ? `${formatNumber(line.toplamTL + line.toplamKdvTL)} ₺` : '—'}</Table.Td>
                          <Table.Td>
                            {canWrite && (
                              <Menu position="bottom-end" withinPortal>
                                <Menu.Target><ActionIcon variant="subtle" color="gray" aria-label={t('offers.items.rowMenu', { name: it.urun_adi })}><IconDotsVertical size={16} /></ActionIcon></Menu.Target>
                                <Menu.Dropdown>
                                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing({ index: i, item: it })}>{t('common.edit')}</Menu.Item>
                                  {rowsEditable && <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => removeItem(i)}>{t('common.delete')}</Menu.Item>}
                                </Menu.Dropdown>
                              </Menu>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Divider my="sm" />
              <Group justify="flex-end">
                <Table w={{ base: '100%', sm: 460 }} data-testid="offer-totals">
                  <Table.Thead>
                    <Table.Tr><Table.Th /><Table.Th ta="right">₺</Table.Th><Table.Th ta="right">{v.teklif_dovizi}</Table.Th></Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {totalsRow(t('offers.totals.total'), money?.totals.teklif_tutartl, money?.totals.teklif_tutardoviz, 'offer-total')}
                    {totalsRow(t('offers.totals.vat'), money?.totals.teklif_kdvtl, money?.totals.teklif_kdvdoviz, 'offer-vat')}
                    {totalsRow(t('offers.totals.grand'), money?.totals.teklif_gtoplamtl, money?.totals.teklif_gtoplamdoviz, 'offer-grand', true)}
                  </Table.Tbody>
                </Table>
              </Group>
              {serverErrors.tutarhatasi && <Alert color="red" variant="light" mt="sm" data-testid="offer-totals-error">{serverErrors.tutarhatasi}</Alert>}
            </Paper>

            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" onClick={() => setNotesOpen((o) => !o)} style={{ cursor: 'pointer' }}>
                <Title order={5}>{t('offers.notes.title')}</Title>
                {notesOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              </Group>
              <Collapse in={notesOpen}>
                <Grid mt="sm">
                  <Grid.Col span={{ base: 12, md: 6 }}><Textarea label={t('offers.notes.footer')} autosize minRows={3} {...form.getInputProps('teklif_altbilgi')} disabled={!canWrite} /></Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6 }}><Textarea label={t('offers.notes.note')} autosize minRows={3} {...form.getInputProps('teklif_notu')} disabled={!canWrite} /></Grid.Col>
                </Grid>
              </Collapse>
            </Paper>

            {offer && (
              <Group justify="space-between" c="dimmed" data-testid="offer-footer">
                <Text size="xs">{t('offers.footer.created', { who: offer.offer_creator_user || '—', when: formatDateTime(offer.created_date) })}</Text>
                <Text size="xs">{t('offers.footer.modified', { who: offer.offer_modified_user || '—', when: formatDateTime(offer.modified_date) })}</Text>
              </Group>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <Paper withBorder radius="md" p="md" maw={560}>
            <Stack>
              <Switch label={t('offers.settings.showDate')} {...form.getInputProps('teklif_tarih', { type: 'checkbox' })} disabled={!canWrite} />
              <Switch label={t('offers.settings.stampSignature')} {...form.getInputProps('teklif_kaseimza', { type: 'checkbox' })} disabled={!canWrite} />
              <Switch label={t('offers.settings.stamp')} {...form.getInputProps('teklif_kase', { type: 'checkbox' })} disabled={!canWrite} />
              <Switch label={t('offers.settings.commercialInvoice')} {...form.getInputProps('commercial_invoice', { type: 'checkbox' })} disabled={!canWrite} />
              <Select
                label={t('offers.settings.invoiceType')} data={INVOICE_TYPES.map((n) => ({ value: String(n), label: `T${n}` }))} value={String(v.invoice_type)}
                allowDeselect={false} onChange={(x) => form.setFieldValue('invoice_type', Number(x ?? 0))} disabled={!canWrite} comboboxProps={{ withinPortal: true }}
              />
              <Textarea label={t('offers.settings.deliveryAddress')} autosize minRows={2} {...form.getInputProps('teklif_sevkadresi')} disabled={!canWrite} />
              <TextInput label={t('offers.settings.trackingEmail')} {...form.getInputProps('orderTrackingEmail')} disabled={!canWrite} />
            </Stack>
          </Paper>
        </Tabs.Panel>
      </Tabs>

      <ItemEditor
        item={editing?.item ?? null} rates={{ usd: v.teklif_usdkur, eur: v.teklif_eurkur }} offerCurrency={v.teklif_dovizi} vatChoices={settings?.vat_choices}
        onClose={() => setEditing(null)} onSave={saveItem}
      />
      <ProductPickerModal opened={picker === 'product'} onClose={() => setPicker(null)} onSelect={(p) => { setPicker(null); fromProduct(p); }} />
      <MaterialPickerModal opened={picker === 'material'} onClose={() => setPicker(null)} onSelect={(m) => { setPicker(null); fromMaterial(m); }} />
      <CompanyModal
        opened={companyModal !== null} company={companyModal?.company ?? null}
        draft={{ company_name: v.firma_adi, company_adress: v.firma_adres, company_district: v.firma_ilce, company_city: v.firma_il, company_country: v.firma_ulke || undefined, company_email: v.firma_eposta, company_phone: v.buyer_phone }}
        onClose={() => setCompanyModal(null)}
        onSaved={(c) => { applyCompany(c); setCompanyModal(null); }}
      />
      {mailOpen && offer && settings && <OfferEmailModal offer={offer} settings={settings} onClose={() => setMailOpen(false)} />}
    </>
  );
}


/** The public order-tracking address with a copy button (DECISIONS 4). */
function TrackingLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mb="md" wrap="nowrap" data-testid="offer-tracking">
      <TextInput
        label={t('offers.tracking.label')} value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()}
        rightSectionWidth={96} data-testid="offer-tracking-url"
        rightSection={(
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'blue'} onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                {copied ? t('offers.tracking.copied') : t('offers.tracking.copy')}
              </Button>
            )}
          </CopyButton>
        )}
      />
    </Group>
  );
}
