import { useMemo, useState } from 'react';
import {
  Alert, Badge, Button, Grid, Group, Menu, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput, ThemeIcon,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CURRENCIES, DEFAULT_CURRENCY, DEFAULT_UNIT, MANUAL_PRODUCT_MOVEMENT, OPERATION_CENTERS, OPERATION_TYPES, PRODUCT_STOCK_LIST_MAX, UNITS,
  formatDate, formatNumber, hasModulePermission, issuesToFields, pairText, productMovementInputSchema, type Product, type ProductMovement, type ProductMovementList,
} from '@isik/domain';
import { IconArrowDownRight, IconArrowUpRight, IconExternalLink, IconPlus, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { useSession } from '../../../lib/session';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { tm } from '../../../i18n';
import { ApiError, api, notifyError, notifySuccess } from '../../../lib/api';
import { allPagesOf, useReportSource, type ReportSource } from '../../../lib/report-source';
import { productStockQuery, useCreateProductMovement, useDeleteProductMovement } from '../api/products-api';
import { RowMenu } from './row-toolbar';
import { NumberField } from '../../../components/number-field';
import { useLabels } from '../../../lib/labels';

/** The product tab offers the four centres of spec 001 4.3 (teslimat belongs to the material view and deliveries). */
const CENTERS = OPERATION_CENTERS.filter((c) => c !== 'teslimat');
const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** Quantities show two decimals everywhere (spec 000 9), as the materials do. */
const qtyText = (v: number) => formatNumber(v, 2);

function Card({ label, value, color, icon, testId }: { label: string; value: number; color: string; icon: React.ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{label}</Text>
          <Text size="xl" fw={700} c={value < 0 ? 'red' : undefined} data-testid={testId}>{qtyText(value)}</Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size={42} radius="md">{icon}</ThemeIcon>
      </Group>
    </Paper>
  );
}

export function StockTab({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  const query = useQuery(productStockQuery(product._id));
  const remove = useDeleteProductMovement(product._id);
  const [open, setOpen] = useState(false);
  const data = query.data;
  // Hiding is a courtesy (the server refuses too): manual movements only, and only with the stock permission (DECISIONS 5).
  const permissions = useSession((s) => s.user?.permissions);
  const canWrite = hasModulePermission(permissions, 'stock', 'write');
  const canDelete = hasModulePermission(permissions, 'stock', 'delete');

  const del = async (m: ProductMovement) => {
    if (!(await confirmDelete({ message: tm('stock.delete.confirm') }))) return;
    remove.mutate(m._id, { onSuccess: () => notifySuccess('products.stock.deleted'), onError: (e) => notifyError(e) });
  };

  // The Reports menu exports the product's whole ledger (every page), in the table's order.
  const productId = product._id;
  const productName = pairText(product.urun_adi, i18n.language);
  const report = useMemo((): ReportSource<ProductMovement> => ({
    title: `${productName} · ${t('products.stock.movements')}`,
    fileName: 'product-movements',
    columns: [
      { header: t('products.stock.date'), value: (m) => formatDate(m.operation_date), width: 0.9 },
      { header: t('products.stock.type'), value: (m) => t(`products.stock.types.${m.operation_type}`, { defaultValue: m.operation_type }), width: 0.8 },
      { header: t('products.stock.center'), value: (m) => t(`products.stock.centers.${m.operation_center}`, { defaultValue: m.operation_center }) },
      { header: t('products.stock.qty'), value: (m) => m.sumQty, width: 0.8 },
      { header: t('products.stock.unit'), value: (m) => labels.unit(m.unit), width: 0.6 },
      { header: t('products.stock.price'), value: (m) => m.price, decimals: 2, width: 0.9 },
      { header: t('products.field.currency'), value: (m) => m.doviz, width: 0.6 },
      { header: t('products.stock.description'), value: (m) => m.description, width: 2 },
      { header: t('products.stock.runTotal'), value: (m) => m.runTotal ?? 0, width: 0.9 },
    ],
    fetchAll: allPagesOf(
      (page, pageSize) => api<ProductMovementList>(`/productStocks/list/${encodeURIComponent(productId)}`, { query: { page, pageSize } }),
      (r) => r.stock,
    ),
  }), [t, labels, productId, productName]);
  useReportSource(report);

  const columns: DataTableColumn<ProductMovement>[] = [
    { key: 'date', header: t('products.stock.date'), render: (m) => <Text size="sm" style={NOWRAP}>{formatDate(m.operation_date)}</Text> },
    {
      key: 'type', header: t('products.stock.type'),
      render: (m) => <Badge variant="light" color={m.operation_type === 'giris' ? 'teal' : 'red'} size="sm">{t(`products.stock.types.${m.operation_type}`, { defaultValue: m.operation_type })}</Badge>,
    },
    { key: 'center', header: t('products.stock.center'), render: (m) => <Text size="sm">{t(`products.stock.centers.${m.operation_center}`, { defaultValue: m.operation_center })}</Text> },
    { key: 'qty', header: t('products.stock.qty'), align: 'right', render: (m) => <Text size="sm" c={m.sumQty < 0 ? 'red' : 'teal.8'} fw={600} style={NOWRAP}>{`${m.sumQty > 0 ? '+' : ''}${qtyText(m.sumQty)} ${labels.unit(m.unit)}`}</Text> },
    { key: 'price', header: t('products.stock.price'), align: 'right', render: (m) => <Text size="sm" style={NOWRAP}>{`${formatNumber(m.price, 2)} ${m.doviz}`}</Text> },
    { key: 'desc', header: t('products.stock.description'), render: (m) => <Text size="sm">{m.description}</Text> },
    { key: 'run', header: t('products.stock.runTotal'), align: 'right', render: (m) => <Text size="sm" fw={600}>{qtyText(m.runTotal ?? 0)}</Text> },
    {
      key: 'menu', header: '', width: 48,
      render: (m) => (m.source === 'manual' && !canDelete ? null : (
        <RowMenu onDelete={canDelete && m.source === 'manual' ? () => void del(m) : undefined}>
          {m.orderitem_id && (
            <Menu.Item component={Link} to={`/orderproductiondetail/${m.orderitem_id}`} leftSection={<IconExternalLink size={16} />}>{t('products.stock.orderLine')}</Menu.Item>
          )}
          {m.source !== 'manual' && !m.orderitem_id && <Menu.Label>{t('products.stock.notManual')}</Menu.Label>}
        </RowMenu>
      )),
    },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card label={t('products.stock.in')} value={data?.totalIn ?? 0} color="teal" icon={<IconArrowDownRight size={22} />} testId="stock-in" />
        <Card label={t('products.stock.out')} value={data?.totalOut ?? 0} color="red" icon={<IconArrowUpRight size={22} />} testId="stock-out" />
        <Card label={t('products.stock.balance')} value={data?.balance ?? 0} color="blue" icon={<IconScale size={22} />} testId="stock-balance" />
      </SimpleGrid>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" mb="sm">
          <Text fw={600}>{t('products.stock.movements')}</Text>
          {canWrite && <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setOpen(true)}>{t('products.stock.new')}</Button>}
        </Group>
        {query.isError && <Alert color="red" variant="light" mb="sm">{query.error.message}</Alert>}
        {data && data.totalItemCount > PRODUCT_STOCK_LIST_MAX && <Text size="xs" c="dimmed" mb="xs">{t('products.stock.limited', { max: PRODUCT_STOCK_LIST_MAX })}</Text>}
        <DataTable columns={columns} rows={data?.stock} rowKey={(m) => m._id} loading={query.isFetching || remove.isPending} minWidth={900} maxHeight={480} emptyText={t('products.stock.empty')} />
      </Paper>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('products.stock.new')} size="lg" centered>
        {open && <MovementForm product={product} lang={i18n.language} onDone={() => setOpen(false)} />}
      </Modal>
    </Stack>
  );
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function MovementForm({ product, lang, onDone }: { product: Product; lang: string; onDone: () => void }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const create = useCreateProductMovement(product._id);
  const [v, setV] = useState({
    operation_date: today(), operation_type: '', operation_center: '', qty: 1 as number | string, unit: DEFAULT_UNIT as string,
    price: 0 as number | string, doviz: DEFAULT_CURRENCY as string, description: MANUAL_PRODUCT_MOVEMENT,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const err = (f: string) => (errors[f] ? tm(errors[f]) : undefined);
  const name = product.urun_adi[lang === 'tr' ? 0 : 1] || product.urun_adi[0];

  const submit = () => {
    const body = {
      ...v, operation_date: new Date(`${v.operation_date}T12:00:00`).toISOString(), product_id: product._id, productname: name,
    };
    const parsed = productMovementInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess('stock.created');
        onDone();
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields) setErrors(e.fields);
        notifyError(e);
      },
    });
  };

  return (
    <Stack>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput type="date" label={t('products.stock.date')} name="operation_date" value={v.operation_date} onChange={(e) => setV({ ...v, operation_date: e.currentTarget.value })} error={err('operation_date')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label={t('products.stock.type')} name="operation_type" data={OPERATION_TYPES.map((x) => ({ value: x, label: t(`products.stock.types.${x}`) }))} value={v.operation_type || null} onChange={(x) => setV({ ...v, operation_type: x ?? '' })} error={err('operation_type')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label={t('products.stock.center')} name="operation_center" data={CENTERS.map((x) => ({ value: x, label: t(`products.stock.centers.${x}`) }))} value={v.operation_center || null} onChange={(x) => setV({ ...v, operation_center: x ?? '' })} error={err('operation_center')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberField label={t('products.stock.qty')} name="qty" value={v.qty} onChange={(x) => setV({ ...v, qty: x })} decimalSeparator="," min={0} error={err('qty')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Select label={t('products.stock.unit')} name="unit" data={labels.options(UNITS, labels.unit)} value={v.unit} onChange={(x) => setV({ ...v, unit: x ?? DEFAULT_UNIT })} allowDeselect={false} error={err('unit')} />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 6 }}>
          <NumberField label={t('products.stock.price')} name="price" value={v.price} onChange={(x) => setV({ ...v, price: x })} decimalSeparator="," thousandSeparator="." decimalScale={2} min={0} error={err('price')} />
        </Grid.Col>
        <Grid.Col span={{ base: 4, sm: 6 }}>
          <Select label={t('products.field.currency')} name="doviz" data={[...CURRENCIES]} value={v.doviz} onChange={(x) => setV({ ...v, doviz: x ?? DEFAULT_CURRENCY })} allowDeselect={false} error={err('doviz')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput label={t('products.stock.description')} name="description" value={v.description} onChange={(e) => setV({ ...v, description: e.currentTarget.value })} error={err('description')} />
        </Grid.Col>
      </Grid>
      {(errors.productname || errors.product_id) && <Text size="sm" c="red">{tm(errors.productname ?? errors.product_id)}</Text>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
        <Button onClick={submit} loading={create.isPending}>{t('common.save')}</Button>
      </Group>
    </Stack>
  );
}
