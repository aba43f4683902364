// Measurement aid for issue 27 (docs/performance.md, "what flat searches would cost", session 20): would a derived
// table of 4-grams in list order make the offer and order-line searches flat, and how large would it be?
// 1. One scan of each table: for every 4-character piece of each growth-bench term (folded as search_text is), the
//    rows that hold it, beside the rows that hold the whole term. The walk along the rarest gram reads about one entry
//    per row shown when the two are (nearly) equal.
// 2. The gram tables of the 1× rows (a grown set's copies carry a '~' in their id), written into temporary tables and
//    indexed as such a walk needs, inside a transaction that is rolled back: their rows and sizes. They grow with the
//    rows, so 100× is about a hundred times these. Between them, the walk for `REF-10` over the offers' grams of 1×
//    and of 10× (EXPLAIN ANALYZE: buffers and time).
// `npx tsx bench/search-grams.ts URL` (the kept set: postgres://postgres:…@127.0.0.1:5499/bench); the data is not changed.
import pg from 'pg';
import { likePattern } from '../packages/server/src/lib/http.js';
import { foldText } from '../packages/server/src/lib/search.js';

const TERMS = {
  offers: ['bench müşteri 1', 'otopark', 'REF-10', 'yildiz enerji', 'solar'],
  order_items: ['bench müşteri 12', 'astra', 'projektör', 'akü'],
} as const;
const grams = (t: string) => Array.from({ length: Math.max(0, t.length - 3) }, (_, i) => t.slice(i, i + 4));
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const like = (s: string) => lit(likePattern(s));

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: npx tsx bench/search-grams.ts DATABASE_URL');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const [table, terms] of Object.entries(TERMS)) {
      const folded = terms.map((t) => foldText(t));
      const all = [...new Set(folded.flatMap(grams))];
      const cols = [...all.map((g) => `count(*) filter (where search_text like ${like(g)})`), ...folded.map((t) => `count(*) filter (where search_text like ${like(t)})`)];
      const t0 = Date.now();
      const row = ((await c.query({ text: `select ${cols.join(', ')} from ${table}`, rowMode: 'array' })).rows[0] as string[]).map(Number);
      const count = new Map(all.map((g, i) => [g, row[i]]));
      console.log(`${table} (one scan, ${Date.now() - t0} ms)`);
      folded.forEach((t, i) => {
        const gs = grams(t);
        const rarest = gs.sort((a, b) => count.get(a)! - count.get(b)!)[0];
        console.log(`  ${terms[i]}: ${row[all.length + i]} matches; rarest 4-gram ${rarest ? `'${rarest}' held by ${count.get(rarest)} rows` : '(none: shorter than 4)'}`);
      });
    }
    await c.query('begin');
    const oneX = `id not like '%~%'`;
    const sizes = async (name: string) => (await c.query(`select count(*)::int n, pg_size_pretty(pg_relation_size('${name}')) heap, pg_size_pretty(pg_indexes_size('${name}')) idx from ${name}`)).rows[0] as { n: number; heap: string; idx: string };
    await c.query(`create temp table offer_grams as select distinct substr(o.search_text, i, 4) gram, o.teklif_tarihi, o.teklif_no, o.id offer_id, o.teklif_durumu
      from offers o, generate_series(1, length(o.search_text) - 3) i where o.${oneX}`);
    await c.query('create unique index on offer_grams (gram, teklif_tarihi, teklif_no) include (offer_id, teklif_durumu)');
    console.log('offer grams of the 1× rows:', await sizes('offer_grams'));
    // The walk along `REF-10`'s rarest gram ('f-10'), its page of 30 and its count capped at 1,001, over the grams of
    // the 1× rows and of ten copies (the 1× rows and the copies ~1 … ~9), each run twice: the second run's figures.
    await c.query(`create temp table offer_grams10 as select distinct substr(o.search_text, i, 4) gram, o.teklif_tarihi, o.teklif_no, o.id offer_id, o.teklif_durumu
      from offers o, generate_series(1, length(o.search_text) - 3) i where o.${oneX} or o.id ~ '~[1-9]$'`);
    await c.query('create unique index on offer_grams10 (gram, teklif_tarihi, teklif_no) include (offer_id, teklif_durumu)');
    await c.query('analyze offer_grams; analyze offer_grams10');
    for (const t of ['offer_grams', 'offer_grams10']) {
      const page = `select o.id from ${t} g join offers o on o.id = g.offer_id where g.gram = 'f-10' and o.search_text like '%ref-10%' order by g.teklif_tarihi desc, g.teklif_no desc`;
      for (const [what, q] of [['page of 30', `${page} limit 30`], ['count to 1,001', `select count(*) from (${page} limit 1001) x`]]) {
        let plan: string[] = [];
        for (let run = 0; run < 2; run++) plan = ((await c.query(`explain (analyze, buffers, costs off, timing off) ${q}`)).rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
        const buffers = plan.find((l) => l.includes('Buffers'))?.trim();
        const ms = plan.find((l) => l.startsWith('Execution Time'));
        console.log(`  REF-10 along 'f-10', ${t === 'offer_grams' ? '1×' : '10×'}, ${what}: ${buffers}; ${ms}`);
      }
    }
    await c.query(`create temp table line_grams as select distinct substr(l.search_text, i, 4) gram, l.siparis_durumu, l.siparis_tarihi, l.id
      from order_items l, generate_series(1, length(l.search_text) - 3) i where l.${oneX}`);
    await c.query('create unique index on line_grams (gram, siparis_durumu, siparis_tarihi, id)');
    console.log('order-line grams of the 1× rows:', await sizes('line_grams'));
  } finally {
    await c.query('rollback').catch(() => undefined);
    await c.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
