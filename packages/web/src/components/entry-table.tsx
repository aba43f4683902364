import type { ReactNode } from 'react';
import { ActionIcon, Table } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { confirmDelete } from './confirm-delete';

export interface EntryColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** The cell's text stays on one line (a quantity with its unit). */
  nowrap?: boolean;
}

export interface EntryTableProps<T extends { _id: string }> {
  rows: readonly T[];
  columns: EntryColumn<T>[];
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  testId: string;
  /** A delete button per row that asks first (shown only when given: the caller checks the role). */
  remove?: { label: string; message: string; onConfirm: (row: T) => void; pendingId?: string };
}

/**
 * The entries of one record (a purchase's receipts, an order line's deliveries): a small bordered, striped table of
 * dated rows, each with an optional delete that asks first.
 */
export function EntryTable<T extends { _id: string }>({ rows, columns, minWidth, testId, remove }: EntryTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => <Table.Th key={c.key} ta={c.align}>{c.header}</Table.Th>)}
            {remove && <Table.Th w={48} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r._id}>
              {columns.map((c) => <Table.Td key={c.key} ta={c.align} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>{c.render(r)}</Table.Td>)}
              {remove && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle" color="red" aria-label={remove.label} loading={remove.pendingId === r._id}
                    onClick={() => void confirmDelete({ message: remove.message, onConfirm: () => remove.onConfirm(r) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
