import { z } from 'zod';
import { businessDay, parseDay } from './business-day.js';

/**
 * Reports (issue 26, ADR 0041): `GET /api/reports/{name}?from=&to=&...` answers one table's rows, computed by SQL
 * aggregates; the screen /reports/{name} draws them as a chart and a table. Periods are Istanbul days: `from` and `to`
 * are YYYY-MM-DD (or DD.MM.YYYY), both included; months and weeks (from Monday) are Istanbul's too.
 */
export const REPORT_NAMES = ['sales', 'production', 'stock', 'purchasing'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const SALES_GROUPS = ['month', 'customer', 'model', 'category'] as const;
export const PRODUCTION_GROUPS = ['week', 'operation'] as const;
export const STOCK_VIEWS = ['category', 'slow', 'below'] as const;
export const PURCHASING_GROUPS = ['month', 'supplier'] as const;
/** The currencies a sales report is shown in: lira, or dollars/euros at each offer's own rates. */
export const REPORT_CURRENCIES = ['TRY', 'USD', 'EUR'] as const;
export type ReportCurrency = (typeof REPORT_CURRENCIES)[number];
/** The longest period one report covers (days): five years. */
export const REPORT_MAX_DAYS = 5 * 366;
export const SLOW_DAYS_DEFAULT = 90;
/** The rows of a page of the stock report's materials below their minimum and slow movers (issue 27: they answer a page). */
export const BELOW_PAGE_SIZE = 50;

/** The default period: from the first day of the month eleven months back to today (twelve months), Istanbul. */
export function defaultReportPeriod(at: Date = new Date()): { from: string; to: string } {
  const to = businessDay(at);
  const [y, m] = to.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - 11, 1));
  return { from: first.toISOString().slice(0, 10), to };
}

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

const day = z.string({ error: 'report.date.invalid' }).max(20, { error: 'report.date.invalid' }).optional().transform((v, ctx) => {
  if (v === undefined || v.trim() === '') return undefined;
  const d = parseDay(v);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: 'report.date.invalid' });
    return z.NEVER;
  }
  return d;
});

const choice = <const T extends readonly [string, ...string[]]>(values: T, def: T[number]) =>
  z.enum(values, { error: 'report.choice.invalid' }).optional().transform((v) => v ?? def);

const periodFields = { from: day, to: day };

/**
 * A report's period: the default fills what is missing (a lone `from` after today runs to itself, as a lone `to`
 * before the default start); a period ending before it starts or longer than five years names the field at fault.
 */
export function resolvePeriod(q: { from?: string; to?: string }, at: Date = new Date()):
  { ok: true; from: string; to: string } | { ok: false; field: 'from' | 'to'; key: 'report.period.order' | 'report.period.long' } {
  const def = defaultReportPeriod(at);
  const from = q.from ?? (q.to && q.to < def.from ? q.to : def.from);
  const to = q.to ?? (q.from && q.from > def.to ? q.from : def.to);
  if (from > to) return { ok: false, field: 'to', key: 'report.period.order' };
  if (daysBetween(from, to) > REPORT_MAX_DAYS) return { ok: false, field: 'from', key: 'report.period.long' };
  return { ok: true, from, to };
}

export const salesQuerySchema = z.object({ ...periodFields, currency: choice(REPORT_CURRENCIES, 'TRY'), by: choice(SALES_GROUPS, 'month') });
export const productionQuerySchema = z.object({ ...periodFields, by: choice(PRODUCTION_GROUPS, 'week') });
export const stockQuerySchema = z.object({
  view: choice(STOCK_VIEWS, 'category'),
  days: z.string({ error: 'report.days.invalid' }).optional().transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return SLOW_DAYS_DEFAULT;
    if (!/^\d{1,4}$/.test(v.trim()) || Number(v) < 1 || Number(v) > 3650) {
      ctx.addIssue({ code: 'custom', message: 'report.days.invalid' });
      return z.NEVER;
    }
    return Number(v);
  }),
  /** The page of the views `below` and `slow` (ADR 0052, 0057; `category` answers all its rows and ignores them). */
  page: z.coerce.number({ error: 'error.invalidType' }).int({ error: 'error.invalidType' }).min(1, { error: 'error.invalidType' }).max(1e6, { error: 'error.invalidType' }).optional().default(1),
  pageSize: z.coerce.number({ error: 'error.invalidType' }).int({ error: 'error.invalidType' }).min(1, { error: 'error.invalidType' }).max(1000, { error: 'error.pageSize.max' }).optional().default(BELOW_PAGE_SIZE),
});
export const purchasingQuerySchema = z.object({ ...periodFields, by: choice(PURCHASING_GROUPS, 'month') });

