// Measurement aid for the searches (issue 27, ADR 0054): EXPLAIN (ANALYZE, BUFFERS) of the statements the offer list
// and the order-line list run for each of the growth bench's terms, the way before ADR 0054 (count and total every
// match, search_text's trigrams for every term) and after (capped counts, a number's prefix and the other fields'
// trigrams). Prints per statement: execution ms, shared buffers (hit + read) and rows. `npx tsx bench/search-explain.ts URL…`
// (the URLs bench/search-db.ts prints; each line of output names its database).
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '@isik/domain';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { offers, orderItems } from '../packages/server/src/db/schema.js';
import { searchFolded } from '../packages/server/src/lib/search.js';
import { offerSearch } from '../packages/server/src/modules/offers/offer-search.js';

const OFFER_TERMS = ['bench müşteri 1', 'TKF-2025-01', 'otopark', 'REF-10', 'yildiz enerji', 'solar', 'TKF-2025-1234', 'TKF-2026-5321'];
const LINE_TERMS = ['astra', 'bench müşteri 12', 'projektör', 'akü'];

async function main() {
  const verbose = process.env.VERBOSE === '1';
  for (const url of process.argv.slice(2)) {
    // A plain connection: the database is not migrated here (the measured one may predate a migration).
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const db = drizzle(pool);
    const name = new URL(url).pathname.slice(1);
    const explain = async (label: string, q: SQL) => {
      // Twice: the second run's figures (the first warms the cache).
      let text = '';
      for (let i = 0; i < 2; i++) {
        const res = (await db.execute(sql`explain (analyze, buffers) ${q}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
        text = res.rows.map((r) => r['QUERY PLAN']).join('\n');
      }
      const ms = /Execution Time: ([\d.]+)/.exec(text)?.[1];
      const buf = /Buffers: shared((?: hit=\d+)?(?: read=\d+)?)/.exec(text)?.[1] ?? '';
      const pages = [...buf.matchAll(/(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
      const rows = /actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(text)?.[1];
      console.log(`${name}\t${label}\t${ms} ms\t${pages} buffers\t${rows} rows`);
      if (verbose) console.log(text);
    };
    const status = sql`${offers.teklif_durumu} between 0 and 4`;
    for (const term of OFFER_TERMS) {
      const before = sql`${status} and ${searchFolded(offers.search_text, term)}`;
      const after = sql`${status} and ${offerSearch(term)}`;
      await explain(`offers ${term}: before, sums of every match`, sql`select ${offers.teklif_dovizi}, count(*), sum(${offers.teklif_tutartl}), sum(${offers.teklif_gtoplamdoviz}) from ${offers} where ${before} group by 1`);
      await explain(`offers ${term}: before, page of 30`, sql`select id from ${offers} where ${before} order by teklif_tarihi desc, teklif_no desc limit 30`);
      await explain(`offers ${term}: after, capped count`, sql`select count(*) from (select 1 from ${offers} where ${after} limit ${SEARCH_COUNT_CAP + 1}) x`);
      await explain(`offers ${term}: after, sums (run only under the cap)`, sql`select ${offers.teklif_dovizi}, count(*), sum(${offers.teklif_tutartl}), sum(${offers.teklif_gtoplamdoviz}) from ${offers} where ${after} group by 1`);
      await explain(`offers ${term}: after, page of 30 (over the cap)`, sql`select id from ${offers} where ${after} order by teklif_tarihi desc, teklif_no desc limit 30`);
      await explain(`offers ${term}: after, page of 30 (under the cap: matches first)`, sql`select id from (select * from ${offers} where ${after} offset 0) as ${offers} order by teklif_tarihi desc, teklif_no desc limit 30`);
    }
    for (const term of LINE_TERMS) {
      const s = searchFolded(orderItems.search_text, term);
      await explain(`lines ${term}: before, counts per status`, sql`select siparis_durumu, count(*) from ${orderItems} where ${s} group by 1`);
      await explain(`lines ${term}: after, capped count of status 1`, sql`select count(*) from (select 1 from ${orderItems} where ${s} and siparis_durumu = 1 limit ${SEARCH_COUNT_CAP + 1}) x`);
      await explain(`lines ${term}: after, capped counts of 1, 2, 3, 4, 6`, sql`select ${sql.join([1, 2, 3, 4, 6].map((st) => sql`(select count(*) from (select 1 from ${orderItems} where ${s} and siparis_durumu = ${st} limit ${SEARCH_COUNT_CAP + 1}) x)`), sql`, `)}`);
      await explain(`lines ${term}: page of 12 ids`, sql`select id from ${orderItems} where ${s} and siparis_durumu between 1 and 4 order by siparis_tarihi desc, id desc limit 12`);
    }
    await pool.end();
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
