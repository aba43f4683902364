import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec } from '@isik/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Executor } from '../../db/database.js';
import { useScratchClient } from '../../test/scratch-client.js';
import * as schema from '../../db/schema.js';
import { productionOperations } from './reports-repository.js';

// ADR 0048, docs/derived-data.md: order_operation_wip keeps the production report's work in progress per operation
// (lines, lines started, units left) as differences appended by statement triggers on order_items. This test holds
// the kept sums equal to the figures computed here from the lines as stored, after random inserts, updates and deletes
// of lines and folds, and after the refill; and shows the comparison fails for a line the triggers missed.

const scratch = useScratchClient('wip');

type Wip = Record<string, { lines: number; started: number; units: string }>;
interface Op { Operation?: string; OperationStatus?: number; Qty?: number | string; OperationComplated?: number | string }

/** The report's definition (ADR 0041), from the lines as stored: per name (trimmed of spaces, '-' when blank), the
 * lines in status 1-3 with an operation of that name not finished (status ≠ 2), those with one started (status 1),
 * the units left (Qty − completed, not below 0, over the open operations of the name). */
async function fromLines(): Promise<Wip> {
  const res = await scratch.client.query<{ id: string; siparis_durumu: number; operations: unknown }>('select id, siparis_durumu, operations from order_items');
  const out: Wip = {};
  for (const l of res.rows) {
    if (l.siparis_durumu < 1 || l.siparis_durumu > 3 || !Array.isArray(l.operations)) continue;
    const mine = new Map<string, { started: boolean; units: string }>();
    for (const op of l.operations as Op[]) {
      if ((op.OperationStatus ?? 0) === 2) continue;
      const name = (op.Operation ?? '').replace(/^ +| +$/g, '') || '-';
      const left = dec(op.Qty ?? 0).minus(op.OperationComplated ?? 0);
      const e = mine.get(name) ?? { started: false, units: '0' };
      mine.set(name, { started: e.started || op.OperationStatus === 1, units: dec(e.units).plus(left.gt(0) ? left : 0).toFixed() });
    }
    for (const [name, e] of mine) {
      const w = out[name] ?? { lines: 0, started: 0, units: '0' };
      out[name] = { lines: w.lines + 1, started: w.started + (e.started ? 1 : 0), units: dec(w.units).plus(e.units).toFixed() };
    }
  }
  return out;
}

/** What order_operation_wip keeps: the rows of one name added up; names that add up to nothing left out. */
async function kept(): Promise<Wip> {
  const res = await scratch.client.query<{ operation: string; lines: number; started: number; units: string }>(`
    select operation, sum(lines)::int as lines, sum(started)::int as started, trim_scale(sum(units))::text as units
    from order_operation_wip group by 1 having sum(lines) <> 0 or sum(started) <> 0 or sum(units) <> 0`);
  return Object.fromEntries(res.rows.map((r) => [r.operation, { lines: r.lines, started: r.started, units: dec(r.units).toFixed() }]));
}

const operation = fc.record({
  Operation: fc.constantFrom('Kesim', ' Kesim ', 'Montaj', 'Boya', '', '  '),
  OperationStatus: fc.constantFrom(0, 1, 2, undefined),
  Qty: fc.constantFrom(0, 1, 7, 12.5, '3.25', 100),
  OperationComplated: fc.constantFrom(0, 1, 2.5, 10, 120, undefined),
}, { requiredKeys: ['Operation'] });
const lineBody = fc.record({ status: fc.integer({ min: 1, max: 6 }), ops: fc.oneof(fc.array(operation, { maxLength: 4 }), fc.constant({})) });
const write = fc.oneof(
  fc.record({ k: fc.constant('insert' as const), lines: fc.array(lineBody, { minLength: 1, maxLength: 4 }) }),
  fc.record({ k: fc.constant('update' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 3 }), body: lineBody, statusOnly: fc.boolean() }),
  fc.record({ k: fc.constant('delete' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ k: fc.constant('fold' as const) }),
);

let seq = 0;
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;
async function apply(w: Write): Promise<void> {
  const ids = (await scratch.client.query<{ id: string }>('select id from order_items order by id')).rows.map((r) => r.id);
  const some = (at: number, n: number) => ids.length ? Array.from({ length: n }, (_, i) => ids[(at + i) % ids.length]) : [];
  if (w.k === 'insert') {
    const values = w.lines.map((l) => ({ id: `wip-${(seq += 1).toString().padStart(6, '0')}`, status: l.status, ops: l.ops }));
    await scratch.client.query(`insert into order_items (id, siparis_durumu, operations)
      select x->>'id', (x->>'status')::int, x->'ops' from jsonb_array_elements($1::jsonb) x`, [JSON.stringify(values)]);
  } else if (w.k === 'update') {
    const target = some(w.at, w.n);
    if (w.statusOnly) await scratch.client.query('update order_items set siparis_durumu = $2 where id = any($1)', [target, w.body.status]);
    else await scratch.client.query('update order_items set siparis_durumu = $2, operations = $3::jsonb where id = any($1)', [target, w.body.status, JSON.stringify(w.body.ops)]);
  } else if (w.k === 'delete') {
    await scratch.client.query('delete from order_items where id = any($1)', [some(w.at, w.n)]);
  } else {
    await scratch.client.query('select order_wip_fold()');
  }
}

