import { useEffect, useMemo, useState } from 'react';
import { ratesTodayQuery } from '../../../lib/rates-today';
import {
  Anchor, Box, Breadcrumbs, Button, Collapse, CopyButton, Grid, Group, Paper, Select, Stack, Switch, Tabs, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INVOICE_TYPES, canChangeOfferRows, canDeleteOffer, formatDateTime, hasModulePermission, hasOrderError, type Offer,
} from '@isik/domain';
import {
  IconCheck, IconChevronDown, IconChevronUp, IconCopy, IconDeviceFloppy, IconFileInvoice, IconFileOff, IconMail, IconPrinter, IconSettings, IconTrash,
  IconTruckDelivery, IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { PageHeader } from '../../../components/page-header';
import { RecordFallback } from '../../../components/record-fallback';
import { tm } from '../../../i18n';
import { fieldErrorsOf, notifyError, notifyFailure, notifySuccess } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { offerKeys, offerQuery, offerSettingsQuery, useDeleteOffer, useSaveOffer } from '../api/offers-api';
import { OfferEmailModal } from '../components/offer-email-modal';
import { OfferHeader } from '../components/offer-header';
import { OfferItems } from '../components/offer-items';
import { OfferCostCard } from '../components/offer-cost-card';
import { OfferRates } from '../components/offer-rates';
import { OfferStatusBadge } from '../components/status-badge';
import { formMoney, newOfferValues, toFormValues, toOfferBody, type OfferFormValues } from '../model/offer-values';
import { offerPdfPath } from './offers-page';
import { offersListPath } from './list-location';

const NEW = 'new';

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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = offer === null;
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'offers', 'write');
  const canDel = hasModulePermission(permissions, 'offers', 'delete');
  const save = useSaveOffer();
  const remove = useDeleteOffer();
  const settings = useQuery(offerSettingsQuery).data;
  const form = useForm<OfferFormValues>({ initialValues: initial });
  const [version, setVersion] = useState(offer?.__v ?? 0);
  const [tab, setTab] = useState<string | null>('detail');
  const [notesOpen, setNotesOpen] = useState(true);
  const [mailOpen, setMailOpen] = useState(false);

  // Another user's save (live event) reloads the offer: an untouched form follows it; edits in progress stay (and their save answers 409).
  useEffect(() => {
    if (!offer || form.isDirty()) return;
    const next = toFormValues(offer);
    form.setValues(next);
    form.resetDirty(next);
    setVersion(offer.__v);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offer]);

  const v = form.values;
  const money = useMemo(() => formMoney(v), [v]);
  const amountError = money === null;
  const storedStatus = offer?.teklif_durumu ?? 0;
  const orderError = hasOrderError(v.offeritem);
  const rowsEditable = canWrite && canChangeOfferRows(storedStatus);

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
            <OfferHeader form={form} offer={offer} canWrite={canWrite} storedStatus={storedStatus} orderError={orderError} />
            <OfferRates form={form} canWrite={canWrite} amountError={amountError} />
            <OfferItems form={form} canWrite={canWrite} rowsEditable={rowsEditable} money={money} />
            {offer && storedStatus !== 0 && <OfferCostCard offerId={offer._id} />}

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
