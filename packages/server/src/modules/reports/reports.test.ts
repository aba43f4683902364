import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyings, offerItems, offers, orderItems, tcmbRates } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import { stockReportSchema } from '@isik/domain';
import { newId } from '../../lib/ids.js';
import { jsonWithRowsText } from '../../lib/json-text.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial, insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { addMaterialMovement } from '../stock/ledger-repository.js';
import { stockRowsFromMaterials } from './reports-repository.js';

/**
 * The reports (issue 26, ADR 0041): each figure is compared with the same figure computed here from the rows the test
 * inserts. Every test works in its own period (a year no other test uses) or on its own materials and operations, so
 * the figures of one test never include another's rows.
 */
let t: TestContext;
const db = () => t.database.db;
let seq = 0;
let materialIndex = 500;

beforeAll(async () => { t = await createTestContext(); }, 60_000);
afterAll(async () => { await t?.close(); });

const get = (url: string, role = 2, lang = 'en') => t.call({ method: 'GET', url, token: t.tokens[role], lang });
async function report(url: string, role = 2) {
  const res = await get(url, role);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** An instant given as Istanbul wall-clock time (UTC+3 all year). */
const ist = (local: string) => new Date(`${local}+03:00`);

interface OfferFixture { at: Date; orderedAt?: Date; status?: number; currency: '₺' | '$' | '€'; tl: number; dv: number; usd: number; eur: number; firma?: string }
async function insertOffer(o: OfferFixture): Promise<string> {
  const id = newId();
  const n = ++seq;
  await db().insert(offers).values({
    id, teklif_no: `RPT-${n}`, teklif_yil: 3000 + Math.floor(n / 1000), teklif_sira: n, firma_adi: o.firma ?? 'Firma', teklif_tarihi: o.at,
    teklif_durumu: o.status ?? (o.orderedAt ? 1 : 0), siparis_tarihi: o.orderedAt ?? null, teklif_dovizi: o.currency,
    teklif_usdkur: String(o.usd), teklif_eurkur: String(o.eur), teklif_tutartl: String(o.tl), teklif_tutardoviz: String(o.dv),
  });
  return id;
}
/** An offer's amount in a report currency as the report defines it: as stored in its own currency, else lira at its rate. */
function amountOf(o: OfferFixture, currency: 'TRY' | 'USD' | 'EUR'): number {
  if (currency === 'TRY') return o.tl;
  const symbol = currency === 'USD' ? '$' : '€';
  return o.currency === symbol ? o.dv : o.tl / (currency === 'USD' ? o.usd : o.eur);
}
const round2 = (x: number) => Math.round(x * 100) / 100;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('GET /api/reports/sales', () => {
  // The year 2031: offers either side of month edges in Istanbul time.
  const fixtures: OfferFixture[] = [
    // 23:30 Istanbul on 31 January is January (20:30 UTC); 00:30 on 1 February is February (21:30 UTC on 31 January).
    { at: ist('2031-01-31T23:30:00'), orderedAt: ist('2031-02-28T23:30:00'), currency: '$', tl: 4000, dv: 100, usd: 40, eur: 45, firma: 'Alfa' },
    { at: ist('2031-02-01T00:30:00'), currency: '₺', tl: 900, dv: 900, usd: 30, eur: 36, firma: 'Beta' },
    { at: ist('2031-02-10T12:00:00'), orderedAt: ist('2031-03-01T00:10:00'), status: 2, currency: '€', tl: 9000, dv: 200, usd: 41, eur: 45, firma: 'Alfa' },
    // Canceled after it was ordered: an offer, not an order.
    { at: ist('2031-02-11T12:00:00'), orderedAt: ist('2031-02-12T12:00:00'), status: 4, currency: '$', tl: 800, dv: 20, usd: 40, eur: 44, firma: 'Beta' },
    // Just outside the period either side: 23:59 on 31 December 2030 and 00:00 on 1 April 2031.
    { at: ist('2030-12-31T23:59:00'), orderedAt: ist('2031-01-15T10:00:00'), currency: '$', tl: 400, dv: 10, usd: 40, eur: 45, firma: 'Alfa' },
    { at: ist('2031-04-01T00:00:00'), currency: '$', tl: 123, dv: 3, usd: 41, eur: 46, firma: 'Alfa' },
  ];
  const from = '2031-01-01';
  const to = '2031-03-31';
  const inPeriod = (d: Date | undefined) => !!d && d >= ist('2031-01-01T00:00:00') && d < ist('2031-04-01T00:00:00');
  const monthOf = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 7);
  const ordered = (o: OfferFixture) => !!o.orderedAt && (o.status ?? 1) >= 1 && (o.status ?? 1) <= 3;

  beforeAll(async () => { for (const o of fixtures) await insertOffer(o); });

  for (const currency of ['TRY', 'USD', 'EUR'] as const) {
    it(`per month in ${currency}: offers by offer date, orders by order date, in Istanbul months; conversion of the month's offers`, async () => {
      const body = await report(`/api/reports/sales?from=${from}&to=${to}&currency=${currency}`);
      const months = new Map<string, { offers: number; offerAmount: number; orders: number; orderAmount: number; converted: number }>();
      const at = (m: string) => months.get(m) ?? months.set(m, { offers: 0, offerAmount: 0, orders: 0, orderAmount: 0, converted: 0 }).get(m)!;
      for (const o of fixtures) {
        if (inPeriod(o.at)) {
          const m = at(monthOf(o.at));
          m.offers++; m.offerAmount += amountOf(o, currency);
          if (ordered(o)) m.converted++;
        }
        if (ordered(o) && inPeriod(o.orderedAt)) { const m = at(monthOf(o.orderedAt!)); m.orders++; m.orderAmount += amountOf(o, currency); }
      }
      const expected = [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, m]) => ({
        key, offers: m.offers, offerAmount: round2(m.offerAmount), orders: m.orders, orderAmount: round2(m.orderAmount), converted: m.converted,
        conversion: m.offers ? Math.round((m.converted / m.offers) * 1000) / 10 : null,
      }));
      expect(body).toMatchObject({ from, to, currency, by: 'month' });
      expect(body.rows.map(({ label: _l, ...r }: { label: string }) => r)).toEqual(expected);
      // The edges, spelled out: January has the 23:30 offer, February the 00:30 one, March the order of 00:10 on 1 March.
      expect(body.rows.map((r: { key: string }) => r.key)).toEqual(['2031-01', '2031-02', '2031-03']);
      expect(body.rows[0].offers).toBe(1);
      expect(body.rows[1]).toMatchObject({ offers: 3, orders: 1 });
    });
  }

  it('per customer: the same figures grouped by the company', async () => {
    const body = await report(`/api/reports/sales?from=${from}&to=${to}&currency=USD&by=customer`);
    for (const firma of ['Alfa', 'Beta']) {
      const mine = fixtures.filter((o) => o.firma === firma);
      const offered = mine.filter((o) => inPeriod(o.at));
      const orders = mine.filter((o) => ordered(o) && inPeriod(o.orderedAt));
      const row = body.rows.find((r: { label: string }) => r.label === firma);
      expect(row).toMatchObject({
        offers: offered.length, offerAmount: round2(sum(offered.map((o) => amountOf(o, 'USD')))),
        orders: orders.length, orderAmount: round2(sum(orders.map((o) => amountOf(o, 'USD')))),
      });
    }
  });

  it('per model and per product category: the offer items of products, in the currency at the offer rates', async () => {
    const modelA = await insertModel(db(), 901, { model_kategori: 2 });
    const modelB = await insertModel(db(), 902, { model_kategori: 5 });
    const pA = await insertProduct(db(), 901, { id: modelA, index: 901 });
    const pB = await insertProduct(db(), 902, { id: modelB, index: 902 });
    // Year 2032: one € offer with two items of model A and one of model B, one ₺ offer with an item of model B.
    const o1 = { at: ist('2032-05-31T23:30:00'), orderedAt: ist('2032-06-02T10:00:00'), currency: '€' as const, tl: 0, dv: 0, usd: 40, eur: 50 };
    const o2 = { at: ist('2032-06-01T08:00:00'), currency: '₺' as const, tl: 0, dv: 0, usd: 40, eur: 50 };
    const id1 = await insertOffer(o1);
    const id2 = await insertOffer(o2);
    const items = [
      { offer_id: id1, urun_id: pA, toplam_tl: '5000', toplam_doviz: '100', offer: o1 },
      { offer_id: id1, urun_id: pA, toplam_tl: '2500', toplam_doviz: '50', offer: o1 },
      { offer_id: id1, urun_id: pB, toplam_tl: '1000', toplam_doviz: '20', offer: o1 },
      { offer_id: id2, urun_id: pB, toplam_tl: '800', toplam_doviz: '800', offer: o2 },
    ];
    for (const [i, it] of items.entries()) await db().insert(offerItems).values({ id: newId(), offer_id: it.offer_id, urun_id: it.urun_id, sira: i, toplam_tl: it.toplam_tl, toplam_doviz: it.toplam_doviz });
    const eur = (it: (typeof items)[number]) => (it.offer.currency === '€' ? Number(it.toplam_doviz) : Number(it.toplam_tl) / it.offer.eur);

    const byModel = await report('/api/reports/sales?from=2032-05-01&to=2032-06-30&currency=EUR&by=model');
    const rowA = byModel.rows.find((r: { key: string }) => r.key === modelA);
    const rowB = byModel.rows.find((r: { key: string }) => r.key === modelB);
    expect(rowA).toMatchObject({ offers: 1, offerAmount: round2(eur(items[0]) + eur(items[1])), orders: 1, orderAmount: round2(eur(items[0]) + eur(items[1])), conversion: 100 });
    expect(rowB).toMatchObject({ offers: 2, offerAmount: round2(eur(items[2]) + eur(items[3])), orders: 1, orderAmount: round2(eur(items[2])), converted: 1, conversion: 50 });

    const byCategory = await report('/api/reports/sales?from=2032-05-01&to=2032-06-30&currency=TRY&by=category');
    expect(byCategory.rows.find((r: { key: string }) => r.key === '2')).toMatchObject({ offers: 1, offerAmount: 7500 });
    expect(byCategory.rows.find((r: { key: string }) => r.key === '5')).toMatchObject({ offers: 2, offerAmount: 1800, orderAmount: 1000 });
  });
});

