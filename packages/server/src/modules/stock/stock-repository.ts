/**
 * The stock screens' reads of the ledger: a material's or product's movement page, one movement, the day's movements
 * out of stock. The ledger's writes (movements, balances, hour buckets) are ledger-repository.ts.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { round, totalPages, QTY_PLACES, type MaterialMovement, type StockOut } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { materialMovements, productMovements } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { param, preparedSql } from '../../lib/prepared.js';
import { toMaterialMovement } from './ledger-repository.js';

const LEDGERS = {
  material: { mv: 'material_movements', owner: 'materials', buckets: 'material_ledger_hours', fk: 'stock_id' },
  product: { mv: 'product_movements', owner: 'products', buckets: 'product_ledger_hours', fk: 'product_id' },
} as const;

export type Kind = keyof typeof LEDGERS;

interface RawRow { h_sum: string; h_in: string; h_out: string; h_n: number | string; rows: string }

/**
 * One page of an owner's movements, newest first, with running totals accumulated ascending by
 * (operation_date, creation order). One statement, so page, totals and count share one snapshot.
 *
 * A material may have 100k+ movements. Each of the owner's hour buckets (kept by the ledger) holds the hour's count and
 * sum and its position: the count and sum of all movements in earlier hours. The page's first row is, counted from the
 * oldest, at n - 1 - offset; its hour is the last whose position is at or before that, found in one probe of an index
 * on the positions (migration 0020). The page is then an index range scan (stock_id, operation_date, seq) from the end
 * of that hour, skipping only that hour's rows newer than the page. The running total of a row is the owner's balance
 * (kept by the ledger) minus everything newer: the movements of the later hours (balance - the hour's position sum -
 * the hour's sum) and the newer rows of the hour and of the page, accumulated over the rows the scan reads anyway. So
 * any page costs one probe and about one hour's rows besides its own (ADR 0033; before, day buckets were summed from
 * the newest down to the page's day, and the page's day was read from its end). That scan reads keys and signed
 * quantities from the ledger index alone (it holds sum_qty, migration 0043), and the page's stored answers are then
 * read by one range of the same index between the page's first and last keys: the heap is read for the page's rows
 * only, not for the hour's rows skipped, which grow with how busy an hour is (ADR 0056).
 *
 * The rows come as one JSON array text built by PostgreSQL from each movement's `answer_head` (materialMovementSchema's
 * JSON of the row, without runTotal and without the closing brace: decimals without trailing zeros, dates in
 * toISOString's form), which a trigger keeps from the row's own columns on every insert and update (migrations 0019,
 * 0020), with the running total and the brace appended. A page of 50 rows of 25 fields was otherwise parsed field by
 * field by node-pg, made into objects and serialised again (about half of the API's CPU for the page), or built as JSON
 * per request (about 0.4 ms of PostgreSQL's per page; docs/performance.md). The test 'each row of a page is the
 * movement as GET /stock/:id answers it' holds the two forms equal. A row without its stored text (never written so,
 * but the column can be null) is built on the spot rather than left out.
 */
async function ledgerPage(db: Executor, kind: Kind, id: string, page: number, pageSize: number) {
  const off = (page - 1) * pageSize;
  // A named prepared statement per ledger (lib/prepared.ts): built and parsed once, planned once (its generic plan is
  // as good as a custom one: every step is an index probe or a range scan from one).
  const res = await preparedSql<RawRow>(db, `ledger:${kind}`, () => ledgerPageSql(kind)).execute({ owner: id, off, size: pageSize });
  const h = res.rows?.[0];
  if (!h) throw notFound();
  const total = Number(h.h_n);
  // The answer's text, in the order of the list schemas (stock, page, totalPage, totalItemCount, totalIn, totalOut, balance).
  return `{"stock":${h.rows},"page":${JSON.stringify(page)},"totalPage":${JSON.stringify(totalPages(total, pageSize))},`
    + `"totalItemCount":${JSON.stringify(total)},"totalIn":${JSON.stringify(round(h.h_in, QTY_PLACES))},`
    + `"totalOut":${JSON.stringify(round(h.h_out, QTY_PLACES))},"balance":${JSON.stringify(round(h.h_sum, QTY_PLACES))}}`;
}

