import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { ProductionQuery } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { useScratchClient } from '../../test/scratch-client.js';
import * as schema from '../../db/schema.js';
import { productionWeeks, productionWeeksFromRows } from './reports-repository.js';

// ADR 0052, docs/derived-data.md: production_weeks keeps the finished lines per Istanbul week of their finish and
// lead bucket of 4 days, as differences appended by statement triggers on order_items; the production report's `by=week`
// answers from them (counts, and each week's median and 90th percentile lead found a few index entries into the right
// bucket); a partial first or last week of the period is read from its lines. This test holds that answer equal to the report computed from the lines (the query it replaced) after
// random inserts, updates and deletes of lines and folds, for whole and partial weeks; the kept rows equal to the
// refill; and shows that with any of the four triggers off the answer differs.

const scratch = useScratchClient('prodweeks');
const db = () => drizzle({ client: scratch.client, schema }) as unknown as Executor;

/**
 * Periods: the whole range (partial first and last weeks), one starting and ending mid-week, whole weeks only (Monday
 * to Sunday), one week, part of one week, and parts of two weeks (none whole).
 */
const PERIODS: ProductionQuery[] = [
  { from: '2026-01-01', to: '2026-03-31', by: 'week' },
  { from: '2026-01-14', to: '2026-02-11', by: 'week' },
  { from: '2026-01-12', to: '2026-02-08', by: 'week' },
  { from: '2026-01-19', to: '2026-01-25', by: 'week' },
  { from: '2026-01-20', to: '2026-01-23', by: 'week' },
  { from: '2026-01-22', to: '2026-01-27', by: 'week' },
];

async function expectSameAnswer(): Promise<void> {
  for (const q of PERIODS) expect(await productionWeeks(db(), q)).toEqual(await productionWeeksFromRows(db(), q));
}

/** Finish instants: a few weeks of January-February 2026 (UTC), some near Istanbul midnight and the week's edge. */
const finished = fc.oneof(
  fc.constant(null),
  fc.record({ day: fc.integer({ min: 5, max: 45 }), minute: fc.constantFrom(0, 1, 20 * 60 + 59, 21 * 60 + 1, 12 * 60 + 7), ms: fc.constantFrom(0, 1, 499, 999) })
    .map(({ day, minute, ms }) => new Date(Date.UTC(2026, 0, day, 0, minute, 0, ms)).toISOString()),
);
/** Leads: whole days, fractions, ties, and a finish before the order (a negative lead). */
const lead = fc.constantFrom(0, 0.25, 1, 1, 1.5, 2, 2.75, 3, 4, 7, 7.5, 8, 13.2, 30, -0.5, -2, -4);
const promised = fc.constantFrom(null, '2026-01-10', '2026-01-20', '2026-02-01', '2026-02-15');
interface Line { status: number; finished: string | null; lead: number; promised: string | null }
const line: fc.Arbitrary<Line> = fc.record({ status: fc.integer({ min: 1, max: 6 }), finished, lead, promised });