describe('GET /api/reports/production', () => {
  it('per Istanbul week: lines completed, lead time median and 90th percentile, late against the promised date', async () => {
    // Year 2033; 2 January 2033 is a Sunday, so 3 January starts a week.
    const lines = [
      { ordered: ist('2032-12-20T09:00:00'), done: ist('2033-01-03T00:30:00'), promised: '2033-01-02' }, // late, week of 3 Jan (21:30 UTC on the 2nd)
      { ordered: ist('2032-12-30T09:00:00'), done: ist('2033-01-04T09:00:00'), promised: '2033-01-04' }, // on time
      { ordered: ist('2033-01-01T09:00:00'), done: ist('2033-01-09T23:30:00'), promised: null }, // week of 3 Jan: Sunday 23:30
      { ordered: ist('2033-01-02T09:00:00'), done: ist('2033-01-10T00:10:00'), promised: '2033-01-09' }, // late, week of 10 Jan
      { ordered: ist('2032-12-01T09:00:00'), done: ist('2033-01-02T23:30:00'), promised: null }, // Sunday 2 Jan: before the period
    ];
    for (const l of lines) {
      await db().insert(orderItems).values({ id: newId(), siparis_tarihi: l.ordered, bitis_tarihi: l.done, siparis_durumu: 4, promised_date: l.promised, tamamlanma_orani: '100' });
    }
    // An unfinished line with a finish date is not counted.
    await db().insert(orderItems).values({ id: newId(), siparis_tarihi: ist('2033-01-01T09:00:00'), bitis_tarihi: ist('2033-01-05T09:00:00'), siparis_durumu: 2 });

    const body = await report('/api/reports/production?from=2033-01-03&to=2033-01-16&by=week');
    const lead = (l: (typeof lines)[number]) => (l.done.getTime() - l.ordered.getTime()) / 86_400_000;
    const percentile = (xs: number[], p: number) => {
      const s = [...xs].sort((a, b) => a - b);
      const k = (s.length - 1) * p;
      return s[Math.floor(k)] + (s[Math.ceil(k)] - s[Math.floor(k)]) * (k - Math.floor(k));
    };
    const r1 = (x: number) => Math.round(x * 10) / 10;
    const week1 = lines.slice(0, 3);
    expect(body.rows).toEqual([
      { key: '2033-01-03', label: '2033-01-03', completed: 3, leadMedian: r1(percentile(week1.map(lead), 0.5)), leadP90: r1(percentile(week1.map(lead), 0.9)), late: 1, promised: 2 },
      { key: '2033-01-10', label: '2033-01-10', completed: 1, leadMedian: r1(lead(lines[3])), leadP90: r1(lead(lines[3])), late: 1, promised: 1 },
    ]);
  });

  it('work in progress by operation: unfinished lines with the operation still open, units left', async () => {
    const op = (name: string, status: number, qty: number, done: number) => ({ _id: newId(), Operation: name, OperationStatus: status, Qty: qty, OperationComplated: done, OperationPercent: 0 });
    const cut = `RPT-Kesim-${newId().slice(0, 6)}`;
    const paint = `RPT-Boya-${newId().slice(0, 6)}`;
    await db().insert(orderItems).values([
      { id: newId(), siparis_durumu: 2, operations: [op(cut, 1, 10, 4), op(paint, 0, 10, 0)] },
      { id: newId(), siparis_durumu: 1, operations: [op(cut, 0, 5, 0), op(paint, 2, 5, 5)] },
      // A completed line's open operation is not work in progress.
      { id: newId(), siparis_durumu: 4, operations: [op(cut, 0, 7, 0)] },
    ]);
    const body = await report('/api/reports/production?by=operation');
    expect(body.rows.find((r: { key: string }) => r.key === cut)).toEqual({ key: cut, label: cut, lines: 2, started: 1, units: 6 + 5 });
    expect(body.rows.find((r: { key: string }) => r.key === paint)).toEqual({ key: paint, label: paint, lines: 1, started: 0, units: 10 });
  });
});

