import { sql, type SQL } from 'drizzle-orm';
import type { SalesQuery, SalesRow } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { salesRowOf } from './reports-repository.js';

/**
 * The sales report from its kept sums (issue 26, ADR 0047): `sales_sums` holds every offer's contribution (as
 * `sales_facts_of` in db/derived/sales-sums.sql defines it, the rule of ADR 0041) summed per Istanbul day and month.
 * A month the period covers whole is read from its month rows, the days of a month the period cuts from day rows, so
 * five years read about sixty rows a group instead of every offer and item. `salesReportFromRows`
 * (reports-repository.ts) computes the same answer from the offers and items; the tests hold the two equal.
 */

type Raw = Record<string, unknown>;

/** Adds the sums' unfolded rows into one row per key (sales_sums_fold: one caller at a time); the answer never depends on it. */
export async function foldSalesSums(db: Executor): Promise<number> {
  try {
    const res = await db.execute(sql`select case when exists (select 1 from sales_sums where not folded) then sales_sums_fold() else 0 end as n`);
    return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } catch {
    return 0; // the report reads the unfolded rows as well
  }
}

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/**
 * The months inside [from, to] (Istanbul days, both included) as [start, end): from the first month that starts on or
 * after `from` to the first day after the last month that ends on or before `to`. Empty (start ≥ end) when no month
 * is covered whole.
 */
export function wholeMonths(from: string, to: string): { start: string; end: string } {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  const start = fd === 1 ? from : day(fy, fm, 1);
  const lastOfTo = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  const end = td === lastOfTo ? day(ty, tm, 1) : day(ty, tm - 1, 1);
  return { start, end };
}

/** The years inside the whole months [start, end) as [start, end): empty (start ≥ end) when no year is covered whole. */
export function wholeYears(months: { start: string; end: string }): { start: string; end: string } {
  const sy = Number(months.start.slice(0, 4));
  const ey = Number(months.end.slice(0, 4));
  return { start: months.start.endsWith('-01-01') ? months.start : `${sy + 1}-01-01`, end: months.end.endsWith('-01-01') ? months.end : `${ey}-01-01` };
}

export async function salesReport(db: Executor, q: SalesQuery): Promise<SalesRow[]> {
  await foldSalesSums(db);
  const months = wholeMonths(q.from, q.to);
  // Per month the answer's groups are the months, so no year rows are read.
  const years = q.by === 'month' ? { start: months.start, end: months.start } : wholeYears(months);
  const amount = sql.raw({ TRY: 'try_amount', USD: 'usd_amount', EUR: 'eur_amount' }[q.currency]);
  const key: SQL = q.by === 'month' ? sql`to_char(s.at, 'YYYY-MM')` : sql`s.key`;
  const label: SQL = q.by === 'model'
    ? sql`(select coalesce(m.model_kodu || ' ' || m.model_adi_tr, '') from models m where m.id = g.key)`
    : q.by === 'customer' ? sql`min(g.label)` : q.by === 'category' ? sql`g.key` : sql`''`;
  const inMonths = sql`(s.at >= ${months.start}::date and s.at < ${months.end}::date)`;
  const inYears = sql`(s.at >= ${years.start}::date and s.at < ${years.end}::date)`;
  const res = await db.execute(sql`
    with g as (
      select ${key} as key, s.label, s.kind, sum(s.n) as n, sum(s.converted) as converted, sum(s.${amount}) as amount
      from sales_sums s
      where s.dim = ${q.by} and (
        (s.grain = 'y' and ${inYears})
        or (s.grain = 'm' and ${inMonths} and not ${inYears})
        or (s.grain = 'd' and s.at >= ${q.from}::date and s.at <= ${q.to}::date and not ${inMonths}))
      group by 1, 2, 3
      having sum(s.n) <> 0
    )
    select * from (
      select g.key, ${label} as label,
        coalesce(sum(g.n) filter (where g.kind = 'o'), 0) as offers, coalesce(sum(g.amount) filter (where g.kind = 'o'), 0) as offer_amount,
        coalesce(sum(g.n) filter (where g.kind = 'r'), 0) as orders, coalesce(sum(g.amount) filter (where g.kind = 'r'), 0) as order_amount,
        coalesce(sum(g.converted) filter (where g.kind = 'o'), 0) as converted
      from g group by g.key) facts
    order by ${q.by === 'month' ? sql`key` : sql`offer_amount + order_amount desc, key`}`);
  const rows = (res as unknown as { rows: Raw[] }).rows ?? [];
  return rows.map(salesRowOf);
}
