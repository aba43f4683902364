// Issue 27 (ADR 0049 addendum 2): the orders overview's units to deliver, late count and most late lines come from
// order_open_days and an index-ordered read; after random writes of lines and of their offers they equal what the rows say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { ORDER_LATE_DAYS, OVERVIEW_LATE_LIMIT, type Offer, type OrdersOverview } from '@isik/domain';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { foldOpenDays } from './order-figures-repository.js';

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
const rows = async <T>(q: ReturnType<typeof sql>) => (await db().execute(q) as unknown as { rows: T[] }).rows;

/** The overview's figures computed from every line, as the overview answered them before the kept sums. */
async function figuresFromRows(now: Date) {
  const cutoff = new Date(now.getTime() - (ORDER_LATE_DAYS + 0.5) * 86_400_000);
  const open = sql`o.teklif_durumu between 1 and 3`;
  const lineOpen = sql`(l.tamamlanma_orani < 100 or l.teslim_edilmis < l.urun_miktari)`;
  const [f] = await rows<{ units: string; late: number }>(sql`
    select coalesce(sum(greatest(round(l.urun_miktari, 2) - round(l.teslim_edilmis, 2), 0)), 0)::text as units,
      count(*) filter (where ${lineOpen} and l.siparis_tarihi <= ${cutoff})::int as late
    from order_items l join offers o on o.id = l.offer_id where ${open}`);
  const late = await rows<{ id: string }>(sql`
    select l.id from order_items l join offers o on o.id = l.offer_id where ${open} and ${lineOpen} and l.siparis_tarihi <= ${cutoff}
    order by l.siparis_tarihi, l.id limit ${OVERVIEW_LATE_LIMIT}`);
  return { unitsToDeliver: Math.round(Number(f.units) * 100) / 100, lateLines: f.late, late: late.map((r) => r.id) };
}

beforeAll(async () => {
  t = await createTestContext();
  companyId = (await ok<{ _id: string }>(call('POST', '/api/companies/create', { company_name: 'Gün Firması', company_city: 'İstanbul', company_country: 'Türkiye', company_email: 'gun@firma.test' }, t.tokens[0])))._id;
});
afterAll(async () => { await t?.close(); });

describe('the orders overview\'s units to deliver and late lines from kept day sums (issue 27)', () => {
  it('equal what the lines say after random writes of lines and of their offers, and after a fold and the refill', async () => {
    const start = Date.now();
    const offerIds: string[] = [];
    const lineIds: string[] = [];
    // Order dates a whole number of hours and 17 minutes before the start: never within minutes of the late cutoff.
    const at = (h: number) => new Date(start - h * 3_600_000 - 17 * 60_000);
    const hours = fc.integer({ min: 0, max: 24 * 62 });
    const pct = fc.constantFrom('0', '50', '99.99', '100');
    const q = fc.constantFrom('0', '2', '3.996', '4', '4.004', '5');
    const action = fc.oneof(
      fc.record({ k: fc.constant('offer'), n: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ k: fc.constant('offerStatus'), o: fc.nat(), s: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ k: fc.constant('line'), l: fc.nat(), h: hours, pct, qty: q, d: q }),
      fc.record({ k: fc.constant('offerLines'), o: fc.nat(), h: hours, pct, d: q }),
      fc.record({ k: fc.constant('insert'), o: fc.nat(), none: fc.boolean(), h: hours, pct, qty: q, d: q }),
      fc.record({ k: fc.constant('delete'), l: fc.nat() }),
      fc.record({ k: fc.constant('fold') }),
    );
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (acts) => {
      for (const a of acts) {
        if (a.k === 'offer') {
          const o = await ok<Offer>(call('POST', '/api/offers/create', {
            firma_id: companyId, firma_adi: 'Gün Firması', firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
            offeritem: Array.from({ length: a.n }, () => ({ urun_adi: 'Astra 30 W', urun_kodu: ['AST'], urun_miktari: 4, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' })),
          }));
          offerIds.push(o._id);
          lineIds.push(...(await rows<{ id: string }>(sql`select id from order_items where offer_id = ${o._id}`)).map((r) => r.id));
        } else if (a.k === 'fold') {
          await foldOpenDays(db());
        } else if (!offerIds.length) {
          continue;
        } else if (a.k === 'offerStatus') {
          await db().execute(sql`update offers set teklif_durumu = ${a.s} where id = ${offerIds[a.o % offerIds.length]}`);
        } else if (a.k === 'offerLines') {
          // One statement over several lines: order date, completion and deliveries of every line of an offer.
          await db().execute(sql`update order_items set siparis_tarihi = ${at(a.h)}, tamamlanma_orani = ${a.pct}, teslim_edilmis = ${a.d}
            where offer_id = ${offerIds[a.o % offerIds.length]}`);
        } else if (a.k === 'insert') {
          const id = `gun-${++seq}`;
          await db().execute(sql`insert into order_items (id, offer_id, urun_adi, urun_miktari, teslim_edilmis, tamamlanma_orani, siparis_tarihi)
            values (${id}, ${a.none ? null : offerIds[a.o % offerIds.length]}, 'Ek satır', ${a.qty}, ${a.d}, ${a.pct}, ${at(a.h)})`);
          lineIds.push(id);
        } else if (!lineIds.length) {
          continue;
        } else if (a.k === 'line') {
          await db().execute(sql`update order_items set siparis_tarihi = ${at(a.h)}, tamamlanma_orani = ${a.pct}, urun_miktari = ${a.qty}, teslim_edilmis = ${a.d}
            where id = ${lineIds[a.l % lineIds.length]}`);
        } else {
          await db().execute(sql`delete from order_items where id = ${lineIds[a.l % lineIds.length]}`);
        }
      }
      const ov = await ok<OrdersOverview>(call('GET', '/api/orders/overview', undefined, t.tokens[3]));
      const want = await figuresFromRows(new Date());
      expect({ unitsToDeliver: ov.load.unitsToDeliver, lateLines: ov.load.lateLines, late: ov.late.map((l) => l._id) }).toEqual(want);
    }), { numRuns: 25 });
    // The refill gives the same figures as the kept rows.
    const kept = await rows<{ day: string; n: string; units: string }>(sql`select day::text, sum(n)::text as n, sum(units)::text as units from order_open_days group by 1 having sum(n) <> 0 or sum(units) <> 0 order by 1`);
    await db().execute(sql`select order_open_days_refill()`);
    const refilled = await rows<{ day: string; n: string; units: string }>(sql`select day::text, sum(n)::text as n, sum(units)::text as units from order_open_days group by 1 order by 1`);
    expect(refilled.map((r) => [r.day, Number(r.n), Number(r.units)])).toEqual(kept.map((r) => [r.day, Number(r.n), Number(r.units)]));
  });

  it('can read the most late lines in order from the open order lines\' partial index (the predicate the overview writes)', async () => {
    // A test database is small, so the planner is told to avoid a full read: the index must match the predicate.
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return (await tx.execute(sql`explain select id from order_items
        where order_in_production and (tamamlanma_orani < 100 or teslim_edilmis < urun_miktari) and siparis_tarihi <= now() order by siparis_tarihi, id limit 50`) as unknown as { rows: { 'QUERY PLAN': string }[] }).rows;
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index (Only )?Scan using order_items_open_order_date_idx/);
  });
});
