import { useEffect, useState, type ReactNode } from 'react';
import { Combobox, Group, InputBase, Text, useCombobox } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { OptionGroup } from '../model/material-values';

const CREATE = '\u0000create';

export interface CreatableSelectProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  groups: OptionGroup[];
  /** The text of the 'create new' option, e.g. t('materials.form.create', { value }). */
  createLabel: (value: string) => ReactNode;
  placeholder?: string;
  error?: ReactNode;
  withAsterisk?: boolean;
  name?: string;
  nothingFound?: ReactNode;
  leftSection?: ReactNode;
}

const fold = (s: string) => s.trim().toLocaleLowerCase('tr');

/**
 * Picks one of the existing values or creates a new one inline (spec 001 3.3): typing filters the
 * existing values; a text that matches none is offered as 'create new'.
 */
export function CreatableSelect({
  label, value, onChange, groups, createLabel, placeholder, error, withAsterisk, name, nothingFound, leftSection,
}: CreatableSelectProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState(value);
  const [typing, setTyping] = useState(false);
  useEffect(() => setSearch(value), [value]);

  const all = groups.flatMap((g) => g.items);
  const typed = fold(search);
  const exists = all.some((item) => fold(item) === typed);
  // While the box shows the chosen value, every option stays visible; typing filters.
  const shown = groups
    .map((g) => ({ ...g, items: !typing || !typed ? g.items : g.items.filter((item) => fold(item).includes(typed)) }))
    .filter((g) => g.items.length > 0);
  const canCreate = typing && typed.length > 0 && !exists;

  const choose = (next: string) => {
    setTyping(false);
    setSearch(next);
    onChange(next);
    combobox.closeDropdown();
  };

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(val) => {
        if (val === CREATE) choose(search.trim());
        else choose(val);
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          name={name}
          withAsterisk={withAsterisk}
          leftSection={leftSection}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          value={search}
          placeholder={placeholder}
          error={error}
          autoComplete="off"
          onChange={(e) => {
            setTyping(true);
            setSearch(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            // A typed text that matches an existing value (in any letter case) takes that value; anything else is undone.
            const match = all.find((item) => fold(item) === typed);
            if (typing && match) choose(match);
            else {
              setTyping(false);
              setSearch(value);
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {canCreate && (
            <Combobox.Option value={CREATE}>
              <Group gap={6} wrap="nowrap">
                <IconPlus size={14} />
                <Text size="sm" fw={600}>{createLabel(search.trim())}</Text>
              </Group>
            </Combobox.Option>
          )}
          {shown.map((g) => (
            <Combobox.Group key={g.group} label={g.group}>
              {g.items.map((item) => (
                <Combobox.Option value={item} key={item} active={item === value}>
                  {item}
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ))}
          {!canCreate && shown.length === 0 && <Combobox.Empty>{nothingFound}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
