import { useEffect, useRef } from 'react';
import { createStore, useStore } from './store';

/**
 * The Reports menu (Excel, Word, PDF; DECISIONS 9) exports the list on screen. Each list screen registers
 * what it shows with `useReportSource`: a title, its columns and a way to fetch every row the current
 * filters select (all pages, from the server). The header's menu reads the registered source.
 */
export type ReportCell = string | number | null | undefined;

export interface ReportColumn<Row> {
  /** The column heading, already translated. */
  header: string;
  /** The cell as the screen shows it (numbers may be given as numbers: the spreadsheet keeps them numeric). */
  value: (row: Row) => ReportCell;
  /** Relative width (1 = normal). */
  width?: number;
  align?: 'left' | 'right';
  /** Decimals shown for a numeric column in Word and PDF (and Excel's number format); default 0 for whole numbers, else 2. */
  decimals?: number;
}

export interface ReportSource<Row = unknown> {
  /** Shown as the document's title, already translated. */
  title: string;
  /** File name without extension, e.g. 'companies'. */
  fileName: string;
  columns: ReportColumn<Row>[];
  /** Every row the current filters select, all pages. `onProgress(done, total)` reports long fetches. */
  fetchAll: (onProgress?: (done: number, total: number) => void) => Promise<Row[]>;
  /** A line under the title naming the filters in use, already translated. */
  subtitle?: string;
}

interface ReportState { source: ReportSource<never> | null; owner: symbol | null }
const reportStore = createStore<ReportState>({ source: null, owner: null });

export const getReportSource = () => reportStore.get().source as ReportSource<unknown> | null;
export const useCurrentReportSource = () => useStore(reportStore, (s) => s.source) as ReportSource<unknown> | null;

/**
 * Registers the screen's list for the Reports menu while the screen is mounted. Pass a new object when the
 * filters change (the latest registration wins); pass null while there is nothing to export.
 */
export function useReportSource<Row>(source: ReportSource<Row> | null): void {
  const owner = useRef(Symbol('report-source')).current;
  useEffect(() => {
    reportStore.set({ source: source as ReportSource<never> | null, owner });
  }, [source, owner]);
  useEffect(() => () => {
    if (reportStore.get().owner === owner) reportStore.set({ source: null, owner: null });
  }, [owner]);
}

/**
 * Fetches every page of a paged list call. `page(n)` answers one page's rows and the total page count.
 * Pages are fetched in order so a long export shows steady progress.
 */
export async function fetchAllPages<Row>(
  page: (n: number) => Promise<{ rows: Row[]; totalPage: number; totalItemCount?: number }>,
  onProgress?: (done: number, total: number) => void,
): Promise<Row[]> {
  const first = await page(1);
  const rows = [...first.rows];
  const total = first.totalItemCount ?? first.rows.length * Math.max(1, first.totalPage);
  onProgress?.(rows.length, total);
  for (let n = 2; n <= first.totalPage; n++) {
    const next = await page(n);
    rows.push(...next.rows);
    onProgress?.(rows.length, total);
  }
  return rows;
}

/** A list call's answer: its rows under some key, and the page count (`totalItemCount` for progress). */
interface PagedAnswer { totalPage: number; totalItemCount?: number }

/**
 * A report source's `fetchAll` for a list call: `call(page, pageSize)` asks for one page with the screen's
 * current search, filters and sort, `rowsOf` picks the rows from the answer; every page is fetched.
 */
export function allPagesOf<Answer extends PagedAnswer, Row>(
  call: (page: number, pageSize: number) => Promise<Answer>,
  rowsOf: (answer: Answer) => Row[],
  pageSize = REPORT_PAGE_SIZE,
): ReportSource<Row>['fetchAll'] {
  return (onProgress) => fetchAllPages(async (n) => {
    const answer = await call(n, pageSize);
    return { rows: rowsOf(answer), totalPage: answer.totalPage, totalItemCount: answer.totalItemCount };
  }, onProgress);
}

/** The report's subtitle from the filters in use: 'Search: led · Category: Customer'; undefined when none. */
export function describeFilters(filters: [label: string, value: string | null | undefined][]): string | undefined {
  const parts = filters.filter(([, v]) => v !== null && v !== undefined && v !== '').map(([l, v]) => `${l}: ${v}`);
  return parts.length ? parts.join(' · ') : undefined;
}

/** The largest page most list calls accept (the user list: 100); an export asks for this many rows a call. */
export const REPORT_PAGE_SIZE = 1000;
