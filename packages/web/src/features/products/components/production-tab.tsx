import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_CURRENCY, DEFAULT_OPERATIONS, SEMI_FINISHED_OPERATION, formatNumber, lineTotal, productionCostUsd, productionRowUsd, round2, sum,
  type Material, type ProductListRow, type ProductionRow,
} from '@isik/domain';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { categoryKey, ProductPickerModal, productName } from '../../../components/pickers';
import { materialCategoriesQuery, materialOptionsQuery, productQuery, ratesQuery, type TodayRates } from '../api/products-api';
import { money } from '../model/product-values';
import { RowMenu, RowToolbar } from './row-toolbar';
import { NumberField } from '../../../components/number-field';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** A 'Yarı Mamül' row names a product (information = its _id, material_category = its model category, material_group = its code). */
const isSemi = (r: ProductionRow) => r.op_name === SEMI_FINISHED_OPERATION;

function withTotal(row: ProductionRow, rates: TodayRates | null): ProductionRow {
  return { ...row, rowTotal: rates ? productionRowUsd(row, rates) : lineTotal(row.materialqyt, row.materialprice) };
}

function emptyRow(): ProductionRow {
  return {
    op_name: DEFAULT_OPERATIONS[0], material_category: '', material_group: '', information: '', materialqyt: 1, op_qty: 1, rowTotal: 0,
    materialprice: 0, materialcurrency: DEFAULT_CURRENCY,
  };
}

/**
 * Bill of operations rows. Prices are converted to USD with the central-bank rates (₺ ÷ USD, $ as is,
 * € × EUR/USD); without rates each row stays in its own currency and a note says so.
 */
