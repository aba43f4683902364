import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInputSchema, type SalesQuery } from '@isik/domain';
import { sql } from 'drizzle-orm';
import { companies, offerItems, offers } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { makeCompany } from '../../seed/factory.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { salesReportFromRows } from './reports-repository.js';
import { foldSalesSums, salesReport, wholeMonths, wholeYears } from './sales-sums-repository.js';

/**
 * The sales report's kept sums (ADR 0047, db/derived/sales-sums.sql): after random writes of offers, their items and
 * products (inserts, updates, deletes, several statements in one transaction, folds between them), the kept sums equal
 * the sums computed here from the rows (per day, month and year), and the report from the sums answers what the report from the rows answers
 * (salesReportFromRows, ADR 0041's query) for whole months, cut months and single days, in every grouping and currency.
 * This file's database holds only its own offers.
 */
let t: TestContext;
const db = () => t.database.db;

beforeAll(async () => { t = await createTestContext(); }, 60_000);
afterAll(async () => { await t?.close(); });

/** A small seeded generator, so a failure can be run again. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => { s = (s + 0x6d2b79f5) >>> 0; let x = s; x = Math.imul(x ^ (x >>> 15), x | 1); x ^= x + Math.imul(x ^ (x >>> 7), x | 61); return ((x ^ (x >>> 14)) >>> 0) / 4294967296; };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] };
}

type Raw = Record<string, unknown>;
async function rows(q: ReturnType<typeof sql>): Promise<Raw[]> {
  return ((await db().execute(q)) as unknown as { rows: Raw[] }).rows;
}

/** An Istanbul day (YYYY-MM-DD) of an instant: Istanbul is UTC+3 all year in these years. */
const istDay = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

/**
 * The kept sums per day, kind, dimension and key (counts and lira cents, which are exact), computed here from the rows
 * as ADR 0041 defines the report, against the same figures read from sales_sums' day rows and month rows.
 */
