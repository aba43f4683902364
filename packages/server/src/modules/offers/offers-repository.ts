import { and, asc, between, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { businessYear, formatOfferNo, sum, type CompanyOffer, type Offer, type OfferItem, type OfferListTotals, type OfferSort } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { materials, offerItems, offerSettings, offerSums, offers, products } from '../../db/schema.js';
import type { CompanyDeleteGuard } from '../companies/companies-service.js';
import { num } from '../catalogue/shared.js';
import { cappedCount, searchWalkRows } from '../../lib/search-count.js';
import { offerSearch, offerSearchCond, offerSearchKind, offerSearchValues, type OfferSearchKind } from './offer-search.js';
import { param, prepared } from '../../lib/prepared.js';
import { anchorOf, planPage, withAnchor, type KeyType, type PageKey, type PagePlan, type PageRequest } from '../../lib/anchored-page.js';
import { queryBytes, RAW_BYTES_COLUMN } from '../../db/pg-raw-bytes.js';
import { joinPage, keysOf, offerRowCache, pageKey, textsOf } from './offer-row-cache.js';

/** Advisory-lock namespace of offer numbering (the second key is the year). */
const OFFER_NO_LOCK = 7301;

export interface OfferNumber { year: number; seq: number; no: string }

/**
 * The next offer number of the year of `at` (DECISIONS 4: sequential per year, unique), inside the caller's
 * transaction. A transaction-scoped advisory lock per year serialises concurrent allocations until commit, so
 * numbers are gapless and never collide; the unique indexes (teklif_no; teklif_yil + teklif_sira) stay the
 * last guard (a race they catch answers 409, never a duplicate).
 */
export async function allocateOfferNumber(tx: Executor, at: Date = new Date()): Promise<OfferNumber> {
  const year = businessYear(at);
  await tx.execute(sql`select pg_advisory_xact_lock(${OFFER_NO_LOCK}::int, ${year}::int)`);
  const res = await tx.execute(sql`select coalesce(max(teklif_sira), 0)::int + 1 as next from offers where teklif_yil = ${year}::int`);
  const seq = Number(((res as unknown as { rows: { next: number | string }[] }).rows ?? [])[0]?.next ?? 1);
  return { year, seq, no: formatOfferNo(year, seq) };
}

/** The latest stored central-bank bulletin's selling rates; null rates when none is stored (never invented). */
export async function latestRates(tx: Executor): Promise<{ usd: string | null; eur: string | null }> {
  const res = await tx.execute(sql`select usd_selling::text as usd, eur_selling::text as eur from tcmb_rates order by tarih desc, id desc limit 1`);
  const r = ((res as unknown as { rows: { usd: string | null; eur: string | null }[] }).rows ?? [])[0];
  return { usd: r?.usd ?? null, eur: r?.eur ?? null };
}

/** DECISIONS 6: a company with offers cannot be deleted (it can be made inactive). */
export const companyOffersGuard: CompanyDeleteGuard = async (tx, companyId) => {
  const res = await tx.execute(sql`select exists (select 1 from offers where firma_id = ${companyId}) as has`);
  const row = ((res as unknown as { rows: { has: boolean }[] }).rows ?? [])[0];
  return row?.has ? 'company.delete.hasOffers' : null;
};

export type OfferRow = typeof offers.$inferSelect;
export type OfferItemRow = typeof offerItems.$inferSelect;

const rateNum = (v: string | null): number | null => (v === null ? null : Number(v));
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function totalsOf(r: OfferRow) {
  return {
    teklif_tutartl: num(r.teklif_tutartl), teklif_tutardoviz: num(r.teklif_tutardoviz), teklif_kdvtl: num(r.teklif_kdvtl),
    teklif_kdvdoviz: num(r.teklif_kdvdoviz), teklif_gtoplamtl: num(r.teklif_gtoplamtl), teklif_gtoplamdoviz: num(r.teklif_gtoplamdoviz),
  };
}

export function toOfferItem(r: OfferItemRow, stock: string | null = null): OfferItem {
  return {
    _id: r.id, urun_id: r.urun_id, urun_resim: r.urun_resim, urun_adi: r.urun_adi, urun_adi_en: r.urun_adi_en, urun_kodu: r.urun_kodu ?? [],
    urun_kdv: num(r.urun_kdv), urun_miktari: num(r.urun_miktari, 4), urun_birimi: r.urun_birimi, urun_fiyati: num(r.urun_fiyati, 4),
    urun_dovizi: r.urun_dovizi, stockSum: num(stock, 4), order_type: r.order_type, takeoff_from_stock: r.takeoff_from_stock,
    tamamlanmaOrani: num(r.tamamlanma_orani), toplamTL: num(r.toplam_tl), toplamDoviz: num(r.toplam_doviz),
    toplamKdvTL: num(r.toplam_kdv_tl), toplamKdvDoviz: num(r.toplam_kdv_doviz),
  };
}

export function toOffer(r: OfferRow, items: OfferItem[]): Offer {
  return {
    _id: r.id, firma_id: r.firma_id, firma_adi: r.firma_adi, firma_adres: r.firma_adres, firma_ilce: r.firma_ilce, firma_il: r.firma_il,
    firma_ulke: r.firma_ulke, firma_eposta: r.firma_eposta, buyer_phone: r.buyer_phone, related_person: r.related_person,
    teklif_tarihi: r.teklif_tarihi.toISOString(), teklif_konu: r.teklif_konu, teklif_notu: r.teklif_notu, teklif_altbilgi: r.teklif_altbilgi,
    teklif_no: r.teklif_no, teklif_referansno: r.teklif_referansno, teklif_durumu: r.teklif_durumu, teklif_dovizi: r.teklif_dovizi,
    teklif_usdkur: rateNum(r.teklif_usdkur), teklif_eurkur: rateNum(r.teklif_eurkur), teklif_tarih: r.teklif_tarih, teklif_kase: r.teklif_kase,
    teklif_kaseimza: r.teklif_kaseimza, commercial_invoice: r.commercial_invoice !== 0, invoice_type: r.invoice_type,
    teklif_sevkadresi: r.teklif_sevkadresi, orderTrackingEmail: r.order_tracking_email, offer_creator_user: r.offer_creator_user,
    offer_modified_user: r.offer_modified_user, source: r.source, siparis_tarihi: iso(r.siparis_tarihi),
    created_date: r.created_at.toISOString(), modified_date: r.updated_at.toISOString(), ...totalsOf(r), offeritem: items, __v: r.version,
  };
}

/** An offer's items in their order, each with the current stock of its product or material. */
export async function offerItemsOf(db: Executor, offerId: string): Promise<OfferItem[]> {
  const rows = await db.select({ item: offerItems, pstock: products.stock_sum, mstock: materials.stock_sum }).from(offerItems)
    .leftJoin(products, eq(products.id, offerItems.urun_id)).leftJoin(materials, eq(materials.id, offerItems.urun_id))
    .where(eq(offerItems.offer_id, offerId)).orderBy(asc(offerItems.sira), asc(offerItems.id));
  return rows.map((r) => toOfferItem(r.item, r.item.order_type === 'material' ? r.mstock ?? r.pstock : r.pstock ?? r.mstock));
}

export async function findOffer(db: Executor, id: string): Promise<Offer | null> {
  const [r] = await db.select().from(offers).where(eq(offers.id, id)).limit(1);
  return r ? toOffer(r, await offerItemsOf(db, id)) : null;
}

/** The offer row under a row lock (the first lock of every offer write; items follow it). */
export async function lockOffer(tx: Executor, id: string): Promise<OfferRow | null> {
  const [r] = await tx.select().from(offers).where(eq(offers.id, id)).for('update').limit(1);
  return r ?? null;
}

export async function storedItems(tx: Executor, offerId: string): Promise<OfferItemRow[]> {
  return tx.select().from(offerItems).where(eq(offerItems.offer_id, offerId)).orderBy(asc(offerItems.sira), asc(offerItems.id));
}

export interface OfferListArgs {
  page: number; pageSize: number; orderBy: OfferSort; order: 'asc' | 'desc'; search?: string; from: number; to: number;
  /** The Page-Anchor of the page the client shows (ADR 0051). */
  anchor?: string;
}

/** The types of each sort's keys (listOffers' `sorts`), for the page's anchor. */
const sortKeyTypes: Record<OfferSort, KeyType[]> = { teklif_tarihi: ['timestamptz', 'text'], firma_adi: ['text', 'timestamptz', 'text'], teklif_no: ['int', 'int'] };

function listWhere(a: Pick<OfferListArgs, 'search' | 'from' | 'to'>): SQL | undefined {
  const conds: SQL[] = [between(offers.teklif_durumu, Math.min(a.from, a.to), Math.max(a.from, a.to))];
  if (a.search) conds.push(offerSearch(a.search));
  return and(...conds);
}

/**
 * A page of offers (no items) as the bytes of the whole answer: the JSON text of its rows inside `envelope`'s head and
 * tail, which are given the total and the totals of every offer the filter matches (the totals are read first).
 *
 * Each offer keeps its list row as JSON text (offers.list_json: offerListRowSchema's fields in its order, with
 * itemCount; derived/offer-list.sql, ADR 0034 addendum), so the page is the page's ids from the narrow sort (an index
 * scan for the date order), one primary-key probe each for the text's key, the texts taken from this process's cache
 * by key (ADR 0050; a miss reads them in one statement, as bytes: db/pg-raw-bytes.ts) and joined into the answer as
 * bytes (never decoded into a string nor encoded again; Node sends them as they are). A page
 * of 1,000 offers was otherwise read field by field by node-pg, its six sums rounded through decimals, made into objects
 * and serialised again, and its 1,000 item counts counted (about 25 req/s; issue 27, docs/performance.md). The statement
 * is prepared once per shape (sort, direction, search or not: as lib/prepared.ts). offers.test.ts holds each row equal to
 * the offer as GET /offers/:id answers it, and the text to what the route's serializer writes.
 */
export async function listOffers(db: Executor, a: OfferListArgs, envelope: (total: number, totals: OfferListTotals, capped: boolean) => [head: string, tail: string]): Promise<Buffer> {
  const dir = a.order;
  const sorts = offerListSorts(dir);
  const lo = Math.min(a.from, a.to);
  const hi = Math.max(a.from, a.to);
  // Without a search the totals come from the sums kept per status and currency (offer_sums, migration 0022): a few
  // rows instead of every matching offer. A search counts its matches up to a cap (ADR 0054: at least one page past the
  // page asked for) and sums them only when they are fewer; more matches answer the cap, flagged, without totals.
  const os = offerSums;
  const counted = a.search ? await cappedCount(db, sql`${offers}`, listWhere(a)!, a.page, a.pageSize) : undefined;
  const sums = counted?.capped ? [] : a.search ? await db.select({
    currency: offers.teklif_dovizi, n: count(),
    tl: sql<string>`coalesce(sum(${offers.teklif_tutartl}), 0)::text`, kdvTl: sql<string>`coalesce(sum(${offers.teklif_kdvtl}), 0)::text`,
    gTl: sql<string>`coalesce(sum(${offers.teklif_gtoplamtl}), 0)::text`, dv: sql<string>`coalesce(sum(${offers.teklif_tutardoviz}), 0)::text`,
    kdvDv: sql<string>`coalesce(sum(${offers.teklif_kdvdoviz}), 0)::text`, gDv: sql<string>`coalesce(sum(${offers.teklif_gtoplamdoviz}), 0)::text`,
  }).from(offers).where(listWhere(a)).groupBy(offers.teklif_dovizi).orderBy(asc(offers.teklif_dovizi)) : await prepared(db, 'offers:list:sums', () => db.select({
    currency: os.teklif_dovizi, n: sql<number>`sum(${os.n})::int`,
    tl: sql<string>`sum(${os.tl})::text`, kdvTl: sql<string>`sum(${os.kdv_tl})::text`, gTl: sql<string>`sum(${os.g_tl})::text`,
    dv: sql<string>`sum(${os.dv})::text`, kdvDv: sql<string>`sum(${os.kdv_dv})::text`, gDv: sql<string>`sum(${os.g_dv})::text`,
  }).from(os).where(between(os.teklif_durumu, param('lo'), param('hi')))
    .groupBy(os.teklif_dovizi).having(sql`sum(${os.n}) > 0`).orderBy(asc(os.teklif_dovizi))).execute({ lo, hi });
  const total = counted?.capped ? counted.n : sums.reduce((n, s) => n + Number(s.n), 0);
  // Sums of 2-decimal numerics are exact in the database; the lira totals add one sum per currency, decimally.
  const tlSum = (k: 'tl' | 'kdvTl' | 'gTl') => sum(sums.map((s) => s[k])).toNumber();
  const [head, tail] = envelope(total, {
    tl: { tutar: tlSum('tl'), kdv: tlSum('kdvTl'), gtoplam: tlSum('gTl') },
    currencies: sums.map((s) => ({ currency: s.currency, count: Number(s.n), tutar: num(s.dv), kdv: num(s.kdvDv), gtoplam: num(s.gDv) })),
  }, Boolean(counted?.capped));
  // The page from the nearest of the start, the client's anchor and the end (offerListPlan). A page read from the end
  // without an anchor (keptEnd) has its limit and offset worked out by the statement from the kept count of its own
  // snapshot (offerPageSql), so it is OFFSET's page even when an offer was saved since the totals above were read.
  const { sortKeys, req, plan, keptEnd } = offerListPlan(a, total);
  const anchored = !a.search;
  // The page's rows come from this process's cache of list texts (offer-row-cache.ts, ADR 0050): the keys statement
  // answers each row's key (32 hex digits of offers.list_key, which changes with the text), in the page's order; the
  // texts come from the cache. When any is missing, the texts statement reads the page again (one statement, so one
  // snapshot: the answer is that statement's rows) and sends the text of every row whose key the request does not hold.
  // A term too short for the trigram index is searched by strpos (lib/search.ts): its own statement, given the term.
  const kind = a.search ? offerSearchKind(a.search) : undefined;
  // A search with fewer matches than its count's limit reads its matches first and sorts them (a fence: the subquery is
  // planned for all its rows), so the page costs at most that many rows; the sort's index walked with the search as a
  // filter would read every offer before the matches (a term whose matches sit far from the sort's start; ADR 0054).
  // More matches (the count capped): the sort's index is walked for at most searchWalkRows rows, the search a filter
  // over them ('walk'); they hold the page when the term is common near the sort's start. When they do not (fewer rows
  // than the page's), the page is read from the matches ('few'), as under the cap: a term whose matches all sit far
  // from the start (REF-10) no longer walks every newer offer to them (ADR 0059). Only the sorts an index walks (date,
  // number); by company name the page is planned as before.
  let mode: OfferPageMode = !kind ? 'all' : counted && !counted.capped ? 'few' : a.orderBy !== 'firma_adi' ? 'walk' : 'plain';
  const shapeOf = () => `${a.orderBy}:${a.order}:${lo}-${hi}:${kind ? `search-${kind}${mode === 'plain' ? '' : `-${mode}`}` : 'all'}:${plan.shape}`;
  const values = { lo, hi, size: plan.limit, off: plan.offset, start: (a.page - 1) * a.pageSize, walk: searchWalkRows(plan.offset + plan.limit), ...plan.values, ...(a.search && kind ? offerSearchValues(a.search, kind) : {}) };
  const statement = (texts: boolean) => () => offerPageSql({ keys: sorts[a.orderBy], status: [lo, hi], plan, kind, mode, anchored, texts, keptEnd });
  // A search's page is planned with its term (ADR 0053): walking the sort's index suits a term most offers match, the
  // trigram index one that few match; one generic plan for every term took the trigram index for all of them.
  const planEach = { planEach: Boolean(a.search) };
  let answer = await queryBytes(db, `offers:list:keys:${shapeOf()}`, statement(false), values, planEach);
  if (mode === 'walk' && keysOf(answer).length < plan.limit) {
    mode = 'few';
    answer = await queryBytes(db, `offers:list:keys:${shapeOf()}`, statement(false), values, planEach);
  }
  const lf = anchored && answer ? answer.indexOf(0x0a) : -1;
  const keyBytes = lf < 0 ? answer : answer!.subarray(0, lf);
  let anchor: string | undefined;
  if (lf >= 0) {
    const [first, last] = JSON.parse(answer!.toString('utf8', lf + 1)) as (string | null)[][];
    const row = (vals: (string | null)[]) => Object.fromEntries(vals.map((v, i) => [`k${i}`, v]));
    anchor = anchorOf(sortKeys, req, [row(first), row(last)], total);
  }
  // The same rows (their keys name their texts) with the same head and tail: the page as it was sent before (ADR 0063).
  // Each answer is a view of its own (the anchor is put on the answer object, and may differ: another scope, same rows).
  const whole = keyBytes?.length ? pageKey(head, tail, keyBytes) : undefined;
  const kept = whole ? offerRowCache.pages.get(whole) : undefined;
  if (kept) return withAnchor(Buffer.from(kept.buffer, kept.byteOffset, kept.length), anchor);
  const rowKeys = keysOf(keyBytes);
  let rows: Buffer[] = new Array<Buffer>(rowKeys.length);
  const held = new Map<string, Buffer>();
  let missing = false;
  for (let i = 0; i < rowKeys.length; i++) {
    const text = offerRowCache.get(rowKeys[i]);
    if (text) {
      rows[i] = text;
      held.set(rowKeys[i], text);
    } else {
      missing = true;
    }
  }
  if (missing) rows = textsOf(await queryBytes(db, `offers:list:texts:${shapeOf()}`, statement(true), { ...values, held: [...held.keys()] }, planEach), held, offerRowCache);
  const out = joinPage(head, rows, tail);
  if (whole) offerRowCache.pages.set(whole, out);
  return withAnchor(Buffer.from(out.buffer, out.byteOffset, out.length), anchor);
}

/**
 * The offer list's sort keys for each order (listOffers; the plan's test). Each order is complete: teklif_no and
 * (teklif_yil, teklif_sira) are unique; a company name ends with the id. So the date order is the list index's own
 * (offers_list_date_idx, read backwards for newest first; migration 0022).
 */
export function offerListSorts(dir: 'asc' | 'desc'): Record<OfferSort, [SQL, 'asc' | 'desc'][]> {
  return {
    teklif_tarihi: [[sql`${offers.teklif_tarihi}`, dir], [sql`${offers.teklif_no}`, dir]],
    firma_adi: [[sql`lower(${offers.firma_adi})`, dir], [sql`${offers.teklif_tarihi}`, 'desc'], [sql`${offers.id}`, 'asc']],
    teklif_no: [[sql`${offers.teklif_yil}`, dir], [sql`${offers.teklif_sira}`, dir]],
  };
}

/**
 * How listOffers reads its page (`total`: the count its totals gave): from the nearest of the start, the client's
 * anchor and the end (ADR 0051; a page from the end relies on the anchor's total: if the total changed, from the
 * start). A search's page is by OFFSET: its anchor would cost a second scan of the matches. Without a search and
 * without a nearer anchor, a page nearer the end than the start is read from the end (`keptEnd`, keptEndPlan: the
 * earlier client asks for pages by number, and so skips on average half the entries it did). Exported for the plan's
 * test (offer-page-work.test.ts).
 */
export function offerListPlan(a: OfferListArgs, total: number): { sortKeys: PageKey[]; req: PageRequest; plan: PagePlan; keptEnd: boolean } {
  const lo = Math.min(a.from, a.to);
  const hi = Math.max(a.from, a.to);
  const sortKeys: PageKey[] = offerListSorts(a.order)[a.orderBy].map(([expr, d], i) => ({ expr, desc: d === 'desc', type: sortKeyTypes[a.orderBy][i] }));
  const req = { page: a.page, size: a.pageSize, anchor: a.search ? undefined : a.anchor, scope: JSON.stringify(['offers/list', a.orderBy, a.order, lo, hi]) };
  const nearest = planPage(sortKeys, req, 'placeholder');
  const plan = nearest.mode === 'end' && nearest.total !== total ? planPage(sortKeys, { ...req, anchor: undefined }, 'placeholder') : nearest;
  const fromEnd = !a.search && plan.mode === 'start' ? keptEndPlan(sortKeys, req, total) : undefined;
  return { sortKeys, req, plan: fromEnd ?? plan, keptEnd: Boolean(fromEnd) };
}

/**
 * The plan of a page read from the end without an anchor (listOffers): the list's order reversed, when fewer rows lie
 * after the page than before it by `total` (the kept count); undefined otherwise (past the end too: OFFSET's empty page).
 * Its limit and offset are the statement's (offerPageSql with keptEnd), from the count of the statement's snapshot.
 */
export function keptEndPlan(keys: readonly PageKey[], req: { page: number; size: number }, total: number): PagePlan | undefined {
  const start = (req.page - 1) * req.size;
  if (start >= total) return undefined;
  const fromEnd = total - Math.min(req.page * req.size, total);
  if (fromEnd >= start) return undefined;
  const orderBy = keys.map((k) => sql`${k.expr} ${sql.raw(k.desc ? 'asc' : 'desc')}`);
  // limit: the page's size (the statement bounds it by the rows left); offset: as `total` has it (the statement's own).
  return { mode: 'end', reverse: true, where: undefined, orderBy, limit: req.size, offset: fromEnd, shape: 'end-kept', values: {} };
}

/** How a page's rows are read: no search; a search planned as it comes; from its matches; from a bounded walk (ADR 0059). */
export type OfferPageMode = 'all' | 'plain' | 'few' | 'walk';

/**
 * The statement of one offer-list page (listOffers): `texts` false, the keys statement (each row's cache key in the
 * page's order, and with anchors the page's first and last sort keys after a line feed); true, the texts statement
 * (the key and, unless the request holds it, the text of each row). Exported for the plan's test (offer-page-work.test.ts).
 */
export function offerPageSql({ keys, status, plan, kind, mode, anchored, texts, keptEnd = false }: { keys: [SQL, 'asc' | 'desc'][]; status: [lo: number, hi: number]; plan: PagePlan; kind: OfferSearchKind | undefined; mode: OfferPageMode; anchored: boolean; texts: boolean; keptEnd?: boolean }): SQL {
  // The status range is written into the statement (one prepared statement per range, part of the shape): as a
  // parameter, the generic plan PostgreSQL settles on after five executions guessed the range at 0.5 % of the offers
  // and read every offer of the range by the status index and sorted them (133 ms a page at 20,000 offers instead of
  // 5; ADR 0061). The statuses are integers 0-4 (the route's schema); written as integers whatever comes.
  const [lo, hi] = status.map((v) => Math.trunc(Number(v)) || 0);
  const range = sql`${offers.teklif_durumu} between ${sql.raw(String(lo))} and ${sql.raw(String(hi))}${plan.where ? sql` and ${plan.where}` : sql``}`;
  const where = kind ? sql`${range} and ${offerSearchCond(kind, param('q'), param('qp'))}` : range;
  // The page's sort keys come along (k0, k1, …) to order the rows (in the list's order, also when the plan reads
  // backwards from an anchor or the end); the texts statement's lateral probe (limit 1) keeps its join a nested loop
  // over the primary key rather than a scan of every offer. A row without its text (the column can be null: never
  // written so) is built on the spot, its key from that text. The rows come joined into one value, taken as bytes
  // (db/pg-raw-bytes.ts).
  const keyCols = sql.join(keys.map(([e], i) => sql`${e} as ${sql.identifier(`k${i}`)}`), sql`, `);
  const keyOrder = sql.join(keys.map(([, d], i) => sql`${sql.identifier('p')}.${sql.identifier(`k${i}`)} ${sql.raw(d)}`), sql`, `);
  const order = sql.join(plan.orderBy, sql`, `);
  const row = texts
    ? sql`r.h || case when r.h in (select unnest(${param('held')}::text[])) then 'K' else 'T' || lpad(octet_length(r.j)::text, 10, '0') || r.j end`
    : sql`r.h`;
  // The keys statement of a list with anchors also answers, after a line feed, its first and last row's sort keys as
  // text (JSON [[k0, k1, …], [k0, k1, …]]): the page's anchor (ADR 0051) without a second read of the page.
  // Each is one row's (the first's, the last's) keys picked from the page's rows: no second sort of the page.
  const keyTexts = sql`json_build_array(${sql.join(keys.map((_, i) => sql`${sql.identifier('p')}.${sql.identifier(`k${i}`)}::text`), sql`, `)})`;
  const backwards = sql.join(keys.map(([, d], i) => sql`${sql.identifier('p')}.${sql.identifier(`k${i}`)} ${sql.raw(d === 'asc' ? 'desc' : 'asc')}`), sql`, `);
  const ends = !texts && anchored
    ? sql` || E'\n' || json_build_array((select ${keyTexts} from p order by ${keyOrder} limit 1), (select ${keyTexts} from p order by ${backwards} limit 1))::text`
    : sql``;
  // The keys statement takes each row's key with its id (offers_list_date_idx holds list_key: the date order's page
  // is read from the index alone, ADR 0061); only a row without a key (never written so) is read by its id.
  const probe = texts
    ? sql`cross join lateral (select encode(coalesce(o.list_key, offer_list_key(x.j)), 'hex') as h, x.j from offers o cross join lateral (select coalesce(o.list_json, offer_list_json(o)) as j) x where o.id = p.id limit 1) r`
    : sql`cross join lateral (select encode(coalesce(p.lk, (select offer_list_key(offer_list_json(o)) from offers o where o.id = p.id)), 'hex') as h) r`;
  const rows = mode === 'few' ? sql`(select * from ${offers} where ${where} offset 0) as ${offers}`
    : mode === 'walk' && kind ? sql`(select * from ${offers} where ${range} order by ${order} limit ${param('walk')}) as ${offers} where ${offerSearchCond(kind, param('q'), param('qp'))}`
      : sql`${offers} where ${where}`;
  const lk = texts ? sql`` : sql`, ${offers.list_key} as lk`;
  // A page from the end without an anchor (keptEndPlan): rows [start, start + size) of the list are, read backwards,
  // the min(size, n - start) rows after the first max(0, n - start - size), n the kept count of the range (offer_sums,
  // kept by triggers in the writing transaction: this snapshot's count). Else the plan's own.
  // The count is read once (kc: n - start, the rows from the page's first on).
  const kc = keptEnd
    ? sql`kc as materialized (select coalesce(sum(${offerSums.n}), 0)::int - ${param('start')}::int as r from ${offerSums} where ${offerSums.teklif_durumu} between ${sql.raw(String(lo))} and ${sql.raw(String(hi))}), `
    : sql``;
  const limits = keptEnd
    ? sql`limit greatest(0, least(${param('size')}::int, (select r from kc))) offset greatest(0, (select r from kc) - ${param('size')}::int)`
    : sql`limit ${param('size')} offset ${param('off')}`;
  return sql`with ${kc}p as materialized (select ${offers.id}${lk}, ${keyCols} from ${rows} order by ${order} ${limits})
    select string_agg(${row}, '' order by ${keyOrder})${ends} as ${sql.identifier(RAW_BYTES_COLUMN)}
    from p ${probe}`;
}

/** A company's offers with their item lines, newest first (spec 000 2.9). */
export async function listCompanyOffers(db: Executor, companyId: string, a: { from: number; to: number; page: number; pageSize: number }): Promise<{ rows: CompanyOffer[]; total: number }> {
  const where = and(eq(offers.firma_id, companyId), between(offers.teklif_durumu, Math.min(a.from, a.to), Math.max(a.from, a.to)));
  const rows = await db.select().from(offers).where(where).orderBy(desc(offers.teklif_tarihi), desc(offers.teklif_no)).limit(a.pageSize).offset((a.page - 1) * a.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(offers).where(where);
  const ids = rows.map((r) => r.id);
  const items = ids.length ? await db.select().from(offerItems).where(inArray(offerItems.offer_id, ids)).orderBy(asc(offerItems.sira), asc(offerItems.id)) : [];
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      _id: r.id, teklif_no: r.teklif_no, teklif_tarihi: r.teklif_tarihi.toISOString(), siparis_tarihi: iso(r.siparis_tarihi), teklif_durumu: r.teklif_durumu,
      teklif_dovizi: r.teklif_dovizi, teklif_konu: r.teklif_konu, ...totalsOf(r),
      offeritem: items.filter((i) => i.offer_id === r.id).map((i) => {
        const it = toOfferItem(i);
        return {
          _id: it._id, urun_adi: it.urun_adi, urun_kodu: it.urun_kodu, urun_miktari: it.urun_miktari, urun_birimi: it.urun_birimi, urun_fiyati: it.urun_fiyati,
          urun_dovizi: it.urun_dovizi, toplamTL: it.toplamTL, toplamDoviz: it.toplamDoviz, toplamKdvTL: it.toplamKdvTL, toplamKdvDoviz: it.toplamKdvDoviz,
        };
      }),
    })),
  };
}

