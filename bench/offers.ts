// Offer scenarios of the benchmark (issue 10): the offer list over 20,000 offers with 100,000 items, and saving an
// offer of 50 items (the server recomputes every line and total, rewrites the rows and logs in one transaction).
// bench/server.ts calls seedBenchOffers after the catalogue seed; bench/run.ts appends offerScenarios(...).
// Environment: BENCH_OFFERS (default 20000), BENCH_OFFER_ITEMS (default 100000).
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { companyInputSchema, computeOffer, formatOfferNo, offerInputSchema, productCodeParts, type OfferItemData } from '@isik/domain';
import type { Db } from '../packages/server/src/db/database.js';
import { companies, offerItems, offers, products } from '../packages/server/src/db/schema.js';
import { newId } from '../packages/server/src/lib/ids.js';
import { makeCompany, makeOfferInput, type OfferFactoryPool } from '../packages/server/src/seed/factory.js';

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
export const offerSizes = { offers: num(process.env.BENCH_OFFERS, 20_000), items: num(process.env.BENCH_OFFER_ITEMS, 100_000), saveOffers: 20, saveItems: 50 };

export interface BenchOffers { offers: number; items: number; seedMs: number; saveTargets: { id: string; itemIds: string[] }[]; searches: string[] }

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * 20,000 offers (statuses 0-4, mixed currencies, a third for registered companies) and 100,000 items in multi-row
 * inserts, with totals from the domain's computeOffer (as the API stores them); 20 of the offers carry 50 items each
 * for the save scenario.
 */
