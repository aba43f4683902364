import { ActionIcon, Anchor, Button, Chip, Group, Menu, Paper, Select, Stack, Text } from '@mantine/core';
import {
  MODEL_CATEGORIES, MODEL_SORTS, MODELS_PAGE_SIZE, PAGE_SIZES, formatNumber, pairIndex, pairText, type ModelLight,
} from '@isik/domain';
import { IconBulb, IconDots, IconEye, IconMail, IconMessage, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table';
import { ListTable } from '../../../components/list-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { api, notifyError } from '../../../lib/api';
import { allPagesOf, describeFilters, type ReportSource } from '../../../lib/report-source';
import { useListPage } from '../../../lib/use-list-page';
import { readOrder, readPage } from '../../../lib/use-list-params';
import type { ModelLightList, ModelSort } from '@isik/domain';
import { firstProductOf, modelsQuery } from '../api/models-api';
import { categoryLabelKey, ModelCategoryBadge, ModelStatusBadge, ModelThumb } from '../components/model-badges';
import { datasheetLink, mailtoLink, smsLink } from '../model/share';
import { rememberModelsSearch } from './list-location';
import { useLabels } from '../../../lib/labels';

const ALL = 'all';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function isSort(v: string | null): v is ModelSort {
  return v !== null && (MODEL_SORTS as readonly string[]).includes(v);
}

const LIST_DEFAULTS = { page: 1, pageSize: MODELS_PAGE_SIZE };

function readListParams(params: URLSearchParams) {
  const cat = params.get('category');
  const size = Number(params.get('pageSize'));
  return {
    page: readPage(params),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : MODELS_PAGE_SIZE,
    search: params.get('search') ?? '',
    orderBy: isSort(params.get('orderBy')) ? (params.get('orderBy') as ModelSort) : 'model_sira',
    order: readOrder(params),
    category: cat !== null && (MODEL_CATEGORIES as readonly number[]).includes(Number(cat)) && cat !== '' ? Number(cat) : undefined,
  };
}

/** Spec 001 2.1: the models, paged and searched on the server, filtered by category. */
export function ModelsPage() {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  const navigate = useNavigate();
  const lang = i18n.language;
  const list = useListPage({
    defaults: LIST_DEFAULTS,
    parse: readListParams,
    remember: rememberModelsSearch,
    query: modelsQuery,
    // The Reports menu exports every model the search and category select, in the list's order.
    report: ({ search, category, orderBy, order }): ReportSource<ModelLight> => ({
      title: t('menu.models'),
      fileName: 'models',
      subtitle: describeFilters([[t('common.search'), search], [t('models.field.category'), category === undefined ? undefined : t(categoryLabelKey(category))]]),
      columns: [
        { header: t('models.field.code'), value: (m) => m.model_kodu },
        { header: t('models.field.name'), value: (m) => pairText(m.model_adi, lang), width: 2.5 },
        { header: t('models.field.category'), value: (m) => t(categoryLabelKey(m.model_kategori)) },
        { header: t('models.field.unit'), value: (m) => labels.unit(m.model_birimi) },
        { header: t('models.field.vat'), value: (m) => `%${formatNumber(m.model_kdv, 0)}`, align: 'right' },
        { header: t('models.field.status'), value: (m) => t(m.model_durumu ? 'models.status.active' : 'models.status.passive') },
      ],
      fetchAll: allPagesOf(
        (page, pageSize) => api<ModelLightList>('/models/list', { query: { type: 'list', page, pageSize, orderBy, order, search: search || undefined, category } }),
        (r) => r.models,
      ),
    }),
  });
  const { state, update, data, query } = list;

  const open = (m: ModelLight) => navigate(`/model/${m._id}`);


  /** Spec DECISIONS 9: the e-mail item works: a prepared message with the datasheet (first product) or the catalogue link. */
  const sendMail = async (m: ModelLight) => {
    const name = pairText(m.model_adi, lang);
    let productId: string | undefined;
    try {
      productId = (await firstProductOf(m))?._id;
    } catch (err) {
      notifyError(err);
    }
    const link = datasheetLink(window.location.origin, productId, pairIndex(lang));
    const subject = t('models.share.mailSubject', { name, code: m.model_kodu });
    const body = t('models.share.mailBody', { name, code: m.model_kodu, link });
    window.location.href = mailtoLink(subject, body);
  };
  const sendSms = (m: ModelLight) => {
    const text = t('models.share.sms', { name: pairText(m.model_adi, lang), code: m.model_kodu, link: `${window.location.origin}/web` });
    window.location.href = smsLink(text);
  };

  const columns: DataTableColumn<ModelLight>[] = [
    { key: 'image', header: '', width: 60, render: (m) => <ModelThumb src={m.model_resim} /> },
    { key: 'code', header: t('models.field.code'), sortKey: 'model_kodu', render: (m) => <Text size="sm" ff="monospace" style={NOWRAP}>{m.model_kodu}</Text> },
    {
      key: 'name', header: t('models.field.name'), sortKey: 'model_adi',
      render: (m) => (
        <Anchor component={Link} to={`/model/${m._id}`} fw={600} size="sm" c="var(--mantine-color-text)" display="block" miw={200} onClick={(e) => e.stopPropagation()}>
          {pairText(m.model_adi, lang)}
        </Anchor>
      ),
    },
    { key: 'category', header: t('models.field.category'), sortKey: 'model_kategori', render: (m) => <ModelCategoryBadge category={m.model_kategori} /> },
    { key: 'unit', header: t('models.field.unit'), render: (m) => <Text size="sm">{labels.unit(m.model_birimi)}</Text> },
    { key: 'vat', header: t('models.field.vat'), align: 'right', render: (m) => <Text size="sm" style={NOWRAP}>%{formatNumber(m.model_kdv, 0)}</Text> },
    { key: 'status', header: t('models.field.status'), render: (m) => <ModelStatusBadge active={m.model_durumu} /> },
    {
      key: 'actions', header: '', width: 48, align: 'right',
      render: (m) => (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('models.list.actions')} onClick={(e) => e.stopPropagation()} data-testid="model-actions">
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item leftSection={<IconEye size={16} />} onClick={() => void open(m)}>{t('models.list.view')}</Menu.Item>
            <Menu.Item leftSection={<IconMail size={16} />} onClick={() => void sendMail(m)}>{t('models.list.mail')}</Menu.Item>
            <Menu.Item leftSection={<IconMessage size={16} />} onClick={() => sendSms(m)}>{t('models.list.sms')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const { filtered, empty } = list;

  const addButton = (
    <Button component={Link} to="/model/new" leftSection={<IconPlus size={18} />}>{t('models.list.add')}</Button>
  );

  return (
    <>
      <PageHeader
        title={t('menu.models')}
        subtitle={data ? t('models.list.total', { total: formatNumber(data.totalItemCount, 0) }) : t('models.list.subtitle')}
        actions={addButton}
      />
      {query.isError && !data ? (
        <LoadFailedAlert title={t('models.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : empty ? (
        <EmptyState icon={<IconBulb size={34} stroke={1.5} />} title={t('models.list.emptyTitle')} text={t('models.list.emptyText')} action={addButton} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm" mb="md">
            <Group gap="sm" wrap="wrap" align="center">
              <SearchInput
                initialValue={state.search}
                placeholder={t('models.list.searchPlaceholder')}
                onSearch={list.setSearch}
                style={{ flex: '1 1 260px' }}
                maw={420}
              />
              <Select
                aria-label={t('models.list.pageSize')}
                data={PAGE_SIZES.map((s) => ({ value: String(s), label: t('models.list.perPage', { count: s }) }))}
                value={String(state.pageSize)}
                onChange={(v) => v && update({ pageSize: Number(v), page: 1 })}
                allowDeselect={false}
                w={150}
                ml="auto"
                data-testid="models-page-size"
              />
            </Group>
            <Chip.Group
              value={state.category === undefined ? ALL : String(state.category)}
              onChange={(v) => update({ category: v === ALL ? undefined : String(v), page: 1 })}
            >
              <Group gap={6} wrap="wrap" role="radiogroup" aria-label={t('models.field.category')} data-testid="models-category-filter">
                <Chip value={ALL} size="sm" radius="sm">{t('models.list.allCategories')}</Chip>
                {MODEL_CATEGORIES.map((c) => (
                  <Chip key={c} value={String(c)} size="sm" radius="sm">{t(categoryLabelKey(c))}</Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <ListTable
            list={list}
            columns={columns}
            rows={data?.models}
            rowKey={(m) => m._id}
            onRowClick={(m) => void open(m)}
            minWidth={900}
            emptyText={filtered ? t('models.list.noMatch') : undefined}
          />
        </Paper>
      )}
    </>
  );
}
