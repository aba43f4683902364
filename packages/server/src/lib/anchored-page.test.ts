import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helper.js';
import { anchorOf, keyColumns, planPage, readAnchoredPage, rowsOf, type PageKey, type PagePlan } from './anchored-page.js';

/**
 * Anchored pages (ADR 0051): every page of a list reached from any other page's anchor (forwards, backwards, the same
 * page, from the end) holds exactly the rows OFFSET serves, on a table with a nullable date, Turkish text and a
 * numeric, each with ties; an anchor of another scope or size, or one that does not decode, is plain OFFSET.
 */
let t: TestContext;
const ROWS = 47;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  await db.execute(sql`create table anchor_probe (id text primary key, d timestamptz, name text not null, n numeric not null)`);
  for (let i = 0; i < ROWS; i++) {
    // Ties on every key: 6 dates (one in five null, microseconds kept), 5 names, 4 numbers.
    const d = i % 5 === 0 ? null : `2026-01-0${1 + (i % 6)} 10:00:00.123456+00`;
    await db.execute(sql`insert into anchor_probe values (${`r${String((i * 7) % ROWS).padStart(3, '0')}`}, ${d}, ${['Çağrı', 'ılık', 'Işık', 'zeytin', 'Ağaç'][i % 5]}, ${String((i % 4) * 1.5)})`);
  }
});
afterAll(async () => { await t?.close(); });

const col = (name: string): SQL => sql.raw(`"${name}"`);
const sorts: Record<string, PageKey[]> = {
  'nullable date, ascending': [{ expr: col('d'), nullable: true, type: 'timestamptz' }, { expr: col('id'), type: 'text' }],
  'nullable date, descending': [{ expr: col('d'), nullable: true, desc: true, type: 'timestamptz' }, { expr: col('id'), desc: true, type: 'text' }],
  'text in "C", mixed directions': [{ expr: sql`lower(${col('name')}) collate "C"`, type: 'text' }, { expr: col('d'), desc: true, nullable: true, type: 'timestamptz' }, { expr: col('id'), type: 'text' }],
  'numeric, descending, then text': [{ expr: col('n'), desc: true, type: 'numeric' }, { expr: col('name'), type: 'text' }, { expr: col('id'), type: 'text' }],
};

async function read(keys: PageKey[], plan: PagePlan): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const k = keyColumns(keys);
  const cols = sql.join(Object.entries(k).map(([name, e]) => sql`${e} as ${sql.identifier(name)}`), sql`, `);
  const res = await t.database.db.execute(sql`select id, ${cols} from anchor_probe ${plan.where ? sql`where ${plan.where}` : sql``}
    order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.limit} offset ${plan.offset}`);
  return { rows: (res as unknown as { rows: Record<string, unknown>[] }).rows, total: ROWS };
}

const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.id);