export function ProductionTab({ rows, onChange }: { rows: ProductionRow[]; onChange: (rows: ProductionRow[]) => void }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<{ index: number; row: ProductionRow } | null>(null);
  const materials = useQuery(materialOptionsQuery);
  const rates = useQuery(ratesQuery);
  const rate = rates.data ?? null;
  const byId = useMemo(() => new Map((materials.data?.materials ?? []).map((m) => [m._id, m])), [materials.data]);
  // Older 'Yarı Mamül' rows may still name a material; only the others are looked up as products.
  const semiIds = materials.isSuccess ? [...new Set(rows.filter((r) => isSemi(r) && r.information && !byId.has(r.information)).map((r) => r.information))] : [];
  const semiProducts = useQueries({ queries: semiIds.map((id) => ({ ...productQuery(id), retry: false })) });
  const productById = new Map(semiProducts.flatMap((q) => (q.data ? [[q.data._id, q.data] as const] : [])));
  const componentName = (r: ProductionRow) => {
    const m = byId.get(r.information);
    if (!isSemi(r) || m) return m?.material_name ?? (r.information ? '…' : '');
    const p = productById.get(r.information);
    return p ? `${p.urun_kodu} · ${productName(p, i18n.language)}` : r.material_group || (r.information ? '…' : '');
  };
  const categoryText = (r: ProductionRow) => (isSemi(r) && categoryKey(Number(r.material_category))
    ? t(categoryKey(Number(r.material_category)))
    : [r.material_category, r.material_group].filter(Boolean).join(' / '));

  const columns: DataTableColumn<ProductionRow>[] = [
    { key: 'op', header: t('products.production.operation'), render: (r) => <Text size="sm" fw={500} style={NOWRAP}>{r.op_name}</Text> },
    { key: 'cat', header: t('products.production.categoryGroup'), render: (r) => <Text size="sm" style={NOWRAP}>{categoryText(r)}</Text> },
    { key: 'mat', header: t('products.production.material'), render: (r) => <Text size="sm">{componentName(r)}</Text> },
    { key: 'qty', header: t('products.production.qty'), align: 'right', render: (r) => formatNumber(r.materialqyt, Number.isInteger(r.materialqyt) ? 0 : 4) },
    { key: 'opqty', header: t('products.production.opQty'), align: 'right', render: (r) => formatNumber(r.op_qty, Number.isInteger(r.op_qty) ? 0 : 2) },
    { key: 'price', header: t('products.production.price'), align: 'right', render: (r) => <Text size="sm" style={NOWRAP}>{`${formatNumber(r.materialprice, 4)} ${r.materialcurrency}`}</Text> },
    {
      key: 'total', header: rate ? t('products.production.totalUsd') : t('products.production.total'), align: 'right',
      render: (r) => <Text size="sm" fw={600} style={NOWRAP}>{rate ? money(productionRowUsd(r, rate), '$') : money(lineTotal(r.materialqyt, r.materialprice), r.materialcurrency)}</Text>,
    },
    { key: 'menu', header: '', width: 48, render: (r, i) => <RowMenu onEdit={() => setEditing({ index: i, row: r })} onDelete={() => onChange(rows.filter((_, j) => j !== i))} /> },
  ];

  const save = (row: ProductionRow) => {
    if (!editing) return;
    const next = withTotal(row, rate);
    onChange(editing.index < 0 ? [...rows, next] : rows.map((r, j) => (j === editing.index ? next : r)));
    setEditing(null);
  };

  // Totals: one USD figure with rates; per currency without.
  const totals = rate
    ? [money(productionCostUsd(rows, rate), '$')]
    : [...new Set(rows.map((r) => r.materialcurrency))].map((c) => money(round2(sum(rows.filter((r) => r.materialcurrency === c).map((r) => lineTotal(r.materialqyt, r.materialprice)))), c));

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <RowToolbar title={t('products.tabs.production')} onAdd={() => setEditing({ index: -1, row: emptyRow() })} clipboard="production" rows={rows} onPaste={(pasted) => onChange([...rows, ...pasted])} />
      {rates.isFetched && !rate && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} mb="sm">{t('products.production.noRates')}</Alert>
      )}
      {rate && <Text size="xs" c="dimmed" mb="xs">{t('products.production.rates', { usd: formatNumber(rate.usd, 4), eur: formatNumber(rate.eur, 4) })}</Text>}
      <DataTable columns={columns} rows={rows} rowKey={(_, i) => String(i)} loading={materials.isPending} onRowClick={(r) => setEditing({ index: rows.indexOf(r), row: r })} minWidth={900} emptyText={t('products.production.empty')} />
      {rows.length > 0 && (
        <Group justify="flex-end" mt="sm" gap="md">
          <Text size="sm" c="dimmed">{t('products.production.sum')}</Text>
          <Text fw={700} data-testid="production-total">{totals.join(' + ')}</Text>
        </Group>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('products.production.dialog')} size="lg" centered>
        {editing && <RowForm row={editing.row} label={componentName(editing.row)} materials={materials.data?.materials ?? []} onSave={save} onCancel={() => setEditing(null)} />}
      </Modal>
    </Paper>
  );
}

