import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineNeeds, lineProductNeeds, type LineNeed, type NeedsOperation } from '@isik/domain';
import { useScratchClient } from '../test/scratch-client.js';

// docs/derived-data.md: what an open line still needs is one rule, the domain's lineNeeds; the SQL function
// order_needs_of (src/db/derived/order-needs.sql), which keeps order_material_needs for the component list, is the
// same rule in SQL and this test holds the two equal on random lines, to the last decimal. The component products a
// line's 'Yarı Mamül' rows still take (lineProductNeeds = order_line_needs(..., true), the component list's product
// shortages, ADR 0044) are the same rule on the other rows, held equal here too.

const scratch = useScratchClient('needs');

interface Line { status: number; ops: unknown }

/** What order_needs_of answers for each line (by index), decimals as exact text without trailing zeros. */
async function fromSql(lines: readonly Line[], products = false): Promise<LineNeed[][]> {
  const fn = products ? "order_line_needs((l.v->>'status')::int, l.v->'ops', true)" : "order_needs_of((l.v->>'status')::int, l.v->'ops')";
  const res = await scratch.client.query<{ i: string; material: string; operation: string; required: string }>(`
    select l.i, n.material_id as material, n.operation, trim_scale(n.required)::text as required
    from jsonb_array_elements($1::jsonb) with ordinality as l(v, i)
      cross join lateral ${fn} n`, [JSON.stringify(lines)]);
  const out: LineNeed[][] = lines.map(() => []);
  for (const r of res.rows) out[Number(r.i) - 1].push({ material: r.material, operation: r.operation, required: r.required });
  return out;
}

const key = (n: LineNeed) => JSON.stringify([n.material, n.operation, n.required]);
const sorted = (ns: readonly LineNeed[]) => [...ns].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

// Quantities: whole numbers, decimals of up to 4 places (some negative, some large), and the same as decimal text.
const qty = fc.oneof(
  fc.integer({ min: -3, max: 20 }),
  fc.integer({ min: -1_000_000, max: 100_000_000_000 }).map((n) => n / 10_000),
  fc.integer({ min: 0, max: 99_999 }).map((n) => (n / 10_000).toString()),
);
const perUnit = fc.oneof(
  fc.integer({ min: 0, max: 5 }),
  fc.integer({ min: -1_000_000, max: 10_000_000_000 }).map((n) => n / 1_000_000),
  fc.constantFrom(0.1, 0.35, 1.005, 0.0001),
);
const row = fc.record({
  material: fc.constantFrom('m1', 'm2', 'p1', '', ' ', '  ', null),
  materialQty: fc.option(perUnit, { nil: null }),
  StockUpdate: fc.constantFrom(true, false, null),
  component: fc.constantFrom(false, true, null),
  unit: fc.constant('Adet'),
}, { requiredKeys: [] });
const operation = fc.record({
  Operation: fc.constantFrom('Montaj', 'Kesim', 'Yarı Mamül', '', null),
  OperationStatus: fc.constantFrom(0, 1, 2, null),
  Qty: fc.option(qty, { nil: null }),
  OperationComplated: fc.option(qty, { nil: null }),
  OperationDetails: fc.oneof(
    { weight: 8, arbitrary: fc.array(fc.oneof({ weight: 9, arbitrary: row }, { weight: 1, arbitrary: fc.constant(null) }), { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, {}, 'x') },
  ),
}, { requiredKeys: [] });
const line: fc.Arbitrary<Line> = fc.record({
  status: fc.integer({ min: 0, max: 6 }),
  ops: fc.oneof(
    { weight: 9, arbitrary: fc.array(fc.oneof({ weight: 9, arbitrary: operation }, { weight: 1, arbitrary: fc.constant(null) }), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, {}, 7) },
  ),
});

describe('what an open line needs: order_needs_of (SQL) equals the domain\'s lineNeeds', () => {
  it('on random lines: statuses 0-6, finished and open operations, decimals, empty and blank materials, component rows, StockUpdate off, missing fields', async () => {
    await fc.assert(fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 8 }), async (lines) => {
      const got = await fromSql(lines);
      lines.forEach((l, i) => {
        const want = lineNeeds(l.status, l.ops as readonly NeedsOperation[]);
        expect(sorted(got[i]), JSON.stringify(l)).toEqual(sorted(want));
      });
    }), { numRuns: 300 });
  });

  it('the component products (\'Yarı Mamül\' rows): order_line_needs(..., true) equals lineProductNeeds on the same random lines', async () => {
    await fc.assert(fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 8 }), async (lines) => {
      const got = await fromSql(lines, true);
      lines.forEach((l, i) => {
        const want = lineProductNeeds(l.status, l.ops as readonly NeedsOperation[]);
        expect(sorted(got[i]), JSON.stringify(l)).toEqual(sorted(want));
      });
    }), { numRuns: 300 });
  });

  it('examples: only lines 1-3, unfinished operations, rows that move stock and name a material; exact decimals', async () => {
    const ops = [
      { Operation: 'Montaj', OperationStatus: 1, Qty: 10, OperationComplated: 4.5, OperationDetails: [
        { material: 'm1', materialQty: 0.35, StockUpdate: true, component: false }, { material: 'm2', materialQty: 2, StockUpdate: false, component: false },
        { material: '', materialQty: 1, StockUpdate: true, component: false }, { material: 'p1', materialQty: 1, StockUpdate: true, component: true },
      ] },
      { Operation: 'Kesim', OperationStatus: 2, Qty: 10, OperationComplated: 10, OperationDetails: [{ material: 'm1', materialQty: 2 }] },
    ];
    const lines = [0, 1, 2, 3, 4, 5, 6].map((status) => ({ status, ops }));
    const got = await fromSql(lines);
    expect(got).toEqual(lines.map((l) => lineNeeds(l.status, l.ops)));
    expect(got[2]).toEqual([{ material: 'm1', operation: 'Montaj', required: '1.925' }]);
    expect(got[4]).toEqual([]);
    const products = await fromSql(lines, true);
    expect(products).toEqual(lines.map((l) => lineProductNeeds(l.status, l.ops)));
    expect(products[2]).toEqual([{ material: 'p1', operation: 'Montaj', required: '5.5' }]);
  });
});
