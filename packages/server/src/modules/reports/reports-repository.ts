import { sql, type SQL } from 'drizzle-orm';
import {
  addDays, businessDayRange, type ProductionOperationRow, type ProductionQuery, type ProductionWeekRow, type PurchasingQuery,
  type PurchasingReport, type PurchasingRow, type ReportCurrency, type SalesQuery, type SalesRow, type StockQuery,
} from '@isik/domain';
import type { Executor } from '../../db/database.js';

/**
 * The reports' aggregates (issue 26, ADR 0041): each report is one SQL statement that groups and sums in PostgreSQL;
 * only the table's rows leave the database. Periods and their months and weeks are Istanbul's (`TZ`).
 */
const TZ = sql.raw(`'Europe/Istanbul'`);

type Raw = Record<string, unknown>;
async function rowsOf(db: Executor, q: SQL): Promise<Raw[]> {
  const res = await db.execute(q);
  return ((res as unknown as { rows: Raw[] }).rows ?? []);
}
/** A database number as the reports answer it: rounded to `places` (null: 0). */
const n = (v: unknown, places = 2): number => {
  if (v === null || v === undefined) return 0;
  const f = 10 ** places;
  return Math.round(Number(v) * f) / f;
};
const nOrNull = (v: unknown, places = 2): number | null => (v === null || v === undefined ? null : n(v, places));

/** The period's [start, end) instants: from the start of `from` to the end of `to`, Istanbul days. */
function bounds(p: { from: string; to: string }): { start: Date; end: Date } {
  return { start: businessDayRange(p.from).start, end: businessDayRange(p.to).end };
}

/**
 * An offer's (or, with `item`, an offer item's) net amount in the report's currency: lira as stored; dollars or
 * euros as stored when the offer is in that currency, else the lira amount at the offer's own rate (0 without one).
 */
function amountIn(currency: ReportCurrency, o: string, item?: string): SQL {
  const tl = sql.raw(item ? `${item}.toplam_tl` : `${o}.teklif_tutartl`);
  const dv = sql.raw(item ? `${item}.toplam_doviz` : `${o}.teklif_tutardoviz`);
  if (currency === 'TRY') return tl;
  const symbol = currency === 'USD' ? '$' : '€';
  const rate = sql.raw(`${o}.${currency === 'USD' ? 'teklif_usdkur' : 'teklif_eurkur'}`);
  return sql`(case when ${sql.raw(`${o}.teklif_dovizi`)} = ${symbol} then ${dv} when ${rate} > 0 then ${tl} / ${rate} else 0 end)`;
}

/** An offer that has become an order (and was not canceled): it has an order date and status Order, Completed or Delivered. */
const ORDERED = (o: string) => sql.raw(`(${o}.siparis_tarihi is not null and ${o}.teklif_durumu between 1 and 3)`);

/**
 * The sales report computed straight from the offers and their items (ADR 0041's definition). The service answers from
 * the kept sums instead (salesReport in sales-sums-repository.ts, ADR 0047); this query is the reference the tests and
 * bench/reports-explain.ts compare them with.
 */