/** The ledger page's statement (see ledgerPage), with the placeholders owner, off (rows before the page) and size. */
export function ledgerPageSql(kind: Kind): SQL {
  const L = LEDGERS[kind];
  const mv = sql.raw(L.mv);
  const fk = sql.raw(L.fk);
  const owner = sql.raw(L.owner);
  const buckets = sql.raw(L.buckets);
  const answer = sql.raw(`${kind}_movement_answer`);
  const ownerId = param('owner');
  return sql`
    with hdr as (
      select o.stock_sum, o.stock_in, o.stock_out, o.stock_moves as n from ${owner} o where o.id = ${ownerId}
    ), s as (
      -- the page's first hour; skip: that hour's movements newer than the page; newer_qty: the sum of the later hours
      select d.hour, d.older_moves + d.moves - hdr.n + ${param('off')}::int as skip, hdr.stock_sum - d.older_qty - d.sum_qty as newer_qty
      from hdr, ${buckets} d
      -- (the count as a sub-select, not hdr.n: so it bounds the index scan instead of filtering its rows)
      where d.${fk} = ${ownerId} and d.older_moves <= (select o.stock_moves from ${owner} o where o.id = ${ownerId}) - 1 - ${param('off')}::int
      order by d.older_moves desc, d.hour desc limit 1
    ), r as (
      -- that hour's rows newer than the page, then the page; k counts them, upto_here sums them down to each row: keys
      -- and quantities only, from the ledger index alone (ADR 0056)
      select m.operation_date, m.seq, m.sum_qty, row_number() over o as k, sum(m.sum_qty) over o as upto_here
      from ${mv} m where m.${fk} = ${ownerId}
        and m.operation_date < coalesce((select (s.hour + interval '1 hour') at time zone 'UTC' from s), '-infinity'::timestamptz)
      window o as (order by m.operation_date desc, m.seq desc rows unbounded preceding)
      order by m.operation_date desc, m.seq desc limit ${param('size')}::int + coalesce((select s.skip from s), 0)
    ), e as (
      -- the page's first and last row's keys, and the sum of the newer rows skipped before it
      select (array_agg(pg.operation_date order by pg.k))[1] as d0, (array_agg(pg.seq order by pg.k))[1] as s0,
        (array_agg(pg.upto_here - pg.sum_qty order by pg.k))[1] as skipped,
        (array_agg(pg.operation_date order by pg.k desc))[1] as d1, (array_agg(pg.seq order by pg.k desc))[1] as s1
      from r pg where pg.k > coalesce((select s.skip from s), 0)
    ), p as (
      -- the page's rows with their stored answers: one range of the ledger index between those keys (the heap read
      -- for the page's rows only); up_to sums them down to each row
      select m.operation_date, m.seq, m.sum_qty, coalesce(m.answer_head, left(${answer}(m), -1)) as head,
        sum(m.sum_qty) over (order by m.operation_date desc, m.seq desc rows unbounded preceding) as up_to
      from ${mv} m where m.${fk} = ${ownerId}
        and (m.operation_date, m.seq) <= ((select e.d0 from e), (select e.s0 from e))
        and (m.operation_date, m.seq) >= ((select e.d1 from e), (select e.s1 from e))
    )
    select hdr.stock_sum::text as h_sum, hdr.stock_in::text as h_in, hdr.stock_out::text as h_out, hdr.n as h_n,
      -- (a sub-select, not a grouped join: the group by sorted the page's rows once more)
      (select '[' || coalesce(string_agg(pg.head
        -- the balance after this row: the owner's balance minus every newer movement
        || ',"runTotal":' || trim_scale(round(hdr.stock_sum - coalesce((select s.newer_qty from s), 0) - (select e.skipped from e) - (pg.up_to - pg.sum_qty), 4))::text || '}',
        ',' order by pg.operation_date desc, pg.seq desc), '') || ']'
       from p pg) as rows
    from hdr`;
}