/** A query as the repository takes it: the period resolved. */
type Period = { from: string; to: string };
export type SalesQuery = Omit<z.output<typeof salesQuerySchema>, 'from' | 'to'> & Period;
export type ProductionQuery = Omit<z.output<typeof productionQuerySchema>, 'from' | 'to'> & Period;
export type StockQuery = z.output<typeof stockQuerySchema>;
export type PurchasingQuery = Omit<z.output<typeof purchasingQuerySchema>, 'from' | 'to'> & Period;

const periodAnswer = { from: z.string(), to: z.string() };

/**
 * Sales: per group (a month YYYY-MM, a customer, a model, a product category) the offers dated in it (count and net
 * amount), the orders placed in it (by order date; count and amount) and the conversion: the share, in percent, of
 * the group's offers that have become orders. Amounts without VAT, in the chosen currency at each offer's rates.
 */
export const salesRowSchema = z.object({
  key: z.string(), label: z.string(),
  offers: z.number(), offerAmount: z.number(), orders: z.number(), orderAmount: z.number(),
  converted: z.number(), conversion: z.number().nullable(),
});
export const salesReportSchema = z.object({
  ...periodAnswer, currency: z.enum(REPORT_CURRENCIES), by: z.enum(SALES_GROUPS), rows: z.array(salesRowSchema),
});

/**
 * Production by week (Monday, YYYY-MM-DD): the lines completed, the lead time from order to completion in days (median
 * and 90th percentile, 1 decimal) and the lines finished after their promised date. By operation: the lines still in
 * work at each operation (not finished), how many of them started, and the units still to make.
 */
export const productionWeekRowSchema = z.object({
  key: z.string(), label: z.string(),
  completed: z.number(), leadMedian: z.number().nullable(), leadP90: z.number().nullable(), late: z.number(), promised: z.number(),
});
export const productionOperationRowSchema = z.object({
  key: z.string(), label: z.string(), lines: z.number(), started: z.number(), units: z.number(),
});
export const productionReportSchema = z.object({
  ...periodAnswer, by: z.enum(PRODUCTION_GROUPS),
  rows: z.array(z.union([productionWeekRowSchema, productionOperationRowSchema])),
});

/**
 * Stock by category: the materials with stock and its value in lira (unit cost × stock; foreign prices at the last
 * bulletin's selling rate). Slow movers: materials with stock and no movement in `days` days, the longest unmoved first
 * (never moved first), one page of them (ADR 0057). Below minimum: materials whose stock is under their `min_stock`, the
 * most short first, one page of them (ADR 0052). A page: `page`, `pageSize`, `total` (how many there are; issue 27);
 * the view `category` answers every row and no `total`, `page` or `pageSize`.
 */
export const stockRowSchema = z.object({
  key: z.string(), label: z.string(),
  category: z.string(), materials: z.number(), stock: z.number(), unit: z.string(),
  minStock: z.number().nullable(), shortfall: z.number().nullable(), lastMovement: z.string().nullable(), value: z.number(),
});
export const stockReportSchema = z.object({
  view: z.enum(STOCK_VIEWS), days: z.number(), rateDate: z.string().nullable(),
  total: z.number().optional(), page: z.number().optional(), pageSize: z.number().optional(),
  rows: z.array(stockRowSchema),
});

/**
 * Purchasing: per month or supplier the purchases ordered in the period (ordered, in control or completed; by order
 * date, the request date when none) and their value in lira at each purchase's rates; `open` is the value of the
 * purchases ordered but not yet received (ordered or in control), whatever their date.
 */
export const purchasingRowSchema = z.object({ key: z.string(), label: z.string(), purchases: z.number(), amount: z.number() });
export const purchasingReportSchema = z.object({
  ...periodAnswer, by: z.enum(PURCHASING_GROUPS), rows: z.array(purchasingRowSchema),
  open: z.object({ purchases: z.number(), amount: z.number() }),
});

export type SalesRow = z.infer<typeof salesRowSchema>;
export type SalesReport = z.infer<typeof salesReportSchema>;
export type ProductionWeekRow = z.infer<typeof productionWeekRowSchema>;
export type ProductionOperationRow = z.infer<typeof productionOperationRowSchema>;
export type ProductionReport = z.infer<typeof productionReportSchema>;
export type StockRow = z.infer<typeof stockRowSchema>;
export type StockReport = z.infer<typeof stockReportSchema>;
export type PurchasingRow = z.infer<typeof purchasingRowSchema>;
export type PurchasingReport = z.infer<typeof purchasingReportSchema>;
