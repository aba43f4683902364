import type { ReactNode } from 'react';
import { Box, Center, Group, LoadingOverlay, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  /** Makes the header a sort button that asks for this key (the server's orderBy value). */
  sortKey?: string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface DataTableSort {
  by: string;
  order: 'asc' | 'desc';
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string;
  /** Dims the table with a loader (the spec's dimmer) while the first load or a refetch runs. */
  loading?: boolean;
  emptyText?: ReactNode;
  onRowClick?: (row: T) => void;
  /** Scroll height; pass SCROLL_MAX_HEIGHT for the spec's 400 px scroll areas. Without it the table grows. */
  maxHeight?: number;
  /** Below this width the table scrolls sideways instead of squeezing columns. */
  minWidth?: number;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  striped?: boolean;
}

export function DataTable<T>({
  columns, rows, rowKey, loading = false, emptyText, onRowClick, maxHeight, minWidth = 640, sort, onSortChange, striped = true,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const list = rows ?? [];

  const header = (col: DataTableColumn<T>) => {
    if (!col.sortKey || !onSortChange) return col.header;
    const active = sort?.by === col.sortKey;
    const Icon = !active ? IconSelector : sort?.order === 'asc' ? IconChevronUp : IconChevronDown;
    const next: DataTableSort = { by: col.sortKey, order: active && sort?.order === 'asc' ? 'desc' : 'asc' };
    return (
      <UnstyledButton onClick={() => onSortChange(next)} aria-sort={active ? (sort?.order === 'asc' ? 'ascending' : 'descending') : undefined}>
        <Group gap={4} wrap="nowrap" justify={col.align === 'right' ? 'flex-end' : col.align === 'center' ? 'center' : 'flex-start'}>
          <Text fw={700} size="sm">{col.header}</Text>
          <Icon size={14} stroke={1.8} />
        </Group>
      </UnstyledButton>
    );
  };

  return (
    <Box pos="relative">
      {/* Shows that rows are being fetched without taking the clicks: a refetch (a live update, another page) may start
          between a user's aim and click, and the click must still reach the row the user sees. */}
      <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} style={{ pointerEvents: 'none' }} />
      {/* 'present': a sideways scrollbar (wide table, narrow screen) gets its own room instead of covering the last row. */}
      <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars={maxHeight !== undefined ? true : 'present'}>
        <Table stickyHeader striped={striped} highlightOnHover={Boolean(onRowClick) || striped} miw={minWidth} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {columns.map((col) => (
                <Table.Th key={col.key} w={col.width} ta={col.align}>
                  {header(col)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Center h={loading ? 120 : 80}>
                    {!loading && <Text c="dimmed">{emptyText ?? t('common.noRecords')}</Text>}
                  </Center>
                </Table.Td>
              </Table.Tr>
            ) : (
              list.map((row, index) => (
                <Table.Tr
                  key={rowKey(row, index)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((col) => (
                    <Table.Td key={col.key} ta={col.align}>
                      {col.render(row, index)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Box>
  );
}