describe('GET /api/reports/stock', () => {
  beforeAll(async () => {
    await db().insert(tcmbRates).values({ tarih: '2026-11-20', bulletin_no: '2026/220', usd_selling: '40.5', usd_buying: '40.4', eur_selling: '45.25', eur_buying: '45.1' });
  });
  const move = (stock_id: string, qty: number, at: Date, type: 'giris' | 'cikis' = 'giris') =>
    addMaterialMovement(db(), null, { stock_id, operation_type: type, operation_center: type === 'giris' ? 'fatura' : 'uretim', qty, price: 1, doviz: '₺', description: '', operation_date: at, source: 'manual' });

  it('value per category at the list price in lira (foreign prices at the last bulletin), slow movers, below minimum', async () => {
    const cat = `RPT-${newId().slice(0, 8)}`;
    const usd = await insertMaterial(db(), materialIndex++, { material_category: cat, material_price: 2.5, material_doviz: '$', min_stock: 50 });
    const eur = await insertMaterial(db(), materialIndex++, { material_category: cat, material_price: 4, material_doviz: '€' });
    const tl = await insertMaterial(db(), materialIndex++, { material_category: cat, material_price: 7, material_doviz: '₺', min_stock: 5 });
    const now = Date.now();
    await move(usd, 30, new Date(now - 200 * 86_400_000));
    await move(eur, 12, new Date(now - 10 * 86_400_000));
    await move(eur, 2, new Date(now - 5 * 86_400_000), 'cikis');
    await move(tl, 6, new Date(now - 100 * 86_400_000));

    const byCategory = await report('/api/reports/stock?view=category');
    expect(byCategory.rateDate).toBe('2026-11-20');
    expect(byCategory.rows.find((r: { key: string }) => r.key === cat)).toMatchObject({
      materials: 3, stock: 30 + 10 + 6, value: round2(30 * 2.5 * 40.5 + 10 * 4 * 45.25 + 6 * 7),
    });

    const slow = await report('/api/reports/stock?view=slow&days=90&pageSize=1000');
    const slowMine = slow.rows.filter((r: { category: string }) => r.category === cat).map((r: { key: string }) => r.key).sort();
    expect(slowMine).toEqual([usd, tl].sort());
    const slow150 = await report('/api/reports/stock?view=slow&days=150&pageSize=1000');
    expect(slow150.rows.filter((r: { category: string }) => r.category === cat).map((r: { key: string; value: number }) => [r.key, r.value])).toEqual([[usd, round2(30 * 2.5 * 40.5)]]);

    const below = await report('/api/reports/stock?view=below&pageSize=1000');
    const mine = below.rows.filter((r: { category: string }) => r.category === cat);
    expect(mine).toEqual([expect.objectContaining({ key: usd, stock: 30, minStock: 50, shortfall: 20 })]);
  });

  it('each row is written as the serializer writes it: quoted names, rounded figures, a material never moved', async () => {
    const cat = `RPT-${newId().slice(0, 8)}`;
    const name = 'Kablo "NYY" 3×2,5 \\ ağ\tuç\nson';
    const odd = await insertMaterial(db(), materialIndex++, { material_name: name, material_category: cat, material_price: 1.005, material_doviz: '$', material_unit: 'Metre', min_stock: 9.8765 });
    const plain = await insertMaterial(db(), materialIndex++, { material_category: cat, material_price: 3, material_doviz: '₺', material_unit: 'Adet' });
    await move(odd, 1.2345, new Date(Date.now() - 400 * 86_400_000));
    await move(plain, 2, new Date(Date.now() - 300 * 86_400_000));
    // A material whose movements came before last_movement_at was kept (an old backup restored without its refill).
    await db().execute(sql`update materials set last_movement_at = null where id = ${plain}`);
    for (const view of ['slow', 'below', 'category'] as const) {
      const res = await get(`/api/reports/stock?view=${view}&days=200${view !== 'category' ? '&pageSize=1000' : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      // The text is the one the route's compiled serializer writes for the same answer (no trailing zeros, the same
      // escapes); the views below and slow answer a page (its total, page and page size).
      const paged = view !== 'category' ? { total: res.json().rows.length, page: 1, pageSize: 1000 } : {};
      expect(res.body, view).toBe(jsonWithRowsText(stockReportSchema, 'rows', { view, days: 200, rateDate: '2026-11-20', ...paged }, JSON.stringify(res.json().rows)));
      if (view === 'category') expect(Object.keys(res.json())).toEqual(['view', 'days', 'rateDate', 'rows']);
      const mine = res.json().rows.filter((r: { category: string; key: string }) => r.category === cat || r.key === cat);
      if (view === 'slow') {
        // The longest unmoved first (ADR 0057): never moved (2 × 3 ₺), then 1.2345 m × 1.005 $ × 40.5 = 50.2472 ₺.
        expect(mine).toEqual([
          { key: plain, label: expect.any(String), category: cat, materials: 1, stock: 2, unit: 'Adet', minStock: null, shortfall: null, lastMovement: null, value: 6 },
          { key: odd, label: name, category: cat, materials: 1, stock: 1.2345, unit: 'Metre', minStock: null, shortfall: null, lastMovement: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), value: 50.25 },
        ]);
      } else if (view === 'below') {
        // 9.8765 − 1.2345 = 8.642 short; its value 8.642 × 1.005 $ × 40.5 = 351.7510 ₺.
        expect(mine).toEqual([{ key: odd, label: name, category: cat, materials: 1, stock: 1.2345, unit: 'Metre', minStock: 9.8765, shortfall: 8.642, lastMovement: null, value: 351.75 }]);
      } else {
        expect(mine).toEqual([{ key: cat, label: cat, category: cat, materials: 2, stock: 3.2345, unit: '', minStock: null, shortfall: null, lastMovement: null, value: 56.25 }]);
      }
    }
  });

  it('below minimum answers a page, the most short first (then name, id), with the total; every page together is the whole list', async () => {
    const cat = `RPT-${newId().slice(0, 8)}`;
    // Seven materials short by 1000 + i (more than any other test's), two of them equally short (ordered by name).
    for (const [i, name] of ['Ç7', 'A6', 'B5', 'Z4', 'Y3', 'Y3b', 'X1'].entries()) {
      await insertMaterial(db(), materialIndex++, { material_name: `${cat} ${name}`, material_category: cat, material_price: 1, material_doviz: '₺', min_stock: 2000 + Math.min(i, 5) });
    }
    const whole = await report('/api/reports/stock?view=below&pageSize=1000');
    expect(whole.total).toBe(whole.rows.length);
    const first = await report('/api/reports/stock?view=below&page=1&pageSize=3');
    expect(first).toMatchObject({ view: 'below', total: whole.total, page: 1, pageSize: 3 });
    expect(first.rows).toEqual(whole.rows.slice(0, 3));
    expect(first.rows.map((r: { label: string }) => r.label)).toEqual([`${cat} X1`, `${cat} Y3b`, `${cat} Y3`]);
    expect(first.rows.map((r: { shortfall: number }) => r.shortfall)).toEqual([2005, 2005, 2004]);
    // Every page of 3 in turn gives the whole list, in its order.
    const pages: unknown[] = [];
    for (let p = 1; p <= Math.ceil(whole.total / 3); p++) pages.push(...(await report(`/api/reports/stock?view=below&page=${p}&pageSize=3`)).rows);
    expect(pages).toEqual(whole.rows);
    const shortfalls = whole.rows.map((r: { shortfall: number }) => r.shortfall);
    expect(shortfalls).toEqual([...shortfalls].sort((a, b) => b - a));
    // Without page and size: the first page of 50.
    const plain = await report('/api/reports/stock?view=below');
    expect(plain).toMatchObject({ total: whole.total, page: 1, pageSize: 50 });
    expect(plain.rows).toEqual(whole.rows.slice(0, 50));
    // Past the end: no rows, the total still.
    expect(await report(`/api/reports/stock?view=below&page=${whole.total + 1}&pageSize=1`)).toMatchObject({ total: whole.total, rows: [] });
    // A wrong page or size is a 400 naming the field, in the user's language.
    const bad = await get('/api/reports/stock?view=below&page=0', 2, 'tr');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['page']);
    const big = await get('/api/reports/stock?view=below&pageSize=5000', 2, 'en');
    expect(big.statusCode).toBe(400);
    expect(big.json().fields).toEqual({ pageSize: 'The page size can be at most 1000.' });
  });

  it('slow movers answer a page, the longest unmoved first (never moved first, then id), with the total; every page together is the whole list (ADR 0057)', async () => {
    const cat = `RPT-${newId().slice(0, 8)}`;
    const now = Date.now();
    // Five materials unmoved for 3,000 days or more (older than any other test's), two of them moved at the same instant.
    const ids: string[] = [];
    for (const [i, age] of [3100, 3000, 3050, 3100, 3200].entries()) {
      const id = await insertMaterial(db(), materialIndex++, { material_name: `${cat} ${i}`, material_category: cat, material_price: 1, material_doviz: '₺' });
      await move(id, 1 + i, new Date(Date.UTC(2026, 0, 1) - age * 86_400_000));
      ids.push(id);
    }
    // One moved today (not slow), one without stock (not slow).
    const recent = await insertMaterial(db(), materialIndex++, { material_category: cat, material_price: 1, material_doviz: '₺' });
    await move(recent, 5, new Date(now - 86_400_000));
    await insertMaterial(db(), materialIndex++, { material_category: cat, material_price: 1, material_doviz: '₺' });
    const whole = await report('/api/reports/stock?view=slow&days=90&pageSize=1000');
    const expected = (await stockRowsFromMaterials(db(), { view: 'slow', days: 90, page: 1, pageSize: 1000 })).map((r) => r.key);
    expect(whole.rows.map((r: { key: string }) => r.key)).toEqual(expected);
    expect(whole.total).toBe(expected.length);
    const mine = whole.rows.filter((r: { category: string }) => r.category === cat).map((r: { key: string }) => r.key);
    const [tie1, tie2] = [ids[0], ids[3]].sort();
    expect(mine).toEqual([ids[4], tie1, tie2, ids[2], ids[1]]);
    const first = await report('/api/reports/stock?view=slow&days=90&page=1&pageSize=2');
    expect(first).toMatchObject({ view: 'slow', days: 90, total: whole.total, page: 1, pageSize: 2 });
    const pages: unknown[] = [];
    for (let p = 1; p <= Math.ceil(whole.total / 2); p++) pages.push(...(await report(`/api/reports/stock?view=slow&days=90&page=${p}&pageSize=2`)).rows);
    expect(pages).toEqual(whole.rows);
    // Without page and size: the first page of 50; past the end: no rows, the total still.
    expect(await report('/api/reports/stock?view=slow')).toMatchObject({ total: whole.total, page: 1, pageSize: 50, rows: whole.rows.slice(0, 50) });
    expect(await report(`/api/reports/stock?view=slow&page=${whole.total + 1}&pageSize=1`)).toMatchObject({ total: whole.total, rows: [] });
    // A shorter period makes the recent material no longer recent: the total follows.
    const all = await report('/api/reports/stock?view=slow&days=1&pageSize=1');
    expect(all.total).toBe((await stockRowsFromMaterials(db(), { view: 'slow', days: 1, page: 1, pageSize: 1 })).length);
    expect(all.total).toBeGreaterThan(whole.total);
    const bad = await get('/api/reports/stock?view=slow&pageSize=0', 2, 'en');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['pageSize']);
  });

  it('a purchased material is valued at its moving-average cost (ADR 0039), not its list price', async () => {
    const cat = `RPT-${newId().slice(0, 8)}`;
    const m = await insertMaterial(db(), materialIndex++, { material_category: cat, material_price: 100, material_doviz: '₺' });
    // Two receipts: 10 at 2 $ (rate 40) = 80 ₺ and 10 at 90 ₺: average (10·80 + 10·90) / 20 = 85 ₺.
    for (const p of [{ material_price: 2, material_doviz: '$', USD_Kur: 40, EUR_Kur: 45 }, { material_price: 90, material_doviz: '₺', USD_Kur: 40, EUR_Kur: 45 }]) {
      const res = await t.call({ method: 'POST', url: '/api/buying/create', payload: { material_id: m, material_qty: 10, satinalma_durumu: 3, ...p }, token: t.tokens[2] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const byCategory = await report('/api/reports/stock?view=category');
    expect(byCategory.rows.find((r: { key: string }) => r.key === cat)).toMatchObject({ materials: 1, stock: 20, value: 20 * 85 });
  });

  it('the material API takes and answers min_stock (blank clears it; negative is refused with the field)', async () => {
    const id = await insertMaterial(db(), materialIndex++);
    const set = (min_stock: unknown) => t.call({ method: 'POST', url: `/api/materials/update/${id}`, payload: { min_stock }, token: t.tokens[0], lang: 'tr' });
    const bad = await set(-1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ min_stock: 'Asgari stok 0 ya da daha büyük bir sayı olmalıdır.' });
    expect((await set('12,5')).statusCode).toBe(200);
    const got = await t.call({ method: 'GET', url: `/api/materials/${id}`, token: t.tokens[0] });
    expect(got.json().min_stock).toBe(12.5);
    expect((await set('')).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/materials/${id}`, token: t.tokens[0] })).json().min_stock).toBeNull();
  });
});

