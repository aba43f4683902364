// Issue 27: the production dashboard from kept sums and the orders overview by page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { OVERVIEW_LATE_LIMIT, type Offer, type OrderLine, type OrdersOverview, type ProductionDashboard } from '@isik/domain';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial, insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { foldFigureSums } from './order-figures-repository.js';

let t: TestContext;
let productId: string;
let idx = 700;
const db = () => t.database.db;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = t.tokens[2], lang = 'en') =>
  t.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), token, lang });
async function ok<T>(p: ReturnType<typeof call>): Promise<T> {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const companyIds = new Map<string, string>();
/** An offer (status 1: an order) for a registered company of that name, made on first use. */
async function newOffer(company: string, items: Record<string, unknown>[], status = 1): Promise<Offer> {
  if (!companyIds.has(company)) {
    const c = await ok<{ _id: string }>(call('POST', '/api/companies/create', { company_name: company, company_city: 'İstanbul', company_country: 'Türkiye', company_email: `x${companyIds.size}@firma.test` }, t.tokens[0]));
    companyIds.set(company, c._id);
  }
  return ok<Offer>(call('POST', '/api/offers/create', {
    firma_id: companyIds.get(company), firma_adi: company, firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: status,
    offeritem: items.map((i) => ({ urun_adi: 'Astra 30 W', urun_kodu: ['AST', 'P1', '30W'], urun_miktari: 4, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 18, order_type: 'default', urun_id: productId, ...i })),
  }));
}
const overview = (q = '') => ok<OrdersOverview>(call('GET', `/api/orders/overview${q}`, undefined, t.tokens[3]));

/** The production dashboard computed from every line's operations, as the call answered before issue 27. */
async function dashboardFromLines(): Promise<ProductionDashboard> {
  const res = await db().execute(sql`
    select o->>'Operation' as name, coalesce((o->>'OperationStatus')::int, 0) as st, count(*)::int as n, coalesce(sum((o->>'OperationPercent')::numeric), 0)::float8 as pct
    from order_items oi cross join lateral jsonb_array_elements(oi.operations) o where oi.siparis_durumu between 1 and 4 group by 1, 2`);
  const rows = (res as unknown as { rows: { name: string; st: number; n: number; pct: number }[] }).rows;
  const counts = (await db().execute(sql`select siparis_durumu as s, count(*)::int as n from order_items where siparis_durumu between 1 and 4 group by 1`) as unknown as { rows: { s: number; n: number }[] }).rows;
  const byStatus = { 0: 0, 1: 0, 2: 0 };
  const byName = new Map<string, { count: number; sum: number }>();
  for (const r of rows) {
    if (r.st in byStatus) byStatus[r.st as 0 | 1 | 2] += r.n;
    const e = byName.get(r.name) ?? { count: 0, sum: 0 };
    e.count += r.n;
    e.sum += r.pct;
    byName.set(r.name, e);
  }
  const c = (s: number) => counts.find((x) => x.s === s)?.n ?? 0;
  return {
    operationStatus: byStatus,
    operations: [...byName.entries()].map(([Operation, e]) => ({ Operation, count: e.count, averagePercent: Math.round((e.sum / e.count) * 10) / 10 }))
      .sort((a, b) => b.count - a.count || a.Operation.localeCompare(b.Operation, 'tr')),
    lines: { status1: c(1), status2: c(2), status3: c(3), status4: c(4) },
  };
}

beforeAll(async () => {
  t = await createTestContext();
  const mats: string[] = [];
  for (let i = 0; i < 2; i++) mats.push(await insertMaterial(db(), idx++));
  const model = await insertModel(db(), idx++, { productiondetail: [{ No: 1, Operation: 'Dizgi' }, { No: 2, Operation: 'Paketleme' }] });
  productId = await insertProduct(db(), idx++, { id: model, index: idx }, {
    production: [{ op_name: 'Dizgi', information: mats[0], materialqyt: 1, StockUpdate: true }, { op_name: 'Paketleme', information: mats[1], materialqyt: 1, StockUpdate: true }],
  });
});
afterAll(async () => { await t?.close(); });

describe('the orders overview by page (issue 27)', () => {
  it('answers one page of the open orders with the total, in the order asked, and searches order number and company', async () => {
    const made: Offer[] = [];
    for (let i = 0; i < 23; i++) made.push(await newOffer(`Sayfa Firması ${String(i).padStart(2, '0')}`, [{}]));
    await newOffer('Sayfa Firması teklif', [{}], 0); // an offer, not an order: never in the overview
    const q = `?search=${encodeURIComponent('sayfa firmasi')}`;
    const first = await overview(`${q}&pageSize=10&orderBy=firma_adi`);
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    expect(first.orders.map((o) => o.firma_adi)).toEqual(Array.from({ length: 10 }, (_, i) => `Sayfa Firması ${String(i).padStart(2, '0')}`));
    expect(first.orders[0].lines).toHaveLength(1);
    const last = await overview(`${q}&pageSize=10&page=3&orderBy=firma_adi&order=desc`);
    expect(last.orders.map((o) => o.firma_adi)).toEqual(['Sayfa Firması 02', 'Sayfa Firması 01', 'Sayfa Firması 00']);
    const byNo = await overview(`?search=${encodeURIComponent(made[5].teklif_no)}`);
    expect(byNo.total).toBe(1);
    expect(byNo.orders[0]._id).toBe(made[5]._id);
    // The default page is 20 orders; without a search the total counts every open order.
    const all = await overview();
    expect(all.orders).toHaveLength(20);
    expect(all.total).toBeGreaterThanOrEqual(23);
    const count = (await db().execute(sql`select count(*)::int as n from offers where teklif_durumu between 1 and 3`) as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(all.total).toBe(count);
  });

  it('refuses a bad page size, sort or order with the field and the reason', async () => {
    for (const q of ['?pageSize=101', '?pageSize=0', '?page=0', '?orderBy=urun_adi', '?order=up']) {
      const res = await call('GET', `/api/orders/overview${q}`, undefined, t.tokens[3], 'tr');
      expect(res.statusCode, q).toBe(400);
      const field = q.slice(1, q.indexOf('='));
      expect(Object.keys(res.json().fields), q).toContain(field);
    }
    expect((await call('GET', '/api/orders/overview', undefined, t.tokens[5])).statusCode).toBe(403);
  });

  it('a page size above 100 is refused with the limit named, in the caller\'s language', async () => {
    const want = { tr: 'Sayfa boyutu en fazla 100 olabilir.', en: 'The page size can be at most 100.', es: 'El tamaño de página puede ser como máximo 100.' };
    for (const [lang, text] of Object.entries(want)) {
      const res = await call('GET', '/api/orders/overview?pageSize=500', undefined, t.tokens[3], lang);
      expect(res.statusCode, lang).toBe(400);
      expect(res.json(), lang).toMatchObject({ message: text, fields: { pageSize: text } });
    }
    expect((await overview('?pageSize=100')).pageSize).toBe(100);
  });

  it('counts every late line but answers only the most late ones', async () => {
    const o = await newOffer('Geciken Firma', Array.from({ length: OVERVIEW_LATE_LIMIT + 5 }, (_, k) => ({ urun_adi: `Geciken ${k}` })));
    const before = await overview();
    // Each line its own age: 41 days and more.
    await db().execute(sql`update order_items l set siparis_tarihi = now() - (40 + x.k) * interval '1 day'
      from (select id, row_number() over (order by id) as k from order_items where offer_id = ${o._id}) x where l.id = x.id`);
    const after = await overview();
    expect(after.load.lateLines).toBe(before.load.lateLines + OVERVIEW_LATE_LIMIT + 5);
    expect(after.late).toHaveLength(OVERVIEW_LATE_LIMIT);
    const days = after.late.map((l) => l.daysSinceOrder);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(after.late[0]).toMatchObject({ teklif_no: o.teklif_no, firma_adi: 'Geciken Firma', late: true, daysSinceOrder: 40 + OVERVIEW_LATE_LIMIT + 5 });
    expect(after.load.unitsToDeliver).toBe(before.load.unitsToDeliver);
  });
});

describe('the production dashboard from kept sums (issue 27)', () => {
  it('answers without reading the order lines (they are locked meanwhile)', async () => {
    await newOffer('Kilit Firması', [{}]);
    const expected = await dashboardFromLines();
    let answered: ProductionDashboard | undefined;
    await db().transaction(async (tx) => {
      await tx.execute(sql`lock table order_items in access exclusive mode`);
      // A call that read order_items would wait for this lock until the transaction ends; the race's timer ends the wait.
      answered = await Promise.race([
        ok<ProductionDashboard>(call('GET', '/api/orders/dashboard/production', undefined, t.tokens[3])),
        new Promise<undefined>((resolve) => { setTimeout(() => resolve(undefined), 5000).unref(); }),
      ]);
    });
    expect(answered).toEqual(expected);
  });

  it('equals what the lines say after random writes of lines and operations, and after a fold', async () => {
    const lines: string[] = [];
    const action = fc.oneof(
      fc.record({ k: fc.constant('offer'), n: fc.integer({ min: 1, max: 3 }), status: fc.constantFrom(0, 1) }),
      fc.record({ k: fc.constantFrom('start', 'finish', 'reset'), l: fc.nat(), op: fc.nat(1) }),
      fc.record({ k: fc.constant('record'), l: fc.nat(), op: fc.nat(1), q: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ k: fc.constant('status'), l: fc.nat(), s: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ k: fc.constant('delete'), l: fc.nat() }),
      fc.record({ k: fc.constant('fold') }),
    );
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (acts) => {
      for (const a of acts) {
        const line = () => lines[(a as { l: number }).l % lines.length];
        if (a.k === 'offer') {
          const { n, status } = a as { n: number; status: number };
          const o = await newOffer('Rastgele Firma', Array.from({ length: n }, () => ({})), status);
          if (status === 1) {
            const ls = (await ok<{ orders: OrderLine[] }>(call('GET', `/api/orders/list?type=list&filter1=1&filter2=6&offer=${o._id}`))).orders;
            lines.push(...ls.map((l) => l._id));
          }
        } else if (a.k === 'fold') {
          await foldFigureSums(db());
        } else if (!lines.length) {
          continue;
        } else if (a.k === 'status') {
          // Statuses the line may not reach by the API (4-6) too, as a bulk change or a restore would write them.
          await db().execute(sql`update order_items set siparis_durumu = ${(a as { s: number }).s} where id = ${line()}`);
        } else if (a.k === 'delete') {
          await db().execute(sql`delete from order_items where id = ${line()}`);
        } else {
          const l = await call('GET', `/api/orders/item/${line()}`);
          if (l.statusCode !== 200) continue;
          const op = (l.json() as OrderLine).Operations[(a as { op: number }).op];
          if (!op) continue;
          const res = await call('POST', `/api/orders/operations/${line()}/${op._id}/${a.k}`, a.k === 'record' ? { qty: (a as { q: number }).q } : {});
          expect([200, 400, 404, 409], res.body).toContain(res.statusCode);
        }
      }
      expect(await ok<ProductionDashboard>(call('GET', '/api/orders/dashboard/production', undefined, t.tokens[3]))).toEqual(await dashboardFromLines());
    }), { numRuns: 12 });
  });
});