export async function salesReportFromRows(db: Executor, q: SalesQuery): Promise<SalesRow[]> {
  const { start, end } = bounds(q);
  const amount = q.by === 'model' || q.by === 'category' ? amountIn(q.currency, 'o', 'i') : amountIn(q.currency, 'o');
  // The group of an offer (or item): its key and label.
  const group: { key: SQL; label: SQL; from: SQL } = {
    month: { key: sql`to_char(date_trunc('month', d.at at time zone ${TZ}), 'YYYY-MM')`, label: sql`''`, from: sql`offers o` },
    customer: { key: sql`coalesce(o.firma_id, 'name:' || o.firma_adi)`, label: sql`o.firma_adi`, from: sql`offers o` },
    model: {
      key: sql`coalesce(p.model_id, '')`, label: sql`''`,
      from: sql`offers o join offer_items i on i.offer_id = o.id left join products p on p.id = i.urun_id`,
    },
    category: {
      key: sql`coalesce(p.model_category::text, '')`, label: sql`coalesce(p.model_category::text, '')`,
      from: sql`offers o join offer_items i on i.offer_id = o.id left join products p on p.id = i.urun_id`,
    },
  }[q.by];
  const inPeriod = (col: string) => sql.raw(`(${col} >= `).append(sql`${start} and `).append(sql.raw(`${col} < `)).append(sql`${end})`);
  const touches = sql`(${inPeriod('o.teklif_tarihi')} or ${inPeriod('o.siparis_tarihi')})`;
  const order = q.by === 'month' ? sql`key` : sql`offer_amount + order_amount desc, key`;
  let rows: Raw[];
  if (q.by === 'month' || q.by === 'customer') {
    // Offers on their offer date and orders on their order date, each kind read on its own (an index range where the
    // period is short). Summed first per group, currency and rate, so the lira amounts are divided by each rate once
    // per group instead of once per offer (amountOf below is linear in the sums); the month is formatted per group.
    const byMonth = q.by === 'month';
    const keyOf = (col: string) => (byMonth ? sql`date_trunc('month', ${sql.raw(col)} at time zone ${TZ})` : sql`coalesce(o.firma_id, 'name:' || o.firma_adi)`);
    const foreign = q.currency !== 'TRY';
    const rateCol = sql.raw(q.currency === 'USD' ? 'o.teklif_usdkur' : 'o.teklif_eurkur');
    const money = foreign ? sql`o.teklif_dovizi as cur, ${rateCol} as rate,` : sql`'' as cur, 1 as rate,`;
    const moneyKey = foreign ? sql`, o.teklif_dovizi, ${rateCol}` : sql``;
    const symbol = q.currency === 'USD' ? '$' : '€';
    const amountOf = (tl: SQL, dv: SQL) => (foreign ? sql`(case when f.cur = ${symbol} then ${dv} when f.rate > 0 then ${tl} / f.rate else 0 end)` : tl);
    rows = await rowsOf(db, sql`select * from (
      select ${byMonth ? sql`to_char(f.g, 'YYYY-MM')` : sql`f.g`} as key, min(f.label) as label,
        coalesce(sum(f.offers), 0) as offers, coalesce(sum(${amountOf(sql`f.offer_tl`, sql`f.offer_dv`)}), 0) as offer_amount,
        coalesce(sum(f.orders), 0) as orders, coalesce(sum(${amountOf(sql`f.order_tl`, sql`f.order_dv`)}), 0) as order_amount,
        coalesce(sum(f.converted), 0) as converted
      from (
        select ${keyOf('o.teklif_tarihi')} as g, min(${group.label}) as label, ${money}
          count(*) as offers, sum(o.teklif_tutartl) as offer_tl, sum(o.teklif_tutardoviz) as offer_dv,
          0 as orders, 0 as order_tl, 0 as order_dv, count(*) filter (where ${ORDERED('o')}) as converted
        from offers o where ${inPeriod('o.teklif_tarihi')}
        group by 1${moneyKey}
        union all
        select ${keyOf('o.siparis_tarihi')} as g, min(${group.label}) as label, ${money}
          0, 0, 0, count(*), sum(o.teklif_tutartl), sum(o.teklif_tutardoviz), 0
        from offers o where ${ORDERED('o')} and ${inPeriod('o.siparis_tarihi')}
        group by 1${moneyKey}
      ) f
      group by f.g) facts order by ${order}`);
  } else {
    // The items first summed per offer and group (an offer with three items of a model is one offer of it), then per group;
    // a model's label is read once per group, not carried through the per-offer rows.
    rows = await rowsOf(db, sql`
      with per_offer as (
        select ${group.key} as key, o.id, ${inPeriod('o.teklif_tarihi')} as offered,
          (${ORDERED('o')} and ${inPeriod('o.siparis_tarihi')}) as ordered, ${ORDERED('o')} as converted, sum(${amount}) as amount
        from ${group.from}
        where ${touches}
        group by 1, o.id
      )
      select * from (select key, ${q.by === 'model' ? sql`(select coalesce(m.model_kodu || ' ' || m.model_adi_tr, '') from models m where m.id = per_offer.key)` : sql`key`} as label,
        count(*) filter (where offered) as offers, coalesce(sum(amount) filter (where offered), 0) as offer_amount,
        count(*) filter (where ordered) as orders, coalesce(sum(amount) filter (where ordered), 0) as order_amount,
        count(*) filter (where offered and converted) as converted
      from per_offer group by key) facts order by ${order}`);
  }
  return rows.map(salesRowOf);
}