/** Inserts an offer row; a taken number fails on offers_no_uq (the caller answers it). */
export async function insertOffer(tx: Executor, values: typeof offers.$inferInsert): Promise<void> {
  await tx.insert(offers).values(values);
}

/** Sets an offer's header columns and bumps its version (the caller holds the row lock and checked the version). */
export async function updateOffer(tx: Executor, id: string, set: Partial<typeof offers.$inferInsert>): Promise<void> {
  await tx.update(offers).set({ ...set, updated_at: new Date(), version: sql`${offers.version} + 1` }).where(eq(offers.id, id));
}

/** Deletes an offer (its items go with it). */
export async function deleteOffer(tx: Executor, id: string): Promise<void> {
  await tx.delete(offers).where(eq(offers.id, id));
}

/** An offer's number, or null. */
export async function offerNoOf(tx: Executor, id: string): Promise<string | null> {
  const [n] = await tx.select({ no: offers.teklif_no }).from(offers).where(eq(offers.id, id)).limit(1);
  return n?.no ?? null;
}

export type NewOfferItemRow = typeof offerItems.$inferInsert;

export async function insertOfferItems(tx: Executor, rows: NewOfferItemRow[]): Promise<void> {
  await tx.insert(offerItems).values(rows);
}

export async function deleteOfferItems(tx: Executor, ids: string[]): Promise<void> {
  await tx.delete(offerItems).where(inArray(offerItems.id, ids));
}