describe('order_operation_wip keeps the work in progress per operation (ADR 0048)', () => {
  it('after random inserts, updates and deletes of lines (and folds), the kept sums per name equal the figures computed from the lines; the refill gives the same', async () => {
    await fc.assert(fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
      for (const w of writes) await apply(w);
      expect(await kept()).toEqual(await fromLines());
    }), { numRuns: 40 });
    // One open line with a started operation, so the refill's check below always compares something.
    await apply({ k: 'insert', lines: [{ status: 2, ops: [{ Operation: 'Kesim', OperationStatus: 1, Qty: 9, OperationComplated: 2 }] }] });
    const want = await fromLines();
    expect(want.Kesim?.started).toBeGreaterThan(0);
    await scratch.client.query('select order_wip_refill()');
    expect((await scratch.client.query('select count(*)::int as n from order_operation_wip')).rows[0].n).toBe(Object.keys(want).length);
    expect(await kept()).toEqual(want);
    // A fold leaves one row per name.
    await apply({ k: 'update', at: 0, n: 2, body: { status: 1, ops: [{ Operation: 'Boya', OperationStatus: 0, Qty: 5, OperationComplated: 0 }] }, statusOnly: false });
    await scratch.client.query('select order_wip_fold()');
    expect(await kept()).toEqual(await fromLines());
    const rows = (await scratch.client.query<{ operation: string }>('select operation from order_operation_wip')).rows.map((r) => r.operation);
    expect(rows.length).toBe(new Set(rows).size);
  }, 120_000);

  it('the comparison sees a line the triggers missed: with the insert trigger disabled, a new line\'s operation is not in the kept sums', async () => {
    const ops = [{ Operation: 'Kalite Kontrol', OperationStatus: 1, Qty: 4, OperationComplated: 1 }];
    await scratch.client.query('begin');
    try {
      await scratch.client.query('alter table order_items disable trigger order_wip_insert');
      await scratch.client.query(`insert into order_items (id, siparis_durumu, operations) values ('wip-untracked', 1, $1::jsonb)`, [JSON.stringify(ops)]);
      const want = await fromLines();
      expect(want['Kalite Kontrol']).toEqual({ lines: 1, started: 1, units: '3' });
      expect((await kept())['Kalite Kontrol']).toBeUndefined();
      expect(await kept()).not.toEqual(want);
    } finally {
      await scratch.client.query('rollback');
    }
    await scratch.client.query(`insert into order_items (id, siparis_durumu, operations) values ('wip-tracked', 1, $1::jsonb)`, [JSON.stringify(ops)]);
    expect((await kept())['Kalite Kontrol']).toEqual({ lines: 1, started: 1, units: '3' });
    expect(await kept()).toEqual(await fromLines());
  });

  it('the report answers the kept sums, and a read after many appended rows folds them into one row per name', async () => {
    const db = drizzle({ client: scratch.client, schema }) as unknown as Executor;
    // 600 one-line writes append a row each (a record of one unit on the same operation).
    await scratch.client.query(`insert into order_items (id, siparis_durumu, operations) values ('wip-busy', 2, $1::jsonb)`,
      [JSON.stringify([{ Operation: 'Dizgi', OperationStatus: 1, Qty: 1000, OperationComplated: 0 }])]);
    for (let i = 1; i <= 600; i++) {
      await scratch.client.query(`update order_items set operations = jsonb_set(operations, '{0,OperationComplated}', to_jsonb($1::int)) where id = 'wip-busy'`, [i]);
    }
    const want = await fromLines();
    const expected = Object.entries(want).filter(([, w]) => w.lines > 0)
      .sort(([, x], [, y]) => y.lines - x.lines)
      .map(([key, w]) => ({ key, label: key, lines: w.lines, started: w.started, units: Number(w.units) }));
    expect(expected.find((r) => r.key === 'Dizgi')).toMatchObject({ lines: 1, started: 1, units: 400 });
    const rawBefore = (await scratch.client.query('select count(*)::int as n from order_operation_wip')).rows[0].n;
    expect(rawBefore).toBeGreaterThan(600);
    const first = await productionOperations(db);
    // The names in the database's order of lines (most first; ties by name in its collation).
    const byKey = (rs: { key: string }[]) => [...rs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    expect(byKey(first)).toEqual(byKey(expected));
    expect(first.map((r) => r.lines)).toEqual(expected.map((r) => r.lines));
    // That read folded: one row per name (or none for a name that adds up to nothing), the same answer.
    const rows = (await scratch.client.query<{ operation: string }>('select operation from order_operation_wip')).rows.map((r) => r.operation);
    expect(rows.length).toBe(new Set(rows).size);
    expect(await productionOperations(db)).toEqual(first);
  }, 120_000);
});