const write = fc.oneof(
  fc.record({ k: fc.constant('insert' as const), lines: fc.array(line, { minLength: 1, maxLength: 6 }) }),
  fc.record({ k: fc.constant('update' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 3 }), body: line, only: fc.constantFrom('all', 'status', 'promised', 'ordered') }),
  fc.record({ k: fc.constant('delete' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ k: fc.constant('fold' as const) }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

/** The order date of a line: its finish minus the lead (a finish of null: the lead before 2026-01-20). */
const orderedOf = (l: Line) => new Date((l.finished ? Date.parse(l.finished) : Date.UTC(2026, 0, 20)) - l.lead * 86_400_000).toISOString();

let seq = 0;
async function insert(lines: Line[]): Promise<void> {
  const values = lines.map((l) => ({ id: `pd-${(seq += 1).toString().padStart(6, '0')}`, status: l.status, finished: l.finished, ordered: orderedOf(l), promised: l.promised }));
  await scratch.client.query(`insert into order_items (id, siparis_durumu, bitis_tarihi, siparis_tarihi, promised_date)
    select x->>'id', (x->>'status')::int, (x->>'finished')::timestamptz, (x->>'ordered')::timestamptz, (x->>'promised')::date
    from jsonb_array_elements($1::jsonb) x`, [JSON.stringify(values)]);
}

async function apply(w: Write): Promise<void> {
  const ids = (await scratch.client.query<{ id: string }>('select id from order_items order by id')).rows.map((r) => r.id);
  const some = (at: number, n: number) => ids.length ? Array.from({ length: n }, (_, i) => ids[(at + i) % ids.length]) : [];
  if (w.k === 'insert') await insert(w.lines);
  else if (w.k === 'update') {
    const target = some(w.at, w.n);
    const b = w.body;
    if (w.only === 'status') await scratch.client.query('update order_items set siparis_durumu = $2 where id = any($1)', [target, b.status]);
    else if (w.only === 'promised') await scratch.client.query('update order_items set promised_date = $2 where id = any($1)', [target, b.promised]);
    else if (w.only === 'ordered') await scratch.client.query(`update order_items set siparis_tarihi = siparis_tarihi - make_interval(hours => $2) where id = any($1)`, [target, Math.round(b.lead * 24)]);
    else {
      await scratch.client.query('update order_items set siparis_durumu = $2, bitis_tarihi = $3, siparis_tarihi = $4, promised_date = $5 where id = any($1)',
        [target, b.status, b.finished, orderedOf(b), b.promised]);
    }
  } else if (w.k === 'delete') {
    await scratch.client.query('delete from order_items where id = any($1)', [some(w.at, w.n)]);
  } else {
    await scratch.client.query('select production_weeks_fold()');
  }
}

/** The kept rows added up per key (keys adding up to nothing left out), in key order. */
async function kept(): Promise<unknown[]> {
  return (await scratch.client.query(`select week::text, bucket, sum(n)::int as n, sum(promised)::int as promised, sum(late)::int as late
    from production_weeks group by 1, 2 having sum(n) <> 0 or sum(promised) <> 0 or sum(late) <> 0 order by 1, 2`)).rows;
}

/** A week of many lines with many leads in one bucket, so the percentiles lie deep into a bucket. */
async function busyWeek(): Promise<void> {
  const lines: Line[] = [];
  for (let i = 0; i < 40; i++) {
    lines.push({ status: 4 + (i % 2), finished: new Date(Date.UTC(2026, 0, 20, i % 24, i, 7, i)).toISOString(), lead: 3 + (i % 10) / 10 + (i % 3) * 0.013 + (i % 5 === 0 ? 5 : 0), promised: i % 4 === 0 ? '2026-01-19' : null });
  }
  await insert(lines);
}

describe('production_weeks keeps the finished lines per week and lead bucket (ADR 0052)', () => {
  it('after random inserts, updates and deletes of lines (and folds), the report per week from the kept rows equals the report computed from the lines; the refill keeps the same rows', async () => {
    await busyWeek();
    await fc.assert(fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
      for (const w of writes) await apply(w);
      await expectSameAnswer();
    }), { numRuns: 40 });
    await busyWeek();
    await expectSameAnswer();
    const weeks = await productionWeeksFromRows(db(), PERIODS[0]);
    // The comparison compared something: weeks with lines, medians between values, late and promised lines.
    expect(weeks.length).toBeGreaterThan(2);
    expect(weeks.some((w) => w.completed > 20 && w.leadMedian !== null)).toBe(true);
    expect(weeks.reduce((a, w) => a + w.late, 0)).toBeGreaterThan(0);
    const before = await kept();
    await scratch.client.query('select production_weeks_refill()');
    expect(await kept()).toEqual(before);
    expect((await scratch.client.query('select count(*)::int as n from production_weeks')).rows[0].n).toBe(before.length);
    await expectSameAnswer();
  }, 180_000);

  it('a read beyond 500 extra kept rows folds them into one per key, the answer unchanged', async () => {
    await scratch.client.query(`insert into order_items (id, siparis_durumu, bitis_tarihi, siparis_tarihi, promised_date)
      values ('pd-busy', 4, '2026-02-03T10:00:00Z', '2026-01-30T10:00:00Z', '2026-02-01')`);
    for (let i = 0; i < 300; i++) {
      await scratch.client.query(`update order_items set siparis_durumu = case siparis_durumu when 4 then 3 else 4 end where id = 'pd-busy'`);
    }
    const raw = async () => (await scratch.client.query('select count(*)::int as n from production_weeks')).rows[0].n as number;
    expect(await raw()).toBeGreaterThan((await kept()).length + 250);
    await scratch.client.query(`update order_items set siparis_durumu = 5 where id = 'pd-busy'`);
    for (let i = 0; i < 300; i++) await scratch.client.query(`update order_items set promised_date = $1 where id = 'pd-busy'`, [i % 2 ? '2026-02-01' : '2026-02-05']);
    expect(await raw()).toBeGreaterThan((await kept()).length + 500);
    const first = await productionWeeks(db(), PERIODS[0]);
    expect(first).toEqual(await productionWeeksFromRows(db(), PERIODS[0]));
    expect(await raw()).toBe((await kept()).length);
    expect(await productionWeeks(db(), PERIODS[0])).toEqual(first);
  }, 120_000);

  const untracked: [string, string, () => Promise<void>][] = [
    ['production_weeks_insert', 'a new finished line', () => insert([{ status: 4, finished: '2026-02-18T09:00:00.000Z', lead: 2.5, promised: '2026-02-10' }])],
    ['production_weeks_update', 'a line finished', async () => {
      await scratch.client.query(`update order_items set siparis_durumu = 5 where id = 'pd-open'`);
    }],
    ['production_weeks_delete', 'a finished line deleted', async () => {
      await scratch.client.query(`delete from order_items where id = 'pd-done'`);
    }],
    ['production_weeks_truncate', 'the lines truncated', async () => {
      await scratch.client.query('truncate order_items cascade');
    }],
  ];
  for (const [trigger, what, change] of untracked) {
    it(`the comparison sees ${what} with ${trigger} off`, async () => {
      await scratch.client.query(`insert into order_items (id, siparis_durumu, bitis_tarihi, siparis_tarihi) values
        ('pd-open', 2, '2026-02-17T08:00:00Z', '2026-02-10T08:00:00Z'), ('pd-done', 4, '2026-02-17T09:00:00Z', '2026-02-11T08:00:00Z')
        on conflict (id) do update set siparis_durumu = excluded.siparis_durumu, bitis_tarihi = excluded.bitis_tarihi, siparis_tarihi = excluded.siparis_tarihi`);
      await expectSameAnswer();
      await scratch.client.query('begin');
      try {
        await scratch.client.query(`alter table order_items disable trigger ${trigger}`);
        await change();
        const q = PERIODS[0];
        expect(await productionWeeks(db(), q)).not.toEqual(await productionWeeksFromRows(db(), q));
      } finally {
        await scratch.client.query('rollback');
      }
      await change();
      await expectSameAnswer();
    });
  }
});
