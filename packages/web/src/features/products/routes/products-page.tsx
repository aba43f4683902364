import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Image, Menu, Paper, Progress, Select, Slider, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  COMPLETENESS_MAX, MARKUP_MAX, MARKUP_MIN, MARKUP_STEP, MODEL_CATEGORIES, PAGE_SIZES, PRODUCTS_PAGE_SIZE, formatNumber, markupPrice, pairText, smallFileUrl,
  type ProductList, type ProductListRow,
} from '@isik/domain';
import { IconCalculator, IconCopy, IconDots, IconEye, IconFileDescription, IconFileText, IconPackage, IconPhoto, IconPlus, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PaginationControl } from '../../../components/pagination-control';
import { SearchInput } from '../../../components/search-input';
import { api, notifyError, notifySuccess } from '../../../lib/api';
import { allPagesOf, describeFilters, type ReportColumn, type ReportSource } from '../../../lib/report-source';
import { useListPage } from '../../../lib/use-list-page';
import { readPage } from '../../../lib/use-list-params';
import { productsQuery, useCopyProduct } from '../api/products-api';
import { PriceListSettingsModal } from '../components/price-list-settings';
import { figures, money, percent, priceListPath, storeMarkup, storedMarkup, storedPriceList } from '../model/product-values';

const ALL = 'all';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const LIST_DEFAULTS = { page: 1 };

function readListParams(params: URLSearchParams) {
  const cat = params.get('category');
  const size = Number(params.get('pageSize'));
  return {
    page: readPage(params),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PRODUCTS_PAGE_SIZE,
    search: params.get('search') ?? '',
    category: cat !== null && /^[0-8]$/.test(cat) ? Number(cat) : undefined,
    calc: params.get('calc') === '1',
  };
}

/** The datasheet of a product in the current language: /pdf/datasheet/{id}/{0 Turkish, 1 otherwise}. */
export function datasheetUrl(id: string, lang: string): string {
  return `/pdf/datasheet/${id}/${lang === 'tr' ? 0 : 1}`;
}

