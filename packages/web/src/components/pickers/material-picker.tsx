import { useState } from 'react';
import { Grid, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Material } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../data-table';
import { PaginationControl } from '../pagination-control';
import { SearchInput } from '../search-input';
import { materialCategoriesPickerQuery, materialPickerQuery } from './picker-api';
import { groupOptions, keepGroup, materialImage, priceText, stockText } from './picker-helpers';
import { PickerError, PickerFooter, SelectButton, Thumb } from './picker-parts';
import { useLabels } from '../../lib/labels';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export interface MaterialPickerPanelProps {
  onSelect: (material: Material) => void;
  autoFocus?: boolean;
}

/** Category and group filters (groups follow the category) and a name search, all on the server. */
export function MaterialPickerPanel({ onSelect, autoFocus = true }: MaterialPickerPanelProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const cats = useQuery(materialCategoriesPickerQuery);
  const list = useQuery(materialPickerQuery({ search, page, category, group }));
  const data = list.data;

  const columns: DataTableColumn<Material>[] = [
    { key: 'img', header: '', width: 56, render: (m) => <Thumb src={materialImage(m)} alt={m.material_name} /> },
    { key: 'name', header: t('pickers.col.name'), render: (m) => <Text size="sm" fw={500} lineClamp={2}>{m.material_name}</Text> },
    {
      key: 'cat', header: t('pickers.col.categoryGroup'),
      render: (m) => (
        <div>
          <Text size="sm" style={NOWRAP}>{m.material_category}</Text>
          <Text size="xs" c="dimmed" style={NOWRAP}>{m.material_group}</Text>
        </div>
      ),
    },
    { key: 'unit', header: t('pickers.col.unit'), render: (m) => <Text size="sm">{labels.unit(m.material_unit)}</Text> },
    { key: 'price', header: t('pickers.col.price'), align: 'right', render: (m) => <Text size="sm" style={NOWRAP}>{priceText(m.material_price, m.material_doviz, 4)}</Text> },
    {
      key: 'stock', header: t('pickers.col.stock'), align: 'right',
      render: (m) => <Text size="sm" fw={500} c={m.stockSum < 0 ? 'red' : undefined} style={NOWRAP} data-testid="picker-stock">{stockText(m.stockSum)}</Text>,
    },
    { key: 'select', header: '', width: 72, align: 'right', render: (m) => <SelectButton name={m.material_name} onClick={() => onSelect(m)} /> },
  ];

  return (
    <Stack gap="sm">
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label={t('pickers.col.category')}
            placeholder={t('pickers.allCategories')}
            data={cats.data?.categories ?? []}
            value={category}
            onChange={(v) => {
              setCategory(v);
              setGroup(keepGroup(cats.data, v, group));
              setPage(1);
            }}
            searchable
            clearable
            nothingFoundMessage={t('pickers.empty')}
            comboboxProps={{ withinPortal: true }}
            data-testid="material-picker-category"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label={t('pickers.col.group')}
            placeholder={t('pickers.allGroups')}
            data={groupOptions(cats.data, category)}
            value={group}
            onChange={(v) => {
              setGroup(v);
              setPage(1);
            }}
            searchable
            clearable
            nothingFoundMessage={t('pickers.empty')}
            comboboxProps={{ withinPortal: true }}
            data-testid="material-picker-group"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SearchInput
            label={t('pickers.col.name')}
            placeholder={t('pickers.material.search')}
            onSearch={(s) => {
              setSearch(s);
              setPage(1);
            }}
            data-autofocus={autoFocus || undefined}
            data-testid="material-picker-search"
          />
        </Grid.Col>
      </Grid>
      {list.error && <PickerError error={list.error} onRetry={() => void list.refetch()} />}
      <DataTable
        columns={columns}
        rows={data?.materials}
        rowKey={(m) => m._id}
        loading={list.isFetching}
        onRowClick={onSelect}
        minWidth={640}
        emptyText={search || category || group ? t('pickers.emptySearch') : t('pickers.empty')}
      />
      <PickerFooter count={data?.totalItemCount} />
      <PaginationControl page={page} totalPages={data?.totalPage ?? 0} onChange={setPage} disabled={list.isPlaceholderData} />
    </Stack>
  );
}

export interface MaterialPickerModalProps {
  opened: boolean;
  onClose: () => void;
  onSelect: (material: Material) => void;
  title?: string;
}

/** A modal material picker (offers, purchasing, deliveries). The caller closes it in onSelect if it wants to. */
export function MaterialPickerModal({ opened, onClose, onSelect, title }: MaterialPickerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t('pickers.material.title')} size="60rem" centered data-testid="material-picker">
      <MaterialPickerPanel onSelect={onSelect} />
    </Modal>
  );
}
