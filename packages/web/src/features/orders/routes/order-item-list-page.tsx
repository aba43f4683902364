import { useMemo, useState } from 'react';
import { Badge, Button, Group, Menu, Paper, Radio, Select, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { IconBuildingFactory2, IconChevronDown, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ORDER_FILTER_STATUSES, ORDER_PAGE_SIZE, ORDER_PAGE_SIZES, SEARCH_COUNT_CAP, formatNumber } from '@isik/domain';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { PaginationControl } from '../../../components/pagination-control';
import { SearchInput } from '../../../components/search-input';
import { confirmDelete } from '../../../components/confirm-delete';
import { notifyError, notifySuccess } from '../../../lib/api';
import { useCanDo } from '../../../lib/can-do';
import { useListPage } from '../../../lib/use-list-page';
import { readPage } from '../../../lib/use-list-params';
import { ordersQuery, useDeleteOrderItem, useTransferToStock, type OrderSort } from '../api/orders-api';
import { DeliveryModal } from '../components/delivery-modal';
import { OrderItemCard } from '../components/order-item-card';
import { StockProductionModal } from '../components/stock-production-modal';
import { ALL, statusRange } from '../model/order-logic';
import type { OrderItem, OrderList } from '../model/types';

/**
 * Spec 002 2.2: default filter 1 (Waiting), sorted by order date; the spec's page sizes, default 12, applied to the
 * cards too (ADR 0060: issue 27, a page costs the same whatever the number of lines).
 */
const LIST_DEFAULTS = { page: 1, pageSize: ORDER_PAGE_SIZE, status: '1', orderBy: 'siparis_tarihi' };
const SORTS: OrderSort[] = ['siparis_tarihi', 'urun_adi', 'Operation'];
const SIZES = ORDER_PAGE_SIZES as readonly number[];
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function readListParams(params: URLSearchParams) {
  const status = params.get('status');
  const by = params.get('orderBy') as OrderSort | null;
  const size = Number(params.get('pageSize'));
  return {
    page: readPage(params),
    pageSize: SIZES.includes(size) ? size : ORDER_PAGE_SIZE,
    status: status === ALL || (status !== null && (ORDER_FILTER_STATUSES as readonly number[]).includes(Number(status))) ? status : '1',
    orderBy: by && SORTS.includes(by) ? by : 'siparis_tarihi' as OrderSort,
    search: params.get('search') ?? '',
  };
}

function countOf(data: OrderList | undefined, status: string): number | null {
  if (!data) return null;
  if (status === ALL) return data.status1 + data.status2 + data.status3 + data.status4;
  const v = (data as unknown as Record<string, number | undefined>)[`status${status}`];
  return typeof v === 'number' ? v : null;
}

/** A search counts each status up to SEARCH_COUNT_CAP (ADR 0054): a count that reached it (or a sum holding one) is "1.000+". */
function countCapped(data: OrderList | undefined, status: string, n: number): boolean {
  if (!data?.total_capped) return false;
  if (status !== ALL) return n >= SEARCH_COUNT_CAP;
  return [data.status1, data.status2, data.status3, data.status4].some((c) => c >= SEARCH_COUNT_CAP);
}

export const WORK_ORDERS_PDF = '/pdf/workorders';

/** Spec 002 2.2: the production order list. */
export function OrderItemListPage() {
  const { t } = useTranslation();
  // Spec 002 2.2, 6: only roles below 3 delete a line; every role of the screen transfers a finished one to stock.
  const mayDelete = useCanDo('DELETE /api/orders/delete/:id');
  const mayTransfer = useCanDo('POST /api/orders/transfer/:id');
  // One page of the status range from the server (the Page-Anchor of the page on screen goes with the next, ADR 0051).
  const list = useListPage({
    defaults: LIST_DEFAULTS,
    parse: readListParams,
    query: (s) => ordersQuery({ type: 'list', orderBy: s.orderBy, ...statusRange(s.status), search: s.search, page: s.page, pageSize: s.pageSize }),
  });
  const { state, update, query, data } = list;
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const [delivering, setDelivering] = useState<OrderItem | null>(null);
  const [creating, setCreating] = useState(false);
  const remove = useDeleteOrderItem();
  const transfer = useTransferToStock();

  // The server searches product name, code and company; closed cards stay hidden until the screen is left.
  const items = useMemo(() => (data?.orders ?? []).filter((i) => !closed.has(i._id)), [data, closed]);

  const openDelivery = (item: OrderItem) => {
    if (!item.teklifno?.firma_id) {
      openConfirmModal({
        title: t('orders.delivery.title'), centered: true,
        children: <Text size="sm" data-testid="delivery-no-company">{t('orders.delivery.noCompany')}</Text>,
        labels: { confirm: t('common.close'), cancel: t('common.cancel') },
      });
      return;
    }
    setDelivering(item);
  };

  const canDelete = (item: OrderItem) => mayDelete && !item.teklifno && item.tamamlanmaOrani === 0;
  const doDelete = (item: OrderItem) => void confirmDelete({
    message: t('orders.confirm.delete'),
    onConfirm: () => remove.mutate(item._id, { onSuccess: () => notifySuccess('orders.notice.deleted'), onError: (e) => notifyError(e) }),
  });
  const doTransfer = (item: OrderItem) => transfer.mutate(item._id, { onSuccess: () => notifySuccess('orders.notice.transferred'), onError: (e) => notifyError(e) });

  const statusChoices = [ALL, ...ORDER_FILTER_STATUSES.map(String)];
  const actions = (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button rightSection={<IconChevronDown size={16} />}>{t('orders.list.actions')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPrinter size={16} />} component="a" href={WORK_ORDERS_PDF} target="_blank" rel="noopener">{t('orders.list.print')}</Menu.Item>
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="new-stock-production">{t('orders.list.newStockProduction')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <>
      <PageHeader
        title={t('menu.orderItems')} actions={actions}
        subtitle={data ? t('orders.list.total', { count: data.totalItemCount, total: `${formatNumber(data.totalItemCount, 0)}${data.total_capped ? '+' : ''}` }) : undefined}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mb="md">
        <Stack gap="sm">
          <Radio.Group value={state.status} onChange={(v) => update({ status: v, page: 1 })} aria-label={t('orders.field.status')}>
            <Group gap="md" data-testid="order-status-filter">
              {statusChoices.map((s) => {
                const n = countOf(data, s);
                return (
                  <Radio
                    key={s} value={s}
                    label={(
                      <Group gap={4} wrap="nowrap">
                        <span>{s === ALL ? t('orders.list.all') : t(`orders.status.${s}`)}</span>
                        {n !== null && (countCapped(data, s, n)
                          ? <Badge size="sm" variant="light" data-testid={`order-count-${s}`} title={t('orders.list.countCapped', { count: formatNumber(SEARCH_COUNT_CAP, 0) })}>{formatNumber(n, 0)}+</Badge>
                          : <Badge size="sm" variant="light" circle={n < 10} data-testid={`order-count-${s}`}>{n}</Badge>)}
                      </Group>
                    )}
                  />
                );
              })}
            </Group>
          </Radio.Group>
          <Group gap="sm" wrap="wrap">
            <SearchInput initialValue={state.search} placeholder={t('orders.list.searchPlaceholder')} onSearch={list.setSearch} style={{ flex: '1 1 240px' }} maw={380} />
            <Select
              aria-label={t('orders.list.sortBy')} w={200} allowDeselect={false} comboboxProps={{ withinPortal: true }}
              data={SORTS.map((s) => ({ value: s, label: t(`orders.sort.${s}`) }))} value={state.orderBy}
              onChange={(v) => update({ orderBy: v ?? 'siparis_tarihi', page: 1 })}
            />
            <Group gap={6} ml="auto" wrap="nowrap">
              <Text size="sm" c="dimmed" style={NOWRAP}>{t('pagination.pageSize')}</Text>
              <Select
                aria-label={t('pagination.pageSize')} data={SIZES.map(String)} value={String(state.pageSize)} w={80} allowDeselect={false}
                onChange={(v) => update({ pageSize: Number(v) || ORDER_PAGE_SIZE, page: 1 })} comboboxProps={{ withinPortal: true }}
                data-testid="order-page-size"
              />
            </Group>
          </Group>
        </Stack>
      </Paper>
      {query.isError && !data ? (
        <LoadFailedAlert title={t('orders.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : data && data.orders.length === 0 ? (
        <EmptyState icon={<IconBuildingFactory2 size={34} stroke={1.5} />} title={t('orders.list.emptyTitle')} text={t('orders.list.emptyText')} />
      ) : (
        <Stack gap="md" data-testid="order-cards">
          {items.map((item) => (
            <OrderItemCard
              key={item._id} item={item}
              onClose={() => setClosed((c) => new Set(c).add(item._id))}
              onDeliver={() => openDelivery(item)}
              onDelete={canDelete(item) ? () => doDelete(item) : undefined}
              onTransfer={item.teklifno && item.tamamlanmaOrani >= 100 && mayTransfer ? () => doTransfer(item) : undefined}
            />
          ))}
        </Stack>
      )}
      <PaginationControl
        page={list.page} totalPages={data?.totalPage ?? 0} onChange={list.setPage} disabled={query.isPlaceholderData}
        more={data?.total_capped ? t('pagination.more') : undefined}
      />
      {delivering && <DeliveryModal item={delivering} onClose={() => setDelivering(null)} />}
      {creating && <StockProductionModal onClose={() => setCreating(false)} />}
    </>
  );
}