/** A sales row from its statement's columns (key, label, offers, offer_amount, orders, order_amount, converted). */
export function salesRowOf(r: Record<string, unknown>): SalesRow {
  const offers = Number(r.offers);
  const converted = Number(r.converted);
  return {
    key: String(r.key), label: String(r.label ?? r.key) || String(r.key),
    offers, offerAmount: n(r.offer_amount), orders: Number(r.orders), orderAmount: n(r.order_amount),
    converted, conversion: offers > 0 ? n((converted / offers) * 100, 1) : null,
  };
}

/** A line finished: completed or delivered, with its finish date. */
const FINISHED = sql`l.siparis_durumu in (4, 5) and l.bitis_tarihi is not null`;

/** A finished line's lead time in days as a double, written as order_items_finished_lead_idx indexes it. */
const LEAD = sql`((extract(epoch from (l.bitis_tarihi - l.siparis_tarihi)) / 86400)::double precision)`;
/** A finished line's Istanbul week (a timestamp at Monday 00:00), written as order_items_finished_lead_idx indexes it. */
const WEEK = sql`date_trunc('week', (l.bitis_tarihi at time zone 'Europe/Istanbul'))`;
/** Rows of production_weeks beyond one per key in the period at which a read folds them (production_weeks_fold). */
const WEEKS_FOLD_SLACK = 500;

const weekRow = (r: Raw): ProductionWeekRow => ({
  key: String(r.key), label: String(r.key), completed: Number(r.completed),
  leadMedian: nOrNull(r.median, 1), leadP90: nOrNull(r.p90, 1), late: Number(r.late), promised: Number(r.promised),
});

/** The Monday of a day's week (days as YYYY-MM-DD). */
function mondayOf(day: string): string {
  const dow = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -dow);
}

/**
 * Lines finished per Istanbul week of the period, their median and 90th percentile lead time in days, how many had a
 * promised date and how many were late (ADR 0052). A week wholly inside the period is read from production_weeks
 * (finished lines per week and lead bucket of 4 days, kept by statement triggers on order_items), so a five-year
 * period reads a few thousand kept rows however many lines there are: a percentile is percentile_cont's, the values
 * at ranks floor(q·(n−1)) and the next interpolated (lo + (hi − lo)·fraction in double precision, as PostgreSQL
 * does); the kept rows name the bucket that holds the rank and how many of the week's lines lie below it, and
 * order_items_finished_lead_idx gives the two values a few entries into that bucket. The period's first and last
 * week, when the period covers only part of them, are computed from their lines (productionWeeksFromRows, one week's
 * lines through the same index). production-weeks.test.ts holds the answer equal to productionWeeksFromRows.
 */