function RowForm({ row, label, materials, onSave, onCancel }: { row: ProductionRow; label: string; materials: Material[]; onSave: (r: ProductionRow) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const [r, setR] = useState<ProductionRow>(row);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<ProductListRow | null>(null);
  const pickProduct = (p: ProductListRow) => {
    setPicked(p);
    setPicking(false);
    setR({ ...r, information: p._id, material_category: String(p.model_category), material_group: p.urun_kodu, materialprice: p.urun_fiyat, materialcurrency: p.urun_doviz as ProductionRow['materialcurrency'] });
  };
  const setOperation = (op: string) => setR(isSemi({ ...r, op_name: op }) === isSemi(r)
    ? { ...r, op_name: op }
    : { ...r, op_name: op, information: '', material_category: '', material_group: '', materialprice: 0, materialcurrency: DEFAULT_CURRENCY });
  const cats = useQuery(materialCategoriesQuery);
  const categories = cats.data?.categories ?? [...new Set(materials.map((m) => m.material_category))];
  const groups = cats.data?.tree.find((x) => x.category === r.material_category)?.groups
    ?? [...new Set(materials.filter((m) => m.material_category === r.material_category).map((m) => m.material_group))];
  const options = materials.filter((m) => (!r.material_category || m.material_category === r.material_category) && (!r.material_group || m.material_group === r.material_group));
  const pick = (id: string | null) => {
    const m = materials.find((x) => x._id === id);
    if (!m) {
      setR({ ...r, information: '' });
      return;
    }
    setR({ ...r, information: m._id, material_category: m.material_category, material_group: m.material_group, materialprice: m.material_price, materialcurrency: m.material_doviz as ProductionRow['materialcurrency'] });
  };
  // NumberField reports a number, '' (empty: 0) or NaN (unreadable: the schema refuses it, the field says why).
  const num = (v: string | number) => (typeof v === 'number' ? v : v === '' ? 0 : Number.NaN);
  return (
    <Stack>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label={t('products.production.operation')} data={[...DEFAULT_OPERATIONS]} value={r.op_name} onChange={(v) => setOperation(v ?? DEFAULT_OPERATIONS[0])} allowDeselect={false} data-testid="production-row-operation" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberField label={t('products.production.opQty')} value={r.op_qty} onChange={(v) => setR({ ...r, op_qty: num(v) })} decimalSeparator="," min={0} />
        </Grid.Col>
        {isSemi(r) ? (
          <Grid.Col span={12}>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t('pickers.semi.product')}
                readOnly
                variant="filled"
                value={picked ? `${picked.urun_kodu} · ${productName(picked, i18n.language)}` : r.information ? label : ''}
                placeholder={t('pickers.semi.none')}
                data-testid="production-row-product"
              />
              <Button variant="light" onClick={() => setPicking(true)} data-testid="production-row-pick">{r.information ? t('pickers.semi.change') : t('pickers.semi.pick')}</Button>
            </Group>
            <ProductPickerModal opened={picking} onClose={() => setPicking(false)} onSelect={pickProduct} title={t('pickers.semi.pickerTitle')} />
          </Grid.Col>
        ) : (<>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label={t('products.production.category')} data={categories} value={r.material_category || null} onChange={(v) => setR({ ...r, material_category: v ?? '', material_group: '', information: '' })} searchable clearable />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label={t('products.production.group')} data={groups} value={r.material_group || null} onChange={(v) => setR({ ...r, material_group: v ?? '', information: '' })} searchable clearable />
        </Grid.Col>
        <Grid.Col span={12}>
          <Select
            label={t('products.production.material')}
            data={options.map((m) => ({ value: m._id, label: `${m.material_name} (${formatNumber(m.material_price, 4)} ${m.material_doviz})` }))}
            value={r.information || null}
            onChange={pick}
            searchable
            clearable
            nothingFoundMessage={t('common.noRecords')}
          />
        </Grid.Col>
        </>)}
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberField label={t('products.production.qty')} value={r.materialqyt} onChange={(v) => setR({ ...r, materialqyt: num(v) })} decimalSeparator="," min={0} decimalScale={4} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberField label={t('products.production.price')} value={r.materialprice} readOnly variant="filled" decimalSeparator="," decimalScale={4} rightSection={<Text size="sm" c="dimmed">{r.materialcurrency}</Text>} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberField label={t('products.production.total')} value={lineTotal(r.materialqyt, r.materialprice)} readOnly variant="filled" decimalSeparator="," decimalScale={2} fixedDecimalScale rightSection={<Text size="sm" c="dimmed">{r.materialcurrency}</Text>} />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
        <Button leftSection={<IconDeviceFloppy size={18} />} onClick={() => onSave(r)}>{t('products.detail.applyRow')}</Button>
      </Group>
    </Stack>
  );
}