describe('GET /api/reports/purchasing', () => {
  it('spend per month and per supplier in lira (ordered to completed, Istanbul months); open value of ordered, not received', async () => {
    const material = await insertMaterial(db(), materialIndex++);
    const rows = [
      { tedarikci_adi: 'Tedarik A', satinalma_durumu: 1, siparis_tarihi: ist('2034-03-31T23:30:00'), tl_total: '1000.50' },
      { tedarikci_adi: 'Tedarik A', satinalma_durumu: 3, siparis_tarihi: ist('2034-04-01T00:30:00'), tl_total: '200' },
      { tedarikci_adi: 'Tedarik B', satinalma_durumu: 2, siparis_tarihi: ist('2034-04-15T12:00:00'), tl_total: '300' },
      { tedarikci_adi: 'Tedarik B', satinalma_durumu: 0, siparis_tarihi: null, talep_tarihi: ist('2034-04-16T12:00:00'), tl_total: '999' }, // a request
      { tedarikci_adi: 'Tedarik B', satinalma_durumu: 4, siparis_tarihi: ist('2034-04-17T12:00:00'), tl_total: '888' }, // canceled
    ];
    const before = await report('/api/reports/purchasing');
    for (const r of rows) await db().insert(buyings).values({ id: newId(), material_id: material, material_qty: '1', ...r });

    const months = await report('/api/reports/purchasing?from=2034-03-01&to=2034-04-30&by=month');
    expect(months.rows).toEqual([
      { key: '2034-03', label: '2034-03', purchases: 1, amount: 1000.5 },
      { key: '2034-04', label: '2034-04', purchases: 2, amount: 500 },
    ]);
    const suppliers = await report('/api/reports/purchasing?from=2034-04-01&to=2034-04-30&by=supplier');
    expect(suppliers.rows.map((r: { label: string; purchases: number; amount: number }) => [r.label, r.purchases, r.amount])).toEqual([['Tedarik B', 1, 300], ['Tedarik A', 1, 200]]);
    expect(suppliers.open).toEqual({ purchases: before.open.purchases + 2, amount: round2(before.open.amount + 1000.5 + 300) });
  });
});

