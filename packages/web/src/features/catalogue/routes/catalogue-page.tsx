import { useEffect, useState } from 'react';
import { Box, Button, Group, LoadingOverlay, NativeSelect, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MODEL_CATEGORIES, PUBLIC_PAGE_SIZE, PUBLIC_SORTS } from '@isik/domain';
import { IconBulb, IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PaginationControl } from '../../../components/pagination-control';
import { SearchInput } from '../../../components/search-input';
import type { PublicSort } from '@isik/domain';
import { publicProductsQuery } from '../api/catalogue-api';
import { ProductCard } from '../components/product-card';
import { rememberCatalogueSearch } from '../model/list-location';
import { rangeText } from '../model/range';

/** Page sizes of the public catalogue (spec 001 9: default 9, the state lists 6, 12, 24, 96). */
export const PUBLIC_PAGE_SIZES = [6, PUBLIC_PAGE_SIZE, 12, 24, 96] as const;
const ALL = 'all';

function isSort(v: string | null): v is PublicSort {
  return v !== null && (PUBLIC_SORTS as readonly string[]).includes(v);
}

function parseCategory(v: string | null): number | undefined {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  return (MODEL_CATEGORIES as readonly number[]).includes(n) ? n : undefined;
}

/** The list's state lives in the URL, so the back button from a product finds the same page and filters. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('pageSize'));
  const state = {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    pageSize: (PUBLIC_PAGE_SIZES as readonly number[]).includes(size) ? size : PUBLIC_PAGE_SIZE,
    search: params.get('search') ?? '',
    orderBy: isSort(params.get('orderBy')) ? (params.get('orderBy') as PublicSort) : ('model_category' as const),
    category: parseCategory(params.get('category')),
  };
  const update = (patch: Partial<Record<'page' | 'pageSize' | 'search' | 'orderBy' | 'category', string | number | undefined>>) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        const isDefault = (k === 'page' && v === 1) || (k === 'pageSize' && v === PUBLIC_PAGE_SIZE) || (k === 'orderBy' && v === 'model_category');
        if (v === undefined || v === '' || isDefault) next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    }, { replace: true });
  };
  return [state, update] as const;
}

/** The public catalogue at /web (spec 001 2.7): open to everyone, cards paged on the server. */
export function CataloguePage() {
  const { t, i18n } = useTranslation();
  const [state, update] = useListParams();
  const query = useQuery(publicProductsQuery(state));
  const data = query.data;
  // Clearing the filters also empties the search box, which keeps its own text: a new key remounts it.
  const [searchKey, setSearchKey] = useState(0);
  const { search: locationSearch } = useLocation();
  useEffect(() => rememberCatalogueSearch(locationSearch), [locationSearch]);

  useEffect(() => {
    document.title = `${t('catalogue.title')} · ${t('app.name')}`;
  }, [t, i18n.language]);

  // A page that no longer exists (the list shrank) falls back to the last one.
  useEffect(() => {
    if (data && data.totalItemCount > 0 && state.page > data.totalPage) update({ page: data.totalPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, state.page]);

  const filtered = Boolean(state.search || state.category !== undefined);
  const categoryOptions = [
    { value: ALL, label: t('catalogue.list.allCategories') },
    ...MODEL_CATEGORIES.map((c) => ({ value: String(c), label: t(`model.kategori${c}`) })),
  ];
  const sortOptions = PUBLIC_SORTS.map((s) => ({ value: s, label: t(`catalogue.list.sort.${s}`) }));
  const sizeOptions = PUBLIC_PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }));
  const range = data ? rangeText(t, data.page, state.pageSize, data.totalItemCount) : '';

  return (
    <>
      <PageHeader title={t('catalogue.title')} subtitle={t('catalogue.subtitle')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mb="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SearchInput
            key={searchKey}
            initialValue={state.search}
            placeholder={t('catalogue.list.searchPlaceholder')}
            onSearch={(text) => update({ search: text, page: 1 })}
            style={{ flex: '1 1 260px' }}
            label={t('common.search')}
          />
          {/* The browser's own selects: Mantine's Select would bring its dropdown machinery (Floating UI, about 30 KiB)
              into the public catalogue's first download (ADR 0030). */}
          <NativeSelect
            label={t('catalogue.list.categoryLabel')}
            data={categoryOptions}
            value={state.category === undefined ? ALL : String(state.category)}
            onChange={(e) => {
              const v = e.currentTarget.value;
              update({ category: v === ALL ? undefined : v, page: 1 });
            }}
            w={{ base: '100%', xs: 220 }}
            data-testid="category-filter"
          />
          <NativeSelect
            label={t('catalogue.list.sortLabel')}
            data={sortOptions}
            value={state.orderBy}
            onChange={(e) => update({ orderBy: e.currentTarget.value || undefined, page: 1 })}
            w={{ base: '100%', xs: 160 }}
            data-testid="sort-select"
          />
          <NativeSelect
            label={t('pagination.pageSize')}
            data={sizeOptions}
            value={String(state.pageSize)}
            onChange={(e) => update({ pageSize: Number(e.currentTarget.value), page: 1 })}
            w={{ base: '100%', xs: 110 }}
            data-testid="page-size-select"
          />
        </Group>
      </Paper>

      {query.isError && !data ? (
        <LoadFailedAlert title={t('catalogue.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Box pos="relative" mih={240}>
          <LoadingOverlay visible={query.isFetching} zIndex={5} overlayProps={{ blur: 1 }} />
          {data && (
            <Text size="sm" c="dimmed" mb="sm" data-testid="range-text" aria-live="polite">{range}</Text>
          )}
          {data && data.totalItemCount === 0 ? (
            filtered ? (
              <EmptyState
                icon={<IconSearchOff size={34} stroke={1.5} />}
                title={t('catalogue.list.noMatchTitle')}
                text={t('catalogue.list.noMatchText')}
                action={(
                  <Button variant="light" onClick={() => { setSearchKey((k) => k + 1); update({ search: undefined, category: undefined, page: 1 }); }}>
                    {t('catalogue.list.clearFilters')}
                  </Button>
                )}
              />
            ) : (
              <EmptyState icon={<IconBulb size={34} stroke={1.5} />} title={t('catalogue.emptyTitle')} text={t('catalogue.emptyText')} />
            )
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
              {data?.products.map((p) => <ProductCard key={p._id} product={p} />)}
            </SimpleGrid>
          )}
          {data && <PaginationControl page={data.page} totalPages={data.totalPage} onChange={(page) => update({ page })} disabled={query.isPlaceholderData} />}
        </Box>
      )}
    </>
  );
}
