import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Menu, Paper, Select, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, type FromShortages } from '@isik/domain';
import { IconDotsVertical, IconMail, IconShoppingCart, IconShoppingCartPlus, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { componentListQuery, useRequestsFromShortages } from '../api/orders-api';
import { BuyingRequestModal } from '../components/buying-request-modal';
import { sortComponents, type ComponentSort } from '../model/order-logic';
import type { ComponentRow, ProductShortageRow } from '../model/types';
import { notifySuccess } from '../../../lib/api';
import { useCanOpen } from '../model/use-can-open';
import { useCanDo } from '../../../lib/can-do';

const SORTS: ComponentSort[] = ['operation', 'group', 'category', 'quantity'];
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A mail about a material's stock (spec 002 2.3): subject and body filled in, the recipient left to the sender. */
export function stockMailHref(row: ComponentRow, subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** A material's purchase multiple and minimum, as the suggestion's hint ('' when it has neither). */
export function suggestionHint(r: Pick<ComponentRow, 'purchase_multiple' | 'purchase_min'>, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (r.purchase_multiple === null && r.purchase_min === null) return '';
  const f = (v: number | null) => (v === null ? t('orders.components.none') : formatNumber(v, 4));
  return t('orders.components.suggestedHint', { multiple: f(r.purchase_multiple), min: f(r.purchase_min) });
}

/**
 * Spec 002 2.3 (DECISIONS 5; issue 25, ADR 0044): the materials open lines still need, with stock, open purchase
 * requests, the shortage and the suggested purchase; the selected rows become purchase requests in one action; the
 * component products short beside them.
 */
export function ComponentListPage() {
  const { t } = useTranslation();
  const query = useQuery(componentListQuery());
  const canOpenMaterial = useCanOpen('/material/:id');
  const [sort, setSort] = useState<ComponentSort>('operation');
  const [search, setSearch] = useState('');
  const [requesting, setRequesting] = useState<ComponentRow | null>(null);
  // Spec 002 2.3: the row's purchase request, for every role of the screen (the action table).
  const mayRequest = useCanDo('POST /api/buying/create');
  const mayRequestMany = useCanDo('POST /api/buying/fromShortages');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [made, setMade] = useState<FromShortages | null>(null);
  const fromShortages = useRequestsFromShortages();
  const rows = useMemo(() => {
    const q = search.trim().toLocaleLowerCase('tr');
    const all = query.data?.components ?? [];
    return sortComponents(q ? all.filter((r) => `${r.material_name} ${r.material_category} ${r.material_group}`.toLocaleLowerCase('tr').includes(q)) : all, sort);
  }, [query.data, sort, search]);

  // Only rows with something to buy can be chosen; a row that no longer has (another user's requests) drops out.
  const buyable = rows.filter((r) => r.suggested > 0);
  const chosen = buyable.filter((r) => selected.has(r.material_id)).map((r) => r.material_id);
  const toggle = (id: string, on: boolean) => setSelected((cur) => {
    const next = new Set(cur);
    if (on) next.add(id); else next.delete(id);
    return next;
  });
  const createRequests = () => fromShortages.mutate(chosen, {
    onSuccess: (res) => {
      setMade(res);
      setSelected(new Set());
      notifySuccess('orders.components.requestsCreated', { count: res.created.length });
    },
  });

  const columns: DataTableColumn<ComponentRow>[] = [
    ...(mayRequestMany ? [{
      key: 'pick', width: 40,
      header: <Checkbox size="xs" aria-label={t('orders.components.selectAll')} checked={buyable.length > 0 && chosen.length === buyable.length} indeterminate={chosen.length > 0 && chosen.length < buyable.length}
        disabled={buyable.length === 0} onChange={(e) => setSelected(e.currentTarget.checked ? new Set(buyable.map((r) => r.material_id)) : new Set())} />,
      render: (r: ComponentRow) => (
        <Checkbox size="xs" aria-label={t('orders.components.select', { name: r.material_name })} disabled={r.suggested <= 0}
          checked={r.suggested > 0 && selected.has(r.material_id)} onChange={(e) => toggle(r.material_id, e.currentTarget.checked)} />
      ),
    }] : []),
    { key: 'op', header: t('orders.materials.operation'), render: (r) => <Text size="sm">{r.operations.join(', ')}</Text> },
    // Category over group in one cell: with the suggestion and the selection the row stays on a laptop screen.
    {
      key: 'cat', header: `${t('orders.materials.category')} / ${t('orders.materials.group')}`,
      render: (r) => <><Text size="sm">{r.material_category}</Text><Text size="xs" c="dimmed">{r.material_group}</Text></>,
    },
    { key: 'mat', header: t('orders.materials.material'), render: (r) => (canOpenMaterial ? <Text component={Link} to={`/material/${r.material_id}`} size="sm" c="blue" fw={500}>{r.material_name}</Text> : <Text size="sm" fw={500}>{r.material_name}</Text>) },
    { key: 'req', header: t('orders.components.required'), align: 'right', render: (r) => <Text size="sm" fw={600} style={NOWRAP}>{formatNumber(r.required)} {r.material_unit}</Text> },
    { key: 'stock', header: t('orders.materials.stock'), align: 'right', render: (r) => <Text size="sm" c={r.stock < 0 ? 'red' : undefined} style={NOWRAP}>{formatNumber(r.stock)}</Text> },
    { key: 'onOrder', header: t('orders.components.onOrder'), align: 'right', render: (r) => <Text size="sm" style={NOWRAP} data-testid="on-order">{formatNumber(r.onOrder)}</Text> },
    {
      key: 'short', header: t('orders.components.shortage'), align: 'right', width: 96,
      render: (r) => (r.shortage > 0 ? <Badge color="red" variant="light" data-testid="shortage" style={{ overflow: 'visible' }}>{formatNumber(r.shortage)}</Badge> : <Badge color="green" variant="light">0</Badge>),
    },
    {
      key: 'suggested', header: t('orders.components.suggested'), align: 'right',
      render: (r) => {
        const hint = suggestionHint(r, t);
        const text = <Text size="sm" fw={r.suggested > 0 ? 600 : undefined} c={r.suggested > 0 ? undefined : 'dimmed'} style={NOWRAP} data-testid="suggested">{formatNumber(r.suggested)}</Text>;
        return hint ? <Tooltip label={hint}>{text}</Tooltip> : text;
      },
    },
    {
      key: 'menu', header: '', width: 48, align: 'right',
      render: (r) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target><ActionIcon variant="subtle" color="gray" aria-label={t('orders.components.rowMenu', { name: r.material_name })}><IconDotsVertical size={16} /></ActionIcon></Menu.Target>
          <Menu.Dropdown>
            {mayRequest && <Menu.Item leftSection={<IconShoppingCartPlus size={16} />} onClick={() => setRequesting(r)}>{t('orders.components.request')}</Menu.Item>}
            <Menu.Item
              leftSection={<IconMail size={16} />} component="a"
              href={stockMailHref(r, t('orders.components.mailSubject', { name: r.material_name }), t('orders.components.mailBody', {
                name: r.material_name, required: formatNumber(r.required), stock: formatNumber(r.stock), onOrder: formatNumber(r.onOrder), shortage: formatNumber(r.shortage), unit: r.material_unit,
              }))}
            >
              {t('orders.components.mail')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('menu.components')} subtitle={t('orders.components.subtitle')} />
      {query.isError && !query.data ? (
        <LoadFailedAlert title={t('orders.components.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data && query.data.components.length === 0 ? (
        <EmptyState icon={<IconStack2 size={34} stroke={1.5} />} title={t('orders.components.emptyTitle')} text={t('orders.components.emptyText')} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Group gap="sm" mb="md">
            <SearchInput initialValue={search} onSearch={setSearch} placeholder={t('orders.components.search')} style={{ flex: '1 1 240px' }} maw={380} />
            <Tooltip label={t('orders.list.sortBy')}>
              <Select
                aria-label={t('orders.list.sortBy')} w={200} allowDeselect={false} comboboxProps={{ withinPortal: true }}
                data={SORTS.map((s) => ({ value: s, label: t(`orders.components.sort.${s}`) }))} value={sort} onChange={(v) => setSort((v as ComponentSort) ?? 'operation')}
              />
            </Tooltip>
          </Group>
          {mayRequestMany && (
            <Group gap="sm" mb="sm">
              <Button leftSection={<IconShoppingCart size={16} />} disabled={chosen.length === 0} loading={fromShortages.isPending} onClick={createRequests} data-testid="create-requests">
                {t('orders.components.createRequests')}{chosen.length > 0 ? ` (${chosen.length})` : ''}
              </Button>
              {made && (
                <Text size="sm" c="dimmed" data-testid="requests-made">
                  {t('orders.components.requestsCreated', { count: made.created.length })}
                  {made.skipped.length > 0 ? ` · ${t('orders.components.requestsSkipped', { count: made.skipped.length })}` : ''}
                </Text>
              )}
            </Group>
          )}
          <DataTable columns={columns} rows={rows} rowKey={(r) => r.material_id} loading={query.isFetching} minWidth={900} />
        </Paper>
      )}
      {query.data && <ProductShortages rows={query.data.products} search={search} />}
      {requesting && <BuyingRequestModal row={requesting} onClose={() => setRequesting(null)} />}
    </>
  );
}

/** The component products short (issue 25): what open lines' 'Yarı Mamül' rows take from product stock, beside the materials. */
function ProductShortages({ rows, search }: { rows: ProductShortageRow[]; search: string }) {
  const { t } = useTranslation();
  const canOpenProduct = useCanOpen('/product/:id');
  const q = search.trim().toLocaleLowerCase('tr');
  const shown = q ? rows.filter((r) => `${r.urun_adi} ${r.Operation}`.toLocaleLowerCase('tr').includes(q)) : rows;
  const columns: DataTableColumn<ProductShortageRow>[] = [
    { key: 'prod', header: t('orders.components.product'), render: (r) => (canOpenProduct ? <Text component={Link} to={`/product/${r.product_id}`} size="sm" c="blue" fw={500}>{r.urun_adi}</Text> : <Text size="sm" fw={500}>{r.urun_adi}</Text>) },
    { key: 'op', header: t('orders.materials.operation'), render: (r) => <Text size="sm">{r.Operation}</Text> },
    { key: 'req', header: t('orders.components.required'), align: 'right', render: (r) => <Text size="sm" fw={600} style={NOWRAP}>{formatNumber(r.required)} {r.urun_birimi}</Text> },
    { key: 'stock', header: t('orders.materials.stock'), align: 'right', render: (r) => <Text size="sm" c={r.stock < 0 ? 'red' : undefined} style={NOWRAP}>{formatNumber(r.stock)}</Text> },
    { key: 'made', header: t('orders.components.inProduction'), align: 'right', render: (r) => <Text size="sm" style={NOWRAP}>{formatNumber(r.inProduction)}</Text> },
    {
      key: 'short', header: t('orders.components.shortage'), align: 'right',
      render: (r) => (r.shortage > 0 ? <Badge color="red" variant="light" data-testid="product-shortage">{formatNumber(r.shortage)}</Badge> : <Badge color="green" variant="light">0</Badge>),
    },
  ];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mt="md" data-testid="product-shortages">
      <Title order={4}>{t('orders.components.productsTitle')}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t('orders.components.productsText')}</Text>
      {shown.length === 0 ? <Alert variant="light" color="gray">{t('orders.components.productsEmpty')}</Alert>
        : <DataTable columns={columns} rows={shown} rowKey={(r) => r.product_id} minWidth={800} />}
    </Paper>
  );
}
