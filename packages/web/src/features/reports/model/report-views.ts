import {
  BELOW_PAGE_SIZE, MODEL_CATEGORY_KEYS, PRODUCTION_GROUPS, PURCHASING_GROUPS, REPORT_CURRENCIES, REPORT_NAMES, SALES_GROUPS, SLOW_DAYS_DEFAULT, STOCK_VIEWS,
  formatDate, parseDay, type ReportName,
} from '@isik/domain';
import type { TFunction } from 'i18next';
import type { ReportColumn } from '../../../lib/report-source';
import { readPage } from '../../../lib/use-list-params';

/** A report's filters as the URL holds them (ADR 0041): every one optional, the server fills the defaults. */
export interface ReportFilters {
  name: ReportName;
  from: string;
  to: string;
  currency: (typeof REPORT_CURRENCIES)[number];
  by: string;
  view: (typeof STOCK_VIEWS)[number];
  days: number;
  /** The page of the stock views `below` and `slow`, the views that answer a page (issue 27). */
  page: number;
}

const pick = <T extends string>(values: readonly T[], v: string | null, def: T): T => (v && (values as readonly string[]).includes(v) ? (v as T) : def);

/** The groupings of each report; the first is the default. */
export const GROUPS: Record<ReportName, readonly string[]> = {
  sales: SALES_GROUPS, production: PRODUCTION_GROUPS, stock: STOCK_VIEWS, purchasing: PURCHASING_GROUPS,
};

/** Reads the filters of the path's report name and the query string; anything unknown falls back to its default. */
export function readFilters(name: string | undefined, params: URLSearchParams): ReportFilters {
  const report = pick(REPORT_NAMES, name ?? null, 'sales');
  const days = Number(params.get('days'));
  return {
    name: report,
    from: parseDay(params.get('from') ?? '') ?? '',
    to: parseDay(params.get('to') ?? '') ?? '',
    currency: pick(REPORT_CURRENCIES, params.get('currency'), 'TRY'),
    by: pick(GROUPS[report], params.get('by'), GROUPS[report][0]),
    view: pick(STOCK_VIEWS, params.get('view'), 'category'),
    days: Number.isInteger(days) && days >= 1 && days <= 3650 ? days : SLOW_DAYS_DEFAULT,
    page: readPage(params),
  };
}

/** The API query of the filters: only what the report takes, blanks left out. */
export function apiQuery(f: ReportFilters): Record<string, string | number | undefined> {
  if (f.name === 'stock') {
    // Below minimum and slow movers answer a page (issue 27, ADR 0052 and 0057); stock per category every row.
    return { view: f.view, days: f.view === 'slow' ? f.days : undefined, ...(f.view !== 'category' ? { page: f.page, pageSize: BELOW_PAGE_SIZE } : {}) };
  }
  return { from: f.from || undefined, to: f.to || undefined, by: f.by, currency: f.name === 'sales' ? f.currency : undefined };
}

/** One series of the chart: a numeric field of the rows, drawn as bars (or a line on the right axis). */
export interface ChartSeries { key: string; label: string; color: string; line?: boolean }

export interface ReportView<Row = Record<string, unknown>> {
  columns: (ReportColumn<Row> & { key: string })[];
  series: ChartSeries[];
  /** The row's label on the chart's axis and in the first column. */
  label: (row: Row) => string;
}

type Row = Record<string, unknown>;
const num = (key: string) => (r: Row) => (r[key] === null || r[key] === undefined ? null : Number(r[key]));

