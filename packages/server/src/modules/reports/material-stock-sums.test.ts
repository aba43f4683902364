import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { StockQuery } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { useScratchClient } from '../../test/scratch-client.js';
import * as schema from '../../db/schema.js';
import { stockReport, stockRowsFromMaterials } from './reports-repository.js';

// ADR 0057, docs/derived-data.md: material_stock_sums keeps the materials per category and unit (how many have stock,
// their stock, their value in parts, how many are below their minimum) as differences appended by statement triggers
// on materials and material_costs; the stock report's `view=category` answers from them, and the totals of `below`
// and `slow`. This test holds those answers equal to the report computed from the materials (stockRowsFromMaterials)
// after random writes of both tables and folds; the kept rows equal to the refill; and shows that with any of the
// eight triggers off the answer differs.

const scratch = useScratchClient('stocksums');
const db = () => drizzle({ client: scratch.client, schema }) as unknown as Executor;

const CATEGORY: StockQuery = { view: 'category', days: 90, page: 1, pageSize: 1000 };
const BELOW: StockQuery = { view: 'below', days: 90, page: 1, pageSize: 1 };
const SLOW: StockQuery = { view: 'slow', days: 90, page: 1, pageSize: 1 };

/** What a user sees of the report: each category's row, and the totals of the two paged views. */
async function answer() {
  const rows = JSON.parse((await stockReport(db(), CATEGORY)).rows) as { key: string; materials: number; stock: number; unit: string; value: number }[];
  return {
    categories: rows.map((r) => ({ key: r.key, materials: r.materials, stock: r.stock, unit: r.unit, value: r.value })),
    below: (await stockReport(db(), BELOW)).total,
    slow: (await stockReport(db(), SLOW)).total,
  };
}
async function expected() {
  return {
    categories: (await stockRowsFromMaterials(db(), CATEGORY)).map((r) => ({ key: r.key, materials: r.materials, stock: r.stock, unit: r.unit, value: r.value })),
    below: (await stockRowsFromMaterials(db(), BELOW)).length,
    slow: (await stockRowsFromMaterials(db(), SLOW)).length,
  };
}
async function expectSameAnswer(): Promise<void> {
  expect(await answer()).toEqual(await expected());
}

const category = fc.constantFrom('Kablo', 'Vida', 'LED', 'Boş ', '');
const unit = fc.constantFrom('Adet', 'Metre', 'kg');
const qty = fc.constantFrom('0', '1', '2.5', '-3', '10.1234', '0.0001', '-0.5', '400');
const minStock = fc.constantFrom(null, '0', '1', '5', '12.3456');
const price = fc.constantFrom('0', '1.25', '3', '17.0001');
const currency = fc.constantFrom('$', '€', '₺', 'TL', '');
const cost = fc.constantFrom('1', '2.345678', '0', '99.5');
const moved = fc.constantFrom(null, 1, 50, 200, 1000);
interface Material { category: string; unit: string; qty: string; min: string | null; price: string; currency: string; moved: number | null }
const material: fc.Arbitrary<Material> = fc.record({ category, unit, qty, min: minStock, price, currency, moved });

