// Issue 27, ADR 0055: the order-line list's status tabs and total come from the kept lines per status
// (order_figure_sums kind 0, ADR 0049) when the list has no search and no offer, so a page no longer counts every line.
// Held here: after random inserts, status changes, deletes and folds the list's counts equal the lines' own counts
// for every status range, with and without a search or an offer; the unfiltered counts are the kept ones; a read
// beyond the slack folds; with any of order_figure_sums' triggers off the list's counts differ from the lines.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Executor } from '../../db/database.js';
import { useScratchClient } from '../../test/scratch-client.js';
import * as schema from '../../db/schema.js';
import { listLines } from './orders-repository.js';

const scratch = useScratchClient('linecounts');
const db = () => drizzle({ client: scratch.client, schema }) as unknown as Executor;

const NAMES = ['Astra 30 W', 'Zeta Projektör', 'Işık Direği'];
const OFFERS = ['lc-offer-1', 'lc-offer-2'];
let seq = 0;

async function addOffers(): Promise<void> {
  await scratch.client.query(`insert into offers (id, teklif_no, teklif_yil, teklif_sira, teklif_durumu)
    select x, x, 2001, 90000 + ordinality, 1 from unnest($1::text[]) with ordinality x on conflict do nothing`, [OFFERS]);
}
async function addLines(n: number, status: number, name: number, offer: number | null): Promise<void> {
  const ids = Array.from({ length: n }, () => `lc-${(seq += 1).toString().padStart(6, '0')}`);
  await scratch.client.query(`insert into order_items (id, siparis_durumu, urun_adi, offer_id, siparis_tarihi)
    select x, $2, $3, $4, now() - (ordinality || ' hours')::interval from unnest($1::text[]) with ordinality x`,
  [ids, status, NAMES[name], offer === null ? null : OFFERS[offer]]);
}

/** What a list counts, from the lines themselves (the statement the list ran before ADR 0055). */
async function direct(q: { from: number; to: number; search?: string; offer?: string }) {
  const rows = (await scratch.client.query(`select siparis_durumu as s, count(*)::int as n from order_items
    where ($1::text is null or urun_adi ilike '%' || $1 || '%') and ($2::text is null or offer_id = $2) group by 1`, [q.search ?? null, q.offer ?? null])).rows as { s: number; n: number }[];
  const c = (s: number) => rows.find((r) => r.s === s)?.n ?? 0;
  const total = rows.filter((r) => r.s >= q.from && r.s <= q.to).reduce((t, r) => t + r.n, 0);
  return { status1: c(1), status2: c(2), status3: c(3), status4: c(4), status6: c(6), totalItemCount: total };
}
async function listed(q: { from: number; to: number; search?: string; offer?: string }) {
  const r = await listLines(db(), { type: 'list', filter1: q.from, filter2: q.to, search: q.search, offer: q.offer, page: 1, pageSize: 5 } as Parameters<typeof listLines>[1]);
  return { status1: r.status1, status2: r.status2, status3: r.status3, status4: r.status4, status6: r.status6, totalItemCount: r.totalItemCount };
}
const QUERIES = [{ from: 1, to: 4 }, { from: 2, to: 3 }, { from: 5, to: 6 }, { from: 1, to: 6 }, { from: 1, to: 4, search: 'astra' }, { from: 1, to: 6, offer: OFFERS[0] }];

async function expectEqual(): Promise<void> {
  for (const q of QUERIES) expect(await listed(q), JSON.stringify(q)).toEqual(await direct(q));
}