/** Spec 001 2.3: products with the markup slider, category filter, search, paging and the calculation column. */
export function ProductsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = i18n.language;
  const [markup, setMarkup] = useState(storedMarkup);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const list = useListPage({
    defaults: LIST_DEFAULTS,
    parse: readListParams,
    query: (s) => productsQuery({ page: s.page, pageSize: s.pageSize, type: s.calc ? 'detaillist' : 'list', search: s.search, category: s.category }),
    filters: ['search', 'category'],
    // The Reports menu exports every product the search and category select, with the marked-up price
    // at the slider's rate (and the completeness while the calculation column is on).
    report: ({ search, category, calc }): ReportSource<ProductListRow> => {
      const columns: ReportColumn<ProductListRow>[] = [
        { header: t('products.field.name'), value: (p) => pairText(p.urun_adi, lang), width: 2.4 },
        { header: t('products.field.code'), value: (p) => p.urun_kodu, width: 1.3 },
        { header: t('products.field.modelCode'), value: (p) => p.urun_model?.model_kodu ?? '' },
        { header: t('products.field.category'), value: (p) => (p.model_category === null ? '' : t(`model.kategori${p.model_category}`)), width: 1.3 },
        { header: t('products.field.figures'), value: (p) => figures(p).join(' · '), width: 1.2 },
        { header: t('products.field.price'), value: (p) => p.urun_fiyat, decimals: 2 },
        { header: t('products.list.markedPrice', { rate: markup }), value: (p) => markupPrice(p.urun_fiyat, markup), decimals: 2 },
        { header: t('products.field.currency'), value: (p) => p.urun_doviz, width: 0.7 },
        { header: t('products.field.stock'), value: (p) => p.stockSum, width: 0.8 },
      ];
      if (calc) columns.push({ header: t('products.list.completeness'), value: (p) => percent(p.completeness ?? 0, lang), align: 'right' });
      columns.push({ header: t('products.field.status'), value: (p) => t(p.urun_durumu ? 'products.status.active' : 'products.status.passive'), width: 0.8 });
      return {
        title: t('products.list.title'),
        fileName: 'products',
        subtitle: describeFilters([[t('common.search'), search], [t('products.field.category'), category === undefined ? undefined : t(`model.kategori${category}`)]]),
        columns,
        fetchAll: allPagesOf(
          (page, pageSize) => api<ProductList>('/products/list', {
            query: { type: calc ? 'detaillist' : 'list', orderBy: 'urun_sira', page, pageSize, search: search || undefined, category },
          }),
          (r) => r.products,
        ),
      };
    },
    reportDeps: [markup],
  });
  const { state, update, data, query } = list;
  const copy = useCopyProduct();

  const changeMarkup = (v: number) => {
    setMarkup(v);
    storeMarkup(v);
  };

  const doCopy = (p: ProductListRow) => {
    copy.mutate(p, {
      onSuccess: () => notifySuccess('products.notice.copied'),
      onError: (err) => notifyError(err),
    });
  };


  const columns: DataTableColumn<ProductListRow>[] = [
    {
      key: 'image', header: t('products.field.image'), width: 64,
      render: (p) => {
        return p.mainImage ? (
          <Image src={smallFileUrl(p.mainImage)} w={44} h={44} fit="contain" radius="sm" alt="" />
        ) : (
          <ThemeIcon variant="light" color="gray" size={44} radius="sm"><IconPhoto size={20} /></ThemeIcon>
        );
      },
    },
    {
      key: 'name', header: `${t('products.field.name')} / ${t('products.field.code')}`,
      render: (p) => (
        <Stack gap={0} miw={180}>
          <Anchor component={Link} to={`/product/${p._id}`} size="sm" fw={600} c="var(--mantine-color-text)" onClick={(e) => e.stopPropagation()}>
            {pairText(p.urun_adi, lang)}
          </Anchor>
          <Text size="xs" c="dimmed" style={NOWRAP}>{p.urun_kodu}</Text>
        </Stack>
      ),
    },
    {
      key: 'model', header: `${t('products.field.modelCode')} / ${t('products.field.category')}`,
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} style={NOWRAP}>{p.urun_model?.model_kodu ?? ''}</Text>
          <Text size="xs" c="dimmed" maw={170}>{t(`model.kategori${p.model_category}`)}</Text>
        </Stack>
      ),
    },
    { key: 'figures', header: t('products.field.figures'), render: (p) => <Stack gap={0}>{figures(p).map((f) => <Text key={f} size="sm" style={NOWRAP}>{f}</Text>)}</Stack> },
    { key: 'price', header: t('products.field.price'), align: 'right', render: (p) => <Text size="sm" style={NOWRAP}>{money(p.urun_fiyat, p.urun_doviz)}</Text> },
    {
      key: 'marked', header: t('products.list.markedPrice', { rate: markup }), align: 'right',
      render: (p) => <Text size="sm" fw={600} c="blue.8" style={NOWRAP} data-testid="marked-price">{money(markupPrice(p.urun_fiyat, markup), p.urun_doviz)}</Text>,
    },
    {
      key: 'stock', header: t('products.field.stock'), align: 'right',
      render: (p) => <Text size="sm" c={p.stockSum < 0 ? 'red' : undefined} style={NOWRAP}>{formatNumber(p.stockSum, 2)}</Text>,
    },
    ...(state.calc ? [{
      key: 'completeness', header: t('products.list.completeness'),
      render: (p: ProductListRow) => {
        const v = p.completeness ?? 0;
        return (
          <Group gap={6} wrap="nowrap" miw={130} data-testid="completeness">
            <Progress value={(v / COMPLETENESS_MAX) * 100} color={v >= 70 ? 'teal' : v >= 40 ? 'yellow' : 'red'} w={80} size="md" />
            <Text size="xs" fw={600}>{percent(v, lang)}</Text>
          </Group>
        );
      },
    }] : []),
    {
      key: 'status', header: t('products.field.status'), width: 96,
      render: (p) => <Badge color={p.urun_durumu ? 'teal' : 'gray'} variant="light" size="sm" style={{ overflow: 'visible' }}>{p.urun_durumu ? t('products.status.active') : t('products.status.passive')}</Badge>,
    },
    {
      key: 'actions', header: '', width: 48,
      render: (p) => (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('products.list.rowActions')} onClick={(e) => e.stopPropagation()}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item leftSection={<IconEye size={16} />} onClick={() => void navigate(`/product/${p._id}`)}>{t('products.list.view')}</Menu.Item>
            <Menu.Item leftSection={<IconFileDescription size={16} />} component="a" href={datasheetUrl(p._id, lang)} target="_blank" rel="noopener">
              {t('products.list.datasheet')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => doCopy(p)} disabled={copy.isPending}>{t('products.list.copy')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const { filtered, empty } = list;

  const actions = (
    <Group gap="xs">
      <Button component={Link} to="/product/new" leftSection={<IconPlus size={18} />}>{t('products.list.add')}</Button>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDots size={18} />}>{t('products.list.actions')}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => void navigate('/product/new')}>{t('products.list.add')}</Menu.Item>
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => setSettingsOpen(true)}>{t('products.list.settings')}</Menu.Item>
          <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => window.open(priceListPath(markup, state.category, lang, storedPriceList(t('products.settings.defaultText'))), '_blank', 'noopener')}>{t('products.list.priceList')}</Menu.Item>
          <Menu.Item leftSection={<IconCalculator size={16} />} onClick={() => update({ calc: state.calc ? undefined : 1, page: 1 })}>
            {state.calc ? t('products.list.calcOff') : t('products.list.calcOn')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );

  return (
    <>
      <PageHeader
        title={t('products.list.title')}
        subtitle={data ? t('products.list.total', { total: data.totalItemCount }) : t('products.list.subtitle')}
        actions={actions}
      />
      {query.isError && !data ? (
        <LoadFailedAlert title={t('products.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : empty ? (
        <EmptyState icon={<IconPackage size={34} stroke={1.5} />} title={t('products.list.emptyTitle')} text={t('products.list.emptyText')} action={actions} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Group gap="md" mb="md" wrap="wrap" align="flex-end">
            <SearchInput
              initialValue={state.search}
              placeholder={t('products.list.searchPlaceholder')}
              onSearch={list.setSearch}
              style={{ flex: '1 1 240px' }}
              maw={360}
            />
            <Select
              label={t('products.field.category')}
              value={state.category === undefined ? ALL : String(state.category)}
              onChange={(v) => update({ category: !v || v === ALL ? undefined : v, page: 1 })}
              data={[{ value: ALL, label: t('products.list.allCategories') }, ...MODEL_CATEGORIES.map((c) => ({ value: String(c), label: t(`model.kategori${c}`) }))]}
              allowDeselect={false}
              w={220}
              aria-label={t('products.field.category')}
            />
            <Stack gap={4} style={{ flex: '1 1 220px' }} maw={320}>
              <Text size="sm" fw={500}>{t('products.list.markup', { rate: markup })}</Text>
              <Slider
                value={markup}
                onChange={changeMarkup}
                min={MARKUP_MIN}
                max={MARKUP_MAX}
                step={MARKUP_STEP}
                label={(v) => percent(v, lang)}
                marks={[0, 25, 50].map((value) => ({ value, label: percent(value, lang) }))}
                mb="md"
                thumbLabel={t('products.list.markupLabel')}
              />
            </Stack>
            {state.calc && <Badge color="grape" variant="light" leftSection={<IconCalculator size={14} />}>{t('products.list.calcMode')}</Badge>}
          </Group>
          <DataTable
            columns={columns}
            rows={data?.products}
            rowKey={(p) => p._id}
            loading={query.isFetching}
            onRowClick={(p) => void navigate(`/product/${p._id}`)}
            minWidth={860}
            emptyText={filtered ? t('products.list.noMatch') : undefined}
          />
          <Group justify="space-between" mt="sm" wrap="wrap">
            <Select
              value={String(state.pageSize)}
              onChange={(v) => update({ pageSize: v && Number(v) !== PRODUCTS_PAGE_SIZE ? v : undefined, page: 1 })}
              data={[...new Set([PRODUCTS_PAGE_SIZE, ...PAGE_SIZES])].sort((a, b) => a - b).map((s) => ({ value: String(s), label: t('products.list.perPage', { size: s }) }))}
              allowDeselect={false}
              w={150}
              size="xs"
              aria-label={t('products.list.pageSize')}
            />
            <PaginationControl page={list.page} totalPages={data?.totalPage ?? 0} onChange={list.setPage} disabled={query.isPlaceholderData} />
          </Group>
        </Paper>
      )}
      <PriceListSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
