import { useState } from 'react';
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface SearchInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** The text to start with (e.g. the search kept in the URL). */
  initialValue?: string;
  /** Called with the trimmed text ~250 ms after the last key press, at once on Enter or clear. */
  onSearch: (text: string) => void;
  delay?: number;
}

/** The spec's search-by-key-press box: it searches as the user types, without flooding the server. */
export function SearchInput({ initialValue = '', onSearch, delay = 250, placeholder, ...rest }: SearchInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialValue);
  const debounced = useDebouncedCallback((value: string) => onSearch(value.trim()), delay);
  return (
    <TextInput
      type="search"
      leftSection={<IconSearch size={16} />}
      placeholder={placeholder ?? t('common.search')}
      aria-label={typeof placeholder === 'string' ? placeholder : t('common.search')}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        debounced(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') debounced.flush();
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t('common.clear')}
            onClick={() => {
              setText('');
              debounced.cancel();
              onSearch('');
            }}
          />
        ) : null
      }
      {...rest}
    />
  );
}
