import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from './data-table';
import { PaginationControl } from './pagination-control';
import type { ListPage, ListState, PagedAnswer } from '../lib/use-list-page';

export interface ListTableProps<T, S extends ListState, A extends PagedAnswer>
  extends Omit<DataTableProps<T>, 'loading' | 'sort' | 'onSortChange'> {
  /** The screen's `useListPage(...)`: loading, sort, page and page count come from it. */
  list: ListPage<S, A>;
}

/** The table and the pager of a list screen, wired to `useListPage` (docs/web-client.md). */
export function ListTable<T, S extends ListState, A extends PagedAnswer>({ list, ...table }: ListTableProps<T, S, A>) {
  const { t } = useTranslation();
  return (
    <>
      <DataTable {...table} loading={list.query.isFetching} sort={list.sort} onSortChange={table.columns.some((c) => c.sortKey) ? list.setSort : undefined} />
      <PaginationControl page={list.page} totalPages={list.data?.totalPage ?? 0} onChange={list.setPage} disabled={list.query.isPlaceholderData} more={list.data?.total_capped ? t('pagination.more') : undefined} />
    </>
  );
}