async function expectSumsEqualRows() {
  const os = await rows(sql`select id, teklif_tarihi, siparis_tarihi, teklif_durumu, firma_id, firma_adi, teklif_tutartl from offers`);
  const its = await rows(sql`select i.offer_id, i.toplam_tl, p.model_id, p.model_category from offer_items i left join products p on p.id = i.urun_id`);
  const want = new Map<string, { n: number; converted: number; cents: number }>();
  const add = (k: string, converted: number, cents: number) => {
    const w = want.get(k) ?? want.set(k, { n: 0, converted: 0, cents: 0 }).get(k)!;
    w.n++; w.converted += converted; w.cents += cents;
  };
  const cents = (v: unknown) => Math.round(Number(v) * 100);
  for (const o of os) {
    const status = Number(o.teklif_durumu);
    const ordered = o.siparis_tarihi !== null && status >= 1 && status <= 3;
    const dates: [string, Date, number][] = [['o', new Date(o.teklif_tarihi as string), ordered ? 1 : 0]];
    if (ordered) dates.push(['r', new Date(o.siparis_tarihi as string), 0]);
    const mine = its.filter((i) => i.offer_id === o.id);
    for (const [kind, at, conv] of dates) {
      const day = istDay(at);
      add(`${day}|${kind}|month|`, conv, cents(o.teklif_tutartl));
      add(`${day}|${kind}|customer|${o.firma_id ?? `name:${String(o.firma_adi)}`}`, conv, cents(o.teklif_tutartl));
      for (const dim of ['model', 'category'] as const) {
        const groups = new Map<string, number>();
        for (const i of mine) {
          const key = dim === 'model' ? String(i.model_id ?? '') : (i.model_category === null ? '' : String(i.model_category));
          groups.set(key, (groups.get(key) ?? 0) + cents(i.toplam_tl));
        }
        for (const [key, c] of groups) add(`${day}|${kind}|${dim}|${key}`, conv, c);
      }
    }
  }
  const read = async (grain: 'd' | 'm' | 'y') => {
    const got = await rows(sql`select at::text as at, kind, dim, key, sum(n)::int as n, sum(converted)::int as converted, sum(try_amount)::text as tl
      from sales_sums where grain = ${grain} group by 1, 2, 3, 4 having sum(n) <> 0 or sum(try_amount) <> 0 or sum(converted) <> 0`);
    return new Map(got.map((g) => [`${g.at}|${g.kind}|${g.dim}|${g.key}`, { n: Number(g.n), converted: Number(g.converted), cents: cents(g.tl) }]));
  };
  const sorted = (m: Map<string, unknown>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  expect(sorted(await read('d'))).toEqual(sorted(want));
  const months = new Map<string, { n: number; converted: number; cents: number }>();
  for (const [k, v] of want) {
    const mk = `${k.slice(0, 8)}01${k.slice(10)}`;
    const m = months.get(mk) ?? months.set(mk, { n: 0, converted: 0, cents: 0 }).get(mk)!;
    m.n += v.n; m.converted += v.converted; m.cents += v.cents;
  }
  expect(sorted(await read('m'))).toEqual(sorted(months));
  const years = new Map<string, { n: number; converted: number; cents: number }>();
  for (const [k, v] of want) {
    const yk = `${k.slice(0, 5)}01-01${k.slice(10)}`;
    const y = years.get(yk) ?? years.set(yk, { n: 0, converted: 0, cents: 0 }).get(yk)!;
    y.n += v.n; y.converted += v.converted; y.cents += v.cents;
  }
  expect(sorted(await read('y'))).toEqual(sorted(years));
}

/** Every grouping and currency over whole months, cut months, one day: the answer from the sums equals the answer from the rows. */
async function expectReportsEqual() {
  const periods = [['2031-01-01', '2031-12-31'], ['2031-01-15', '2031-03-10'], ['2031-02-01', '2031-02-28'], ['2031-03-31', '2031-03-31'], ['2030-12-20', '2032-01-05'], ['2030-12-01', '2031-12-31'], ['2031-01-01', '2031-12-30']];
  for (const [from, to] of periods) {
    for (const by of ['month', 'customer', 'model', 'category'] as const) {
      for (const currency of ['TRY', 'USD', 'EUR'] as const) {
        const q: SalesQuery = { from, to, by, currency };
        expect(await salesReport(db(), q), `${by} ${currency} ${from}..${to}`).toEqual(await salesReportFromRows(db(), q));
      }
    }
  }
}

describe('sales_sums (ADR 0047)', () => {
  it('whole months and years of a period: the months (years) it covers from their first to their last day', () => {
    expect(wholeYears(wholeMonths('2030-12-20', '2032-01-05'))).toEqual({ start: '2031-01-01', end: '2032-01-01' });
    expect(wholeYears(wholeMonths('2031-01-01', '2031-12-31'))).toEqual({ start: '2031-01-01', end: '2032-01-01' });
    expect(wholeYears(wholeMonths('2031-01-02', '2032-12-30'))).toEqual({ start: '2032-01-01', end: '2032-01-01' });
    expect(wholeYears(wholeMonths('2031-02-01', '2031-12-31'))).toEqual({ start: '2032-01-01', end: '2032-01-01' });
    expect(wholeMonths('2031-01-01', '2031-12-31')).toEqual({ start: '2031-01-01', end: '2032-01-01' });
    expect(wholeMonths('2031-01-15', '2031-03-10')).toEqual({ start: '2031-02-01', end: '2031-03-01' });
    expect(wholeMonths('2032-02-01', '2032-02-29')).toEqual({ start: '2032-02-01', end: '2032-03-01' });
    expect(wholeMonths('2031-03-31', '2031-03-31')).toEqual({ start: '2031-04-01', end: '2031-04-01' });
    expect(wholeMonths('2031-03-10', '2031-03-10')).toEqual({ start: '2031-04-01', end: '2031-03-01' });
  });

  it('random writes of offers, items and products: the kept sums equal the rows, and so do the reports; the refill keeps them', async () => {
    const r = rng(Number(process.env.SALES_SUMS_SEED ?? 26047));
    const modelIds: string[] = [];
    for (let i = 0; i < 3; i++) modelIds.push(await insertModel(db(), 950 + i, { model_kategori: [2, 5, 7][i] }));
    const productIds: string[] = [];
    for (let i = 0; i < 5; i++) productIds.push(await insertProduct(db(), 950 + i, { id: modelIds[i % 3], index: 950 + (i % 3) }));
    const companyIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const id = newId();
      await db().insert(companies).values({ id, ...companyInputSchema.parse(makeCompany(950 + i, 'Customer')) });
      companyIds.push(id);
    }
    // Instants near Istanbul day and month edges of 2031 (and just outside it).
    const instant = () => {
      const day = new Date(Date.UTC(2030, 11, 28) + r.int(380) * 86_400_000);
      const minutes = r.pick([0, 1, 20 * 60 + 59, 21 * 60, 21 * 60 + 1, 12 * 60, 23 * 60 + 59]);
      return new Date(day.getTime() + minutes * 60_000 - 3 * 3600_000);
    };
    const money = () => (r.int(10) === 0 ? '0' : (r.int(1_000_000) / 100).toFixed(2));
    const rate = () => r.pick([null, '0', '38.123456', '41.5', '44.987654']);
    const urun = () => r.pick([...productIds, '', 'material-or-free-text']);
    const offerIds: string[] = [];
    let seq = 0;
    const newOffer = () => {
      const status = r.int(5);
      const ordered = r.int(3) > 0;
      return {
        id: newId(), teklif_no: `SS-${++seq}`, teklif_yil: 3100, teklif_sira: seq, teklif_tarihi: instant(), teklif_durumu: status,
        siparis_tarihi: ordered ? instant() : null, teklif_dovizi: r.pick(['₺', '$', '€']),
        firma_id: r.int(3) === 0 ? null : r.pick(companyIds), firma_adi: r.pick(['Alfa', 'Beta', 'Gama']),
        teklif_usdkur: rate(), teklif_eurkur: rate(), teklif_tutartl: money(), teklif_tutardoviz: money(),
      };
    };
    const newItem = (offerId: string) => ({ id: newId(), offer_id: offerId, urun_id: urun(), sira: r.int(10), toplam_tl: money(), toplam_doviz: money() });
    const someItems = async (k: number) => {
      const all = (await rows(sql`select id from offer_items order by id`)).map((x) => String(x.id));
      return all.length ? Array.from({ length: k }, () => r.pick(all)) : [];
    };

    const step = async () => {
      const tx = db();
      const what = r.int(10);
      if (what <= 1 || offerIds.length < 3) {
        const batch = Array.from({ length: 1 + r.int(3) }, newOffer);
        await tx.insert(offers).values(batch);
        offerIds.push(...batch.map((o) => o.id));
        const items = batch.flatMap((o) => Array.from({ length: r.int(4) }, () => newItem(o.id)));
        if (items.length) await tx.insert(offerItems).values(items);
      } else if (what === 2) {
        await tx.insert(offerItems).values(Array.from({ length: 1 + r.int(3) }, () => newItem(r.pick(offerIds))));
      } else if (what === 3) {
        // One statement changing several offers' report fields (or none of them).
        const o = newOffer();
        const ids = [r.pick(offerIds), r.pick(offerIds)];
        const field = r.pick(['status', 'order', 'date', 'money', 'customer', 'subject'] as const);
        const set = { status: sql`teklif_durumu = ${o.teklif_durumu}`, order: sql`siparis_tarihi = ${o.siparis_tarihi}`, date: sql`teklif_tarihi = ${o.teklif_tarihi}`,
          money: sql`teklif_dovizi = ${o.teklif_dovizi}, teklif_usdkur = ${o.teklif_usdkur}, teklif_eurkur = ${o.teklif_eurkur}, teklif_tutartl = ${o.teklif_tutartl}, teklif_tutardoviz = ${o.teklif_tutardoviz}`,
          customer: sql`firma_id = ${o.firma_id}, firma_adi = ${o.firma_adi}`, subject: sql`teklif_konu = 'changed'` }[field];
        await tx.execute(sql`update offers set ${set} where id in (${ids[0]}, ${ids[1]})`);
      } else if (what === 4) {
        // Items moved to another product, another amount or another offer; or only their completion (no change of the sums).
        const ids = await someItems(1 + r.int(3));
        for (const id of ids) {
          const kind = r.int(4);
          if (kind === 0) await tx.execute(sql`update offer_items set urun_id = ${urun()} where id = ${id}`);
          else if (kind === 1) await tx.execute(sql`update offer_items set toplam_tl = ${money()}, toplam_doviz = ${money()} where id = ${id}`);
          else if (kind === 2) await tx.execute(sql`update offer_items set offer_id = ${r.pick(offerIds)} where id = ${id}`);
          else await tx.execute(sql`update offer_items set tamamlanma_orani = 50 where id = ${id}`);
        }
      } else if (what === 5) {
        const ids = await someItems(1 + r.int(2));
        if (ids.length) await tx.execute(sql`delete from offer_items where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
      } else if (what === 6 && offerIds.length > 5) {
        const id = offerIds.splice(r.int(offerIds.length), 1)[0];
        await tx.execute(sql`delete from offers where id = ${id}`);
      } else if (what === 7) {
        // A product moved to another model and category (the copies change with it), now and then deleted and made again.
        const p = r.pick(productIds);
        const m = r.int(3);
        if (r.int(5) === 0 && productIds.length > 2) {
          // Its items become items without a product (the "Other" row).
          productIds.splice(productIds.indexOf(p), 1);
          await tx.execute(sql`delete from products where id = ${p}`);
        } else {
          await tx.execute(sql`update products set model_id = ${modelIds[m]}, model_category = ${[2, 5, 7][m] + r.int(2)} where id = ${p}`);
        }
      } else if (what === 8) {
        await foldSalesSums(tx);
      } else {
        // Several statements in one transaction, as an offer save: the offer, then its items deleted, changed and added.
        await tx.transaction(async (inner) => {
          const id = r.pick(offerIds);
          await inner.execute(sql`update offers set teklif_tutartl = ${money()}, teklif_durumu = ${r.int(5)} where id = ${id}`);
          await inner.execute(sql`delete from offer_items where offer_id = ${id} and sira < 3`);
          await inner.execute(sql`update offer_items set toplam_tl = toplam_tl + 1 where offer_id = ${id}`);
          await inner.insert(offerItems).values([newItem(id), newItem(id)]);
        });
      }
    };

    for (let i = 0; i < 160; i++) {
      await step();
      if (i % 40 === 39) await expectSumsEqualRows();
    }
    await expectSumsEqualRows();
    await expectReportsEqual();
    await foldSalesSums(db());
    const [{ unfolded }] = await rows(sql`select count(*)::int as unfolded from sales_sums where not folded`);
    expect(unfolded).toBe(0);
    await expectSumsEqualRows();
    await expectReportsEqual();
    // The refill rebuilds the same sums from the rows.
    await db().execute(sql`select sales_sums_refill()`);
    await expectSumsEqualRows();
    await expectReportsEqual();
  }, 240_000);
});
