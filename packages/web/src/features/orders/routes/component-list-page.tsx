import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Group, Menu, Paper, Select, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@isik/domain';
import { IconDotsVertical, IconMail, IconShoppingCartPlus, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { componentListQuery } from '../api/orders-api';
import { BuyingRequestModal } from '../components/buying-request-modal';
import { sortComponents, type ComponentSort } from '../model/order-logic';
import type { ComponentRow } from '../model/types';
import { useCanOpen } from '../model/use-can-open';
import { useCanDo } from '../../../lib/can-do';

const SORTS: ComponentSort[] = ['operation', 'group', 'category', 'quantity'];
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A mail about a material's stock (spec 002 2.3): subject and body filled in, the recipient left to the sender. */
export function stockMailHref(row: ComponentRow, subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Spec 002 2.3 (DECISIONS 5): the materials open lines still need, with stock, open purchase requests and the shortage. */
export function ComponentListPage() {
  const { t } = useTranslation();
  const query = useQuery(componentListQuery());
  const canOpenMaterial = useCanOpen('/material/:id');
  const [sort, setSort] = useState<ComponentSort>('operation');
  const [search, setSearch] = useState('');
  const [requesting, setRequesting] = useState<ComponentRow | null>(null);
  // Spec 002 2.3: the row's purchase request, for every role of the screen (the action table).
  const mayRequest = useCanDo('POST /api/buying/create');
  const rows = useMemo(() => {
    const q = search.trim().toLocaleLowerCase('tr');
    const all = query.data?.components ?? [];
    return sortComponents(q ? all.filter((r) => `${r.material_name} ${r.material_category} ${r.material_group}`.toLocaleLowerCase('tr').includes(q)) : all, sort);
  }, [query.data, sort, search]);

  const columns: DataTableColumn<ComponentRow>[] = [
    { key: 'op', header: t('orders.materials.operation'), render: (r) => <Text size="sm">{r.operations.join(', ')}</Text> },
    { key: 'cat', header: t('orders.materials.category'), render: (r) => <Text size="sm">{r.material_category}</Text> },
    { key: 'group', header: t('orders.materials.group'), render: (r) => <Text size="sm">{r.material_group}</Text> },
    { key: 'mat', header: t('orders.materials.material'), render: (r) => (canOpenMaterial ? <Text component={Link} to={`/material/${r.material_id}`} size="sm" c="blue" fw={500}>{r.material_name}</Text> : <Text size="sm" fw={500}>{r.material_name}</Text>) },
    { key: 'req', header: t('orders.components.required'), align: 'right', render: (r) => <Text size="sm" fw={600} style={NOWRAP}>{formatNumber(r.required)} {r.material_unit}</Text> },
    { key: 'stock', header: t('orders.materials.stock'), align: 'right', render: (r) => <Text size="sm" c={r.stock < 0 ? 'red' : undefined} style={NOWRAP}>{formatNumber(r.stock)}</Text> },
    { key: 'onOrder', header: t('orders.components.onOrder'), align: 'right', render: (r) => <Text size="sm" style={NOWRAP}>{formatNumber(r.onOrder)}</Text> },
    {
      key: 'short', header: t('orders.components.shortage'), align: 'right',
      render: (r) => (r.shortage > 0 ? <Badge color="red" variant="light" data-testid="shortage">{formatNumber(r.shortage)}</Badge> : <Badge color="green" variant="light">0</Badge>),
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
          <DataTable columns={columns} rows={rows} rowKey={(r) => r.material_id} loading={query.isFetching} minWidth={900} />
        </Paper>
      )}
      {requesting && <BuyingRequestModal row={requesting} onClose={() => setRequesting(null)} />}
    </>
  );
}
