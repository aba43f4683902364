import {
  AppError, resolvePeriod, type ProductionReport, type PurchasingReport, type SalesReport, stockReportSchema,
} from '@isik/domain';
import type { z } from 'zod';
import type { productionQuerySchema, purchasingQuerySchema, salesQuerySchema, stockQuerySchema } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { productionOperations, productionWeeks, purchasingReport, stockReport } from './reports-repository.js';
import { salesReport } from './sales-sums-repository.js';
import { jsonWithRowsText } from '../../lib/json-text.js';

/** The period of a query, the default filled; a wrong one is a 400 naming the field. */
function periodOf(q: { from?: string; to?: string }): { from: string; to: string } {
  const p = resolvePeriod(q);
  if (!p.ok) throw new AppError(400, p.key, { [p.field]: p.key });
  return { from: p.from, to: p.to };
}

/** The reports (issue 26, ADR 0041): each answers its table's rows from one SQL aggregate of the repository. */
export function createReportsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async sales(q: z.output<typeof salesQuerySchema>): Promise<SalesReport> {
      const p = { ...q, ...periodOf(q) };
      return { from: p.from, to: p.to, currency: p.currency, by: p.by, rows: await salesReport(db, p) };
    },
    async production(q: z.output<typeof productionQuerySchema>): Promise<ProductionReport> {
      const p = { ...q, ...periodOf(q) };
      const rows = p.by === 'week' ? await productionWeeks(db, p) : await productionOperations(db);
      return { from: p.from, to: p.to, by: p.by, rows };
    },
    /**
     * The answer as JSON text (stockReportSchema): its rows are written by PostgreSQL (stockReport). The views `below` and `slow`
     * answer one page and the total (issues 27, ADR 0052 and 0057); `category` every row.
     */
    async stock(q: z.output<typeof stockQuerySchema>): Promise<string> {
      const r = await stockReport(db, q);
      const paged = q.view !== 'category' ? { total: r.total ?? 0, page: q.page, pageSize: q.pageSize } : {};
      return jsonWithRowsText(stockReportSchema, 'rows', { view: q.view, days: q.days, rateDate: r.rateDate, ...paged }, r.rows);
    },
    async purchasing(q: z.output<typeof purchasingQuerySchema>): Promise<PurchasingReport> {
      const p = { ...q, ...periodOf(q) };
      return { from: p.from, to: p.to, by: p.by, ...(await purchasingReport(db, p)) };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
