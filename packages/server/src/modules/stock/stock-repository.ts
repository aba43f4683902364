import { sql } from 'drizzle-orm';
import { round, totalPages, QTY_PLACES } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { param, preparedSql } from '../../lib/prepared.js';
import { toMaterialMovement, toProductMovement, type MaterialMovementRow, type ProductMovementRow } from './ledger.js';

const LEDGERS = {
  material: { mv: 'material_movements', owner: 'materials', days: 'material_ledger_days', fk: 'stock_id', names: 'stock_name, stock_category, stock_group' },
  product: { mv: 'product_movements', owner: 'products', days: 'product_ledger_days', fk: 'product_id', names: 'productname' },
} as const;

type Kind = keyof typeof LEDGERS;

interface RawRow {
  h_sum: string; h_in: string; h_out: string; h_n: number | string;
  id: string | null; run_total: string | null;
  [k: string]: unknown;
}

/**
 * One page of an owner's movements, newest first, with running totals accumulated ascending by
 * (operation_date, creation order). One statement, so page, totals and count share one snapshot.
 *
 * A material may have 100k+ movements: the page itself is an index range scan (stock_id, operation_date, seq) that
 * starts on the page's first day, found from the day buckets' movement counts (so a page deep in the ledger skips
 * whole days instead of reading and discarding every newer movement: OFFSET only within that day);
 * the count and the totals are the owner's columns kept by the ledger; the balance before the page's oldest
 * row is the sum of the owner's day buckets before that row's day plus that day's earlier rows (also kept by
 * the ledger), so any page costs its rows, the buckets and one day's rows; the window function then
 * accumulates over the page only.
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
      select day, moves, sum(moves) over (order by day desc) as upto from ${days} where ${fk} = ${ownerId}
    ), s as (
      -- the newest day on which the page starts, and how many newer movements lie before that day
      select day, upto - moves as newer from d where upto > ${param('off')}::int order by day desc limit 1
    ), pg as (
      select * from ${mv} where ${fk} = ${ownerId}
        and operation_date < coalesce((select (s.day + 1)::timestamp at time zone 'UTC' from s), '-infinity'::timestamptz)
      order by operation_date desc, seq desc limit ${param('size')}::int offset coalesce((select ${param('off')}::int - s.newer from s), 0)
    ), hdr as (
      select o.stock_sum, o.stock_in, o.stock_out, o.stock_moves as n from ${sql.raw(L.owner)} o where o.id = ${ownerId}
    ), first as (
      select operation_date, seq, (operation_date at time zone 'UTC')::date as day from pg order by operation_date, seq limit 1
    ), base as (
      select
        coalesce((select sum(d.sum_qty) from ${sql.raw(L.days)} d where d.${fk} = ${ownerId} and d.day < first.day), 0)
        + coalesce((select sum(m.sum_qty) from ${mv} m where m.${fk} = ${ownerId}
            and m.operation_date >= (first.day::timestamp at time zone 'UTC') and (m.operation_date, m.seq) < (first.operation_date, first.seq)), 0) as b
      from first
    )
    select hdr.stock_sum::text as h_sum, hdr.stock_in::text as h_in, hdr.stock_out::text as h_out, hdr.n as h_n,
      pg.id, pg.${fk}, ${sql.raw(L.names.split(', ').map((c) => `pg.${c}`).join(', '))},
      pg.order_id, pg.orderitem_id, pg.ref_id, pg.source, pg.reverses_id,
      to_char(pg.operation_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as operation_date,
      pg.operation_center, pg.operation_type, pg.qty::text as qty, pg.unit, pg.description, pg.price::text as price, pg.doviz,
      pg.sum_qty::text as sum_qty, pg.sum_price::text as sum_price, pg.person, pg.person_id,
      to_char(pg.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, pg.version,
      (base.b + sum(pg.sum_qty) over (order by pg.operation_date, pg.seq rows unbounded preceding))::text as run_total
    from hdr left join base on true left join pg on true
    order by pg.operation_date desc, pg.seq desc`).execute({ owner: id, off, size: pageSize });
  const rows = res.rows ?? [];
  if (rows.length === 0) throw notFound();
  const h = rows[0];
  const total = Number(h.h_n);
  return {
    rows: rows.filter((r) => r.id !== null),
    page, totalPage: totalPages(total, pageSize), totalItemCount: total,
    totalIn: round(h.h_in, QTY_PLACES), totalOut: round(h.h_out, QTY_PLACES), balance: round(h.h_sum, QTY_PLACES),
  };
}

export async function materialLedgerPage(db: Executor, materialId: string, page: number, pageSize: number) {
  const { rows, ...rest } = await ledgerPage(db, 'material', materialId, page, pageSize);
  return { stock: rows.map((r) => toMaterialMovement(r as unknown as MaterialMovementRow, r.run_total ?? 0)), ...rest };
}

export async function productLedgerPage(db: Executor, productId: string, page: number, pageSize: number) {
  const { rows, ...rest } = await ledgerPage(db, 'product', productId, page, pageSize);
  return { stock: rows.map((r) => toProductMovement(r as unknown as ProductMovementRow, r.run_total ?? 0)), ...rest };
}
