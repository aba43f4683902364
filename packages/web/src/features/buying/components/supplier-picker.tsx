import { useMemo, useState } from 'react';
import { Loader, Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { supplierPickerQuery, type SupplierOption } from '../api/buying-api';

export interface SupplierPickerProps {
  value: string | null;
  /** The chosen supplier (null when cleared). */
  onChange: (supplier: SupplierOption | null) => void;
  /** The supplier the request already has, so its name shows before any search. */
  initial: SupplierOption | null;
  error?: string;
  disabled?: boolean;
}

/** A searchable select of the companies of category Suppliers; the server filters by the typed name. */
export function SupplierPicker({ value, onChange, initial, error, disabled }: SupplierPickerProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<SupplierOption | null>(initial);
  const [search, setSearch] = useState(initial?.company_name ?? '');
  const [debounced] = useDebouncedValue(search, 250);
  const term = selected && debounced === selected.company_name ? '' : debounced.trim();
  const { data, isFetching } = useQuery({ ...supplierPickerQuery(term), enabled: !disabled });

  const byId = useMemo(() => {
    const list = [...(data ?? [])];
    if (selected && selected._id === value && !list.some((c) => c._id === selected._id)) list.unshift(selected);
    return new Map(list.map((c) => [c._id, c]));
  }, [data, selected, value]);
  const options: ComboboxItem[] = [...byId.values()].map((c) => ({ value: c._id, label: c.company_name }));

  return (
    <Select
      label={t('buyings.field.supplier')}
      placeholder={t('buyings.supplierPlaceholder')}
      leftSection={<IconTruck size={16} />}
      rightSection={isFetching ? <Loader size={14} /> : undefined}
      data={options}
      value={value}
      onChange={(id) => {
        const s = id ? byId.get(id) ?? null : null;
        setSelected(s);
        onChange(s);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={isFetching ? t('common.loading') : t('buyings.noSupplier')}
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      data-testid="supplier-picker"
    />
  );
}
