import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Menu, Paper, Radio, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  BUYING_PAGE_SIZE, BUYING_PAGE_SIZES, BUYING_SORTS, BUYING_STATUS_COLORS, BUYING_STATUSES, formatDate, formatNumber, hasModulePermission,
  type Buying, type BuyingSort, type BuyingStatus,
} from '@isik/domain';
import { IconChevronDown, IconMail, IconPlus, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableSort } from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { PaginationControl } from '../../../components/pagination-control';
import { SearchInput } from '../../../components/search-input';
import { TruncatedText } from '../../../components/truncated-text';
import { api } from '../../../lib/api';
import { describeFilters, useReportSource, type ReportSource } from '../../../lib/report-source';
import { useSession } from '../../../lib/session';
import { readOrder, readPage, useListParams } from '../../../lib/use-list-params';
import { buyingQuery, buyingSumsQuery, buyingsQuery } from '../api/buying-api';
import { BuyingModal } from '../components/buying-modal';
import { mailtoLink } from '../model/buying-values';
import { CreateOrderButton, usePurchaseOrderSelection } from '../components/purchase-order-select';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** A long word (a code, a name without spaces) breaks inside the cell instead of widening the list past 1280 px. */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;
const SIZES = BUYING_PAGE_SIZES as readonly number[];
const LIST_DEFAULTS = { page: 1, pageSize: BUYING_PAGE_SIZE, status: 0, orderBy: 'talep_tarihi', order: 'desc' };

function readListParams(params: URLSearchParams) {
  const size = Number(params.get('pageSize'));
  const status = Number(params.get('status') ?? 0);
  const orderBy = params.get('orderBy');
  return {
    page: readPage(params),
    pageSize: SIZES.includes(size) ? size : BUYING_PAGE_SIZE,
    status: (BUYING_STATUSES as readonly number[]).includes(status) ? status : 0,
    search: params.get('search') ?? '',
    orderBy: orderBy && (BUYING_SORTS as readonly string[]).includes(orderBy) ? (orderBy as BuyingSort) : 'talep_tarihi',
    order: params.get('order') ? readOrder(params) : 'desc',
    /** A request to open at once (links from log rows). */
    open: params.get('open') ?? '',
  };
}

const money = (n: number | null, cur: string) => (n === null ? '—' : `${formatNumber(n, 2)} ${cur}`);

