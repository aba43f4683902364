// Measurement aid for ADR 0059: EXPLAIN (ANALYZE, BUFFERS) of the statements the offer list search and the order-line
// list search run for each of the growth bench's terms, as ADR 0054 left them (`before`) and as ADR 0059 runs them
// (`after`: the offer page walks at most searchWalkRows rows, else reads its matches; the line counts read the first
// SEARCH_PROBE_PAGES pages, then each remaining status from its trigram index with bitmap scans only). Each statement
// runs twice; the second run's execution ms, shared buffers (hit + read) and top rows are printed.
// `npx tsx bench/search-bounded-explain.ts before|after URL…`; with INDEXES=1 the per-status indexes of migration 0048
// are built inside a transaction first and rolled back at the end (a data set that predates it, kept read-only).
// ADR 0062: `page` runs only the order-line page of 12 (status ranges in RANGES, default 1-4) as listLines runs it for a
// search over the cap: the date index walked with the search as a filter of each table row (`before`, ADR 0059), and
// `searchPageByDate`'s two ordered reads (`page`), each also as a prepared statement's generic plan; INDEXES=1 builds
// migration 0049's indexes the same way.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SEARCH_COUNT_CAP } from '@isik/domain';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { offerSearch } from '../packages/server/src/modules/offers/offer-search.js';
import { searchFolded } from '../packages/server/src/lib/search.js';
import { orderItems } from '../packages/server/src/db/schema.js';
import { searchWalkRows } from '../packages/server/src/lib/search-count.js';
import { SEARCH_PROBE_PAGES } from '../packages/server/src/modules/orders/order-line-search.js';
import { SEARCH_INDEX_BYTES } from '../packages/server/src/db/schema.js';

