import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Executor } from '../../db/database.js';
import { useScratchClient } from '../../test/scratch-client.js';
import * as schema from '../../db/schema.js';
import { listMaterials, type MaterialListArgs } from './materials-repository.js';

// ADR 0056, docs/derived-data.md: the materials list without a filter reads its total from table_counts (kept by
// statement triggers on materials), not from a count of every material per page. This test holds the list's total
// equal to the table's count after random inserts, deletes, a truncate and folds, the kept count equal to the refill,
// and shows that with any of the three materials triggers off the total differs from the count.

const scratch = useScratchClient('mcounts');
const db = () => drizzle({ client: scratch.client, schema }) as unknown as Executor;
const args = (over: Partial<MaterialListArgs> = {}): MaterialListArgs => ({ type: 'list', page: 1, pageSize: 10, orderBy: 'material_name', order: 'asc', ...over });

/** The list's total (page 1, and a page past the end, which reads the total on its own) and the direct counts. */
async function totals() {
  const first = (await listMaterials(db(), args())).total;
  const past = (await listMaterials(db(), args({ page: 100_000 }))).total;
  const filtered = (await listMaterials(db(), args({ category: 'Mekanik' }))).total;
  return { first, past, filtered };
}
async function direct() {
  const r = (await scratch.client.query(`select count(*)::int as n, count(*) filter (where material_category = 'Mekanik')::int as m from materials`)).rows[0];
  return { first: r.n, past: r.n, filtered: r.m };
}

let seq = 0;
async function addMaterials(n: number): Promise<void> {
  const ids = Array.from({ length: n }, () => `mc-${(seq += 1).toString().padStart(6, '0')}`);
  await scratch.client.query(`insert into materials (id, material_name, material_category, material_group)
    select x, 'Malzeme ' || x, case when right(x, 1) in ('1', '3', '5') then 'Mekanik' else 'Elektronik' end, 'Grup' from unnest($1::text[]) x`, [ids]);
}
async function removeMaterials(at: number, n: number): Promise<void> {
  await scratch.client.query(`delete from materials where id in (select id from materials where id like 'mc-%' order by id offset $1 limit $2)`, [at % 5, n]);
}

const write = fc.oneof(
  fc.record({ k: fc.constant('add' as const), n: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ k: fc.constant('delete' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ k: fc.constant('fold' as const) }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;
async function apply(w: Write): Promise<void> {
  if (w.k === 'add') await addMaterials(w.n);
  else if (w.k === 'delete') await removeMaterials(w.at, w.n);
  else await scratch.client.query('select table_counts_fold()');
}
const keptRows = async () => (await scratch.client.query(`select name, sum(n)::int as n from table_counts group by 1 order by 1`)).rows;

describe('the materials list\'s total from the kept count (ADR 0056)', () => {
  it('after random inserts and deletes (and folds) the total equals the table\'s count; the refill keeps the same counts; a truncate empties it', async () => {
    await fc.assert(fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
      for (const w of writes) await apply(w);
      expect(await totals()).toEqual(await direct());
    }), { numRuns: 30 });
    expect((await direct()).first).toBeGreaterThan(0);
    const before = await keptRows();
    await scratch.client.query('select table_counts_refill()');
    expect(await keptRows()).toEqual(before);
    await scratch.client.query('begin');
    try {
      await scratch.client.query('truncate materials cascade');
      expect(await totals()).toEqual({ first: 0, past: 0, filtered: 0 });
    } finally {
      await scratch.client.query('rollback');
    }
  }, 120_000);

  it('a read beyond 100 extra kept rows folds them into one per table, the total unchanged', async () => {
    for (let i = 0; i < 110; i++) await addMaterials(1);
    expect((await scratch.client.query('select count(*)::int as n from table_counts')).rows[0].n).toBeGreaterThan(110);
    expect(await totals()).toEqual(await direct());
    expect((await scratch.client.query(`select count(*)::int as n from table_counts where name = 'materials'`)).rows[0].n).toBe(1);
    expect(await totals()).toEqual(await direct());
  });

  const untracked: [string, string, () => Promise<void>][] = [
    ['table_counts_insert', 'a new material', () => addMaterials(2)],
    ['table_counts_delete', 'a deleted material', () => removeMaterials(0, 1)],
    ['table_counts_truncate', 'the materials truncated', async () => { await scratch.client.query('truncate materials cascade'); }],
  ];
  for (const [trigger, what, change] of untracked) {
    it(`the total differs from the count for ${what} with ${trigger} on materials off`, async () => {
      await addMaterials(2);
      expect(await totals()).toEqual(await direct());
      await scratch.client.query('begin');
      try {
        await scratch.client.query(`alter table materials disable trigger ${trigger}`);
        await change();
        expect((await totals()).first).not.toBe((await direct()).first);
      } finally {
        await scratch.client.query('rollback');
      }
      await scratch.client.query('begin');
      try {
        await change();
        expect(await totals()).toEqual(await direct());
      } finally {
        await scratch.client.query('rollback');
      }
    });
  }
});