describe('anchored pages equal OFFSET pages', () => {
  for (const [name, keys] of Object.entries(sorts)) {
    it(`${name}: every page from every page's anchor`, async () => {
      for (const size of [5, 10]) {
        const pages = Math.ceil(ROWS / size) + 1; // one page past the end
        const scope = name;
        const byOffset: unknown[][] = [];
        const anchors: string[] = [];
        for (let p = 1; p <= pages; p++) {
          const plan = planPage(keys, { page: p, size, scope });
          expect(plan.mode).toBe('start');
          const { rows } = await read(keys, plan);
          byOffset[p] = ids(rows);
          anchors[p] = anchorOf(keys, { page: p, size, scope }, rows, ROWS) ?? '';
        }
        const modes = new Set<string>();
        for (let a = 1; a < pages; a++) {
          for (let p = 1; p <= pages; p++) {
            const req = { page: p, size, scope, anchor: anchors[a] };
            const plan = planPage(keys, req);
            modes.add(`${plan.mode}${plan.reverse ? '-reverse' : ''}`);
            const rows = rowsOf(plan, (await read(keys, plan)).rows);
            expect(ids(rows), `page ${p} from the anchor of page ${a} (${plan.shape}, offset ${plan.offset})`).toEqual(byOffset[p]);
            // The anchor of a page served from an anchor is the anchor OFFSET's page has.
            expect(anchorOf(keys, req, rows, ROWS) ?? '').toBe(anchors[p]);
          }
        }
        expect([...modes].sort()).toEqual(['anchor', 'anchor-reverse', 'end-reverse', 'start']);
      }
    });
  }

  it('a prepared plan (placeholders) reads the same rows as an inline one', async () => {
    const keys = sorts['nullable date, descending'];
    const first = planPage(keys, { page: 4, size: 5, scope: 's' });
    const anchor = anchorOf(keys, { page: 4, size: 5, scope: 's' }, (await read(keys, first)).rows, ROWS);
    for (const p of [3, 4, 5, 9]) {
      const inline = planPage(keys, { page: p, size: 5, scope: 's', anchor }, 'inline');
      const placed = planPage(keys, { page: p, size: 5, scope: 's', anchor }, 'placeholder');
      expect(placed.shape).toBe(inline.shape);
      if (placed.mode === 'anchor') expect(Object.keys(placed.values).length).toBeGreaterThan(0);
      const k = keyColumns(keys);
      const q = t.database.db.select({ id: sql<string>`id`, ...k }).from(sql`anchor_probe`).where(placed.where).orderBy(...placed.orderBy).limit(placed.limit).offset(placed.offset).prepare(`anchor_probe_${p}`);
      const rows = await q.execute(placed.values);
      expect(ids(rowsOf(placed, rows as Record<string, unknown>[]))).toEqual(ids(rowsOf(inline, (await read(keys, inline)).rows)));
    }
  });

  it('an anchor of another scope or size, or one that does not decode or whose values do not fit, is plain OFFSET', async () => {
    const keys = sorts['nullable date, ascending'];
    const rows = (await read(keys, planPage(keys, { page: 5, size: 5, scope: 'a' }))).rows;
    const good = anchorOf(keys, { page: 5, size: 5, scope: 'a' }, rows, ROWS)!;
    expect(planPage(keys, { page: 6, size: 5, scope: 'a', anchor: good }).mode).toBe('anchor');
    const forged = (patch: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(good, 'base64url').toString()), ...patch })).toString('base64url');
    for (const [why, req] of [
      ['another scope', { page: 6, size: 5, scope: 'b', anchor: good }],
      ['another size', { page: 6, size: 10, scope: 'a', anchor: good }],
      ['not base64 JSON', { page: 6, size: 5, scope: 'a', anchor: '%%%not-an-anchor' }],
      ['a date that is not one', { page: 6, size: 5, scope: 'a', anchor: forged({ l: ['yesterday', 'r001'] }) }],
      ['a day that does not exist', { page: 6, size: 5, scope: 'a', anchor: forged({ l: ['2026-02-30 10:00:00+00', 'r001'] }) }],
      ['an hour that does not exist', { page: 6, size: 5, scope: 'a', anchor: forged({ l: ['2026-01-01 24:00:00+00', 'r001'] }) }],
      ['an offset out of range', { page: 6, size: 5, scope: 'a', anchor: forged({ l: ['2026-01-01 10:00:00+99', 'r001'] }) }],
      ['a text PostgreSQL cannot hold', { page: 6, size: 5, scope: 'a', anchor: forged({ l: ['2026-01-01 10:00:00+00', 'r\u0000'] }) }],
      ['a page beyond any list', { page: 6, size: 5, scope: 'a', anchor: forged({ p: 1e300 }) }],
      ['a null for a key that cannot be null', { page: 6, size: 5, scope: 'a', anchor: forged({ l: [null, null] }) }],
      ['too few values', { page: 6, size: 5, scope: 'a', anchor: forged({ f: ['r001'] }) }],
      ['a negative total', { page: 6, size: 5, scope: 'a', anchor: forged({ t: -1 }) }],
      ['too long', { page: 6, size: 5, scope: 'a', anchor: 'x'.repeat(5000) }],
    ] as const) {
      const plan = planPage(keys, req);
      expect(plan.mode, why).toBe('start');
      expect(plan.offset, why).toBe(5 * req.size);
    }
    // The forms PostgreSQL writes are taken: fractions, offsets with minutes, infinity.
    for (const d of ['2026-01-01 10:00:00.5+05:30', '2024-02-29 23:59:59.999999-03', 'infinity']) {
      expect(planPage(keys, { page: 6, size: 5, scope: 'a', anchor: forged({ l: [d, 'r001'] }) }).mode, d).toBe('anchor');
    }
  });

  it('an anchor PostgreSQL still refuses (a data exception) is ignored: the page by number, not an error', async () => {
    const keys = sorts['nullable date, ascending'];
    const scope = 'refused';
    const anchor = anchorOf(keys, { page: 2, size: 5, scope }, (await read(keys, planPage(keys, { page: 2, size: 5, scope }))).rows, ROWS)!;
    const plans: PagePlan[] = [];
    const got = await readAnchoredPage(keys, { page: 3, size: 5, scope, anchor }, async (plan) => {
      plans.push(plan);
      // As drizzle wraps the driver's error: date/time field value out of range.
      if (plan.mode !== 'start') throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('out of range'), { code: '22008' }) });
      return read(keys, plan);
    });
    expect(plans.map((p) => p.mode)).toEqual(['anchor', 'start']);
    expect(ids(got.rows)).toEqual(ids((await read(keys, planPage(keys, { page: 3, size: 5, scope }))).rows));
    // Any other failure is the failure it is.
    await expect(readAnchoredPage(keys, { page: 3, size: 5, scope, anchor }, async () => { throw Object.assign(new Error('gone'), { code: '08006' }); })).rejects.toThrow('gone');
  });

  it('a page from the end whose total changed is read again from the start', async () => {
    const keys = sorts['nullable date, ascending'];
    const scope = 'end';
    const rows = (await read(keys, planPage(keys, { page: 2, size: 5, scope }))).rows;
    const stale = anchorOf(keys, { page: 2, size: 5, scope }, rows, ROWS + 3)!; // the list had 3 more rows then
    const plans: PagePlan[] = [];
    const got = await readAnchoredPage(keys, { page: 9, size: 5, scope, anchor: stale }, (plan) => { plans.push(plan); return read(keys, plan); });
    expect(plans.map((p) => p.mode)).toEqual(['end', 'start']);
    expect(ids(got.rows)).toEqual(ids((await read(keys, planPage(keys, { page: 9, size: 5, scope }))).rows));
  });
});
