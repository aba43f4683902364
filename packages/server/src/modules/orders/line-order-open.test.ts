// Issue 27 (ADR 0058): each order line carries whether its order is in production (status 1-3;
// order_items.order_in_production, kept by derived/order-line-order-open.sql), so the orders overview reads its most
// late lines and the cutoff day's count from order_items_open_order_date_idx without skipping the lines of orders in
// other statuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { ORDER_LATE_DAYS, OVERVIEW_LATE_LIMIT, type Offer, type OrdersOverview } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { cutoffDayLines, lateLines } from './order-figures-repository.js';

let t: TestContext;
let companyId: string;
let seq = 0;
const db = () => t.database.db;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = t.tokens[2]) =>
  t.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), token, lang: 'en' });
async function ok<T>(p: ReturnType<typeof call>): Promise<T> {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const rows = async <T>(q: ReturnType<typeof sql>, ex: Executor = db()) => (await ex.execute(q) as unknown as { rows: T[] }).rows;
const cutoffOf = (now: Date) => new Date(now.getTime() - (ORDER_LATE_DAYS + 0.5) * 86_400_000);

/** An order (an offer in status 1) with `n` lines, through the API; its id and its lines' ids. */
async function order(n: number): Promise<{ id: string; lines: string[] }> {
  const o = await ok<Offer>(call('POST', '/api/offers/create', {
    firma_id: companyId, firma_adi: 'Durum Firması', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
    offeritem: Array.from({ length: n }, () => ({ urun_adi: 'Astra 30 W', urun_kodu: ['AST'], urun_miktari: 4, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' })),
  }));
  return { id: o._id, lines: (await rows<{ id: string }>(sql`select id from order_items where offer_id = ${o._id} order by id`)).map((r) => r.id) };
}

/** Lines whose kept flag is not what their order's status says (none is right). */
const wrong = (ex: Executor = db()) => rows<{ id: string }>(sql`select l.id from order_items l left join offers o on o.id = l.offer_id
  where l.order_in_production <> coalesce(o.teklif_durumu between 1 and 3, false) order by l.id`, ex);

/** The most late lines and the late count, computed by joining every line to its order (the rule before ADR 0058). */
async function lateFromRows(now: Date, ex: Executor = db()) {
  const cutoff = cutoffOf(now);
  const where = sql`o.teklif_durumu between 1 and 3 and (l.tamamlanma_orani < 100 or l.teslim_edilmis < l.urun_miktari) and l.siparis_tarihi <= ${cutoff}`;
  const [c] = await rows<{ n: number }>(sql`select count(*)::int as n from order_items l join offers o on o.id = l.offer_id where ${where}`, ex);
  const late = await rows<{ id: string }>(sql`select l.id from order_items l join offers o on o.id = l.offer_id where ${where}
    order by l.siparis_tarihi, l.id limit ${OVERVIEW_LATE_LIMIT}`, ex);
  return { lateLines: Number(c.n), late: late.map((r) => r.id) };
}

beforeAll(async () => {
  t = await createTestContext();
  companyId = (await ok<{ _id: string }>(call('POST', '/api/companies/create', { company_name: 'Durum Firması', company_city: 'İstanbul', company_country: 'Türkiye', company_email: 'durum@firma.test' }, t.tokens[0])))._id;
});
afterAll(async () => { await t?.close(); });

describe('whether the order is in production, kept on its lines (issue 27, ADR 0058)', () => {
  it('equals what each line\'s order\'s status says, and the overview\'s late lines what the rows say, after random writes of orders and lines', async () => {
    const start = Date.now();
    const orders: string[] = [];
    const lines: string[] = [];
    const at = (h: number) => new Date(start - h * 3_600_000 - 17 * 60_000);
    const hours = fc.integer({ min: 0, max: 24 * 62 });
    const action = fc.oneof(
      fc.record({ k: fc.constant('order'), n: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ k: fc.constant('status'), o: fc.nat(), s: fc.integer({ min: 0, max: 4 }) }),
      // One statement changing several orders' statuses (and leaving some as they were).
      fc.record({ k: fc.constant('statuses'), o: fc.nat(), s: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ k: fc.constant('insert'), o: fc.nat(), none: fc.boolean(), h: hours, pct: fc.constantFrom('0', '100') }),
      fc.record({ k: fc.constant('move'), l: fc.nat(), o: fc.nat(), none: fc.boolean() }),
      fc.record({ k: fc.constant('line'), l: fc.nat(), h: hours, pct: fc.constantFrom('0', '50', '100') }),
      fc.record({ k: fc.constant('delete'), l: fc.nat() }),
    );
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (acts) => {
      for (const a of acts) {
        if (a.k === 'order') {
          const o = await order(a.n);
          orders.push(o.id);
          lines.push(...o.lines);
        } else if (!orders.length) {
          continue;
        } else if (a.k === 'status') {
          await db().execute(sql`update offers set teklif_durumu = ${a.s} where id = ${orders[a.o % orders.length]}`);
        } else if (a.k === 'statuses') {
          await db().execute(sql`update offers set teklif_durumu = case when id = ${orders[a.o % orders.length]} then teklif_durumu else ${a.s} end
            where id in (${sql.join(orders.slice(0, 4).map((id) => sql`${id}`), sql`, `)})`);
        } else if (a.k === 'insert') {
          const id = `durum-${++seq}`;
          await db().execute(sql`insert into order_items (id, offer_id, urun_adi, urun_miktari, tamamlanma_orani, siparis_tarihi)
            values (${id}, ${a.none ? null : orders[a.o % orders.length]}, 'Ek satır', 4, ${a.pct}, ${at(a.h)})`);
          lines.push(id);
        } else if (!lines.length) {
          continue;
        } else if (a.k === 'move') {
          await db().execute(sql`update order_items set offer_id = ${a.none ? null : orders[a.o % orders.length]} where id = ${lines[a.l % lines.length]}`);
        } else if (a.k === 'line') {
          await db().execute(sql`update order_items set siparis_tarihi = ${at(a.h)}, tamamlanma_orani = ${a.pct} where id = ${lines[a.l % lines.length]}`);
        } else {
          await db().execute(sql`delete from order_items where id = ${lines[a.l % lines.length]}`);
        }
      }
      expect(await wrong()).toEqual([]);
      const ov = await ok<OrdersOverview>(call('GET', '/api/orders/overview', undefined, t.tokens[3]));
      expect({ lateLines: ov.load.lateLines, late: ov.late.map((l) => l._id) }).toEqual(await lateFromRows(new Date()));
    }), { numRuns: 20 });
    // The refill sets the flag where it is wrong (a backup made before migration 0047 has none: false everywhere).
    await db().execute(sql`update order_items set order_in_production = not order_in_production`);
    expect((await wrong()).length).toBeGreaterThan(0);
    await db().execute(sql`select order_items_in_production_refill()`);
    expect(await wrong()).toEqual([]);
  });

  const offTests: [string, string, string, (o: { id: string; lines: string[] }, tx: Executor) => Promise<unknown>][] = [
    ['a new line of an order', 'order_items', 'order_items_in_production_insert',
      (o, tx) => tx.execute(sql`insert into order_items (id, offer_id, urun_adi, urun_miktari, siparis_tarihi) values (${`off-${++seq}`}, ${o.id}, 'Ek', 4, now() - interval '40 days')`)],
    ['a line moved to another order', 'order_items', 'order_items_in_production_update',
      async (o, tx) => {
        const [other] = await rows<{ id: string }>(sql`select id from offers where id <> ${o.id} and teklif_durumu = 4 limit 1`, tx);
        await tx.execute(sql`update order_items set offer_id = ${other.id} where id = ${o.lines[0]}`);
      }],
    ['an order\'s status change', 'offers', 'order_items_in_production_offers',
      (o, tx) => tx.execute(sql`update offers set teklif_durumu = 4 where id = ${o.id}`)],
  ];
  for (const [what, table, trigger, change] of offTests) {
    it(`keeps the flag through ${what}; with ${trigger} off the flag and the late lines differ from the rows`, async () => {
      const o = await order(2);
      const done = await order(1);
      await db().execute(sql`update offers set teklif_durumu = 4 where id = ${done.id}`);
      await db().execute(sql`update order_items set siparis_tarihi = now() - interval '45 days' where offer_id in (${o.id}, ${done.id})`);
      const check = async (tx: Executor) => {
        const now = new Date();
        const late = await lateLines(tx, cutoffOf(now));
        const [edge] = await cutoffDayLines(tx, cutoffOf(now));
        return { wrong: await wrong(tx), late: late.map((l) => l.id), all: (await lateFromRows(now, tx)).late, edge: edge.n };
      };
      let off: Awaited<ReturnType<typeof check>> | undefined;
      await db().transaction(async (tx) => {
        await tx.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
        await change(o, tx);
        off = await check(tx);
        tx.rollback();
      }).catch((e: Error) => { if (!/rollback/i.test(e.message)) throw e; });
      expect(off!.wrong.length).toBeGreaterThan(0);
      expect(off!.late).not.toEqual(off!.all);
      await db().transaction(async (tx) => {
        await change(o, tx);
        const on = await check(tx);
        expect(on.wrong).toEqual([]);
        expect(on.late).toEqual(on.all);
      });
    });
  }

  it('rewrites no line when an order\'s status moves within 1-3 (as its lines are finished and delivered)', async () => {
    const o = await order(3);
    const versions = () => rows<{ id: string; v: string }>(sql`select id, xmin::text || ':' || ctid::text as v from order_items where offer_id = ${o.id} order by id`);
    const before = await versions();
    for (const s of [2, 3, 1]) await db().execute(sql`update offers set teklif_durumu = ${s} where id = ${o.id}`);
    expect(await versions()).toEqual(before);
    await db().execute(sql`update offers set teklif_durumu = 4 where id = ${o.id}`);
    expect((await versions()).map((r) => r.v)).not.toEqual(before.map((r) => r.v));
    expect(await wrong()).toEqual([]);
  });

  it('reads the most late lines and the cutoff day\'s lines from order_items_open_order_date_idx with no line skipped', async () => {
    // 120 late open lines of a finished order (status 4) older than the 3 late lines of an order in production: joining
    // each open line to its order read all 123 to answer 3 (ADR 0057, "The orders overview (looked at, left)").
    const done = await order(120);
    await db().execute(sql`update offers set teklif_durumu = 4 where id = ${done.id}`);
    const open = await order(3);
    const now = new Date();
    const cutoff = cutoffOf(now);
    await db().execute(sql`update order_items set siparis_tarihi = ${new Date(cutoff.getTime() - 2 * 86_400_000)} where offer_id = ${done.id}`);
    // The open order's lines on the cutoff's own Istanbul day, a minute before the cutoff (after the finished order's).
    await db().execute(sql`update order_items set siparis_tarihi = ${new Date(cutoff.getTime() - 60_000)} where offer_id = ${open.id}`);
    await db().execute(sql`analyze order_items`);
    type Node = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Actual Rows': number; 'Actual Loops': number; Plans?: Node[] };
    const scans = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(scans)].filter((x) => x['Relation Name'] === 'order_items');
    const explain = (q: SQLWrapper) => db().transaction(async (tx) => {
      // The test database is small: the planner is kept off a full read, as a large table would keep it.
      for (const off of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await tx.execute(sql.raw(`set local ${off} = off`));
      const [r] = await rows<{ 'QUERY PLAN': { Plan: Node }[] }>(sql`explain (analyze, format json) ${q}`, tx);
      return scans(r['QUERY PLAN'][0].Plan);
    });
    // Every index entry read is a line of the answer (the answer holds other tests' late lines too, at most 50).
    const answer = (await lateLines(db(), cutoff)).map((l) => l.id);
    expect(answer).toEqual((await lateFromRows(now)).late);
    expect(answer).toEqual(expect.arrayContaining(open.lines));
    const late = await explain(lateLines(db(), cutoff));
    expect(late.map((n) => [n['Index Name'], n['Actual Rows'] * n['Actual Loops']])).toEqual([['order_items_open_order_date_idx', answer.length]]);
    const [{ n }] = await cutoffDayLines(db(), cutoff);
    expect(n).toBeGreaterThanOrEqual(open.lines.length);
    const edge = await explain(cutoffDayLines(db(), cutoff));
    expect(edge.map((x) => [x['Index Name'], x['Actual Rows'] * x['Actual Loops']])).toEqual([['order_items_open_order_date_idx', n]]);
  });
});
