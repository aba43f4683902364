import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, openDatabase } from './database.js';
import { useScratchClient } from '../test/scratch-client.js';
import { applyDerived, definitions, parseDerived, readDerived, sameSpace, type DerivedFile } from './derived.js';

// docs/derived-data.md: the functions and triggers of the derived data live in src/db/derived, one file per structure;
// every start applies them after the migrations.

/** The last migration written before the derived files; later migrations leave functions and triggers to them. */
const LAST_WITH_FUNCTIONS = 22;
// Dropping one stays a migration's job (a structure taken away, or a signature CREATE OR REPLACE cannot change).
const FUNCTION_OR_TRIGGER_DDL = /\b(?:CREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE|TRIGGER)|ALTER\s+(?:FUNCTION|PROCEDURE|TRIGGER))\b/gi;

/**
 * Later migrations that must create a function themselves, because the migration uses it (a generated column, an index
 * expression): migration file -> how many such statements. The function's text is also in its derived file, which
 * every later change edits (the first test holds the database equal to the files). docs/derived-data.md.
 */
const MAY_DEFINE: Record<string, number> = { '0039_offer_list_key.sql': 1 };  // one CREATE FUNCTION: offer_list_key (offers.list_key, ADR 0050)

/** What in a migration's text defines or changes a function or trigger (comments left out). */
function functionOrTriggerDdl(text: string): string[] {
  return text.split('\n').filter((l) => !/^\s*--/.test(l)).join('\n').match(FUNCTION_OR_TRIGGER_DDL) ?? [];
}

const body = (sql: string) => sql.slice(sql.indexOf('$$') + 2, sql.lastIndexOf('$$'));

// A database migrated from nothing, as a first start makes it (not the test run's template).
const scratch = useScratchClient('drv', { fromNothing: true });
let files: DerivedFile[];

beforeAll(() => {
  files = readDerived();
});