describe('access and filters', () => {
  it('admits roles 0-2 and refuses role 3 (the level of the offers, purchases and materials behind the reports)', async () => {
    for (const name of ['sales', 'production', 'stock', 'purchasing']) {
      for (const role of [0, 1, 2]) expect((await get(`/api/reports/${name}`, role)).statusCode, `${name} as ${role}`).toBe(200);
      expect((await get(`/api/reports/${name}`, 3)).statusCode).toBe(403);
      expect((await t.call({ method: 'GET', url: `/api/reports/${name}` })).statusCode).toBe(401);
    }
  });

  it('answers a wrong filter with 400 naming the field and the reason in the caller\'s language', async () => {
    const cases: [string, string, string, string][] = [
      ['/api/reports/sales?from=2031-02-30', 'en', 'from', 'The date is not valid (DD.MM.YYYY or YYYY-MM-DD).'],
      ['/api/reports/sales?from=2031-03-01&to=2031-02-01', 'tr', 'to', 'Bitiş tarihi başlangıç tarihinden önce olamaz.'],
      ['/api/reports/purchasing?from=2020-01-01&to=2031-01-01', 'es', 'from', 'El periodo puede ser de 5 años como máximo.'],
      ['/api/reports/sales?currency=GBP', 'en', 'currency', 'The choice is not valid.'],
      ['/api/reports/production?by=day', 'en', 'by', 'The choice is not valid.'],
      ['/api/reports/stock?view=slow&days=0', 'en', 'days', 'The number of days must be a whole number from 1 to 3650.'],
      ['/api/reports/stock?days=abc', 'tr', 'days', 'Gün sayısı 1 ile 3650 arasında bir tam sayı olmalıdır.'],
    ];
    for (const [url, lang, field, message] of cases) {
      const res = await get(url, 2, lang);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toEqual({ [field]: message });
    }
  });

  it('takes DD.MM.YYYY dates as the screens write them', async () => {
    const body = await report('/api/reports/sales?from=01.01.2031&to=31.03.2031');
    expect(body).toMatchObject({ from: '2031-01-01', to: '2031-03-31' });
  });
});