/** An item row as the bulk update writes it (every written column; numbers as decimal text). */
export interface OfferItemWrite {
  id: string; sira: number; urun_id: string; urun_resim: string; urun_adi: string; urun_adi_en: string; urun_kodu: string[]; urun_kdv: string;
  urun_miktari: string; urun_birimi: string; urun_fiyati: string; urun_dovizi: string; order_type: string; takeoff_from_stock: boolean;
  toplam_tl: string; toplam_doviz: string; toplam_kdv_tl: string; toplam_kdv_doviz: string;
}

/** Updates an offer's stored items in one statement (an UPDATE from a VALUES list), each bumping its version. */
export async function updateOfferItems(tx: Executor, offerId: string, changed: OfferItemWrite[]): Promise<void> {
  const values = sql.join(changed.map((r) => sql`(${r.id}, ${r.sira}::int, ${r.urun_id}, ${r.urun_resim}, ${r.urun_adi}, ${r.urun_adi_en}, ${JSON.stringify(r.urun_kodu)}::jsonb, ${r.urun_kdv}::numeric,
    ${r.urun_miktari}::numeric, ${r.urun_birimi}, ${r.urun_fiyati}::numeric, ${r.urun_dovizi}, ${r.order_type}, ${r.takeoff_from_stock}::boolean,
    ${r.toplam_tl}::numeric, ${r.toplam_doviz}::numeric, ${r.toplam_kdv_tl}::numeric, ${r.toplam_kdv_doviz}::numeric)`), sql`, `);
  await tx.execute(sql`update offer_items as t set sira = v.sira, urun_id = v.urun_id, urun_resim = v.urun_resim, urun_adi = v.urun_adi, urun_adi_en = v.urun_adi_en, urun_kodu = v.urun_kodu,
    urun_kdv = v.urun_kdv, urun_miktari = v.urun_miktari, urun_birimi = v.urun_birimi, urun_fiyati = v.urun_fiyati, urun_dovizi = v.urun_dovizi,
    order_type = v.order_type, takeoff_from_stock = v.takeoff_from_stock, toplam_tl = v.toplam_tl, toplam_doviz = v.toplam_doviz,
    toplam_kdv_tl = v.toplam_kdv_tl, toplam_kdv_doviz = v.toplam_kdv_doviz, updated_at = now(), version = t.version + 1
    from (values ${values}) as v(id, sira, urun_id, urun_resim, urun_adi, urun_adi_en, urun_kodu, urun_kdv, urun_miktari, urun_birimi, urun_fiyati, urun_dovizi,
      order_type, takeoff_from_stock, toplam_tl, toplam_doviz, toplam_kdv_tl, toplam_kdv_doviz)
    where t.id = v.id and t.offer_id = ${offerId}`);
}

