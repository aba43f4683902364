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

/**
 * The copy's stored JSON text (a movement's answer_head, an offer's list_json), made from the source row's text rather
 * than by the functions that write it (material_movement_answer, offer_list_json: 20 M calls at 100×): the leading
 * "_id" and the `key` field get the copy's values (to_json quotes them as row_to_json does). verifyDerived holds the
 * last copy's text equal to the functions'.
 */
function jsonSwap(column: string, key: string): string {
  const head = `'{"_id":' || to_json(t.id || '~' || k)::text || substr(t.${column}, length('{"_id":' || to_json(t.id)::text) + 1)`;
  return `case when t.${column} is null then null when t.${key} is null then ${head}
    else replace(${head}, '"${key}":' || to_json(t.${key})::text, '"${key}":' || to_json(t.${key} || '~' || k)::text) end`;
}

/** Column expressions that differ in a copy (k is the copy's number); every other column is copied as is. */
const OVERRIDES: Record<string, Record<string, string>> = { // (t: the 1× row, k: the copy)
  products: { id: `id || '~' || k` },
  // A copied material has no movements (the copies of movements stay the 1× materials'): balances 0, no last movement.
  materials: { id: `id || '~' || k`, stock_sum: '0', stock_in: '0', stock_out: '0', stock_moves: '0', last_movement_at: 'null' },
  material_movements: {
    id: `id || '~' || k`, reverses_id: `case when reverses_id is null then null else reverses_id || '~' || k end`,
    answer_head: jsonSwap('answer_head', 'reverses_id'),
  },
  companies: { id: `id || '~' || k` },
  users: { id: `id || '~' || k`, email: `k || '.' || email` },
  offers: { id: `id || '~' || k`, teklif_no: `teklif_no || '~' || k`, teklif_sira: `teklif_sira + k * 100000`, list_json: jsonSwap('list_json', 'teklif_no') },
  offer_items: { id: `id || '~' || k`, offer_id: `offer_id || '~' || k` },
  order_items: {
    id: `id || '~' || k`, offer_id: `case when offer_id is null then null else offer_id || '~' || k end`,
    offer_item_id: `case when offer_item_id is null then null else offer_item_id || '~' || k end`,
  },
};

/**
 * The copied tables whose 1× seed writes its rows in date order, laid out in date order again after a copy (growData),
 * by the key of their date-ordered lists. (The 1× order lines are not written in date order: their copies keep that.)
 */
