import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MATERIAL_SORTS, MATERIALS_PAGE_SIZE, PAGE_SIZES, formatNumber, hasModulePermission, type Material } from '@isik/domain';
import { IconCategory, IconCoin, IconDotsVertical, IconEye, IconPackages, IconPlus, IconTransfer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table';
import { ListTable } from '../../../components/list-table';
import { TruncatedText } from '../../../components/truncated-text';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { api } from '../../../lib/api';
import { allPagesOf, describeFilters, type ReportSource } from '../../../lib/report-source';
import { useListPage } from '../../../lib/use-list-page';
import { useSession } from '../../../lib/session';
import { readOrder, readPage } from '../../../lib/use-list-params';
import type { MaterialList, MaterialSort } from '@isik/domain';
import { materialCategoriesQuery, materialsQuery } from '../api/materials-api';
import { MaterialThumb } from '../components/material-image';
import { MovementDialog } from '../components/movement-dialog';
import { StockAmount } from '../components/stock-amount';
import { sortNames } from '../model/material-values';
import { rememberListSearch } from './list-location';
import { useLabels } from '../../../lib/labels';

const ALL = 'all';
const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** The spec's sizes (6 … 100) plus the default 10, in order. */
const SIZES = [...new Set<number>([...PAGE_SIZES, MATERIALS_PAGE_SIZE])].sort((a, b) => a - b);

function isSort(v: string | null): v is MaterialSort {
  return v !== null && (MATERIAL_SORTS as readonly string[]).includes(v);
}

const LIST_DEFAULTS = { page: 1, pageSize: MATERIALS_PAGE_SIZE };

/** The list's state lives in the URL, so returning from a material finds the same page, search, filter and sort. */
function readListParams(params: URLSearchParams) {
  const size = Number(params.get('pageSize'));
  return {
    page: readPage(params),
    pageSize: SIZES.includes(size) ? size : MATERIALS_PAGE_SIZE,
    search: params.get('search') ?? '',
    orderBy: isSort(params.get('orderBy')) ? (params.get('orderBy') as MaterialSort) : 'material_name',
    order: readOrder(params),
    category: params.get('category') || undefined,
  };
}

/** Spec 001 2.5: materials with their stock balance, filtered by category, searched as one types, paged on the server. */
export function MaterialsPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  const navigate = useNavigate();
  const list = useListPage({
    defaults: LIST_DEFAULTS,
    parse: readListParams,
    remember: rememberListSearch,
    query: (s) => materialsQuery({ page: s.page, pageSize: s.pageSize, orderBy: s.orderBy, order: s.order, search: s.search, category: s.category }),
    // The Reports menu exports every material the search and category select, in the list's order.
    report: ({ search, category, orderBy, order }): ReportSource<Material> => ({
      title: t('menu.materials'),
      fileName: 'materials',
      subtitle: describeFilters([[t('common.search'), search], [t('materials.field.category'), category]]),
      columns: [
        { header: t('materials.field.no'), value: (m) => m.material_no, width: 0.6 },
        { header: t('materials.field.name'), value: (m) => m.material_name, width: 2.2 },
        { header: t('materials.field.category'), value: (m) => m.material_category },
        { header: t('materials.field.group'), value: (m) => m.material_group },
        { header: t('materials.field.unit'), value: (m) => labels.unit(m.material_unit), width: 0.7 },
        { header: t('materials.field.price'), value: (m) => m.material_price, decimals: 4 },
        { header: t('materials.field.currency'), value: (m) => m.material_doviz, width: 0.7 },
        { header: t('materials.list.stock'), value: (m) => m.stockSum, decimals: 2 },
      ],
      fetchAll: allPagesOf(
        (page, pageSize) => api<MaterialList>('/materials/list', { query: { type: 'list', page, pageSize, orderBy, order, search: search || undefined, category } }),
        (r) => r.materials,
      ),
    }),
  });
  const { state, update, data, query } = list;
  const categories = useQuery(materialCategoriesQuery());
  const permissions = useSession((s) => s.user?.permissions);
  const canStock = hasModulePermission(permissions, 'stock', 'write');
  const canWrite = hasModulePermission(permissions, 'catalogue', 'write');
  const [stockFor, setStockFor] = useState<Material | null>(null);

  const open = (m: Material) => void navigate(`/material/${m._id}`);

  const columns: DataTableColumn<Material>[] = [
    { key: 'img', header: '', width: 56, render: (m) => <MaterialThumb src={m.material_img} name={m.material_name} /> },
    { key: 'no', header: t('materials.field.no'), sortKey: 'material_no', width: 70, render: (m) => <Text size="sm" c="dimmed">{m.material_no}</Text> },
    {
      key: 'name', header: t('materials.field.name'), sortKey: 'material_name',
      render: (m) => (
        <Anchor
          component={Link} to={`/material/${m._id}`} fw={600} size="sm" c="var(--mantine-color-text)" display="block" miw={140} maw={280}
          truncate="end" title={m.material_name} onClick={(e) => e.stopPropagation()}
        >
          {m.material_name}
        </Anchor>
      ),
    },
    {
      key: 'category', header: t('materials.list.categoryGroup'), sortKey: 'material_category',
      render: (m) => (
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" color="indigo" style={{ textTransform: 'none' }}>{m.material_category}</Badge>
          <TruncatedText c="dimmed" maw={140}>{m.material_group}</TruncatedText>
        </Group>
      ),
    },
    { key: 'unit', header: t('materials.field.unit'), render: (m) => <Text size="sm">{labels.unit(m.material_unit)}</Text> },
    {
      key: 'price', header: t('materials.field.price'), sortKey: 'material_price', align: 'right',
      render: (m) => <Text size="sm" style={NOWRAP}>{formatNumber(m.material_price, 4)} {m.material_doviz}</Text>,
    },
    { key: 'stock', header: t('materials.list.stock'), sortKey: 'stockSum', align: 'right', render: (m) => <StockAmount value={m.stockSum} /> },
    {
      key: 'menu', header: '', width: 48, align: 'right',
      render: (m) => (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('materials.list.rowMenu', { name: m.material_name })} onClick={(e) => e.stopPropagation()}>
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item leftSection={<IconEye size={16} />} onClick={() => open(m)}>{t('materials.list.viewDetails')}</Menu.Item>
            {canStock && (
              <Menu.Item leftSection={<IconTransfer size={16} />} onClick={() => setStockFor(m)}>{t('materials.list.updateStock')}</Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const { filtered, empty } = list;
  const categoryOptions = [
    { value: ALL, label: t('materials.list.allCategories') },
    ...sortNames([...(categories.data?.categories ?? []), ...(state.category ? [state.category] : [])]).map((c) => ({ value: c, label: c })),
  ];

  const addButton = canWrite ? (
    <Button component={Link} to="/material/new" leftSection={<IconPlus size={18} />}>{t('materials.list.add')}</Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('menu.materials')}
        subtitle={data ? t('materials.list.total', { total: data.totalItemCount }) : t('materials.list.subtitle')}
        actions={<Group gap="sm"><Button variant="default" component={Link} to="/stockvalue" leftSection={<IconCoin size={18} />}>{t('materials.stockValue.button')}</Button>{addButton}</Group>}
      />
      {query.isError && !data ? (
        <LoadFailedAlert title={t('materials.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : empty ? (
        <EmptyState icon={<IconPackages size={34} stroke={1.5} />} title={t('materials.list.emptyTitle')} text={t('materials.list.emptyText')} action={addButton} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Group gap="sm" mb="md" wrap="wrap" align="center">
            <SearchInput
              initialValue={state.search}
              placeholder={t('materials.list.searchPlaceholder')}
              onSearch={list.setSearch}
              style={{ flex: '1 1 260px' }}
              maw={420}
            />
            <Select
              aria-label={t('materials.field.category')}
              leftSection={<IconCategory size={16} />}
              data={categoryOptions}
              value={state.category ?? ALL}
              onChange={(v) => update({ category: !v || v === ALL ? undefined : v, page: 1 })}
              allowDeselect={false}
              searchable
              w={220}
              comboboxProps={{ withinPortal: true }}
              data-testid="material-category-filter"
            />
            <Group gap={6} ml="auto" wrap="nowrap">
              <Text size="sm" c="dimmed" style={NOWRAP}>{t('materials.list.pageSize')}</Text>
              <Select
                aria-label={t('materials.list.pageSize')}
                data={SIZES.map(String)}
                value={String(state.pageSize)}
                onChange={(v) => update({ pageSize: Number(v) || MATERIALS_PAGE_SIZE, page: 1 })}
                allowDeselect={false}
                w={80}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
          </Group>
          <ListTable
            list={list}
            columns={columns}
            rows={data?.materials}
            rowKey={(m) => m._id}
            onRowClick={open}
            minWidth={820}
            emptyText={filtered ? t('materials.list.noMatch') : undefined}
          />
        </Paper>
      )}
      {stockFor && (
        <MovementDialog opened onClose={() => setStockFor(null)} material={stockFor} balance={stockFor.stockSum} />
      )}
    </>
  );
}
