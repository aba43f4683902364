import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OfferList } from '@isik/domain';
import { offers, orderItems } from '../db/schema.js';
import { listOffers } from '../modules/offers/offers-repository.js';
import { createTestContext, type TestContext } from '../test/helper.js';
import { newId } from './ids.js';
import { searchFolded, trigramSearch } from './search.js';

// The offer list's and the order-line list's searches (a folded LIKE '%term%') by trigram indexes (pg_trgm, migration
// 0040, ADR 0053): the index is what the condition uses, a term of fewer than three letters or with LIKE's own
// characters (% _ \) still finds exactly what it contains, and a search's page is planned with its own term.

let t: TestContext;
const NAMES = ['Acme 50% Ltd', 'Acme 5_0 Ltd', 'Acme C:\\Yol Ltd', 'Ab Işık', 'Xab Enerji', 'Kuzey Solar'];

beforeAll(async () => {
  t = await createTestContext();
  for (const firma_adi of NAMES) {
    const res = await t.call({ method: 'POST', url: '/api/offers/create', token: t.tokens[2], payload: {
      firma_adi, firma_ulke: 'Türkiye', teklif_konu: 'Konu', teklif_dovizi: '$', teklif_usdkur: 40.1234, teklif_eurkur: 45.5,
      offeritem: [{ urun_adi: 'Street Light', urun_kodu: ['SL'], urun_miktari: 1, urun_birimi: 'Adet', urun_fiyati: 100, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' }],
    } });
    expect(res.statusCode, res.body).toBe(200);
    await t.database.db.insert(orderItems).values({ id: newId(), urun_adi: `Armatür ${firma_adi}`, firma_adi });
  }
});
afterAll(async () => { await t?.close(); });

const q = encodeURIComponent;
async function offerNames(search: string): Promise<string[]> {
  const res = await t.call({ method: 'GET', url: `/api/offers/list?pageSize=100&search=${q(search)}`, token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as OfferList;
  expect(body.totalItemCount, search).toBe(body.offers.length);
  return body.offers.map((o) => o.firma_adi).sort();
}
async function lineNames(search: string): Promise<string[]> {
  const res = await t.call({ method: 'GET', url: `/api/orders/list?type=list&pageSize=100&page=1&search=${q(search)}`, token: t.tokens[0] });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { orders: { urun_adi: string }[]; totalItemCount: number; status1: number };
  expect(body.totalItemCount, search).toBe(body.orders.length);
  expect(body.status1, search).toBe(body.orders.length);
  return body.orders.map((o) => o.urun_adi.replace('Armatür ', '')).sort();
}

describe('offer list and order-line list search', () => {
  it('find their matches by the trigram index of the folded text', async () => {
    for (const [table, index] of [[offers, 'offers_search_trgm_idx'], [orderItems, 'order_items_search_trgm_idx']] as const) {
      const plan = await t.database.db.transaction(async (tx) => {
        // The test's few rows are cheaper to read in full; the plan PostgreSQL takes when reading them all costs more.
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = await tx.execute(sql`explain select id from ${table} where ${searchFolded(table.search_text, 'Işık')}`);
        return (res as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan, index).toContain(`Bitmap Index Scan on ${index}`);
      expect(plan, index).toMatch(/Index Cond: \(search_text ~~ '%isik%'::text\)/);
    }
  });

  it('a term without three letters or digits in a row is not looked up in the trigram index (it would be read whole)', async () => {
    expect(['x', 'ab', 'ış', 'a%b', '5_0', 'c:\\y', 'peña'].filter(trigramSearch)).toEqual([]);
    expect(['abc', 'İZM', 'Işı', '500%', 'acme ltd', '123'].every(trigramSearch)).toBe(true);
    for (const [table, index] of [[offers, 'offers_search_trgm_idx'], [orderItems, 'order_items_search_trgm_idx']] as const) {
      for (const term of ['x', 'Iş', '%']) {
        const plan = await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const res = await tx.execute(sql`explain select id from ${table} where ${searchFolded(table.search_text, term)}`);
          return (res as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
        });
        expect(plan, `${index} ${term}`).not.toContain(index);
      }
    }
  });

  it('a term of one or two letters, or with %, _ or \\, finds exactly the rows containing it', async () => {
    const cases: [string, string[]][] = [
      ['%', ['Acme 50% Ltd']],
      ['0%', ['Acme 50% Ltd']],
      ['_', ['Acme 5_0 Ltd']],
      ['5_0', ['Acme 5_0 Ltd']],
      ['\\', ['Acme C:\\Yol Ltd']],
      ['c:\\y', ['Acme C:\\Yol Ltd']],
      ['ab', ['Ab Işık', 'Xab Enerji']],
      ['AB', ['Ab Işık', 'Xab Enerji']],
      ['x', ['Xab Enerji']],
      ['ış', ['Ab Işık']],
      ['IŞIK', ['Ab Işık']],
      ['acme', ['Acme 50% Ltd', 'Acme 5_0 Ltd', 'Acme C:\\Yol Ltd']],
      ['zz', []],
    ];
    for (const [term, names] of cases) {
      expect(await offerNames(term), `offers: ${term}`).toEqual(names);
      expect(await lineNames(term), `lines: ${term}`).toEqual(names);
    }
  });

  it('a search\'s page is planned with its term, never kept as one generic plan for every term', async () => {
    const envelope = (): [string, string] => ['{"offers":[', ']}'];
    const named = await t.database.db.transaction(async (tx) => {
      // More than the five calls after which PostgreSQL may settle on a statement's generic plan, on one session.
      for (let i = 0; i < 8; i++) {
        const page = await listOffers(tx, { page: 1, pageSize: 30, orderBy: 'teklif_tarihi', order: 'desc', search: i % 2 ? 'acme' : 'solar', from: 0, to: 4 }, envelope);
        expect((JSON.parse(page.toString()) as { offers: unknown[] }).offers).toHaveLength(i % 2 ? 3 : 1);
      }
      const res = await tx.execute(sql`select statement, generic_plans from pg_prepared_statements where statement like '%search_text%'`);
      return (res as unknown as { rows: { statement: string; generic_plans: number }[] }).rows;
    });
    expect(named.filter((s) => Number(s.generic_plans) > 0)).toEqual([]);
  });
});