/** Spec 001 2.11: purchase requests of one status, their totals, search, add, and the large edit modal. */
export function BuyingsPage() {
  const { t } = useTranslation();
  const [state, update] = useListParams(LIST_DEFAULTS, readListParams);
  const params = { status: state.status, page: state.page, pageSize: state.pageSize, search: state.search, orderBy: state.orderBy, order: state.order };
  const query = useQuery(buyingsQuery(params));
  const sums = useQuery(buyingSumsQuery(state.status, state.search));
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'buying', 'write');
  const [editing, setEditing] = useState<Buying | 'new' | null>(null);
  const selection = usePurchaseOrderSelection(state.status, canWrite);
  const totalPage = Math.max(1, Math.ceil((sums.data?.count ?? 0) / state.pageSize));
  const linked = useQuery({ ...buyingQuery(state.open), enabled: state.open !== '' });
  useEffect(() => {
    if (linked.data && state.open) setEditing(linked.data);
  }, [linked.data, state.open]);
  const closeModal = () => {
    setEditing(null);
    if (state.open) update({ open: undefined });
  };

  useEffect(() => {
    if (sums.data && sums.data.count > 0 && state.page > totalPage) update({ page: totalPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sums.data, state.page]);

  const statusLabel = (s: number) => t(`buyings.buyingStatus${s}`);
  const { status, search, orderBy, order } = state;
  const report = useMemo((): ReportSource<Buying> => ({
    title: t('menu.buyings'),
    fileName: 'purchase-requests',
    subtitle: describeFilters([[t('buyings.field.status'), statusLabel(status)], [t('common.search'), search]]),
    columns: [
      { header: t('buyings.field.requestDate'), value: (b) => formatDate(b.talep_tarihi), width: 0.9 },
      { header: t('buyings.field.qty'), value: (b) => b.material_qty, decimals: 2, width: 0.7 },
      { header: t('buyings.field.unit'), value: (b) => b.material_unit, width: 0.6 },
      { header: t('buyings.field.material'), value: (b) => b.material_name, width: 2 },
      { header: t('buyings.field.categoryGroup'), value: (b) => `${b.material_category} / ${b.material_group}`, width: 1.4 },
      { header: t('buyings.field.person'), value: (b) => b.related_person },
      { header: t('buyings.field.supplier'), value: (b) => b.tedarikci_adi, width: 1.4 },
      { header: t('buyings.field.note'), value: (b) => b.siparis_notu, width: 1.4 },
      { header: t('buyings.field.foreignTotal'), value: (b) => (b.Doviz_TotalPrice === null ? '' : money(b.Doviz_TotalPrice, b.material_doviz)), align: 'right' },
      { header: t('buyings.field.tlTotal'), value: (b) => b.TL_TotalPrice, decimals: 2 },
    ],
    // The documented call without paging answers the whole filtered list.
    fetchAll: async (onProgress) => {
      const rows = await api<Buying[]>('/buying/list', { query: { filter1: status, filter2: status, search: search || undefined, orderBy, order } });
      onProgress?.(rows.length, rows.length);
      return rows;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [t, status, search, orderBy, order]);
  useReportSource(report);

  const columns: DataTableColumn<Buying>[] = [
    ...(selection.column ? [selection.column] : []),
    { key: 'date', header: t('buyings.field.requestDate'), sortKey: 'talep_tarihi', width: 100, render: (b) => <Text size="sm" style={NOWRAP}>{formatDate(b.talep_tarihi)}</Text> },
    {
      key: 'qty', header: t('buyings.list.qtyUnit'), align: 'right', width: 110,
      render: (b) => <Text size="sm" fw={600} style={NOWRAP}>{formatNumber(b.material_qty, 2)} {b.material_unit}</Text>,
    },
    {
      key: 'material', header: t('buyings.field.material'), sortKey: 'material_name',
      render: (b) => (
        <Anchor component="button" type="button" fw={600} size="sm" ta="left" style={WRAP_ANYWHERE} onClick={(e) => { e.stopPropagation(); setEditing(b); }} data-testid="buying-open">
          {b.material_name}
        </Anchor>
      ),
    },
    {
      key: 'cat', header: t('buyings.field.categoryGroup'),
      render: (b) => (
        <Stack gap={0}>
          <TruncatedText maw={120}>{b.material_category}</TruncatedText>
          <TruncatedText maw={120} size="xs" c="dimmed">{b.material_group}</TruncatedText>
        </Stack>
      ),
    },
    { key: 'person', header: t('buyings.field.person'), render: (b) => <TruncatedText maw={140}>{b.related_person}</TruncatedText> },
    {
      key: 'note', header: t('buyings.list.noteSupplier'), sortKey: 'tedarikci_adi',
      render: (b) => (
        <Stack gap={0}>
          {b.tedarikci_adi && <Text size="sm" fw={500} style={WRAP_ANYWHERE}>{b.tedarikci_adi}</Text>}
          {b.siparis_notu && <Text size="xs" c="dimmed" lineClamp={2} style={WRAP_ANYWHERE} title={b.siparis_notu}>{b.siparis_notu}</Text>}
          {b.siparis_no && <Text size="xs" c="dimmed" style={WRAP_ANYWHERE}>{t('buyings.field.orderNo')}: {b.siparis_no}</Text>}
        </Stack>
      ),
    },
    {
      key: 'totals', header: t('buyings.list.totals'), sortKey: 'TL_TotalPrice', align: 'right',
      render: (b) => (
        <Stack gap={0} align="flex-end">
          {b.Doviz_TotalPrice !== null && <Text size="sm" style={NOWRAP}>{money(b.Doviz_TotalPrice, b.material_doviz)}</Text>}
          <Text size="sm" fw={600} style={NOWRAP} data-testid="buying-row-tl">{money(b.TL_TotalPrice, '₺')}</Text>
        </Stack>
      ),
    },
    {
      key: 'mail', header: '', width: 48, align: 'right',
      render: (b) => {
        const href = mailtoLink(b, t);
        return href ? (
          <Tooltip label={t('buyings.list.mail', { email: b.tedarikci_eposta })} withinPortal>
            <ActionIcon component="a" href={href} variant="subtle" aria-label={t('buyings.list.mail', { email: b.tedarikci_eposta })} onClick={(e) => e.stopPropagation()} data-testid="buying-mail">
              <IconMail size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null;
      },
    },
  ];

  const sort: DataTableSort = { by: state.orderBy, order: state.order };
  const data = query.data;
  const actions = canWrite ? (
    <Group gap="xs">
      <CreateOrderButton ids={[...selection.selected]} onDone={selection.clear} />
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button rightSection={<IconChevronDown size={16} />} data-testid="buying-actions">{t('buyings.list.actions')}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="buying-add">{t('buyings.list.add')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  ) : null;

  return (
    <>
      <PageHeader title={t('menu.buyings')} subtitle={t('buyings.list.subtitle')} actions={actions} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Radio.Group value={String(state.status)} onChange={(v) => update({ status: Number(v), page: 1 })} aria-label={t('buyings.field.status')}>
            <Group gap="lg">
              {BUYING_STATUSES.map((s) => (
                <Radio key={s} value={String(s)} color={BUYING_STATUS_COLORS[s as BuyingStatus]} label={statusLabel(s)} data-testid={`buying-filter-${s}`} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="buying-sums">
            <Stat label={t('buyings.list.count')} value={sums.data ? String(sums.data.count) : '—'} />
            <Stat label={t('buyings.list.tlTotal')} value={sums.data ? money(sums.data.TL_TotalPrice, '₺') : '—'} testId="buying-sum-tl" />
            <Stat label={t('buyings.list.usdTotal')} value={sums.data ? money(sums.data.Doviz_TotalPrice.$, '$') : '—'} testId="buying-sum-usd" />
            <Stat label={t('buyings.list.eurTotal')} value={sums.data ? money(sums.data.Doviz_TotalPrice['€'], '€') : '—'} testId="buying-sum-eur" />
          </SimpleGrid>
          <Group gap="sm" wrap="wrap" align="center">
            <SearchInput
              initialValue={state.search}
              placeholder={t('buyings.list.searchPlaceholder')}
              onSearch={(text) => update({ search: text, page: 1 })}
              style={{ flex: '1 1 260px' }}
              maw={420}
            />
            <Group gap={6} ml="auto" wrap="nowrap">
              <Text size="sm" c="dimmed" style={NOWRAP}>{t('buyings.list.pageSize')}</Text>
              <Select
                aria-label={t('buyings.list.pageSize')}
                data={SIZES.map(String)}
                value={String(state.pageSize)}
                onChange={(v) => update({ pageSize: Number(v) || BUYING_PAGE_SIZE, page: 1 })}
                allowDeselect={false}
                w={80}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
          </Group>
          {query.isError && !data ? (
            <LoadFailedAlert title={t('buyings.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <DataTable
              columns={columns}
              rows={data}
              rowKey={(b) => b._id}
              loading={query.isFetching}
              onRowClick={(b) => setEditing(b)}
              sort={sort}
              onSortChange={(s) => update({ orderBy: s.by, order: s.order, page: 1 })}
              minWidth={900}
              emptyText={
                <Stack align="center" gap={4}>
                  <IconShoppingCart size={28} stroke={1.5} />
                  <Text size="sm" c="dimmed">{state.search ? t('buyings.list.noMatch') : t('buyings.list.empty', { status: statusLabel(state.status) })}</Text>
                </Stack>
              }
            />
          )}
          <PaginationControl page={Math.min(state.page, totalPage)} totalPages={sums.data ? totalPage : 0} onChange={(p) => update({ page: p })} disabled={query.isPlaceholderData} />
        </Stack>
      </Paper>
      <BuyingModal opened={editing !== null} onClose={closeModal} buying={editing === 'new' ? null : editing} />
    </>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="lg" fw={700} style={NOWRAP} data-testid={testId}>{value}</Text>
    </Paper>
  );
}