export type OfferSettingsRow = typeof offerSettings.$inferSelect;

/** The stored offer settings (one row, id '1'), or null before they are first saved. */
export async function offerSettingsRow(db: Executor): Promise<OfferSettingsRow | null> {
  const [r] = await db.select().from(offerSettings).where(eq(offerSettings.id, '1')).limit(1);
  return r ?? null;
}

/** The stored offer settings under a row lock, or null before they are first saved. */
export async function lockOfferSettingsRow(tx: Executor): Promise<OfferSettingsRow | null> {
  const [row] = await tx.select().from(offerSettings).where(eq(offerSettings.id, '1')).for('update').limit(1);
  return row ?? null;
}

/** Writes the offer settings: updates the stored row (bumping its version), or inserts it at version 1. */
export async function writeOfferSettings(tx: Executor, values: Omit<typeof offerSettings.$inferInsert, 'id' | 'version' | 'updated_at' | 'created_at'>, stored: boolean): Promise<void> {
  if (stored) await tx.update(offerSettings).set({ ...values, updated_at: new Date(), version: sql`${offerSettings.version} + 1` }).where(eq(offerSettings.id, '1'));
  else await tx.insert(offerSettings).values({ id: '1', ...values, version: 1 });
}

// ------------------------------------------------------------------ what the orders module reads and writes of offers