const DATE_ORDER: Record<string, string> = {
  material_movements: '(operation_date, seq)',
  offers: '(teklif_tarihi, id)',
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

/**
 * The refills of every derived structure the grown tables feed (docs/derived-data.md), run once after the copy. The
 * ledger's balances, hour buckets and last movement dates come from recomputeStockSums.
 */
const REFILLS = ['order_needs_refill', 'order_wip_refill', 'order_figure_sums_refill', 'order_open_days_refill', 'production_weeks_refill', 'product_counts_refill', 'offer_sums_refill', 'table_counts_refill'];

/**
 * The derived data of the grown set without evaluating the rules row by row (the refills take hours at 100×): the
 * data at `from`× are `from` equal copies, and the new copies equal them in every input of the rules (the same
 * operations, statuses, dates, amounts, items, products and owners; only ids and unique numbers differ), so each kept
 * sum grows by (to − from) / from times itself, a whole number here. Sums kept as appended differences
 * (order_material_needs, order_operation_wip, order_figure_sums, order_open_days, production_weeks, table_counts,
 * sales_sums) get that difference appended and are
 * folded; the ledger's hour buckets and the 1× materials' balances are multiplied (positions too); each offer's sales
 * facts are copied with the copy's id. product_counts and offer_sums (whose slot hashes the id) are refilled: cheap;
 * so is material_stock_sums (one pass over the materials, after their balances).
 * verifyDerived checks the result against the rows.
 */
async function scaleDerived(db: Db, from: number, to: number): Promise<void> {
  const q = (to - from) / from;
  const r = to / from;
  const append = (table: string, keys: string, measures: string[], extra = { cols: '', values: '' }) => db.execute(sql.raw(`
    insert into ${table} (${keys}, ${measures.join(', ')}${extra.cols}) select ${keys}, ${measures.map((m) => `${m} * ${q}`).join(', ')}${extra.values} from ${table}`));
  await append('order_material_needs', 'component, material_id, operation', ['required', 'entries', 'lines']);
  await append('order_operation_wip', 'operation', ['lines', 'started', 'units']);
  await append('order_figure_sums', 'kind, name, status', ['n', 'pct', 'open_ops', 'started_ops', 'units']);
  await append('order_open_days', 'day', ['n', 'units']);
  await append('production_weeks', 'week, bucket', ['n', 'promised', 'late']);
  await append('table_counts', 'name', ['n']);
  await append('sales_sums', 'grain, at, kind, dim, key, label', ['n', 'converted', 'try_amount', 'usd_amount', 'eur_amount'], { cols: ', folded', values: ', false' });
  for (const f of ['order_needs_fold', 'order_wip_fold', 'order_figure_sums_fold', 'order_open_days_fold', 'production_weeks_fold', 'table_counts_fold', 'sales_sums_fold']) await db.execute(sql.raw(`select ${f}()`));
  await db.execute(sql.raw(`insert into sales_offer_facts (offer_id, kind, day, dim, key, label, converted, try_amount, usd_amount, eur_amount)
    select offer_id || '~' || k, kind, day, dim, key, label, converted, try_amount, usd_amount, eur_amount
    from sales_offer_facts cross join generate_series(${from + 1}, ${to}) k where position('~' in offer_id) = 0`));
  await db.execute(sql.raw(`update material_ledger_hours set moves = moves * ${r}, sum_qty = sum_qty * ${r}, older_moves = older_moves * ${r}, older_qty = older_qty * ${r}`));
  await db.execute(sql.raw(`update materials set stock_sum = stock_sum * ${r}, stock_in = stock_in * ${r}, stock_out = stock_out * ${r}, stock_moves = stock_moves * ${r}
    where position('~' in id) = 0 and stock_moves > 0`));
  for (const f of ['product_counts_refill', 'offer_sums_refill']) await db.execute(sql.raw(`select ${f}()`));
  // The materials per category (ADR 0057) after their balances: one pass over the materials, cheap at 100× too.
  await db.execute(sql.raw('select material_stock_sums_refill()'));
}

/**
 * Copies k = from+1..to of every 1× row of the growing tables, then the derived data and statistics. For speed (100×
 * is 20 M movements): one transaction with triggers off (`session_replication_role = replica`: the derived tables'
 * statement triggers, the row triggers and the foreign-key checks), one INSERT … SELECT per table over
 * generate_series(from+1, to), the tables' secondary indexes dropped before and built again after; then each derived
 * table's refill once, the balances, and `verifyDerived` (every derived structure equal to its source, or it throws).
 * `tuneServer` (the bench's own embedded PostgreSQL only): max_wal_size raised during the copy, reset afterwards.
 */
export async function growData(db: Db, from: number, to: number, log: (m: string) => void, tuneServer = false): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const step = async (name: string, work: () => Promise<unknown>) => {
    const t0 = Date.now();
    await work();
    timings[name] = (timings[name] ?? 0) + Date.now() - t0;
    log(`  ${name} in ${Date.now() - t0} ms`);
  };
  if (tuneServer) await db.execute(sql`alter system set max_wal_size = '16GB'`).then(() => db.execute(sql`select pg_reload_conf()`));
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      await tx.execute(sql`set local work_mem = '256MB'`);
      const indexes: { indexname: string; indexdef: string }[] = [];
      for (const table of Object.keys(OVERRIDES)) {
        // Indexes that no constraint owns (a primary key or a unique constraint stays: foreign keys need them).
        const own = await rows<{ indexname: string; indexdef: string }>(tx as unknown as Db, sql`
          select i.indexname, i.indexdef from pg_indexes i
          where i.schemaname = 'public' and i.tablename = ${table}
            and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`);
        for (const i of own) await tx.execute(sql.raw(`drop index "${i.indexname}"`));
        indexes.push(...own);
      }
      for (const table of Object.keys(OVERRIDES)) {
        await step(`copy ${table}`, async () => {
          const cols = await rows<{ column_name: string; insertable: boolean }>(tx as unknown as Db, sql`
            select column_name, (is_generated = 'NEVER' and is_identity = 'NO') as insertable from information_schema.columns
            where table_schema = 'public' and table_name = ${table} order by ordinal_position`);
          const o = OVERRIDES[table];
          const ins = cols.filter((c) => c.insertable).map((c) => c.column_name);
          await tx.execute(sql.raw(`insert into ${table} (${ins.map((n) => `"${n}"`).join(', ')})
            select ${ins.map((n) => o[n] ?? `t."${n}"`).join(', ')}
            from ${table} t cross join generate_series(${from + 1}, ${to}) k where position('~' in t.id) = 0`));
        });
      }
      // The ledger and the offers in date order, as tables written over time lie (their 1× seeds write them so).
      // The copies are appended one copy after another, which put the 100 copies of a row, its neighbours in every
      // date-ordered list, far apart at 100× (a ledger page's 50 movements on 50 heap pages 19,000 pages apart), on disk
      // once the set outgrows memory. In date order they lie together, as a year of work would have written them. An
      // index scan, not a sort: no temporary copy of the table on disk.
      for (const [table, order] of Object.entries(DATE_ORDER)) {
        await step(`${table} in date order`, async () => {
          await tx.execute(sql.raw(`create index growth_date_order_tmp on ${table} ${order}`));
          await tx.execute(sql`set local enable_sort = off`);
          await tx.execute(sql.raw(`cluster ${table} using growth_date_order_tmp`));
          await tx.execute(sql`set local enable_sort = on`);
          await tx.execute(sql`drop index growth_date_order_tmp`);
        });
      }
      await step('indexes', async () => { for (const i of indexes) await tx.execute(sql.raw(i.indexdef)); });
      await step('analyze', () => tx.execute(sql.raw(`analyze ${Object.keys(OVERRIDES).join(', ')}`)));
    });
    const refillAll = () => db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const f of REFILLS) await step(f, () => tx.execute(sql.raw(`select ${f}()`)));
      await step('sales_sums_refill', () => tx.execute(sql.raw(`select sales_sums_refill()`)));
      await step('balances, hour buckets, last movements', () => recomputeStockSums(tx));
      // From the balances just computed (ADR 0057).
      await step('material_stock_sums_refill', () => tx.execute(sql.raw('select material_stock_sums_refill()')));
    });
    let scaled = (to - from) % from === 0;
    if (scaled) {
      await step('derived data scaled', () => db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await scaleDerived(tx as unknown as Db, from, to);
      })).catch((err) => {
        log(`  scaling the derived data failed (${String(err?.cause ?? err)}); refilling them instead`);
        scaled = false;
      });
      if (scaled) {
        await step('verify', () => verifyDerived(db, to, log)).catch((err) => {
          log(`  ${String(err?.message ?? err)}; refilling them instead`);
          scaled = false;
        });
      }
    }
    if (!scaled) {
      await refillAll();
      await step('verify', () => verifyDerived(db, to, log));
    }
  } finally {
    if (tuneServer) await db.execute(sql`alter system reset max_wal_size`).then(() => db.execute(sql`select pg_reload_conf()`));
  }
  await step('vacuum analyze', async () => {
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`).catch(() => undefined);
  });
  const [size] = await rows<{ bytes: string }>(db, sql`select pg_database_size(current_database())::text as bytes`);
  timings.databaseBytes = Number(size?.bytes ?? 0);
  log(`  database ${(timings.databaseBytes / 2 ** 30).toFixed(1)} GiB`);
  return timings;
}

/**
 * Every derived structure of the grown tables equal to what its source gives (docs/derived-data.md), checked in SQL
 * written here, not by the refills; throws with the structures that differ. The ledger (balances, move counts, last
 * movement, hour buckets and their positions) against all movements; the stored answers and list rows of the last copy
 * against the functions; the copies equal to their 1× rows in every column but the ids (last copy), and as many; the
 * sums of the order lines' rules (needs, work in progress) and the sales sums equal to `to` × the rules over the 1×
 * rows; the line figures, production weeks, product counts, offer sums and table counts against all rows; the last
 * copy's sales facts against sales_facts_of.
 */
export async function verifyDerived(db: Db, to: number, log: (m: string) => void): Promise<void> {
  const last = `'%~${to}'`;
  const one = `position('~' in id) = 0`;
  const copies = (table: string, except: string[]) => [
    `${table}: ${to - 1} copies of each 1× row, the last equal to its row but for ${except.join(', ')}`,
    `select ((select count(*) from ${table} where not (${one})) - ${to - 1} * (select count(*) from ${table} where ${one}))
      + (select count(*) from ${table} c left join ${table} s on s.id = split_part(c.id, '~', 1) where c.id like ${last}
         and (s.id is null or to_jsonb(c) ${except.map((e) => `- '${e}'`).join(' ')} <> to_jsonb(s) ${except.map((e) => `- '${e}'`).join(' ')}))`,
  ] as [string, string];
  const checks: [string, string][] = [
    ['material balances, move counts and last movement', `select count(*) from materials m left join gm v on v.stock_id = m.id where m.stock_sum <> coalesce(v.s, 0) or m.stock_moves <> coalesce(v.n, 0) or m.last_movement_at is distinct from v.d`],
    ['material hour buckets (moves and sum per material)', `select count(*) from (select stock_id, sum(moves) n, sum(sum_qty) s from material_ledger_hours group by stock_id) h full join gm v using (stock_id) where h.n is distinct from v.n or h.s is distinct from v.s`],
    ['material hour buckets\' positions', `select count(*) from (select older_moves, older_qty, coalesce(sum(moves) over w, 0) om, coalesce(sum(sum_qty) over w, 0) oq from material_ledger_hours window w as (partition by stock_id order by hour rows between unbounded preceding and 1 preceding)) x where older_moves <> om or older_qty <> oq`],
    ['material_movements.answer_head (every row has one; the last copy\'s equal to its row)', `select (select count(*) from material_movements where answer_head is null) + (select count(*) from material_movements m where m.id like ${last} and m.answer_head is distinct from left(material_movement_answer(m), -1))`],
    ['offers.list_json and item_count (the last copy: equal to its row and items)', `select (select count(*) from offers where list_json is null) + (select count(*) from offers o where o.id like ${last} and (o.list_json is distinct from offer_list_json(o) or o.item_count <> (select count(*) from offer_items i where i.offer_id = o.id)))`],
    copies('material_movements', ['id', 'reverses_id', 'seq', 'answer_head']),
    copies('materials', ['id', 'stock_sum', 'stock_in', 'stock_out', 'stock_moves', 'last_movement_at', 'material_name_key']),
    copies('offers', ['id', 'teklif_no', 'teklif_sira', 'list_json', 'list_key', 'search_text']),
    copies('offer_items', ['id', 'offer_id']),
    copies('order_items', ['id', 'offer_id', 'offer_item_id']),
    ['material_stock_sums (materials with stock, their stock and value parts, below minimum, per category and unit)', `select count(*) from (
      select m.material_category c, m.material_unit u, count(*) filter (where m.stock_sum > 0) n, coalesce(sum(m.stock_sum) filter (where m.stock_sum > 0), 0) s,
        coalesce(sum(m.stock_sum * k.avg_cost) filter (where m.stock_sum > 0), 0) a,
        coalesce(sum(m.stock_sum * m.material_price) filter (where m.stock_sum > 0 and k.avg_cost is null), 0) p,
        count(*) filter (where m.stock_sum < m.min_stock) b
      from materials m left join material_costs k on k.stock_id = m.id where m.stock_sum > 0 or m.stock_sum < m.min_stock group by 1, 2) r
      full join (select category c, unit u, sum(n) n, sum(stock) s, sum(avg_value) a, sum(usd_price + eur_price + try_value) p, sum(below) b
        from material_stock_sums group by 1, 2 having sum(n) <> 0 or sum(below) <> 0) k using (c, u)
      where r.n is distinct from k.n or r.s is distinct from k.s or r.a is distinct from k.a or r.p is distinct from k.p or r.b is distinct from k.b`],
    ['product_counts', `select count(*) from (select model_category, urun_durumu, count(*) n from products group by 1, 2) p full join product_counts c on c.model_category = p.model_category and c.active = p.urun_durumu where p.n is distinct from c.n`],
    ['offer_sums (offers and sums per status and currency)', `select count(*) from (select teklif_durumu, teklif_dovizi, count(*) n, sum(teklif_tutartl) tl from offers group by 1, 2) o full join (select teklif_durumu, teklif_dovizi, sum(n) n, sum(tl) tl from offer_sums group by 1, 2) s using (teklif_durumu, teklif_dovizi) where o.n is distinct from s.n or o.tl is distinct from s.tl`],
    ['order_figure_sums (lines, open operations and units per status)', `select count(*) from (select siparis_durumu, count(*) n, sum(coalesce(open_operations, 0)) o, sum(coalesce(units_to_produce, 0)) u from order_items group by 1) l full join (select status, sum(n) n, sum(open_ops) o, sum(units) u from order_figure_sums where kind = 0 group by 1 having sum(n) <> 0) s on s.status = l.siparis_durumu where l.n is distinct from s.n or l.o is distinct from s.o or l.u is distinct from s.u`],
    ['order_items.order_in_production (each line\'s order in status 1-3, ADR 0058)', `select count(*) from order_items l left join offers o on o.id = l.offer_id where l.order_in_production <> coalesce(o.teklif_durumu between 1 and 3, false)`],
    ['order_open_days (open lines of orders 1-3 and their units to deliver per Istanbul order day)', `select count(*) from (select (l.siparis_tarihi at time zone 'Europe/Istanbul')::date as day, count(*) n, sum(greatest(round(l.urun_miktari, 2) - round(l.teslim_edilmis, 2), 0)) u from order_items l join offers o on o.id = l.offer_id where o.teklif_durumu between 1 and 3 and (l.tamamlanma_orani < 100 or l.teslim_edilmis < l.urun_miktari) group by 1) l full join (select day, sum(n) n, sum(units) u from order_open_days group by 1 having sum(n) <> 0 or sum(units) <> 0) k using (day) where l.n is distinct from k.n or l.u is distinct from k.u`],
    ['production_weeks (finished lines, promised and late per Istanbul week and 4-day lead bucket)', `select count(*) from (select date_trunc('week', bitis_tarihi at time zone 'Europe/Istanbul')::date as week, floor(((extract(epoch from (bitis_tarihi - siparis_tarihi)) / 86400)::double precision) / 4)::int as bucket, count(*) n, count(promised_date) p, count(*) filter (where (bitis_tarihi at time zone 'Europe/Istanbul')::date > promised_date) l from order_items where siparis_durumu in (4, 5) and bitis_tarihi is not null group by 1, 2) r full join (select week, bucket, sum(n) n, sum(promised) p, sum(late) l from production_weeks group by 1, 2 having sum(n) <> 0 or sum(promised) <> 0 or sum(late) <> 0) k using (week, bucket) where r.n is distinct from k.n or r.p is distinct from k.p or r.l is distinct from k.l`],
    ['table_counts (companies, users, materials)', `select count(*) from (values ('companies', (select count(*) from companies)), ('users', (select count(*) from users)), ('materials', (select count(*) from materials))) c(name, n) full join (select name, sum(n) n from table_counts group by 1) k using (name) where c.n is distinct from coalesce(k.n, 0)`],
    ['order_material_needs (required per material and kind = the rule over the 1× lines × the factor)', `select count(*) from (select component, material_id, sum(required) r from order_material_needs group by 1, 2 having sum(required) <> 0) k full join (select n.component, n.material_id, sum(n.required) * ${to} r from order_items i cross join lateral order_needs_all(i.siparis_durumu, i.operations) n where position('~' in i.id) = 0 group by 1, 2 having sum(n.required) <> 0) s using (component, material_id) where k.r is distinct from s.r`],
    ['order_operation_wip (lines and units per operation = the rule over the 1× lines × the factor)', `select count(*) from (select operation, sum(lines) n, sum(units) u from order_operation_wip group by 1 having sum(lines) <> 0) k full join (select w.operation, count(*) * ${to} n, sum(w.units) * ${to} u from order_items i cross join lateral order_wip_of(i.siparis_durumu, i.operations) w where i.siparis_durumu between 1 and 3 and position('~' in i.id) = 0 group by 1) s using (operation) where k.n is distinct from s.n or k.u is distinct from s.u`],
    ['sales_offer_facts of the last copy (500 offers) = sales_facts_of', `with ids as (select array(select id from offers where id like ${last} order by id limit 500) a) select count(*) from (select * from sales_facts_of((select a from ids)) except all select offer_id, kind, day, dim, key, label, converted, try_amount, usd_amount, eur_amount from sales_offer_facts where offer_id in (select unnest(a) from ids)) x`],
    ['sales_sums per year = the 1× offers\' facts × the factor', `select count(*) from (select kind, dim, sum(try_amount) * ${to} s, count(*) * ${to} n from sales_offer_facts where position('~' in offer_id) = 0 group by 1, 2) f full join (select kind, dim, sum(try_amount) s, sum(n) n from sales_sums where grain = 'y' group by 1, 2) y using (kind, dim) where f.s is distinct from y.s or f.n is distinct from y.n`],
  ];
  const bad: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temp table gm on commit drop as select stock_id, sum(sum_qty) s, count(*) n, max(operation_date) d from material_movements group by stock_id`);
    for (const [name, q] of checks) {
      const [r] = await rows<Record<string, string | number>>(tx as unknown as Db, sql.raw(q));
      if (Number(Object.values(r ?? {})[0] ?? 0) !== 0) bad.push(`${name}: ${Object.values(r)[0]}`);
    }
  });
  log(`  derived data verified: ${checks.length - bad.length} of ${checks.length} equal to their source`);
  if (bad.length) throw new Error(`derived data differ from their source after the growth: ${bad.join('; ')}`);
}