/** A material's ledger page as the JSON text of materialMovementListSchema. */
export function materialLedgerPage(db: Executor, materialId: string, page: number, pageSize: number): Promise<string> {
  return ledgerPage(db, 'material', materialId, page, pageSize);
}

/** A product's ledger page as the JSON text of productMovementListSchema. */
export function productLedgerPage(db: Executor, productId: string, page: number, pageSize: number): Promise<string> {
  return ledgerPage(db, 'product', productId, page, pageSize);
}

/** Whether a material has any stock movement (a material with movements is not deleted). */
export async function materialHasMovements(tx: Executor, materialId: string): Promise<boolean> {
  const [m] = await tx.select({ id: materialMovements.id }).from(materialMovements).where(eq(materialMovements.stock_id, materialId)).limit(1);
  return !!m;
}

/** Whether a product has any stock movement (a product with movements is not deleted). */
export async function productHasMovements(tx: Executor, productId: string): Promise<boolean> {
  const [m] = await tx.select({ id: productMovements.id }).from(productMovements).where(eq(productMovements.product_id, productId)).limit(1);
  return !!m;
}

/** One material movement as GET /stock/:id answers it, or null. */
export async function findMaterialMovement(db: Executor, id: string): Promise<MaterialMovement | null> {
  const [row] = await db.select().from(materialMovements).where(eq(materialMovements.id, id)).limit(1);
  return row ? toMaterialMovement(row) : null;
}

/** At most this many rows of one day. */
export const STOCK_OUT_DAY_LIMIT = 500;

interface Raw {
  id: string; operation_date: string; stock_id: string; stock_name: string; stock_category: string; stock_group: string; qty: string; unit: string;
  productname: string | null; product_id: string | null; order_id: string | null; orderitem_id: string | null; operation_center: string; description: string;
}

/**
 * 'Materials used today' (spec 000 2.5, 7): a day's material movements out of stock, newest first, with the
 * product of the order line they were used for. Undone movements (and the reversals themselves) are not use.
 */
export async function materialsOut(db: Executor, start: Date, end: Date): Promise<{ stock: StockOut[] }> {
  const res = await db.execute(sql`
    select m.id, to_char(m.operation_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as operation_date,
      m.stock_id, m.stock_name, m.stock_category, m.stock_group, m.qty::text as qty, m.unit,
      oi.urun_adi as productname, oi.product_id, m.order_id, m.orderitem_id, m.operation_center, m.description
    from material_movements m
    left join order_items oi on oi.id = m.orderitem_id
    where m.operation_type = 'cikis' and m.operation_date >= ${start.toISOString()}::timestamptz and m.operation_date < ${end.toISOString()}::timestamptz
      and m.reverses_id is null
      and not exists (select 1 from material_movements r where r.reverses_id = m.id)
    order by m.operation_date desc, m.seq desc
    limit ${STOCK_OUT_DAY_LIMIT}::int`);
  const rows = (res as unknown as { rows: Raw[] }).rows ?? [];
  return {
    stock: rows.map((r) => ({
      _id: r.id, operation_date: r.operation_date, stock_id: r.stock_id, stock_name: r.stock_name, stock_category: r.stock_category, stock_group: r.stock_group,
      qty: round(r.qty, QTY_PLACES), unit: r.unit, productname: r.productname ?? '', product_id: r.product_id, order_id: r.order_id, orderitem_id: r.orderitem_id,
      operation_center: r.operation_center, description: r.description,
    })),
  };
}
