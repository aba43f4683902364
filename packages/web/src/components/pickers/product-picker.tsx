import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ProductListRow } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../data-table';
import { PaginationControl } from '../pagination-control';
import { SearchInput } from '../search-input';
import { productPickerQuery } from './picker-api';
import { priceText, productImage, productName, stockText } from './picker-helpers';
import { PickerError, PickerFooter, SelectButton, Thumb } from './picker-parts';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export interface ProductPickerPanelProps {
  onSelect: (product: ProductListRow) => void;
  /** Focuses the search box when the panel opens. */
  autoFocus?: boolean;
}

/** Server-side search (names, product code, model code), 10 rows a page, a 'select' button per row. */
export function ProductPickerPanel({ onSelect, autoFocus = true }: ProductPickerPanelProps) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery(productPickerQuery({ search, page }));
  const data = list.data;

  const columns: DataTableColumn<ProductListRow>[] = [
    { key: 'img', header: '', width: 56, render: (p) => <Thumb src={productImage(p)} alt={p.urun_kodu} /> },
    {
      key: 'name', header: t('pickers.col.name'),
      render: (p) => <Text size="sm" fw={500} lineClamp={2}>{productName(p, i18n.language)}</Text>,
    },
    { key: 'code', header: t('pickers.col.code'), render: (p) => <Text size="sm" style={NOWRAP}>{p.urun_kodu}</Text> },
    { key: 'model', header: t('pickers.col.modelCode'), render: (p) => <Text size="sm" c="dimmed" style={NOWRAP}>{p.urun_model?.model_kodu ?? ''}</Text> },
    { key: 'price', header: t('pickers.col.price'), align: 'right', render: (p) => <Text size="sm" style={NOWRAP}>{priceText(p.urun_fiyat, p.urun_doviz)}</Text> },
    {
      key: 'stock', header: t('pickers.col.stock'), align: 'right',
      render: (p) => <Text size="sm" fw={500} c={p.stockSum < 0 ? 'red' : undefined} style={NOWRAP}>{stockText(p.stockSum)}</Text>,
    },
    { key: 'select', header: '', width: 72, align: 'right', render: (p) => <SelectButton name={productName(p, i18n.language)} onClick={() => onSelect(p)} /> },
  ];

  return (
    <Stack gap="sm">
      <SearchInput
        placeholder={t('pickers.product.search')}
        onSearch={(s) => {
          setSearch(s);
          setPage(1);
        }}
        data-autofocus={autoFocus || undefined}
        data-testid="product-picker-search"
      />
      {list.error && <PickerError error={list.error} onRetry={() => void list.refetch()} />}
      <DataTable
        columns={columns}
        rows={data?.products}
        rowKey={(p) => p._id}
        loading={list.isFetching}
        onRowClick={onSelect}
        minWidth={640}
        emptyText={search ? t('pickers.emptySearch') : t('pickers.empty')}
      />
      <PickerFooter count={data?.totalItemCount} />
      <PaginationControl page={page} totalPages={data?.totalPage ?? 0} onChange={setPage} disabled={list.isPlaceholderData} />
    </Stack>
  );
}

export interface ProductPickerModalProps {
  opened: boolean;
  onClose: () => void;
  onSelect: (product: ProductListRow) => void;
  title?: string;
}

/** A modal product picker (offers, deliveries, purchasing, semi-finished production rows). The caller closes it in onSelect if it wants to. */
export function ProductPickerModal({ opened, onClose, onSelect, title }: ProductPickerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t('pickers.product.title')} size="60rem" centered data-testid="product-picker">
      <ProductPickerPanel onSelect={onSelect} />
    </Modal>
  );
}
