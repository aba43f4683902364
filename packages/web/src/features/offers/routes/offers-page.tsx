import { ActionIcon, Anchor, Button, Group, Menu, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { OFFER_LIST_LIMIT, OFFER_SORTS, PAGE_SIZES, formatDate, formatNumber, hasModulePermission, type OfferList, type OfferListRow, type OfferSort } from '@isik/domain';
import { IconCopy, IconDotsVertical, IconEye, IconFileInvoice, IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { ListTable } from '../../../components/list-table';
import { SearchInput } from '../../../components/search-input';
import { notifySuccess } from '../../../lib/api';
import { allPagesOf, describeFilters, type ReportSource } from '../../../lib/report-source';
import { useSession } from '../../../lib/session';
import { useListPage } from '../../../lib/use-list-page';
import { readOrder, readPage } from '../../../lib/use-list-params';
import { fetchOffers, offersQuery, useCopyOffer } from '../api/offers-api';
import { OfferStatusBadge } from '../components/status-badge';
import { rememberListSearch } from './list-location';

const ALL = 'all';
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const DEFAULT_SIZE = 30;
/** The spec's sizes plus its fetch limit of 1000 (spec 001 9). */
const SIZES = [...new Set<number>([...PAGE_SIZES, DEFAULT_SIZE, OFFER_LIST_LIMIT])].sort((a, b) => a - b);
const LIST_DEFAULTS = { page: 1, pageSize: DEFAULT_SIZE, status: ALL, orderBy: 'teklif_tarihi', order: 'desc' };

function readListParams(params: URLSearchParams) {
  const size = Number(params.get('pageSize'));
  const by = params.get('orderBy');
  const status = params.get('status');
  return {
    page: readPage(params),
    pageSize: SIZES.includes(size) ? size : DEFAULT_SIZE,
    search: params.get('search') ?? '',
    orderBy: (OFFER_SORTS as readonly string[]).includes(by ?? '') ? (by as OfferSort) : 'teklif_tarihi',
    order: params.get('order') ? readOrder(params) : 'desc' as const,
    status: status !== null && /^[0-4]$/.test(status) ? status : ALL,
  };
}

/** The statuses a status filter asks the server for: one, or all of 0-4. */
const statusRange = (status: string) => (status === ALL ? { from: 0, to: 4 } : { from: Number(status), to: Number(status) });

export const offerPdfPath = (id: string) => `/pdf/offer/t1/${id}`;

/** Spec 001 2.9: offers filtered by status, searched and sorted on the server, with the totals of the filtered offers. */
export function OffersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage({
    defaults: LIST_DEFAULTS,
    parse: readListParams,
    remember: rememberListSearch,
    query: (s) => offersQuery({ page: s.page, pageSize: s.pageSize, orderBy: s.orderBy, order: s.order, search: s.search, ...statusRange(s.status) }),
    report: ({ search, orderBy, order, status }): ReportSource<OfferListRow> => ({
      title: t('menu.offers'),
      fileName: 'offers',
      subtitle: describeFilters([[t('common.search'), search], [t('offers.field.status'), status === ALL ? '' : t(`offers.status.${status}`)]]),
      columns: [
        { header: t('offers.field.no'), value: (o) => o.teklif_no },
        { header: t('offers.field.date'), value: (o) => formatDate(o.teklif_tarihi), width: 0.8 },
        { header: t('offers.field.company'), value: (o) => o.firma_adi, width: 2 },
        { header: t('offers.field.subject'), value: (o) => o.teklif_konu, width: 1.6 },
        { header: t('offers.field.status'), value: (o) => t(`offers.status.${o.teklif_durumu}`), width: 0.8 },
        { header: t('offers.list.grandCurrency'), value: (o) => o.teklif_gtoplamdoviz, decimals: 2 },
        { header: t('offers.field.currency'), value: (o) => o.teklif_dovizi, width: 0.5 },
        { header: t('offers.list.grandTl'), value: (o) => o.teklif_gtoplamtl, decimals: 2 },
      ],
      fetchAll: allPagesOf((page, pageSize) => fetchOffers({ page, pageSize, orderBy, order, search, ...statusRange(status) }), (r: OfferList) => r.offers),
    }),
  });
  const { state, update, query, data } = list;
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'offers', 'write');
  const copy = useCopyOffer();

  const open = (o: OfferListRow) => void navigate(`/offer/${o._id}`);
  const doCopy = (o: OfferListRow) => copy.mutate(o._id, {
    onSuccess: (c) => {
      notifySuccess('offer.copied');
      void navigate(`/offer/${c._id}`);
    },
  });

  const columns: DataTableColumn<OfferListRow>[] = [
    {
      key: 'no', header: t('offers.field.no'), width: 130,
      render: (o) => <Anchor component={Link} to={`/offer/${o._id}`} fw={600} size="sm" style={NOWRAP} onClick={(e) => e.stopPropagation()}>{o.teklif_no}</Anchor>,
    },
    { key: 'date', header: t('offers.field.date'), sortKey: 'teklif_tarihi', width: 100, render: (o) => <Text size="sm" style={NOWRAP}>{formatDate(o.teklif_tarihi)}</Text> },
    {
      key: 'company', header: t('offers.field.company'), sortKey: 'firma_adi',
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>{o.firma_adi || '—'}</Text>
          {o.related_person && <Text size="xs" c="dimmed">{o.related_person}</Text>}
        </Stack>
      ),
    },
    { key: 'subject', header: t('offers.field.subject'), render: (o) => <Text size="sm" lineClamp={2}>{o.teklif_konu}</Text> },
    { key: 'ref', header: t('offers.field.reference'), render: (o) => <Text size="sm" c="dimmed">{o.teklif_referansno}</Text> },
    { key: 'status', header: t('offers.field.status'), width: 130, render: (o) => <OfferStatusBadge status={o.teklif_durumu} /> },
    { key: 'total', header: t('offers.list.grandCurrency'), align: 'right', render: (o) => <Text size="sm" fw={600} style={NOWRAP}>{formatNumber(o.teklif_gtoplamdoviz)} {o.teklif_dovizi}</Text> },
    { key: 'totalTl', header: t('offers.list.grandTl'), align: 'right', render: (o) => <Text size="sm" style={NOWRAP}>{formatNumber(o.teklif_gtoplamtl)} ₺</Text> },
    {
      key: 'menu', header: '', width: 48, align: 'right',
      render: (o) => (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('offers.list.rowMenu', { no: o.teklif_no })} onClick={(e) => e.stopPropagation()}>
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item leftSection={<IconEye size={16} />} onClick={() => open(o)}>{t('offers.list.view')}</Menu.Item>
            {canWrite && <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => doCopy(o)}>{t('offers.list.copy')}</Menu.Item>}
            <Menu.Item leftSection={<IconFileTypePdf size={16} />} component="a" href={offerPdfPath(o._id)} target="_blank" rel="noopener">PDF</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const filtered = Boolean(state.search || state.status !== ALL);
  const empty = data !== undefined && data.totalItemCount === 0 && !filtered && !query.isFetching;
  const addButton = canWrite ? <Button component={Link} to="/offer/new" leftSection={<IconPlus size={18} />}>{t('offers.list.add')}</Button> : null;
  const statusOptions = [{ value: ALL, label: t('offers.list.all') }, ...[0, 1, 2, 3, 4].map((s) => ({ value: String(s), label: t(`offers.status.${s}`) }))];

  return (
    <>
      <PageHeader
        title={t('menu.offers')} actions={addButton}
        subtitle={data ? (data.total_capped ? t('offers.list.totalCapped', { total: formatNumber(data.totalItemCount, 0) }) : t('offers.list.total', { total: data.totalItemCount })) : t('offers.list.subtitle')}
      />
      {query.isError && !data ? (
        <LoadFailedAlert title={t('offers.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : empty ? (
        <EmptyState icon={<IconFileInvoice size={34} stroke={1.5} />} title={t('offers.list.emptyTitle')} text={t('offers.list.emptyText')} action={addButton} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Group gap="sm" mb="md" wrap="wrap" align="center">
            <SegmentedControl
              aria-label={t('offers.field.status')} data-testid="offer-status-filter"
              data={statusOptions} value={state.status} onChange={(v) => update({ status: v, page: 1 })}
            />
            <SearchInput
              initialValue={state.search} placeholder={t('offers.list.searchPlaceholder')}
              onSearch={(text) => update({ search: text, page: 1 })} style={{ flex: '1 1 240px' }} maw={380}
            />
            <Select
              aria-label={t('offers.list.sortBy')} w={200} allowDeselect={false} comboboxProps={{ withinPortal: true }}
              data={[
                { value: 'teklif_tarihi:desc', label: t('offers.list.sortDateDesc') }, { value: 'teklif_tarihi:asc', label: t('offers.list.sortDateAsc') },
                { value: 'firma_adi:asc', label: t('offers.list.sortCompanyAsc') }, { value: 'firma_adi:desc', label: t('offers.list.sortCompanyDesc') },
              ]}
              value={`${state.orderBy}:${state.order}`}
              onChange={(v) => { const [by, o] = (v ?? 'teklif_tarihi:desc').split(':'); update({ orderBy: by, order: o, page: 1 }); }}
            />
            <Group gap={6} ml="auto" wrap="nowrap">
              <Text size="sm" c="dimmed" style={NOWRAP}>{t('offers.list.pageSize')}</Text>
              <Select
                aria-label={t('offers.list.pageSize')} data={SIZES.map(String)} value={String(state.pageSize)} w={90} allowDeselect={false}
                onChange={(v) => update({ pageSize: Number(v) || DEFAULT_SIZE, page: 1 })} comboboxProps={{ withinPortal: true }}
              />
            </Group>
          </Group>
          {data && <ListTotals data={data} />}
          <ListTable
            list={list} columns={columns} rows={data?.offers} rowKey={(o) => o._id} onRowClick={open} minWidth={860}
            emptyText={filtered ? t('offers.list.noMatch') : undefined}
          />
        </Paper>
      )}
    </>
  );
}

/**
 * Totals of every offer the filter matches (all pages): in lira, and per offer currency. A search matching more offers
 * than the server counts has none (ADR 0054): a note says so instead.
 */
function ListTotals({ data }: { data: OfferList }) {
  const { t } = useTranslation();
  if (data.total_capped) {
    return (
      <Paper withBorder radius="sm" p="sm" mb="md" bg="var(--mantine-color-gray-light)" data-testid="offer-list-totals-capped">
        <Text size="sm" c="dimmed">{t('offers.list.totalsCapped', { total: formatNumber(data.totalItemCount, 0) })}</Text>
      </Paper>
    );
  }
  const cell = (label: string, value: string, testId?: string) => (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="sm" data-testid={testId} style={NOWRAP}>{value}</Text>
    </div>
  );
  return (
    <Paper withBorder radius="sm" p="sm" mb="md" bg="var(--mantine-color-gray-light)" data-testid="offer-list-totals">
      <SimpleGrid cols={{ base: 1, sm: 1 + data.totals.currencies.length }} spacing="md">
        <Group gap="lg">
          {cell(t('offers.totals.total'), `${formatNumber(data.totals.tl.tutar)} ₺`)}
          {cell(t('offers.totals.vat'), `${formatNumber(data.totals.tl.kdv)} ₺`)}
          {cell(t('offers.totals.grand'), `${formatNumber(data.totals.tl.gtoplam)} ₺`, 'offer-list-total-tl')}
        </Group>
        {data.totals.currencies.map((c) => (
          <Group gap="lg" key={c.currency}>
            {cell(t('offers.list.offersIn', { currency: c.currency, count: c.count }), `${formatNumber(c.gtoplam)} ${c.currency}`, `offer-list-total-${c.currency}`)}
          </Group>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
