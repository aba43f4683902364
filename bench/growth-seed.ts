// The growth bench's data (issue 27; bench/growth.ts): the bench's data set made F times larger in SQL, by copying
// the 1× rows (ids without '~') of the tables that grow with use with the suffix '~k' for k = from+1..to: products,
// materials, material movements, companies, users, offers with their items, order lines. Copies keep their links
// (an item's offer, a line's offer and offer item get the same suffix); unique values get the suffix too (offer
// number, user email) or a shifted number (offer sequence). Afterwards the derived data are filled afresh
// (balances, hour buckets, the kept sums) and the tables vacuumed and analysed, as a running server would have them.
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/database.js';
import { recomputeStockSums } from '../packages/server/src/modules/stock/ledger-repository.js';

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as Rows<T>).rows;

/** Column expressions that differ in a copy (k is the copy's number); every other column is copied as is. */
const OVERRIDES: Record<string, Record<string, string>> = {
  products: { id: `id || '~' || k` },
  materials: { id: `id || '~' || k` },
  material_movements: { id: `id || '~' || k`, reverses_id: `case when reverses_id is null then null else reverses_id || '~' || k end` },
  companies: { id: `id || '~' || k` },
  users: { id: `id || '~' || k`, email: `k || '.' || email` },
  offers: { id: `id || '~' || k`, teklif_no: `teklif_no || '~' || k`, teklif_sira: `teklif_sira + k * 100000` },
  offer_items: { id: `id || '~' || k`, offer_id: `offer_id || '~' || k` },
  order_items: {
    id: `id || '~' || k`, offer_id: `case when offer_id is null then null else offer_id || '~' || k end`,
    offer_item_id: `case when offer_item_id is null then null else offer_item_id || '~' || k end`,
  },
};

/**
 * Once, at 1×: 4,000 open lines (status 1-3) become the lines of 1,000 open orders (4 each), as in
 * bench/orders-views.ts, so the overview's pages carry lines.
 */
export async function linkOrders(db: Db): Promise<void> {
  await db.execute(sql`
    update order_items l set offer_id = x.offer_id
    from (select i.id, o.id as offer_id from
      (select id, row_number() over (order by id) as n from order_items where siparis_durumu between 1 and 3 and urun_miktari < 1000000 and offer_id is null) i
      join (select id, row_number() over (order by id) as n from offers where teklif_durumu between 1 and 3) o on o.n = 1 + (i.n - 1) / 4
      where i.n <= 4000) x
    where l.id = x.id`);
}

/** Copies k = from+1..to of every 1× row of the growing tables, then the derived data and statistics. */
export async function growData(db: Db, from: number, to: number, log: (m: string) => void): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  for (const table of Object.keys(OVERRIDES)) {
    const t0 = Date.now();
    const cols = await rows<{ column_name: string }>(db, sql`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' and is_identity = 'NO' order by ordinal_position`);
    const names = cols.map((c) => c.column_name);
    const o = OVERRIDES[table];
    const list = names.map((n) => `"${n}"`).join(', ');
    const exprs = names.map((n) => o[n] ?? `"${n}"`).join(', ');
    // One statement per copy: each is one transaction of the 1× rows' size (the statement triggers see one copy).
    for (let k = from + 1; k <= to; k++) {
      await db.execute(sql.raw(`insert into ${table} (${list}) select ${exprs} from ${table} cross join (select ${k} as k) c where position('~' in id) = 0`));
    }
    timings[table] = Date.now() - t0;
    log(`  ${table}: copies ${from + 1}-${to} in ${timings[table]} ms`);
  }
  let t0 = Date.now();
  await recomputeStockSums(db); // balances, then the hour buckets (ledger_buckets_refill)
  timings.derived = Date.now() - t0;
  log(`  balances and hour buckets in ${timings.derived} ms`);
  t0 = Date.now();
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`).catch(() => undefined);
  timings.vacuum = Date.now() - t0;
  log(`  vacuum analyze in ${timings.vacuum} ms`);
  return timings;
}
