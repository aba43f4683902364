import { useMemo, useState } from 'react';
import { Loader, Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { companyPickerQuery, type CompanyOption } from '../api/companies-api';

export interface CompanyPickerProps {
  value: string | null;
  onChange: (id: string | null) => void;
  /** The company the user already has, so its name shows before any search. */
  initial?: CompanyOption | null;
  error?: string;
  disabled?: boolean;
}

/** A searchable company select that asks the server for the companies matching what is typed. */
export function CompanyPicker({ value, onChange, initial = null, error, disabled }: CompanyPickerProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<CompanyOption | null>(initial);
  const [search, setSearch] = useState(initial?.company_name ?? '');
  const [debounced] = useDebouncedValue(search, 250);
  // While the box shows the chosen company's name, the list offers every company, not only that one.
  const term = selected && debounced === selected.company_name ? '' : debounced.trim();
  const { data, isFetching } = useQuery({ ...companyPickerQuery(term), enabled: !disabled });

  const options = useMemo<ComboboxItem[]>(() => {
    const list = [...(data ?? [])];
    if (selected && selected._id === value && !list.some((c) => c._id === selected._id)) list.unshift(selected);
    return list.map((c) => ({ value: c._id, label: c.company_name }));
  }, [data, selected, value]);

  return (
    <Select
      label={t('users.fields.company')}
      placeholder={t('users.companyPlaceholder')}
      leftSection={<IconBuilding size={16} />}
      rightSection={isFetching ? <Loader size={14} /> : undefined}
      data={options}
      value={value}
      onChange={(id, option) => {
        setSelected(id && option ? { _id: id, company_name: option.label } : null);
        onChange(id);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the typed text.
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={isFetching ? t('common.loading') : t('users.noCompany')}
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      data-testid="company-picker"
    />
  );
}