const OFFER_TERMS = ['bench müşteri 1', 'TKF-2025-01', 'otopark', 'REF-10', 'yildiz enerji', 'solar'];
const LINE_TERMS = ['astra', 'bench müşteri 12', 'projektör', 'akü'];
const dialect = new PgDialect();
const inline = (q: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = params[Number(i) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
};

async function main() {
  const [mode, ...urls] = process.argv.slice(2);
  const after = mode === 'after';
  for (const url of urls) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const name = new URL(url).pathname.slice(1);
    const explain = async (label: string, q: string): Promise<string> => {
      let text = '';
      for (let i = 0; i < 2; i++) text = (await c.query(`explain (analyze, buffers) ${q}`)).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      const ms = /Execution Time: ([\d.]+)/.exec(text)?.[1];
      const buf = /Buffers: shared((?: hit=\d+)?(?: read=\d+)?)/.exec(text)?.[1] ?? '';
      const pages = [...buf.matchAll(/(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
      const rows = /actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(text)?.[1];
      console.log(`${name}\t${mode}\t${label}\t${ms} ms\t${pages} buffers\t${rows} rows`);
      if (process.env.VERBOSE === '1') console.log(text);
      return text;
    };
    const value = async <T>(q: string) => (await c.query(q)).rows as T[];
    await c.query('begin');
    if (process.env.INDEXES === '1') {
      const file = path.resolve(import.meta.dirname, '../packages/server/drizzle/0048_search_status_trgm.sql');
      for (const st of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint')) await c.query(st.replace(/CREATE INDEX "(\w+)"/, 'CREATE INDEX IF NOT EXISTS "$1"'));
    }
    if (mode === 'page') {
      if (process.env.INDEXES === '1') {
        const file = path.resolve(import.meta.dirname, '../packages/server/drizzle/0049_order_line_date_search.sql');
        for (const st of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint')) await c.query(st.replace(/CREATE INDEX "(\w+)"/, 'CREATE INDEX IF NOT EXISTS "$1"'));
        await c.query('analyze order_items');
      }
      const keys = `order by siparis_tarihi desc, id desc`;
      const cols = `id, siparis_tarihi, (siparis_tarihi)::text as k0, (id)::text as k1`;
      for (const range of (process.env.RANGES ?? '1-4').split(',')) {
        const [lo, hi] = range.split('-');
        for (const term of LINE_TERMS) {
          const where = `${inline(sql`${searchFolded(orderItems.search_text, term)}`)} and siparis_durumu between ${lo} and ${hi}`;
          const plain = `select id, (siparis_tarihi)::text as k0, (id)::text as k1 from order_items where ${where} ${keys} limit 12 offset 0`;
          const part = (op: string) => `(select ${cols} from order_items where ${where} and octet_length(search_text) ${op} ${SEARCH_INDEX_BYTES} ${keys} limit 12)`;
          const merged = `select id, k0, k1 from (${part('<=')} union all ${part('>')}) as order_items ${keys} limit 12 offset 0`;
          await explain(`lines ${term} ${range}: page of 12, the date index walked (before)`, plain);
          await explain(`lines ${term} ${range}: page of 12, the covering index walked (ADR 0062)`, merged);
          // As a prepared statement's generic plan (the term and range as parameters).
          const generic = merged.replace(/'%[^']*%'/, '$1').replace(`between ${lo} and ${hi}`, 'between $2::int and $3::int').replaceAll(`between ${lo} and ${hi}`, 'between $2::int and $3::int');
          await c.query(`prepare ols_page(text, int, int) as ${generic.replaceAll(/lower\(translate\(\$1/g, 'lower(translate($1')}`);
          await c.query('set local plan_cache_mode = force_generic_plan');
          const pattern = `%${term}%`.replace(/'/g, "''");
          await explain(`lines ${term} ${range}: the same, generic plan`, `execute ols_page('${pattern}', ${lo}, ${hi})`);
          await c.query('set local plan_cache_mode = auto');
          await c.query('deallocate ols_page');
        }
      }
      await c.query('rollback');
      await c.end();
      continue;
    }
    const order = 'order by teklif_tarihi desc, teklif_no desc';
    for (const term of OFFER_TERMS) {
      const where = inline(sql`teklif_durumu between 0 and 4 and ${offerSearch(term)}`);
      const count = await value<{ n: number }>(`select count(*)::int as n from (select 1 from offers where ${where} limit ${SEARCH_COUNT_CAP + 1}) x`);
      const capped = count[0].n > SEARCH_COUNT_CAP;
      await explain(`offers ${term}: capped count (${capped ? 'over' : 'under'} the cap)`, `select count(*) from (select 1 from offers where ${where} limit ${SEARCH_COUNT_CAP + 1}) x`);
      if (!capped) await explain(`offers ${term}: sums`, `select teklif_dovizi, count(*), sum(teklif_tutartl) from offers where ${where} group by 1`);
      const few = `select id from (select * from offers where ${where} offset 0) offers ${order} limit 30`;
      if (!capped) await explain(`offers ${term}: page from the matches`, few);
      else if (!after) await explain(`offers ${term}: page, the date index walked`, `select id from offers where ${where} ${order} limit 30`);
      else {
        const searchOnly = inline(sql`${offerSearch(term)}`);
        const text = await explain(`offers ${term}: page, walk of at most ${searchWalkRows(30)} rows`, `select id from (select * from offers where teklif_durumu between 0 and 4 ${order} limit ${searchWalkRows(30)}) offers where ${searchOnly} ${order} limit 30`);
        if (/Limit\s+\(cost=[^)]*\)\s+\(actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(text)?.[1] !== '30') await explain(`offers ${term}: page from the matches (the walk fell short)`, few);
      }
    }
    for (const term of LINE_TERMS) {
      const s = inline(sql`${searchFolded(orderItems.search_text, term)}`);
      const statuses = [1, 2, 3, 4, 6];
      const capped = (st: number | string) => `(select count(*) from (select 1 from order_items where ${s} and ${st} limit ${SEARCH_COUNT_CAP + 1}) x)`;
      if (!after) await explain(`lines ${term}: capped counts of 1, 2, 3, 4, 6`, `select ${statuses.map((st) => capped(`siparis_durumu = ${st}`)).join(', ')}`);
      else {
        const probe = `select siparis_durumu s, count(*)::int n from order_items where ctid < '(${SEARCH_PROBE_PAGES},0)'::tid and ${s} group by 1`;
        await explain(`lines ${term}: the first ${SEARCH_PROBE_PAGES} pages`, probe);
        const seen = new Map((await value<{ s: number; n: number }>(probe)).map((r) => [r.s, r.n]));
        const whole = (await value<{ w: boolean }>(`select pg_relation_size('order_items') <= ${SEARCH_PROBE_PAGES}::bigint * current_setting('block_size')::bigint as w`))[0].w;
        const rest = whole ? [] : statuses.filter((st) => (seen.get(st) ?? 0) <= SEARCH_COUNT_CAP);
        if (rest.length) {
          await c.query('set local enable_seqscan = off; set local enable_indexscan = off');
          await explain(`lines ${term}: statuses ${rest.join(', ')} from their indexes`, `select ${rest.map((st) => capped(`(siparis_durumu = ${st}) is true`)).join(', ')}`);
          await c.query('set local enable_seqscan = on; set local enable_indexscan = on');
        }
      }
      await explain(`lines ${term}: page of 12 (the date index walked)`, `select id from order_items where ${s} and siparis_durumu between 1 and 4 order by siparis_tarihi desc, id desc limit 12`);
    }
    await c.query('rollback');
    await c.end();
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
