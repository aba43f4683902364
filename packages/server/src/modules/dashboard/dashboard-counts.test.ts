import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { DashboardCounts } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { useScratchClient } from '../../test/scratch-client.js';
import * as schema from '../../db/schema.js';
import { dashboardCounts } from './dashboard-repository.js';

// ADR 0052, docs/derived-data.md: the dashboard's tiles are read from kept counts (product_counts, offer_sums,
// order_figure_sums' kind 0, table_counts), so they cost the same however large the tables grow. This test holds the
// tiles equal to the tables' own counts after random inserts, deletes and truncates (and folds), the kept counts equal
// to the refill, and shows that with any trigger of table_counts off a tile differs from its table.

const scratch = useScratchClient('tiles');
const db = () => drizzle({ client: scratch.client, schema }) as unknown as Executor;

/** The tiles counted from the tables (the statement the dashboard ran before ADR 0052). */
async function direct(): Promise<DashboardCounts> {
  const r = (await scratch.client.query(`select
    (select count(*) from products)::int as products,
    (select count(*) from offers where teklif_durumu = 0)::int as offers,
    (select count(*) from offers where teklif_durumu = 1)::int as orders,
    (select count(*) from order_items)::int as "orderItems",
    (select count(*) from companies)::int as companies,
    (select count(*) from users)::int as users`)).rows[0];
  return r as DashboardCounts;
}

let seq = 0;
const id = (p: string) => `${p}-${(seq += 1).toString().padStart(6, '0')}`;

async function addCompanies(n: number): Promise<void> {
  const ids = Array.from({ length: n }, () => id('tc'));
  await scratch.client.query(`insert into companies (id, company_name) select x, 'Firma ' || x from unnest($1::text[]) x`, [ids]);
}
async function addUsers(n: number): Promise<void> {
  const ids = Array.from({ length: n }, () => id('tu'));
  await scratch.client.query(`insert into users (id, firstname, lastname, email, password_hash)
    select x, 'Ad', 'Soyad', x || '@example.com', 'x' from unnest($1::text[]) x`, [ids]);
}
async function addOffers(status: number, n: number): Promise<void> {
  await scratch.client.query('create sequence if not exists tiles_seq start 100000');
  const ids = Array.from({ length: n }, () => id('to'));
  await scratch.client.query(`insert into offers (id, teklif_no, teklif_yil, teklif_sira, teklif_durumu)
    select x, x, 2001, nextval('tiles_seq'), $2 from unnest($1::text[]) x`, [ids, status]);
}
async function addLines(n: number): Promise<void> {
  const ids = Array.from({ length: n }, () => id('tl'));
  await scratch.client.query(`insert into order_items (id, siparis_durumu) select x, 1 from unnest($1::text[]) x`, [ids]);
}
/** Deletes up to n of the rows this test added to a table (ids with its prefix). */
async function remove(table: string, prefix: string, at: number, n: number): Promise<void> {
  await scratch.client.query(`delete from ${table} where id in (
    select id from ${table} where id like $1 order by id offset $2 limit $3)`, [`${prefix}-%`, at % 5, n]);
}

const write = fc.oneof(
  fc.record({ k: fc.constant('companies' as const), n: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ k: fc.constant('users' as const), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ k: fc.constant('offers' as const), n: fc.integer({ min: 1, max: 3 }), status: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ k: fc.constant('lines' as const), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ k: fc.constant('delete' as const), table: fc.constantFrom(['companies', 'tc'], ['users', 'tu'], ['offers', 'to'], ['order_items', 'tl']), at: fc.nat(), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ k: fc.constant('fold' as const) }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

async function apply(w: Write): Promise<void> {
  if (w.k === 'companies') await addCompanies(w.n);
  else if (w.k === 'users') await addUsers(w.n);
  else if (w.k === 'offers') await addOffers(w.status, w.n);
  else if (w.k === 'lines') await addLines(w.n);
  else if (w.k === 'delete') await remove(w.table[0], w.table[1], w.at, w.n);
  else await scratch.client.query('select table_counts_fold()');
}

const keptRows = async () => (await scratch.client.query('select name, sum(n)::int as n from table_counts group by 1 order by 1')).rows;

describe('the dashboard tiles from kept counts (ADR 0052)', () => {
  it('after random inserts and deletes of companies, users, offers and order lines (and folds), each tile equals its table\'s count; the refill keeps the same counts', async () => {
    await fc.assert(fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
      for (const w of writes) await apply(w);
      expect(await dashboardCounts(db())).toEqual(await direct());
    }), { numRuns: 30 });
    const tiles = await direct();
    expect(tiles.companies).toBeGreaterThan(0);
    expect(tiles.users).toBeGreaterThan(0);
    const before = await keptRows();
    await scratch.client.query('select table_counts_refill()');
    expect(await keptRows()).toEqual(before);
    expect((await scratch.client.query('select count(*)::int as n from table_counts')).rows[0].n).toBe(2);
    // A truncate empties the table's count.
    await scratch.client.query('begin');
    try {
      await scratch.client.query('truncate companies cascade');
      expect(await dashboardCounts(db())).toEqual(await direct());
      expect((await dashboardCounts(db())).companies).toBe(0);
    } finally {
      await scratch.client.query('rollback');
    }
  }, 120_000);

  it('a read beyond 100 extra kept rows folds them into one per table, the tiles unchanged', async () => {
    for (let i = 0; i < 120; i++) await addCompanies(1);
    expect((await scratch.client.query('select count(*)::int as n from table_counts')).rows[0].n).toBeGreaterThan(120);
    const first = await dashboardCounts(db());
    expect(first).toEqual(await direct());
    expect((await scratch.client.query('select count(*)::int as n from table_counts')).rows[0].n).toBe(2);
    expect(await dashboardCounts(db())).toEqual(first);
  });

  const untracked: [string, string, string, () => Promise<void>][] = [
    ['companies', 'table_counts_insert', 'a new company', () => addCompanies(2)],
    ['companies', 'table_counts_delete', 'a deleted company', () => remove('companies', 'tc', 0, 1)],
    ['companies', 'table_counts_truncate', 'the companies truncated', async () => { await scratch.client.query('truncate companies cascade'); }],
    ['users', 'table_counts_insert', 'a new user', () => addUsers(1)],
    ['users', 'table_counts_delete', 'a deleted user', () => remove('users', 'tu', 0, 1)],
    ['users', 'table_counts_truncate', 'the users truncated', async () => { await scratch.client.query('truncate users cascade'); }],
  ];
  for (const [table, trigger, what, change] of untracked) {
    it(`the tile differs from the count for ${what} with ${trigger} on ${table} off`, async () => {
      await addCompanies(1);
      await addUsers(1);
      expect(await dashboardCounts(db())).toEqual(await direct());
      await scratch.client.query('begin');
      try {
        await scratch.client.query(`alter table ${table} disable trigger ${trigger}`);
        await change();
        expect(await dashboardCounts(db())).not.toEqual(await direct());
      } finally {
        await scratch.client.query('rollback');
      }
      await scratch.client.query('begin');
      try {
        await change();
        expect(await dashboardCounts(db())).toEqual(await direct());
      } finally {
        await scratch.client.query('rollback');
      }
    });
  }
});
