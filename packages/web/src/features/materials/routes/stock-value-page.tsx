import { useMemo, useState } from 'react';
import { Anchor, Badge, Group, Paper, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, type StockValueRow } from '@isik/domain';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useReportSource, type ReportSource } from '../../../lib/report-source';
import { fetchStockValue, stockValueQuery } from '../api/materials-api';

const n = (v: number | null, d = 2) => (v === null ? '—' : formatNumber(v, d));

/**
 * /stockvalue (issue 25): each material's stock, current unit cost in lira and value, and the total
 * (GET /api/reports/stockValue). The header's Reports menu exports the rows (Excel, Word, PDF).
 */
export function StockValuePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useQuery(stockValueQuery);
  const rows = useMemo(() => {
    const s = search.trim().toLocaleLowerCase('tr');
    const all = q.data?.rows ?? [];
    return s ? all.filter((r) => `${r.material_name} ${r.material_category} ${r.material_group}`.toLocaleLowerCase('tr').includes(s)) : all;
  }, [q.data, search]);

  const report = useMemo((): ReportSource<StockValueRow> | null => (q.data ? {
    title: t('materials.stockValue.title'),
    subtitle: `${t('materials.stockValue.total')}: ${formatNumber(q.data.total, 2)} ₺`,
    fileName: 'stock-value',
    columns: [
      { header: t('materials.stockValue.name'), value: (r) => r.material_name, width: 2 },
      { header: t('materials.stockValue.category'), value: (r) => r.material_category },
      { header: t('materials.stockValue.group'), value: (r) => r.material_group },
      { header: t('materials.stockValue.stock'), value: (r) => r.stockSum, decimals: 2 },
      { header: t('materials.stockValue.unit'), value: (r) => r.material_unit, width: 0.6 },
      { header: t('materials.stockValue.cost'), value: (r) => r.cost, decimals: 4 },
      { header: t('materials.stockValue.value'), value: (r) => r.value, decimals: 2 },
    ],
    fetchAll: async () => (await fetchStockValue()).rows,
  } : null), [q.data, t]);
  useReportSource(report);

  const columns: DataTableColumn<StockValueRow>[] = [
    { key: 'name', header: t('materials.stockValue.name'), render: (r) => <Anchor component={Link} to={`/material/${r.stock_id}`} size="sm">{r.material_name}</Anchor> },
    { key: 'category', header: t('materials.stockValue.category'), render: (r) => <Text size="sm">{r.material_category}</Text> },
    { key: 'group', header: t('materials.stockValue.group'), render: (r) => <Text size="sm">{r.material_group}</Text> },
    { key: 'stock', header: t('materials.stockValue.stock'), align: 'right', render: (r) => <Text size="sm" c={r.stockSum < 0 ? 'red' : undefined}>{n(r.stockSum)} {r.material_unit}</Text> },
    {
      key: 'cost', header: t('materials.stockValue.cost'), align: 'right',
      render: (r) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {r.basis !== 'average' && <Badge size="xs" variant="light" color={r.basis === 'list' ? 'gray' : 'red'} title={t(`materials.cost.basis.${r.basis}`)}>{t(`materials.stockValue.short.${r.basis}`)}</Badge>}
          <Text size="sm">{n(r.cost, 4)}</Text>
        </Group>
      ),
    },
    { key: 'value', header: t('materials.stockValue.value'), align: 'right', render: (r) => <Text size="sm" fw={600}>{n(r.value)}</Text> },
  ];

  return (
    <>
      <PageHeader
        title={t('materials.stockValue.title')}
        subtitle={t('materials.stockValue.subtitle')}
        actions={q.data ? (
          <Paper withBorder radius="md" px="md" py={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{t('materials.stockValue.total')}</Text>
            <Text fw={700} size="lg" data-testid="stock-value-total">{formatNumber(q.data.total, 2)} ₺</Text>
          </Paper>
        ) : undefined}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <TextInput
          mb="md" maw={420} leftSection={<IconSearch size={16} />} value={search} onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder={t('materials.list.searchPlaceholder')} aria-label={t('materials.list.searchPlaceholder')}
        />
        <DataTable columns={columns} rows={rows} rowKey={(r) => r.stock_id} loading={q.isLoading} emptyText={t('materials.stockValue.empty')} />
      </Paper>
    </>
  );
}