export async function productionWeeks(db: Executor, q: ProductionQuery): Promise<ProductionWeekRow[]> {
  // The whole weeks: Mondays from the first on or after `from` to the last whose Sunday is on or before `to`.
  const first = mondayOf(q.from) === q.from ? q.from : addDays(mondayOf(q.from), 7);
  const last = addDays(mondayOf(addDays(q.to, 1)), -7);
  if (first > last) {
    // Within at most two weeks, none whole: from the lines of each.
    const weeks = mondayOf(q.from) === mondayOf(q.to) ? [q] : [{ ...q, to: addDays(mondayOf(q.to), -1) }, { ...q, from: mondayOf(q.to) }];
    return (await Promise.all(weeks.map((p) => productionWeeksFromRows(db, p, mondayOf(p.from))))).flat();
  }
  const rows = await rowsOf(db, sql`
    with b as (
      select week::timestamp as week, bucket, sum(n) as c, sum(promised) as promised, sum(late) as late,
        sum(count(*)) over () as raw, count(*) over () as keys
      from production_weeks where week >= ${first}::date and week <= ${last}::date
      group by 1, 2 having sum(n) <> 0),
    h as (select week, bucket, c, sum(c) over (partition by week order by bucket) - c as below from b),
    w as (select week, sum(c)::bigint as n, sum(promised) as promised, sum(late) as late from b group by 1),
    pc as (
      select w.week, x.q, (x.q * (w.n - 1)::double precision) as pos, floor(x.q * (w.n - 1)::double precision)::bigint as k
      from w cross join (values (0.5::double precision), (0.9::double precision)) x(q)),
    hb as (select pc.week, pc.q, pc.pos, pc.k, h.bucket, h.below from pc join h on h.week = pc.week and pc.k >= h.below and pc.k < h.below + h.c),
    v as (
      select hb.week, hb.q, case when hb.pos = hb.k then vals.lo else vals.lo + (coalesce(vals.hi, vals.lo) - vals.lo) * (hb.pos - hb.k) end as value
      from hb cross join lateral (
        select a[1] as lo, a[2] as hi from (select array_agg(t.lead order by t.lead) as a from (
          select ${LEAD} as lead from order_items l
          where ${FINISHED} and ${WEEK} = hb.week and ${LEAD} >= hb.bucket * 4
          order by 1 offset (hb.k - hb.below) limit 2) t) x) vals)
    select to_char(w.week, 'YYYY-MM-DD') as key, w.n as completed, w.promised, w.late, m.value as median, p.value as p90,
      (select max(raw) from b) as raw, (select max(keys) from b) as keys
    from w left join v m on m.week = w.week and m.q = 0.5 left join v p on p.week = w.week and p.q = 0.9
    order by 1`);
  // Writes append rows; when the period's outnumber its keys, fold them (the answer is the same either way).
  if (Number(rows[0]?.raw ?? 0) > Number(rows[0]?.keys ?? 0) + WEEKS_FOLD_SLACK) await db.execute(sql`select production_weeks_fold()`);
  const edges = [
    ...(first > q.from ? [{ from: q.from, to: addDays(first, -1) }] : []),
    ...(last < mondayOf(q.to) ? [{ from: addDays(last, 7), to: q.to }] : []),
  ];
  const edgeRows = (await Promise.all(edges.map((e) => productionWeeksFromRows(db, { ...q, ...e }, mondayOf(e.from))))).flat();
  return [...edgeRows.filter((r) => r.key < first), ...rows.map(weekRow), ...edgeRows.filter((r) => r.key > last)];
}

/**
 * The production report's weeks computed from the lines (the definition productionWeeks answers from kept rows). With
 * `week` (a Monday), only that week's lines are read, through order_items_finished_lead_idx (a partial week of the
 * period).
 */
export async function productionWeeksFromRows(db: Executor, q: ProductionQuery, week?: string): Promise<ProductionWeekRow[]> {
  const { start, end } = bounds(q);
  const oneWeek = week === undefined ? sql`` : sql` and ${WEEK} = ${week}::timestamp`;
  const rows = await rowsOf(db, sql`
    select to_char(date_trunc('week', l.bitis_tarihi at time zone ${TZ}), 'YYYY-MM-DD') as key,
      count(*) as completed,
      percentile_cont(0.5) within group (order by extract(epoch from l.bitis_tarihi - l.siparis_tarihi) / 86400) as median,
      percentile_cont(0.9) within group (order by extract(epoch from l.bitis_tarihi - l.siparis_tarihi) / 86400) as p90,
      count(*) filter (where l.promised_date is not null) as promised,
      count(*) filter (where (l.bitis_tarihi at time zone ${TZ})::date > l.promised_date) as late
    from order_items l
    where ${FINISHED} and l.bitis_tarihi >= ${start} and l.bitis_tarihi < ${end}${oneWeek}
    group by 1 order by 1`);
  return rows.map(weekRow);
}

/** Rows of order_operation_wip beyond one per name at which a read folds them (order_wip_fold). */
const WIP_FOLD_SLACK = 500;

/**
 * Work in progress now: per operation, the unfinished lines (status 1-3) with an operation of that name still open,
 * how many of them started one, the units left. Read from order_operation_wip (ADR 0048), which statement triggers on
 * order_items keep as appended differences per name (order_wip_of is the rule for one line): the answer is their sum
 * per name. When writes have appended many rows, the read folds them into one per name afterwards.
 */
export async function productionOperations(db: Executor): Promise<ProductionOperationRow[]> {
  const rows = await rowsOf(db, sql`
    select operation as key, sum(lines) as lines, sum(started) as started, sum(units) as units, sum(count(*)) over () as raw
    from order_operation_wip group by 1 order by lines desc, key`);
  // A name whose rows add up to no line is no longer in progress (its rows go at the next fold).
  if (Number(rows[0]?.raw ?? 0) > rows.length + WIP_FOLD_SLACK) await db.execute(sql`select order_wip_fold()`);
  return rows.filter((r) => Number(r.lines) !== 0).map((r) => ({ key: String(r.key), label: String(r.key), lines: Number(r.lines), started: Number(r.started), units: n(r.units, 4) }));
}