const write = fc.oneof(
  fc.record({ k: fc.constant('insert' as const), n: fc.integer({ min: 1, max: 4 }), status: fc.integer({ min: 1, max: 6 }), name: fc.integer({ min: 0, max: 2 }), offer: fc.option(fc.integer({ min: 0, max: 1 })) }),
  fc.record({ k: fc.constant('status' as const), at: fc.nat(20), n: fc.integer({ min: 1, max: 5 }), status: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ k: fc.constant('delete' as const), at: fc.nat(20), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ k: fc.constant('fold' as const) }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

async function apply(w: Write): Promise<void> {
  if (w.k === 'insert') await addLines(w.n, w.status, w.name, w.offer);
  else if (w.k === 'status') await scratch.client.query('update order_items set siparis_durumu = $3 where id in (select id from order_items order by id offset $1 limit $2)', [w.at, w.n, w.status]);
  else if (w.k === 'delete') await scratch.client.query('delete from order_items where id in (select id from order_items order by id offset $1 limit $2)', [w.at, w.n]);
  else await scratch.client.query('select order_figure_sums_fold()');
}

describe('the order-line list\'s counts from kept counts (ADR 0055)', () => {
  it('after random inserts, status changes, deletes and folds, every status tab and total equals the lines\' count (with and without a search or an offer)', async () => {
    await addOffers();
    await fc.assert(fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
      for (const w of writes) await apply(w);
      await expectEqual();
    }), { numRuns: 30 });
    expect((await direct({ from: 1, to: 6 })).totalItemCount).toBeGreaterThan(0);
  }, 120_000);

  it('without a search or an offer the counts are the kept ones; with one they are the matches\' own', async () => {
    await addLines(3, 2, 0, 0);
    await scratch.client.query('begin');
    try {
      // A kept count that no line backs: the unfiltered list shows it, the searched list does not.
      await scratch.client.query(`insert into order_figure_sums (kind, name, status, n) values (0, '', 2, 5)`);
      const plain = await direct({ from: 1, to: 4 });
      expect(await listed({ from: 1, to: 4 })).toEqual({ ...plain, status2: plain.status2 + 5, totalItemCount: plain.totalItemCount + 5 });
      expect(await listed({ from: 1, to: 4, search: 'astra' })).toEqual(await direct({ from: 1, to: 4, search: 'astra' }));
      expect(await listed({ from: 1, to: 6, offer: OFFERS[0] })).toEqual(await direct({ from: 1, to: 6, offer: OFFERS[0] }));
    } finally {
      await scratch.client.query('rollback');
    }
  });

  it('a read beyond 500 extra kept rows folds them into one per key, the counts unchanged', async () => {
    for (let i = 0; i < 520; i++) await addLines(1, 1 + (i % 4), 1, null);
    const raw = async () => Number((await scratch.client.query('select count(*) from order_figure_sums')).rows[0].count);
    expect(await raw()).toBeGreaterThan(520);
    const first = await listed({ from: 1, to: 4 });
    expect(first).toEqual(await direct({ from: 1, to: 4 }));
    expect(await raw()).toBeLessThan(50);
    expect(await listed({ from: 1, to: 4 })).toEqual(first);
  });

  const untracked: [string, string, () => Promise<unknown>][] = [
    ['order_figure_sums_insert', 'new lines', () => addLines(2, 3, 2, null)],
    ['order_figure_sums_update', 'a changed status', () => scratch.client.query('update order_items set siparis_durumu = case when siparis_durumu = 2 then 3 else 2 end where id = (select min(id) from order_items)')],
    ['order_figure_sums_delete', 'a deleted line', () => scratch.client.query('delete from order_items where id = (select min(id) from order_items)')],
    ['order_figure_sums_truncate', 'the lines truncated', () => scratch.client.query('truncate order_items cascade')],
  ];
  for (const [trigger, what, change] of untracked) {
    it(`the counts differ from the lines for ${what} with ${trigger} off`, async () => {
      await addLines(2, 2, 0, null);
      await expectEqual();
      await scratch.client.query('begin');
      try {
        await scratch.client.query(`alter table order_items disable trigger ${trigger}`);
        await change();
        expect(await listed({ from: 1, to: 6 })).not.toEqual(await direct({ from: 1, to: 6 }));
      } finally {
        await scratch.client.query('rollback');
      }
      await scratch.client.query('begin');
      try {
        await change();
        await expectEqual();
      } finally {
        await scratch.client.query('rollback');
      }
    });
  }
});
