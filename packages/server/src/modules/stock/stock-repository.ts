import { sql } from 'drizzle-orm';
import { round, totalPages, QTY_PLACES } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { param, preparedSql } from '../../lib/prepared.js';

const LEDGERS = {
  material: { mv: 'material_movements', owner: 'materials', days: 'material_ledger_days', fk: 'stock_id' },
  product: { mv: 'product_movements', owner: 'products', days: 'product_ledger_days', fk: 'product_id' },
} as const;

type Kind = keyof typeof LEDGERS;

interface RawRow { h_sum: string; h_in: string; h_out: string; h_n: number | string; rows: string }

/**
 * One page of an owner's movements, newest first, with running totals accumulated ascending by
 * (operation_date, creation order). One statement, so page, totals and count share one snapshot.
 *
 * A material may have 100k+ movements. The page's first day comes from the owner's day buckets (movement counts and
 * sums per day, kept by the ledger), read newest first from an index alone and only as far as the page's day; the
 * page is then an index range scan (stock_id, operation_date, seq) from the end of that day, skipping (OFFSET) only
 * that day's newer rows. The running total of a row is the owner's balance (kept by the ledger) minus everything
 * newer: the sums of the newer days, from the same bucket scan, and the newer rows of the page's day and of the page,
 * accumulated over the rows the scan reads anyway. So any page costs the buckets down to its day and one day's rows.
 *
 * The rows come as one JSON array text built by PostgreSQL from each movement's `answer_json` (materialMovementSchema's
 * JSON of the row, without runTotal: decimals without trailing zeros, dates in toISOString's form), which a trigger
 * keeps from the row's own columns on every insert and update (migration 0019), with the running total appended.
 * A page of 50 rows of 25 fields was otherwise parsed field by field by node-pg, made into objects and serialised
 * again (about half of the API's CPU for the page), or built as JSON per request (about 0.4 ms of PostgreSQL's per
 * page; docs/performance.md). The test 'each row of a page is the movement as GET /stock/:id answers it' holds the
 * two forms equal.
 */
async function ledgerPage(db: Executor, kind: Kind, id: string, page: number, pageSize: number) {
  const L = LEDGERS[kind];
  const mv = sql.raw(L.mv);
  const fk = sql.raw(L.fk);
  const off = (page - 1) * pageSize;
  const days = sql.raw(L.days);
  // A named prepared statement per ledger (lib/prepared.ts): built and parsed once, planned once (its generic plan is
  // as good as a custom one: the page starts from the day buckets either way).
  const ownerId = param('owner');
  const res = await preparedSql<RawRow>(db, `ledger:${kind}`, () => sql`
    with d as (
      -- the owner's days, newest first, with the movements (and their sum) of that day and all newer days
      select day, moves, sum_qty, sum(moves) over w as upto, sum(sum_qty) over w as upto_qty
      from ${days} where ${fk} = ${ownerId} window w as (order by day desc rows unbounded preceding)
    ), s as (
      -- the newest day on which the page starts, how many movements lie on newer days and their sum
      select day, upto - moves as newer, upto_qty - sum_qty as newer_qty from d where upto > ${param('off')}::int order by day desc limit 1
    ), r as (
      -- that day's rows newer than the page, then the page; k counts them, upto_here sums them down to each row
      select m.id, m.operation_date, m.seq, m.sum_qty, m.answer_json, row_number() over o as k, sum(m.sum_qty) over o as upto_here
      from ${mv} m where m.${fk} = ${ownerId}
        and m.operation_date < coalesce((select (s.day + 1)::timestamp at time zone 'UTC' from s), '-infinity'::timestamptz)
      window o as (order by m.operation_date desc, m.seq desc rows unbounded preceding)
      order by m.operation_date desc, m.seq desc limit ${param('size')}::int + coalesce((select ${param('off')}::int - s.newer from s), 0)
    ), hdr as (
      select o.stock_sum, o.stock_in, o.stock_out, o.stock_moves as n from ${sql.raw(L.owner)} o where o.id = ${ownerId}
    )
    select hdr.stock_sum::text as h_sum, hdr.stock_in::text as h_in, hdr.stock_out::text as h_out, hdr.n as h_n,
      '[' || coalesce(string_agg(left(pg.answer_json, -1)
        -- the balance after this row: the owner's balance minus every newer movement
        || ',"runTotal":' || trim_scale(round(hdr.stock_sum - coalesce((select s.newer_qty from s), 0) - (pg.upto_here - pg.sum_qty), 4))::text || '}',
        ',' order by pg.operation_date desc, pg.seq desc) filter (where pg.id is not null), '') || ']' as rows
    from hdr left join (select * from r where r.k > coalesce((select ${param('off')}::int - s.newer from s), 0)) pg on true
    group by hdr.stock_sum, hdr.stock_in, hdr.stock_out, hdr.n`).execute({ owner: id, off, size: pageSize });
  const h = res.rows?.[0];
  if (!h) throw notFound();
  const total = Number(h.h_n);
  // The answer's text, in the order of the list schemas (stock, page, totalPage, totalItemCount, totalIn, totalOut, balance).
  return `{"stock":${h.rows},"page":${JSON.stringify(page)},"totalPage":${JSON.stringify(totalPages(total, pageSize))},`
    + `"totalItemCount":${JSON.stringify(total)},"totalIn":${JSON.stringify(round(h.h_in, QTY_PLACES))},`
    + `"totalOut":${JSON.stringify(round(h.h_out, QTY_PLACES))},"balance":${JSON.stringify(round(h.h_sum, QTY_PLACES))}}`;
}

/** A material's ledger page as the JSON text of materialMovementListSchema. */
export function materialLedgerPage(db: Executor, materialId: string, page: number, pageSize: number): Promise<string> {
  return ledgerPage(db, 'material', materialId, page, pageSize);
}

/** A product's ledger page as the JSON text of productMovementListSchema. */
export function productLedgerPage(db: Executor, productId: string, page: number, pageSize: number): Promise<string> {
  return ledgerPage(db, 'product', productId, page, pageSize);
}