/** An offer's status (teklif_durumu), or null without the offer. */
export async function offerStatusOf(tx: Executor, id: string): Promise<number | null> {
  const [o] = await tx.select({ s: offers.teklif_durumu }).from(offers).where(eq(offers.id, id)).limit(1);
  return o ? o.s : null;
}

/** Sets an order's status (the orders module's rule, DECISIONS 4); the version goes up by one. */
export async function setOfferStatus(tx: Executor, id: string, status: number): Promise<void> {
  await tx.update(offers).set({ teklif_durumu: status, updated_at: new Date(), version: sql`${offers.version} + 1` }).where(eq(offers.id, id));
}

/** An offer's company (id and name), or undefined without the offer. */
export async function offerCompanyOf(tx: Executor, id: string): Promise<{ firma_id: string | null; firma_adi: string } | undefined> {
  const [o] = await tx.select({ firma_id: offers.firma_id, firma_adi: offers.firma_adi }).from(offers).where(eq(offers.id, id)).limit(1);
  return o;
}

/** An offer item's completion follows its order line. */
export async function setOfferItemCompletion(tx: Executor, itemId: string, completion: string): Promise<void> {
  await tx.update(offerItems).set({ tamamlanma_orani: completion }).where(eq(offerItems.id, itemId));
}

/** Every item of an offer back to completion 0 (its order lines withdrawn). */
export async function resetOfferItemsCompletion(tx: Executor, offerId: string): Promise<void> {
  await tx.update(offerItems).set({ tamamlanma_orani: '0' }).where(eq(offerItems.offer_id, offerId));
}
