import { Checkbox, Table, Text } from '@mantine/core';
import { ACTIONS, MODULES, type Action } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { setGridColumn, toggleGrid, type PermissionGrid as Grid } from '../model/user-form';

export interface PermissionGridProps {
  value: Grid;
  onChange: (next: Grid) => void;
  disabled?: boolean;
}

/** The module permission grid of the user modal: one row per module, Read/Write/Delete (saved and enforced). */
export function PermissionGrid({ value, onChange, disabled = false }: PermissionGridProps) {
  const { t } = useTranslation();
  const column = (action: Action) => {
    const ticked = MODULES.filter((m) => value[m][action]).length;
    return (
      <Checkbox
        size="xs"
        checked={ticked === MODULES.length}
        indeterminate={ticked > 0 && ticked < MODULES.length}
        onChange={(e) => onChange(setGridColumn(value, action, e.currentTarget.checked))}
        disabled={disabled}
        aria-label={t('users.permissions.all', { action: t(`users.permissions.${action}`) })}
      />
    );
  };
  return (
    <Table withTableBorder withColumnBorders striped verticalSpacing={6} data-testid="permission-grid">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('users.permissions.module')}</Table.Th>
          {ACTIONS.map((a) => (
            <Table.Th key={a} ta="center" w={96}>
              <Text size="sm" fw={700}>{t(`users.permissions.${a}`)}</Text>
            </Table.Th>
          ))}
        </Table.Tr>
        <Table.Tr>
          <Table.Th>
            <Text size="xs" c="dimmed" fw={500}>{t('users.permissions.allRows')}</Text>
          </Table.Th>
          {ACTIONS.map((a) => (
            <Table.Th key={a}>
              <span style={{ display: 'flex', justifyContent: 'center' }}>{column(a)}</span>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {MODULES.map((m) => (
          <Table.Tr key={m}>
            <Table.Td>{t(`users.modules.${m}`)}</Table.Td>
            {ACTIONS.map((a) => (
              <Table.Td key={a}>
                <span style={{ display: 'flex', justifyContent: 'center' }}>
                  <Checkbox
                    checked={value[m][a]}
                    onChange={(e) => onChange(toggleGrid(value, m, a, e.currentTarget.checked))}
                    disabled={disabled}
                    aria-label={`${t(`users.modules.${m}`)} · ${t(`users.permissions.${a}`)}`}
                  />
                </span>
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
