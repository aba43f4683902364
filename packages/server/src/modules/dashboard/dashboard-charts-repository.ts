import { sql } from 'drizzle-orm';
import { businessDay, businessDayRange, type DashboardCharts } from '@isik/domain';
import type { Executor } from '../../db/database.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** Days in a month (m 1-12). */
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** YYYY-MM-DD plus n days (calendar arithmetic, no zone). */
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
const rowsOf = (res: unknown) => ((res as { rows?: Record<string, unknown>[] }).rows ?? []);

/**
 * The dashboard's charts (domain dashboard-charts.ts) at the instant `now`: two aggregates in SQL, grouped by the day
 * of the company's time zone; the bounds are the Istanbul midnights of the first and last day asked for.
 */
export async function dashboardCharts(db: Executor, now: Date = new Date()): Promise<DashboardCharts> {
  const today = businessDay(now);
  const [y, m, d] = today.split('-').map(Number);
  const ly = m === 1 ? y - 1 : y;
  const lm = m === 1 ? 12 : m - 1;
  const thisMonth = `${y}-${pad(m)}`;
  const lastMonth = `${ly}-${pad(lm)}`;
  const from = businessDayRange(`${lastMonth}-01`).start;
  const to = businessDayRange(`${thisMonth}-${pad(daysIn(y, m))}`).end;
  // Monday of this week (getUTCDay of the calendar day: 0 Sunday).
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const monday = addDays(today, -((dow + 6) % 7));
  const weekFrom = businessDayRange(monday).start;
  const weekTo = businessDayRange(addDays(monday, 6)).end;

  const [orders, done] = await Promise.all([
    db.execute(sql`select to_char(siparis_tarihi at time zone 'Europe/Istanbul', 'YYYY-MM-DD') as day, count(*)::int as n
      from offers where teklif_durumu between 1 and 3 and siparis_tarihi >= ${from} and siparis_tarihi < ${to} group by 1`),
    db.execute(sql`select to_char(bitis_tarihi at time zone 'Europe/Istanbul', 'YYYY-MM-DD') as day, count(*)::int as n
      from order_items where tamamlanma_orani >= 100 and bitis_tarihi >= ${weekFrom} and bitis_tarihi < ${weekTo} group by 1`),
  ]);
  const ordersByDay = new Map(rowsOf(orders).map((r) => [String(r.day), Number(r.n)]));
  const doneByDay = new Map(rowsOf(done).map((r) => [String(r.day), Number(r.n)]));

  const month: DashboardCharts['month'] = [];
  const lastDays = daysIn(ly, lm);
  let sumThis = 0;
  let sumLast = 0;
  for (let day = 1; day <= Math.max(daysIn(y, m), lastDays); day++) {
    const inThis = day <= daysIn(y, m) && day <= d;
    const inLast = day <= lastDays;
    const nThis = inThis ? ordersByDay.get(`${thisMonth}-${pad(day)}`) ?? 0 : null;
    const nLast = inLast ? ordersByDay.get(`${lastMonth}-${pad(day)}`) ?? 0 : null;
    sumThis += nThis ?? 0;
    sumLast += nLast ?? 0;
    month.push({ day, thisMonth: inThis ? sumThis : null, lastMonth: inLast ? sumLast : null, thisMonthNew: nThis, lastMonthNew: nLast });
  }
  const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i)).map((date) => ({ date, lines: doneByDay.get(date) ?? 0 }));
  return { today, thisMonth, lastMonth, month, week };
}