const write = fc.oneof(
  fc.record({ k: fc.constant('insert' as const), rows: fc.array(material, { minLength: 1, maxLength: 5 }) }),
  fc.record({ k: fc.constant('update' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 3 }), body: material,
    only: fc.constantFrom('all', 'qty', 'min', 'price', 'category', 'moved') }),
  fc.record({ k: fc.constant('delete' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ k: fc.constant('cost' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 3 }), cost }),
  fc.record({ k: fc.constant('uncost' as const), at: fc.nat() }),
  fc.record({ k: fc.constant('fold' as const) }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

const movedAt = (days: number | null) => (days === null ? null : new Date(Date.now() - days * 86_400_000).toISOString());
let seq = 0;
async function insert(rows: Material[]): Promise<void> {
  const values = rows.map((m) => ({ id: `ms-${(seq += 1).toString().padStart(6, '0')}`, ...m, moved: movedAt(m.moved) }));
  await scratch.client.query(`insert into materials (id, material_name, material_category, material_group, material_unit, stock_sum, min_stock, material_price, material_doviz, last_movement_at)
    select x->>'id', 'M ' || (x->>'id'), x->>'category', 'G', x->>'unit', (x->>'qty')::numeric, (x->>'min')::numeric, (x->>'price')::numeric, x->>'currency', (x->>'moved')::timestamptz
    from jsonb_array_elements($1::jsonb) x`, [JSON.stringify(values)]);
}

async function apply(w: Write): Promise<void> {
  const ids = (await scratch.client.query<{ id: string }>('select id from materials order by id')).rows.map((r) => r.id);
  const some = (at: number, n: number) => (ids.length ? [...new Set(Array.from({ length: n }, (_, i) => ids[(at + i) % ids.length]))] : []);
  if (w.k === 'insert') await insert(w.rows);
  else if (w.k === 'update') {
    const target = some(w.at, w.n);
    const b = w.body;
    const set = {
      all: ['material_category = $2, material_unit = $3, stock_sum = $4, min_stock = $5, material_price = $6, material_doviz = $7', [b.category, b.unit, b.qty, b.min, b.price, b.currency]],
      qty: ['stock_sum = stock_sum + $2', [b.qty]],
      min: ['min_stock = $2', [b.min]],
      price: ['material_price = $2, material_doviz = $3', [b.price, b.currency]],
      category: ['material_category = $2, material_unit = $3', [b.category, b.unit]],
      moved: ['last_movement_at = $2', [movedAt(b.moved)]],
    }[w.only] as [string, unknown[]];
    await scratch.client.query(`update materials set ${set[0]} where id = any($1)`, [target, ...set[1]]);
  } else if (w.k === 'delete') {
    await scratch.client.query('delete from materials where id = any($1)', [some(w.at, w.n)]);
  } else if (w.k === 'cost') {
    await scratch.client.query(`insert into material_costs (stock_id, avg_cost) select unnest($1::text[]), $2::numeric
      on conflict (stock_id) do update set avg_cost = excluded.avg_cost`, [some(w.at, w.n), w.cost]);
  } else if (w.k === 'uncost') {
    await scratch.client.query(`delete from material_costs where stock_id = (select stock_id from material_costs order by stock_id offset $1 limit 1)`, [w.at % 7]);
  } else {
    await scratch.client.query('select material_stock_sums_fold()');
  }
}

/** The kept rows added up per key (keys adding up to nothing left out), in key order. */
async function kept(): Promise<unknown[]> {
  return (await scratch.client.query(`select category, unit, sum(n)::int as n, sum(stock)::text as stock, sum(avg_value)::text as a,
      sum(usd_price)::text as u, sum(eur_price)::text as e, sum(try_value)::text as t, sum(below)::int as b
    from material_stock_sums group by 1, 2
    having sum(n) <> 0 or sum(stock) <> 0 or sum(avg_value) <> 0 or sum(usd_price) <> 0 or sum(eur_price) <> 0 or sum(try_value) <> 0 or sum(below) <> 0
    order by 1, 2`)).rows.map((r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?[\d.]+$/.test(v) ? Number(v) : v])));
}