/**
 * The unit cost of a material in lira, over `m` (materials), `c` (its material_costs row, joined by MATERIAL_COSTS)
 * and `r` (the last bulletin's usd and eur selling rates): its moving-average cost when it has been purchased
 * (material_costs, ADR 0039), else its list price at the rate, as costs-repository's currentCosts. The one place the
 * stock report values a material. (A join, not a sub-select per material: with a few hundred purchased materials the
 * planner scanned material_costs once per material.)
 */
export const MATERIAL_UNIT_COST_TRY = sql`coalesce(c.avg_cost, case m.material_doviz when '$' then m.material_price * r.usd when '€' then m.material_price * r.eur else m.material_price end)`;
const MATERIAL_COSTS = sql`left join material_costs c on c.stock_id = m.id`;

const LAST_RATES = sql`(select tarih::text as tarih, coalesce(usd_selling, 0) as usd, coalesce(eur_selling, 0) as eur from tcmb_rates order by tarih desc limit 1)`;

/** A numeric as JSON: rounded to `places`, without trailing zeros (as the serializer writes a number); null stays null. */
const jsonNum = (e: SQL, places: number) => sql`coalesce(trim_scale(round(${e}, ${sql.raw(String(places))}))::text, 'null')`;
/** A text as JSON (quoted and escaped); null stays null. */
const jsonText = (e: SQL) => sql`coalesce(to_json(${e}::text)::text, 'null')`;

/**
 * One row of the stock report as JSON text, stockRowSchema's fields in its order, as the route's serializer writes
 * them (numbers rounded as the figures are: quantities to 4 places, the value to 2).
 */
function stockRowJson(f: { key: SQL; label: SQL; category: SQL; materials: SQL; stock: SQL; unit: SQL; minStock: SQL; shortfall: SQL; lastMovement: SQL; value: SQL }): SQL {
  return sql`'{"key":' || ${jsonText(f.key)} || ',"label":' || ${jsonText(f.label)} || ',"category":' || ${jsonText(f.category)}
    || ',"materials":' || (${f.materials})::text || ',"stock":' || ${jsonNum(sql`coalesce(${f.stock}, 0)`, 4)} || ',"unit":' || ${jsonText(sql`coalesce(${f.unit}, '')`)}
    || ',"minStock":' || ${jsonNum(f.minStock, 4)} || ',"shortfall":' || ${jsonNum(f.shortfall, 4)} || ',"lastMovement":' || ${jsonText(f.lastMovement)}
    || ',"value":' || ${jsonNum(sql`coalesce(${f.value}, 0)`, 2)} || '}'`;
}

/** Rows of material_stock_sums beyond one per key at which a read folds them (material_stock_sums_fold). */
const STOCK_SUMS_FOLD_SLACK = 500;

/**
 * The stock report's rows as one JSON array text (stockRowSchema), written by PostgreSQL, and the date of the bulletin
 * it valued foreign prices at. Slow movers and materials below their minimum are one row per material (2,000 rows on
 * the bench's data): read column by column by node-pg, made into objects and serialised again they cost the API about
 * twice what PostgreSQL spends writing the text (issue 26's 200 ms p95; docs/performance.md). reports.test.ts holds
 * the figures to values computed from the rows, and each view's text to what the serializer writes for it.
 * ADR 0057: stock per category sums material_stock_sums (kept per category and unit by triggers); below minimum and
 * slow movers answer a page (`total` with it), its materials read in order from a partial index of materials
 * (materials_below_min_idx: the most short first; materials_unmoved_idx: the longest unmoved first), their totals from
 * the kept sums (below: the kept count; slow: the materials with stock less those moved since, read from the index).
 */
