import { z } from 'zod';

/**
 * GET /dashboard/charts (spec 000 2.5, issue 26): the dashboard's two small charts, by days of the company's time
 * zone (Europe/Istanbul). `month`: one row per day of month (1 .. the longer of the two months) with the orders
 * (offers moved to status 1-3, by their order date) counted up to that day, this month and last month; this month's
 * figure is null after today and last month's after its last day. `week`: the order lines completed (reached 100 %)
 * on each day of this week, Monday to Sunday.
 */
export const dashboardChartsSchema = z.object({
  today: z.string(),
  thisMonth: z.string(),
  lastMonth: z.string(),
  month: z.array(z.object({
    day: z.number(),
    thisMonth: z.number().nullable(),
    lastMonth: z.number().nullable(),
    thisMonthNew: z.number().nullable(),
    lastMonthNew: z.number().nullable(),
  })),
  week: z.array(z.object({ date: z.string(), lines: z.number() })),
});
export type DashboardCharts = z.infer<typeof dashboardChartsSchema>;
