import { useEffect, useMemo } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useReportSource, type ReportSource } from './report-source';
import { useListParams, type ListDefaults, type ListPatch } from './use-list-params';

/** What every paged list answer carries (the domain's list envelopes). */
export interface PagedAnswer {
  totalPage: number;
  totalItemCount: number;
  /** A search counted up to a cap (ADR 0054): totalItemCount and totalPage are lower bounds. */
  total_capped?: boolean;
}

/** The state every list keeps in its URL; screens add their own filters. */
export interface ListState { page: number; orderBy?: string; order?: 'asc' | 'desc'; search?: string }

export interface ListPageOptions<S extends ListState, Answer extends PagedAnswer, Row, K extends QueryKey = QueryKey> {
  /** Values left out of the URL, e.g. `{ page: 1 }`. */
  defaults: ListDefaults<keyof S & string>;
  /** Reads the state from the query string (unknown values fall back to defaults). */
  parse: (params: URLSearchParams) => S;
  /** Told the query string after every change (a detail page's way back to the same view). */
  remember?: (search: string) => void;
  /** The list call for a state: `(s) => companiesQuery({ ...s })`. */
  query: (state: S) => UseQueryOptions<Answer, Error, Answer, K>;
  /**
   * The list for the header's Reports menu (ADR 0010), built from the state: title, columns and `fetchAll`
   * (usually `allPagesOf`). Rebuilt when the state or the language changes; null registers nothing.
   */
  report?: (state: S) => ReportSource<Row> | null;
  /** False: register no report (e.g. while the list is empty). */
  reportWhen?: (answer: Answer | undefined) => boolean;
  /** Values outside the URL state the report depends on (e.g. a markup rate). */
  reportDeps?: unknown[];
  /** The state keys that narrow the list (search and filters); default: every key but page, pageSize and sort. */
  filters?: (keyof S & string)[];
}

export interface ListPage<S extends ListState, Answer extends PagedAnswer> {
  state: S;
  update: (patch: ListPatch<keyof S & string>) => void;
  query: UseQueryResult<Answer, Error>;
  data: Answer | undefined;
  /** The page to show: the URL's page, never past the last page the server answered. */
  page: number;
  setPage: (page: number) => void;
  /** A new search starts again on page 1. */
  setSearch: (search: string) => void;
  sort: { by: string; order: 'asc' | 'desc' } | undefined;
  /** A new sort starts again on page 1. */
  setSort: (sort: { by: string; order: 'asc' | 'desc' }) => void;
  /** Search or a filter is in use (an empty answer then means 'nothing matches', not 'nothing yet'). */
  filtered: boolean;
  /** The list holds nothing at all (no search, no filter, the first load done). */
  empty: boolean;
}

/**
 * One paged, sorted, searched list screen (docs/web-client.md): state in the URL, the server call, the page
 * clamp (a list that shrank shows its last page) and the Reports registration. The screen adds its columns
 * and renders `<ListTable list={...} />`.
 */
export function useListPage<S extends ListState, Answer extends PagedAnswer, Row = unknown, K extends QueryKey = QueryKey>(
  options: ListPageOptions<S, Answer, Row, K>,
): ListPage<S, Answer> {
  const { i18n } = useTranslation();
  const [state, update] = useListParams(options.defaults, options.parse, options.remember);
  const query = useQuery(options.query(state));
  const data = query.data;

  // A page that no longer exists (the list shrank: a delete here or by someone else) falls back to the last one.
  useEffect(() => {
    if (data && data.totalItemCount > 0 && state.page > data.totalPage) update({ page: data.totalPage } as ListPatch<keyof S & string>);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, state.page]);

  // The state as a string: a report is rebuilt when a filter changes, not on every render.
  const stateKey = JSON.stringify(state);
  const { report: buildReport, reportWhen } = options;
  const lang = i18n.language;
  const report = useMemo(
    () => (buildReport ? buildReport(JSON.parse(stateKey) as S) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stateKey, lang, ...(options.reportDeps ?? [])],
  );
  useReportSource(reportWhen && !reportWhen(data) ? null : report);

  const values = state as ListState & Record<string, unknown>;
  const filterKeys = options.filters ?? Object.keys(values).filter((k) => !['page', 'pageSize', 'orderBy', 'order'].includes(k));
  const filtered = filterKeys.some((k) => values[k] !== undefined && values[k] !== '' && values[k] !== null);
  return {
    state,
    update,
    query,
    data,
    page: Math.min(state.page, data?.totalPage || state.page),
    setPage: (page) => update({ page } as ListPatch<keyof S & string>),
    setSearch: (search) => update({ search, page: 1 } as ListPatch<keyof S & string>),
    sort: state.orderBy ? { by: state.orderBy, order: state.order ?? 'asc' } : undefined,
    setSort: (s) => update({ orderBy: s.by, order: s.order, page: 1 } as ListPatch<keyof S & string>),
    filtered,
    empty: data !== undefined && data.totalItemCount === 0 && !filtered && !query.isFetching,
  };
}