export async function stockReport(db: Executor, q: StockQuery): Promise<{ rateDate: string | null; rows: string; total?: number }> {
  const rates = sql`(select * from ${LAST_RATES} x union all select null, 0, 0 where not exists (select 1 from tcmb_rates)) r`;
  // Each view's rows: `j` the row's JSON, s1 to s3 the order (`order`). (`offset 0` keeps a row view's sub-select
  // whole, so each material's value is computed once, not again for the sort.)
  let rows: SQL;
  let order = sql`t.s1 desc nulls first, t.s2, t.s3`;
  let total = sql`null`;
  const since = new Date(Date.now() - q.days * 86_400_000);
  const offset = (q.page - 1) * q.pageSize;
  if (q.view === 'category') {
    // Per category: the kept sums of its units with stock (the value in parts: the rates multiply a sum once).
    rows = sql`select ${stockRowJson({
      key: sql`g.key`, label: sql`g.key`, category: sql`g.key`, materials: sql`g.materials`, stock: sql`g.stock`,
      unit: sql`case when g.units > 1 then '' else g.unit end`, minStock: sql`null::numeric`, shortfall: sql`null::numeric`,
      lastMovement: sql`null`, value: sql`g.value`,
    })} as j, g.value as s1, g.key as s2, null::text as s3
      from (select u.category as key, sum(u.n) as materials, sum(u.stock) as stock, min(u.unit) as unit, count(*) as units,
        sum(u.avg_value) + sum(u.usd_price) * r.usd + sum(u.eur_price) * r.eur + sum(u.try_value) as value
        from (select category, unit, sum(n) as n, sum(stock) as stock, sum(avg_value) as avg_value, sum(usd_price) as usd_price,
          sum(eur_price) as eur_price, sum(try_value) as try_value
          from material_stock_sums group by 1, 2 having sum(n) > 0) u cross join ${rates}
        group by u.category, r.usd, r.eur) g`;
  } else if (q.view === 'slow') {
    // One page of them, the longest unmoved first (materials_unmoved_idx); only the page's materials are valued.
    const page = sql`(select p.* from materials p where p.id in (select x.id from materials x
      where x.stock_sum > 0 and (x.last_movement_at is null or x.last_movement_at < ${since})
      order by x.last_movement_at nulls first, x.id limit ${q.pageSize} offset ${offset}))`;
    rows = sql`select ${stockRowJson({
      key: sql`s.id`, label: sql`s.material_name`, category: sql`s.material_category`, materials: sql`1`, stock: sql`s.stock_sum`,
      unit: sql`s.material_unit`, minStock: sql`null::numeric`, shortfall: sql`null::numeric`,
      lastMovement: sql`to_char(s.last_movement_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, value: sql`s.value`,
    })} as j, s.last_movement_at as s1, s.id as s2, null::text as s3
      from (select m.id, m.material_name, m.material_category, m.stock_sum, m.material_unit, m.last_movement_at,
        m.stock_sum * ${MATERIAL_UNIT_COST_TRY} as value
        from ${page} m ${MATERIAL_COSTS} cross join ${rates}) s`;
    order = sql`t.s1 nulls first, t.s2`;
    // The materials with stock (kept) less those moved since (from the index: the recent ones only).
    total = sql`(select coalesce(sum(n), 0) from material_stock_sums) - (select count(*) from materials x where x.stock_sum > 0 and x.last_movement_at >= ${since})`;
  } else {
    // One page of them, the most short first (ADR 0052), read in order from materials_below_min_idx (ADR 0057); only
    // the page's materials are joined to their costs and valued.
    const page = sql`(select p.* from materials p where p.id in (select x.id from materials x
      where x.min_stock is not null and x.stock_sum < x.min_stock
      order by x.min_stock - x.stock_sum desc, x.material_name, x.id limit ${q.pageSize} offset ${offset}))`;
    rows = sql`select ${stockRowJson({
      key: sql`b.id`, label: sql`b.material_name`, category: sql`b.material_category`, materials: sql`1`, stock: sql`b.stock_sum`,
      unit: sql`b.material_unit`, minStock: sql`b.min_stock`, shortfall: sql`b.shortfall`, lastMovement: sql`null`, value: sql`b.value`,
    })} as j, b.shortfall as s1, b.material_name as s2, b.id as s3
      from (select m.id, m.material_name, m.material_category, m.stock_sum, m.material_unit, m.min_stock, m.min_stock - m.stock_sum as shortfall,
        greatest(m.min_stock - m.stock_sum, 0) * ${MATERIAL_UNIT_COST_TRY} as value
        from ${page} m ${MATERIAL_COSTS} cross join ${rates}) b`;
    total = sql`(select coalesce(sum(below), 0) from material_stock_sums)`;
  }
  const [r] = await rowsOf(db, sql`
    select (select x.tarih from ${LAST_RATES} x) as rate_date, (select '[' || coalesce(string_agg(t.j, ',' order by ${order}), '') || ']' from (${rows}) t) as rows,
      ${total} as total, (select count(*) from material_stock_sums) as raw`);
  // Writes append rows; when they outnumber the keys, fold them (the answer is the same either way).
  if (Number(r.raw) > STOCK_SUMS_FOLD_SLACK) {
    const [k] = await rowsOf(db, sql`select count(*) as keys from (select 1 from material_stock_sums group by category, unit) k`);
    if (Number(r.raw) > Number(k.keys) + STOCK_SUMS_FOLD_SLACK) await db.execute(sql`select material_stock_sums_fold()`);
  }
  return {
    rateDate: r.rate_date === null || r.rate_date === undefined ? null : String(r.rate_date), rows: String(r.rows),
    ...(r.total === null || r.total === undefined ? {} : { total: Number(r.total) }),
  };
}

/**
 * The stock report computed from the materials (the definition the kept sums answer, before ADR 0057): every row of
 * the view, in its order, as objects. material-stock-sums.test.ts and reports.test.ts compare stockReport with it.
 */
export async function stockRowsFromMaterials(db: Executor, q: StockQuery): Promise<Raw[]> {
  const rates = sql`(select * from ${LAST_RATES} x union all select null, 0, 0 where not exists (select 1 from tcmb_rates)) r`;
  if (q.view === 'category') {
    return rowsOf(db, sql`select m.material_category as key, count(*)::int as materials, trim_scale(round(sum(m.stock_sum), 4))::float8 as stock,
        case when count(distinct m.material_unit) > 1 then '' else min(m.material_unit) end as unit,
        trim_scale(round(sum(m.stock_sum * ${MATERIAL_UNIT_COST_TRY}), 2))::float8 as value
      from materials m ${MATERIAL_COSTS} cross join ${rates}
      where m.stock_sum > 0 group by 1 order by sum(m.stock_sum * ${MATERIAL_UNIT_COST_TRY}) desc, 1`);
  }
  const since = new Date(Date.now() - q.days * 86_400_000);
  if (q.view === 'slow') {
    return rowsOf(db, sql`select m.id as key from materials m
      where m.stock_sum > 0 and (m.last_movement_at is null or m.last_movement_at < ${since})
      order by m.last_movement_at nulls first, m.id`);
  }
  return rowsOf(db, sql`select m.id as key from materials m where m.min_stock is not null and m.stock_sum < m.min_stock
    order by m.min_stock - m.stock_sum desc, m.material_name, m.id`);
}

/** A purchase counted as spend: ordered, in control or completed (a request is not yet bought, a canceled one never). */
const SPENT = sql`b.satinalma_durumu between 1 and 3`;
/** Ordered but not yet received. */
const OPEN = sql`b.satinalma_durumu between 1 and 2`;

export async function purchasingReport(db: Executor, q: PurchasingQuery): Promise<Pick<PurchasingReport, 'rows' | 'open'>> {
  const { start, end } = bounds(q);
  const at = sql`coalesce(b.siparis_tarihi, b.talep_tarihi)`;
  const key = q.by === 'month' ? sql`to_char(date_trunc('month', ${at} at time zone ${TZ}), 'YYYY-MM')` : sql`coalesce(b.tedarikci_id, 'name:' || b.tedarikci_adi)`;
  const rows = await rowsOf(db, sql`
    select ${key} as key, min(b.tedarikci_adi) as label, count(*) as purchases, coalesce(sum(b.tl_total), 0) as amount
    from buyings b
    where ${SPENT} and ${at} >= ${start} and ${at} < ${end}
    group by 1 order by ${q.by === 'month' ? sql`key` : sql`amount desc, key`}`);
  const [open] = await rowsOf(db, sql`select count(*) as purchases, coalesce(sum(b.tl_total), 0) as amount from buyings b where ${OPEN}`);
  return {
    rows: rows.map((r): PurchasingRow => ({
      key: String(r.key), label: q.by === 'month' ? String(r.key) : String(r.label || r.key), purchases: Number(r.purchases), amount: n(r.amount),
    })),
    open: { purchases: Number(open.purchases), amount: n(open.amount) },
  };
}