describe('derived data files (src/db/derived)', () => {
  it('a migrated database has exactly the functions and triggers the files define, each as its file says', async () => {
    const { functions, triggers } = await definitions(scratch.client);
    const fileFunctions = files.flatMap((d) => d.functions);
    const fileTriggers = files.flatMap((d) => d.triggers);
    expect([...functions.keys()].sort()).toEqual(fileFunctions.map((f) => f.name).sort());
    expect([...triggers.keys()].sort()).toEqual(fileTriggers.map((t) => `${t.name} ON ${t.table}`).sort());
    expect(fileFunctions).toHaveLength(62);
    expect(fileTriggers).toHaveLength(66);
    for (const t of fileTriggers) {
      // The file holds the trigger as PostgreSQL prints it; the message shows the text to write.
      expect(sameSpace(t.sql), `${t.name}: write it as PostgreSQL prints it`).toBe(sameSpace(triggers.get(`${t.name} ON ${t.table}`) ?? ''));
    }
    for (const f of fileFunctions) {
      const src = await scratch.client.query<{ src: string }>('select prosrc as src from pg_proc where proname = $1', [f.name]);
      expect(src.rows.map((r) => r.src), f.name).toEqual([body(f.sql)]);
    }
  });

  it('applying the files again changes nothing: no definition, no trigger dropped, nothing refilled', async () => {
    const oids = async () => (await scratch.client.query<{ o: string }>("select string_agg(tgname || ':' || oid, ',' order by tgname) as o from pg_trigger where not tgisinternal")).rows[0].o;
    const before = await definitions(scratch.client);
    const triggerOids = await oids();
    for (let i = 0; i < 2; i++) {
      await scratch.client.query('begin');
      expect(await applyDerived(scratch.client, files)).toEqual({ changed: [], refilled: [] });
      await scratch.client.query('commit');
    }
    expect(await definitions(scratch.client)).toEqual(before);
    expect(await oids()).toBe(triggerOids);
  });

  it("an edited file changes the database's function on the next start and refills its data; a missing trigger is made again", async () => {
    const counts = async () => (await scratch.client.query('select model_category, active, n from product_counts order by 1, 2')).rows;
    const right = await counts();
    const edited = files.map((d) => d.file !== 'product-counts.sql' ? d : parseDerived(d.file, fs.readFileSync(new URL('./derived/product-counts.sql', import.meta.url), 'utf8')
      .replace('DELETE FROM product_counts;', 'DELETE FROM product_counts; -- edited')));
    await scratch.client.query('begin');
    try {
      await scratch.client.query('insert into product_counts (model_category, active, n) values (999, true, 5)');
      expect(await applyDerived(scratch.client, edited)).toEqual({ changed: ['product-counts.sql'], refilled: ['product-counts.sql'] });
      expect((await definitions(scratch.client)).functions.get('product_counts_refill')).toContain('-- edited');
      expect(await counts()).toEqual(right);

      // The same trigger in other words (as migration 0017 wrote it) is made again, but nothing changed: no refill.
      const otherWords = edited.map((d) => d.file !== 'product-counts.sql' ? d : { ...d, triggers: d.triggers.map((t) => t.name !== 'product_counts_update' ? t : { ...t,
        sql: 'CREATE TRIGGER product_counts_update AFTER UPDATE OF model_category, urun_durumu ON products FOR EACH ROW WHEN (OLD.model_category IS DISTINCT FROM NEW.model_category OR OLD.urun_durumu IS DISTINCT FROM NEW.urun_durumu) EXECUTE FUNCTION product_counts_track()' }) });
      await scratch.client.query('insert into product_counts (model_category, active, n) values (997, true, 5)');
      expect(await applyDerived(scratch.client, otherWords)).toEqual({ changed: [], refilled: [] });
      expect((await scratch.client.query('select 1 from product_counts where model_category = 997')).rowCount).toBe(1);
      await scratch.client.query('delete from product_counts where model_category = 997');

      await scratch.client.query('drop trigger offer_sums_truncate on offers');
      await scratch.client.query("insert into offer_sums (teklif_durumu, teklif_dovizi, slot, n) values (99, 'TL', 0, 1)");
      expect(await applyDerived(scratch.client, files)).toEqual({ changed: ['offer-sums.sql', 'product-counts.sql'], refilled: ['offer-sums.sql', 'product-counts.sql'] });
      expect((await definitions(scratch.client)).triggers.has('offer_sums_truncate ON offers')).toBe(true);
      expect((await scratch.client.query('select 1 from offer_sums where teklif_durumu = 99')).rowCount).toBe(0);
    } finally {
      await scratch.client.query('rollback');
    }
  });

  it('a start brings a function changed outside its file back to the file, and refills its data', async () => {
    await scratch.client.query("CREATE OR REPLACE FUNCTION offer_sums_refill() RETURNS void LANGUAGE sql AS $$ DELETE FROM offer_sums; $$");
    await scratch.client.query("insert into offer_sums (teklif_durumu, teklif_dovizi, slot, n) values (98, 'TL', 0, 1)");
    const logged: string[] = [];
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1, log: (m) => logged.push(m) });
    await database.close();
    const file = files.find((d) => d.file === 'offer-sums.sql')!.functions.find((f) => f.name === 'offer_sums_refill')!;
    expect((await scratch.client.query<{ src: string }>("select prosrc as src from pg_proc where proname = 'offer_sums_refill'")).rows[0].src).toBe(body(file.sql));
    expect((await scratch.client.query('select 1 from offer_sums where teklif_durumu = 98')).rowCount).toBe(0);
    expect(logged).toContain('Derived data: applied offer-sums.sql; refilled offer-sums.sql');
  });

  it('no migration after 0022 defines or changes a function or trigger: their current text is in src/db/derived', () => {
    expect(functionOrTriggerDdl('CREATE OR REPLACE FUNCTION order_needs_of(status integer) ...')).toHaveLength(1);
    expect(functionOrTriggerDdl('-- see CREATE TRIGGER in the derived file\nALTER TABLE x ADD COLUMN y text;\nDROP FUNCTION f();')).toHaveLength(0);
    const later = fs.readdirSync(MIGRATIONS).filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) > LAST_WITH_FUNCTIONS);
    for (const f of later) {
      const found = functionOrTriggerDdl(fs.readFileSync(`${MIGRATIONS}/${f}`, 'utf8'));
      expect(found.length, `${f}: put the function or trigger in src/db/derived/<structure>.sql instead (docs/derived-data.md)`).toBe(MAY_DEFINE[f] ?? 0);
    }
  });
});