export async function seedBenchOffers(db: Db, log: (m: string) => void): Promise<BenchOffers> {
  const t0 = Date.now();
  const productRows = (await db.select({ id: products.id, name: products.urun_adi_tr, code: products.urun_kodu, model_code: products.model_code, price: products.urun_fiyat, currency: products.urun_doviz }).from(products).limit(500))
    .map((p) => ({ id: p.id, name: p.name, code: productCodeParts(p), price: p.price, currency: p.currency }));
  const companyRows = Array.from({ length: 200 }, (_, i) => ({ id: newId(), ...companyInputSchema.parse({ ...makeCompany(i, 'Customer'), company_name: `Bench Müşteri ${i} ${makeCompany(i, 'Customer').company_name}` }) }));
  for (const c of chunks(companyRows, 200)) await db.insert(companies).values(c);
  const pool: OfferFactoryPool = {
    products: productRows.slice(0, 500),
    companies: companyRows.map((c) => ({ id: c.id, name: c.company_name, email: c.company_email, city: c.company_city, country: c.company_country })),
    rates: { usd: '42.1834', eur: '48.7602' },
  };
  const { offers: total, items: itemTotal, saveOffers, saveItems } = offerSizes;
  const bigItems = saveOffers * saveItems;
  const small = Math.max(1, total - saveOffers);
  const perOffer = Math.max(1, Math.floor((itemTotal - bigItems) / small));
  // The remainder goes one item each to the first offers, so the items add up to BENCH_OFFER_ITEMS.
  const extra = Math.max(0, itemTotal - bigItems - perOffer * small);
  const saveTargets: BenchOffers['saveTargets'] = [];
  let itemsMade = 0;
  let offerBatch: (typeof offers.$inferInsert)[] = [];
  let itemBatch: (typeof offerItems.$inferInsert)[] = [];
  const flush = async () => {
    if (offerBatch.length) await db.insert(offers).values(offerBatch);
    for (const c of chunks(itemBatch, 1000)) await db.insert(offerItems).values(c);
    offerBatch = [];
    itemBatch = [];
  };
  const perYear = Math.ceil(total / 3);
  for (let i = 0; i < total; i++) {
    const big = i < saveOffers;
    const status = big ? 0 : [0, 0, 1, 0, 2, 3, 0, 4, 1, 0][i % 10];
    const body = offerInputSchema.parse(makeOfferInput(i, pool, { items: big ? saveItems : perOffer + (i - saveOffers < extra ? 1 : 0), status: status === 0 ? 0 : 1, registered: status !== 0 ? true : undefined }));
    const items = body.offeritem as OfferItemData[];
    const money = computeOffer(items.map((it) => ({ ...it, urun_miktari: it.urun_miktari ?? 0, urun_fiyati: it.urun_fiyati ?? 0, urun_kdv: it.urun_kdv ?? 20, urun_dovizi: it.urun_dovizi ?? '$' })), { usd: pool.rates.usd, eur: pool.rates.eur }, body.teklif_dovizi ?? '$');
    const year = 2024 + Math.floor(i / perYear);
    const seq = (i % perYear) + 1;
    const id = newId();
    const date = new Date(Date.UTC(year, 0, 1) + (seq / perYear) * 364 * 86_400_000);
    offerBatch.push({
      id, teklif_no: formatOfferNo(year, seq), teklif_yil: year, teklif_sira: seq, teklif_tarihi: date, teklif_durumu: status,
      firma_id: body.firma_id ?? null, firma_adi: body.firma_adi ?? '', firma_il: body.firma_il ?? '', firma_ulke: body.firma_ulke ?? '', firma_eposta: body.firma_eposta ?? '',
      related_person: body.related_person ?? '', teklif_konu: body.teklif_konu ?? '', teklif_referansno: body.teklif_referansno ?? '', teklif_dovizi: body.teklif_dovizi ?? '$',
      teklif_usdkur: String(pool.rates.usd), teklif_eurkur: String(pool.rates.eur), siparis_tarihi: status > 0 ? date : null,
      offer_creator_user: 'bench', offer_modified_user: 'bench',
      ...Object.fromEntries(Object.entries(money.totals).map(([k, v]) => [k, String(v)])),
    });
    const ids: string[] = [];
    items.forEach((it, k) => {
      const l = money.lines[k];
      const itemId = newId();
      ids.push(itemId);
      itemBatch.push({
        id: itemId, offer_id: id, sira: k, urun_id: it.urun_id ?? '', urun_adi: it.urun_adi, urun_kodu: it.urun_kodu ?? [], urun_kdv: String(it.urun_kdv ?? 18),
        urun_miktari: String(it.urun_miktari ?? 1), urun_birimi: it.urun_birimi, urun_fiyati: String(it.urun_fiyati ?? 0), urun_dovizi: it.urun_dovizi ?? '$',
        order_type: it.order_type, takeoff_from_stock: it.takeoff_from_stock ?? false,
        toplam_tl: String(l.toplamTL), toplam_doviz: String(l.toplamDoviz), toplam_kdv_tl: String(l.toplamKdvTL), toplam_kdv_doviz: String(l.toplamKdvDoviz),
      });
    });
    itemsMade += items.length;
    if (big) saveTargets.push({ id, itemIds: ids });
    if (offerBatch.length >= 500) await flush();
  }
  await flush();
  await db.execute(sql`analyze offers`);
  await db.execute(sql`analyze offer_items`);
  // The sales report's sums (ADR 0047): the bulk insert appended each statement's difference; folded as a day of saves would have.
  await db.execute(sql`select sales_sums_fold()`);
  await db.execute(sql`vacuum analyze sales_sums`);
  await db.execute(sql`analyze sales_offer_facts`);
  const seedMs = Date.now() - t0;
  log(`  ${total} offers with ${itemsMade} items in ${seedMs} ms`);
  return { offers: total, items: itemsMade, seedMs, saveTargets, searches: ['bench müşteri 1', 'TKF-2025-01', 'otopark', 'REF-10', 'yildiz enerji', 'solar'] };
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const randInt = (n: number) => 1 + Math.floor(Math.random() * n);

/** The offer scenarios, as [name, autocannon request] pairs for bench/run.ts. */
export function offerScenarios(o: BenchOffers): [string, autocannon.Request][] {
  const size = `${o.offers} offers / ${o.items} items`;
  const body = (t: BenchOffers['saveTargets'][number]) => JSON.stringify({
    teklif_konu: `bench save ${Date.now()}`,
    offeritem: t.itemIds.map((id, k) => ({ _id: id, urun_adi: `Bench item ${k}`, urun_kodu: ['B', String(k)], urun_miktari: randInt(40), urun_fiyati: (k % 7) * 12.5 + 0.99, urun_dovizi: pick(['$', '€', '₺']), urun_kdv: pick([0, 8, 18]), order_type: 'production' })),
  });
  return [
    [`offer list (${size}, 30/page, random page, newest first)`, {
      method: 'GET', path: '/api/offers/list',
      setupRequest: (req) => ({ ...req, path: `/api/offers/list?pageSize=30&page=${randInt(Math.ceil(o.offers / 30))}&orderBy=teklif_tarihi` }),
    }],
    [`offer list (${size}, 1000/page as the spec's client, with totals)`, {
      method: 'GET', path: '/api/offers/list',
      setupRequest: (req) => ({ ...req, path: `/api/offers/list?pageSize=1000&page=${randInt(Math.ceil(o.offers / 1000))}&orderBy=teklif_tarihi&filter1=0&filter2=4` }),
    }],
    [`offer list search (${size})`, {
      method: 'GET', path: '/api/offers/list',
      setupRequest: (req) => ({ ...req, path: `/api/offers/list?pageSize=30&search=${encodeURIComponent(pick(o.searches))}` }),
    }],
    [`offer list status 1 by company name (${size})`, { method: 'GET', path: '/api/offers/list?pageSize=30&filter1=1&filter2=1&orderBy=firma_adi' }],
    [`offer save (50 items: recompute, rows, log; ${o.saveTargets.length} offers)`, {
      method: 'POST', path: '/api/offers/update/x', headers: { 'content-type': 'application/json' },
      setupRequest: (req) => {
        const t = pick(o.saveTargets);
        return { ...req, path: `/api/offers/update/${t.id}`, body: body(t) };
      },
    }],
  ];
}