/** 'YYYY-MM' → 'MM.YYYY'; 'YYYY-MM-DD' → 'DD.MM.YYYY'. */
export function periodLabel(key: string): string {
  if (/^\d{4}-\d{2}$/.test(key)) return `${key.slice(5, 7)}.${key.slice(0, 4)}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(key)) return `${key.slice(8, 10)}.${key.slice(5, 7)}.${key.slice(0, 4)}`;
  return key;
}

const CURRENCY_SIGN = { TRY: '₺', USD: '$', EUR: '€' } as const;

/** The columns and chart series of a report for its filters, texts in the reader's language. */
export function reportView(f: ReportFilters, t: TFunction): ReportView {
  const other = t('reportViews.other');
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? other : String(v));
  if (f.name === 'sales') {
    const label = (r: Row) => {
      if (f.by === 'month') return periodLabel(String(r.key));
      if (f.by === 'category') return r.key === '' ? other : t(MODEL_CATEGORY_KEYS[Number(r.key)] ?? String(r.key));
      return text(r.label);
    };
    const sign = CURRENCY_SIGN[f.currency];
    return {
      label,
      columns: [
        { key: 'label', header: t(`reportViews.by.${f.by}`), value: label, width: 1.6 },
        { key: 'offers', header: t('reportViews.col.offers'), value: num('offers'), decimals: 0, align: 'right' },
        { key: 'offerAmount', header: `${t('reportViews.col.offerAmount')} (${sign})`, value: num('offerAmount'), decimals: 2, align: 'right', width: 1.2 },
        { key: 'orders', header: t('reportViews.col.orders'), value: num('orders'), decimals: 0, align: 'right' },
        { key: 'orderAmount', header: `${t('reportViews.col.orderAmount')} (${sign})`, value: num('orderAmount'), decimals: 2, align: 'right', width: 1.2 },
        { key: 'conversion', header: t('reportViews.col.conversion'), value: num('conversion'), decimals: 1, align: 'right' },
      ],
      series: [
        { key: 'offerAmount', label: `${t('reportViews.col.offerAmount')} (${sign})`, color: 'var(--mantine-color-blue-5)' },
        { key: 'orderAmount', label: `${t('reportViews.col.orderAmount')} (${sign})`, color: 'var(--mantine-color-teal-6)' },
        { key: 'conversion', label: t('reportViews.col.conversion'), color: 'var(--mantine-color-orange-6)', line: true },
      ],
    };
  }
  if (f.name === 'production' && f.by === 'week') {
    const label = (r: Row) => periodLabel(String(r.key));
    return {
      label,
      columns: [
        { key: 'label', header: t('reportViews.by.week'), value: label },
        { key: 'completed', header: t('reportViews.col.completed'), value: num('completed'), decimals: 0, align: 'right' },
        { key: 'leadMedian', header: t('reportViews.col.leadMedian'), value: num('leadMedian'), decimals: 1, align: 'right' },
        { key: 'leadP90', header: t('reportViews.col.leadP90'), value: num('leadP90'), decimals: 1, align: 'right' },
        { key: 'late', header: t('reportViews.col.late'), value: num('late'), decimals: 0, align: 'right' },
        { key: 'promised', header: t('reportViews.col.promised'), value: num('promised'), decimals: 0, align: 'right' },
      ],
      series: [
        { key: 'completed', label: t('reportViews.col.completed'), color: 'var(--mantine-color-teal-6)' },
        { key: 'late', label: t('reportViews.col.late'), color: 'var(--mantine-color-red-6)' },
        { key: 'leadMedian', label: t('reportViews.col.leadMedian'), color: 'var(--mantine-color-indigo-6)', line: true },
      ],
    };
  }
  if (f.name === 'production') {
    const label = (r: Row) => text(r.label);
    return {
      label,
      columns: [
        { key: 'label', header: t('reportViews.by.operation'), value: label, width: 1.6 },
        { key: 'lines', header: t('reportViews.col.lines'), value: num('lines'), decimals: 0, align: 'right' },
        { key: 'started', header: t('reportViews.col.started'), value: num('started'), decimals: 0, align: 'right' },
        { key: 'units', header: t('reportViews.col.units'), value: num('units'), decimals: 2, align: 'right' },
      ],
      series: [
        { key: 'lines', label: t('reportViews.col.lines'), color: 'var(--mantine-color-blue-5)' },
        { key: 'started', label: t('reportViews.col.started'), color: 'var(--mantine-color-yellow-6)' },
      ],
    };
  }
  if (f.name === 'stock') {
    const value = { key: 'value', header: `${t('reportViews.col.value')} (₺)`, value: num('value'), decimals: 2, align: 'right' as const, width: 1.2 };
    if (f.view === 'category') {
      const label = (r: Row) => text(r.key);
      return {
        label,
        columns: [
          { key: 'label', header: t('reportViews.col.category'), value: label, width: 1.6 },
          { key: 'materials', header: t('reportViews.col.materials'), value: num('materials'), decimals: 0, align: 'right' },
          value,
        ],
        series: [{ key: 'value', label: `${t('reportViews.col.value')} (₺)`, color: 'var(--mantine-color-blue-5)' }],
      };
    }
    const label = (r: Row) => text(r.label);
    const stock = { key: 'stock', header: t('reportViews.col.stock'), value: num('stock'), decimals: 2, align: 'right' as const };
    const unit = { key: 'unit', header: t('reportViews.col.unit'), value: (r: Row) => String(r.unit ?? ''), width: 0.6 };
    if (f.view === 'slow') {
      return {
        label,
        columns: [
          { key: 'label', header: t('reportViews.col.material'), value: label, width: 1.8 },
          { key: 'category', header: t('reportViews.col.category'), value: (r) => text(r.category) },
          stock, unit,
          { key: 'lastMovement', header: t('reportViews.col.lastMovement'), value: (r) => (r.lastMovement ? formatDate(String(r.lastMovement)) : t('reportViews.never')) },
          value,
        ],
        series: [{ key: 'value', label: `${t('reportViews.col.value')} (₺)`, color: 'var(--mantine-color-grape-5)' }],
      };
    }
    return {
      label,
      columns: [
        { key: 'label', header: t('reportViews.col.material'), value: label, width: 1.8 },
        { key: 'category', header: t('reportViews.col.category'), value: (r) => text(r.category) },
        stock,
        { key: 'minStock', header: t('reportViews.col.minStock'), value: num('minStock'), decimals: 2, align: 'right' },
        { key: 'shortfall', header: t('reportViews.col.shortfall'), value: num('shortfall'), decimals: 2, align: 'right' },
        unit,
      ],
      series: [
        { key: 'stock', label: t('reportViews.col.stock'), color: 'var(--mantine-color-blue-5)' },
        { key: 'minStock', label: t('reportViews.col.minStock'), color: 'var(--mantine-color-red-6)' },
      ],
    };
  }
  const label = (r: Row) => (f.by === 'month' ? periodLabel(String(r.key)) : text(r.label));
  return {
    label,
    columns: [
      { key: 'label', header: t(`reportViews.by.${f.by}`), value: label, width: 1.6 },
      { key: 'purchases', header: t('reportViews.col.purchases'), value: num('purchases'), decimals: 0, align: 'right' },
      { key: 'amount', header: `${t('reportViews.col.spend')} (₺)`, value: num('amount'), decimals: 2, align: 'right', width: 1.2 },
    ],
    series: [{ key: 'amount', label: `${t('reportViews.col.spend')} (₺)`, color: 'var(--mantine-color-blue-5)' }],
  };
}

/**
 * The chart's rows of a per-month report: every month of the period, those without rows as zeros, so a quiet month
 * shows as a gap in its place instead of being left out. Other groupings are drawn as answered.
 */
export function chartRows(rows: Row[], f: Pick<ReportFilters, 'by'>, period: { from?: string; to?: string }): Row[] {
  if (f.by !== 'month' || !period.from || !period.to) return rows;
  const byKey = new Map(rows.map((r) => [String(r.key), r]));
  const out: Row[] = [];
  let [y, m] = period.from.split('-').map(Number);
  const [ty, tm] = period.to.split('-').map(Number);
  for (let i = 0; (y < ty || (y === ty && m <= tm)) && i < 120; i++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(byKey.get(key) ?? { key });
    m += 1;
    if (m > 12) { m = 1; y += 1; }
  }
  return out;
}