describe('material_stock_sums keeps the materials per category and unit (ADR 0057)', () => {
  it('after random writes of materials and their costs (and folds), stock per category and the totals of below minimum and slow movers equal the report computed from the materials; the refill keeps the same rows', async () => {
    await scratch.client.query(`insert into tcmb_rates (tarih, usd_selling, eur_selling) values ('2026-11-20', 40.123456, 45.5)`);
    await fc.assert(fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
      for (const w of writes) await apply(w);
      await expectSameAnswer();
    }), { numRuns: 60 });
    const now = await expected();
    // The comparison compared something: categories with value, materials below their minimum, slow movers, costs.
    expect(now.categories.length).toBeGreaterThan(1);
    expect(now.categories.some((c) => Number(c.value) > 0 && c.unit === '')).toBe(true);
    expect(now.below).toBeGreaterThan(0);
    expect(now.slow).toBeGreaterThan(0);
    expect((await scratch.client.query('select count(*)::int as n from material_costs c join materials m on m.id = c.stock_id where m.stock_sum > 0')).rows[0].n).toBeGreaterThan(0);
    const before = await kept();
    await scratch.client.query('select material_stock_sums_refill()');
    expect(await kept()).toEqual(before);
    await expectSameAnswer();
  }, 180_000);

  it('a read beyond 500 extra kept rows folds them into one per key, the answer unchanged', async () => {
    await insert([{ category: 'Kablo', unit: 'Adet', qty: '1', min: '3', price: '2', currency: '$', moved: 300 }]);
    const id = `ms-${seq.toString().padStart(6, '0')}`;
    for (let i = 0; i < 600; i++) await scratch.client.query(`update materials set stock_sum = stock_sum + 1 where id = $1`, [id]);
    const raw = async () => (await scratch.client.query('select count(*)::int as n from material_stock_sums')).rows[0].n as number;
    expect(await raw()).toBeGreaterThan((await kept()).length + 500);
    const first = await answer();
    expect(first).toEqual(await expected());
    expect(await raw()).toBe((await kept()).length);
    expect(await answer()).toEqual(first);
  }, 120_000);

  const untracked: [string, string, string, () => Promise<void>][] = [
    ['materials', 'material_stock_sums_insert', 'a new material with stock', () => insert([{ category: 'Yeni', unit: 'Adet', qty: '4', min: '9', price: '3', currency: '€', moved: 500 }])],
    ['materials', 'material_stock_sums_update', 'a movement of a material', async () => {
      await scratch.client.query(`update materials set stock_sum = stock_sum - 1 where id = 'ms-priced'`);
    }],
    ['materials', 'material_stock_sums_delete', 'a material deleted', async () => {
      await scratch.client.query(`delete from materials where id = 'ms-plain'`);
    }],
    ['materials', 'material_stock_sums_unlink', 'a material with a cost deleted', async () => {
      await scratch.client.query(`delete from materials where id = 'ms-priced'`);
    }],
    ['material_costs', 'material_stock_sums_cost_insert', 'a first cost', async () => {
      await scratch.client.query(`insert into material_costs (stock_id, avg_cost) values ('ms-plain', 7.25)`);
    }],
    ['material_costs', 'material_stock_sums_cost_update', 'a cost changed', async () => {
      await scratch.client.query(`update material_costs set avg_cost = 11 where stock_id = 'ms-priced'`);
    }],
    ['material_costs', 'material_stock_sums_cost_delete', 'a cost removed', async () => {
      await scratch.client.query(`delete from material_costs where stock_id = 'ms-priced'`);
    }],
    ['material_costs', 'material_stock_sums_cost_truncate', 'the costs truncated', async () => {
      await scratch.client.query('truncate material_costs');
    }],
    // A truncate of materials truncates material_costs too (its foreign key): the same trigger refills.
    ['material_costs', 'material_stock_sums_cost_truncate', 'the materials truncated', async () => {
      await scratch.client.query('truncate materials cascade');
    }],
  ];
  for (const [table, trigger, what, change] of untracked) {
    it(`the comparison sees ${what} with ${trigger} off`, async () => {
      await scratch.client.query(`insert into tcmb_rates (tarih, usd_selling, eur_selling) values ('2026-11-20', 40.123456, 45.5) on conflict do nothing`);
      await scratch.client.query(`insert into materials (id, material_name, material_category, material_group, material_unit, stock_sum, min_stock, material_price, material_doviz, last_movement_at) values
        ('ms-plain', 'Plain', 'Trig', 'G', 'Adet', 5, 10, 2, '$', now() - interval '400 days'), ('ms-priced', 'Priced', 'Trig', 'G', 'Adet', 8, 20, 3, '€', now() - interval '300 days')
        on conflict (id) do nothing`);
      await scratch.client.query(`insert into material_costs (stock_id, avg_cost) values ('ms-priced', 4.5) on conflict (stock_id) do update set avg_cost = excluded.avg_cost`);
      await expectSameAnswer();
      await scratch.client.query('begin');
      try {
        await scratch.client.query(`alter table ${table} disable trigger ${trigger}`);
        await change();
        expect(await answer()).not.toEqual(await expected());
      } finally {
        await scratch.client.query('rollback');
      }
      await change();
      await expectSameAnswer();
    });
  }
});
