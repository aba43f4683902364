// Tables of the office area (issue 4): own company, company deliveries, central-bank rates, to-dos;
// and the first tables of sales (offers, order lines) that the dashboard counts and the public
// catalogue's offer request writes to. Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './schema.js';
import { FOLD_FROM, FOLD_TO } from './schema-catalogue.js';
import { bytea } from './schema-files.js';

const foldRaw = (expr: string) => sql.raw(`lower(translate(${expr}, '${FOLD_FROM}', '${FOLD_TO}'))`);
/** An offer's number folded as search_text folds it (ADR 0054: offers_no_fold_idx; the queries use this text). */
export const OFFER_NO_FOLD = `lower(translate(teklif_no, '${FOLD_FROM}', '${FOLD_TO}'))`;
/** search_text with the number past its first character (ADR 0054: offers_search_rest_trgm_idx). */
export const OFFER_REST_FOLD = `lower(translate(firma_adi || ' ' || substr(teklif_no, 2) || ' ' || teklif_konu || ' ' || teklif_referansno, '${FOLD_FROM}', '${FOLD_TO}'))`;

const audit = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(0),
};
const money = (name: string) => numeric(name, { precision: 20, scale: 2 }).notNull().default('0');
const qty = (name: string) => numeric(name, { precision: 20, scale: 4 }).notNull().default('0');
const rate = (name: string) => numeric(name, { precision: 20, scale: 6 });

export interface QcQuestion { no: number; Question: string }
export interface Certificate { certificate: string; file: string; bwfile: string }
export interface BankAccount { bank: string; branch: string; iban: string; currency: string }

/** The own company: a single record with id '1' (DECISIONS 1). Images hold file URLs (DECISIONS 8). */
export const myCompany = pgTable('my_company', {
  id: text('id').primaryKey(),
  sirket_adi: text('sirket_adi').notNull(),
  sirket_adres: text('sirket_adres').notNull().default(''),
  sirket_ilce: text('sirket_ilce').notNull().default(''),
  sirket_il: text('sirket_il').notNull().default(''),
  sirket_ulke: text('sirket_ulke').notNull(),
  sirket_pk: text('sirket_pk').notNull().default(''),
  sirket_email: text('sirket_email').notNull().default(''),
  sirket_email2: text('sirket_email2').notNull().default(''),
  sirket_web: text('sirket_web').notNull().default(''),
  sirket_tel: text('sirket_tel').notNull().default(''),
  sirket_fax: text('sirket_fax').notNull().default(''),
  sirket_vergidairesi: text('sirket_vergidairesi').notNull().default(''),
  sirket_vergino: text('sirket_vergino').notNull().default(''),
  sirket_rapor_logo: text('sirket_rapor_logo').notNull().default(''),
  sirket_kase: text('sirket_kase').notNull().default(''),
  sirket_kaseimza: text('sirket_kaseimza').notNull().default(''),
  bwlogo: text('bwlogo').notNull().default(''),
  qc_questions: jsonb('qc_questions').$type<QcQuestion[]>().notNull().default([]),
  certificates: jsonb('certificates').$type<Certificate[]>().notNull().default([]),
  banks: jsonb('banks').$type<BankAccount[]>().notNull().default([]),
  ...audit,
}, (t) => [check('my_company_single_ck', sql`${t.id} = '1'`)]);

export interface RateEntry { code: string; name: string; unit: number; forexBuying: string | null; forexSelling: string | null }

/** One row per central-bank bulletin, keyed by the bulletin's own date; never invented, never edited. */
export const tcmbRates = pgTable('tcmb_rates', {
  id: serial('id').primaryKey(),
  tarih: date('tarih', { mode: 'string' }).notNull(),
  bulletin_no: text('bulletin_no').notNull().default(''),
  usd_selling: rate('usd_selling'),
  usd_buying: rate('usd_buying'),
  eur_selling: rate('eur_selling'),
  eur_buying: rate('eur_buying'),
  currencies: jsonb('currencies').$type<RateEntry[]>().notNull().default([]),
  fetched_at: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('tcmb_rates_tarih_uq').on(t.tarih)]);

/** To-dos for a person (DECISIONS 7), shown in the header's notification list. */
export const todos = pgTable('todos', {
  id: text('id').primaryKey(),
  person_id: text('person_id').references(() => users.id, { onDelete: 'cascade' }),
  /** Role level a to-do for 'the office' is meant for, when it is not for one person. */
  for_role: integer('for_role'),
  person: text('person').notNull().default(''),
  date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  task: text('task').notNull(),
  link: text('link').notNull().default(''),
  read: boolean('read').notNull().default(false),
  read_at: timestamp('read_at', { withTimezone: true }),
  created_by: text('created_by').notNull().default(''),
  ...audit,
}, (t) => [
  index('todos_person_idx').on(t.person_id, t.date),
  index('todos_role_idx').on(t.for_role, t.date),
]);

/** Company deliveries (samples, warranty) and, later, deliveries to order lines (spec 000 3). */
export const deliveries = pgTable('deliveries', {
  id: text('id').primaryKey(),
  date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  company_id: text('company_id').notNull().references(() => companies.id, { onDelete: 'restrict' }),
  company: text('company').notNull().default(''),
  product_id: text('product_id').notNull().default(''),
  productname: text('productname').notNull().default(''),
  order_id: text('order_id'),
  orderitem_id: text('orderitem_id'),
  qty: qty('qty'),
  unit: text('unit').notNull().default('Adet'),
  description: text('description').notNull().default(''),
  price: money('price'),
  doviz: text('doviz').notNull().default('$'),
  sum_price: money('sum_price'),
  status: integer('status').notNull().default(0),
  statusdescription: integer('statusdescription').notNull().default(0),
  deliverer: text('deliverer').notNull().default(''),
  receiver: text('receiver').notNull().default(''),
  component_type: text('component_type').notNull().default('default'),
  /** The ledger movement this delivery wrote, reversed when the delivery is deleted (DECISIONS 6). */
  movement_id: text('movement_id'),
  modified_date: timestamp('modified_date', { withTimezone: true }),
  modified_user: text('modified_user').notNull().default(''),
  ...audit,
}, (t) => [
  index('deliveries_company_idx').on(t.company_id, t.date),
  index('deliveries_order_idx').on(t.order_id),
  index('deliveries_orderitem_idx').on(t.orderitem_id),
  check('deliveries_status_ck', sql`${t.status} between 0 and 2`),
  check('deliveries_statusdescription_ck', sql`${t.statusdescription} between 0 and 4`),
]);

/**
 * Offers (spec 001 3.5). The offers issue builds their screens and rules; this table is already used by
 * the public catalogue's offer request (a draft, status 0) and by the dashboard's counts.
 */
export const offers = pgTable('offers', {
  id: text('id').primaryKey(),
  teklif_no: text('teklif_no').notNull(),
  teklif_yil: integer('teklif_yil').notNull(),
  teklif_sira: integer('teklif_sira').notNull(),
  firma_id: text('firma_id').references(() => companies.id, { onDelete: 'restrict' }),
  firma_adi: text('firma_adi').notNull().default(''),
  firma_adres: text('firma_adres').notNull().default(''),
  firma_ilce: text('firma_ilce').notNull().default(''),
  firma_il: text('firma_il').notNull().default(''),
  firma_ulke: text('firma_ulke').notNull().default(''),
  firma_eposta: text('firma_eposta').notNull().default(''),
  buyer_phone: text('buyer_phone').notNull().default(''),
  related_person: text('related_person').notNull().default(''),
  teklif_tarihi: timestamp('teklif_tarihi', { withTimezone: true }).notNull().defaultNow(),
  teklif_konu: text('teklif_konu').notNull().default(''),
  teklif_notu: text('teklif_notu').notNull().default(''),
  teklif_altbilgi: text('teklif_altbilgi').notNull().default(''),
  teklif_referansno: text('teklif_referansno').notNull().default(''),
  teklif_durumu: integer('teklif_durumu').notNull().default(0),
  teklif_dovizi: text('teklif_dovizi').notNull().default('$'),
  teklif_usdkur: rate('teklif_usdkur'),
  teklif_eurkur: rate('teklif_eurkur'),
  teklif_tarih: boolean('teklif_tarih').notNull().default(true),
  teklif_kase: boolean('teklif_kase').notNull().default(false),
  teklif_kaseimza: boolean('teklif_kaseimza').notNull().default(false),
  /** The commercial-invoice switch (0 off, 1 on; the answer shows a boolean). */
  commercial_invoice: integer('commercial_invoice').notNull().default(0),
  /** Invoice type 0, 1, 2 (T0, T1, T2). */
  invoice_type: integer('invoice_type').notNull().default(0),
  teklif_sevkadresi: text('teklif_sevkadresi').notNull().default(''),
  order_tracking_email: text('order_tracking_email').notNull().default(''),
  offer_creator_user: text('offer_creator_user').notNull().default(''),
  offer_modified_user: text('offer_modified_user').notNull().default(''),
  /** 'office' for offers made in the back office, 'web' for requests from the public catalogue. */
  source: text('source').notNull().default('office'),
  siparis_tarihi: timestamp('siparis_tarihi', { withTimezone: true }),
  teklif_tutartl: money('teklif_tutartl'),
  teklif_tutardoviz: money('teklif_tutardoviz'),
  teklif_kdvtl: money('teklif_kdvtl'),
  teklif_kdvdoviz: money('teklif_kdvdoviz'),
  teklif_gtoplamtl: money('teklif_gtoplamtl'),
  teklif_gtoplamdoviz: money('teklif_gtoplamdoviz'),
  /** Folded text the list searches: company name, offer number, subject, reference. */
  search_text: text('search_text').generatedAlwaysAs(foldRaw(`firma_adi || ' ' || teklif_no || ' ' || teklif_konu || ' ' || teklif_referansno`)),
  /** The number of the offer's items, kept by triggers on offer_items (derived/offer-list.sql, ADR 0034 addendum). */
  item_count: integer('item_count').notNull().default(0),
  /** The offer's list row as JSON text (offerListRowSchema), kept by a trigger from the row (derived/offer-list.sql). */
  list_json: text('list_json'),
  /**
   * The key of list_json's text in the API's cache of list rows (ADR 0050): the first 16 bytes of its SHA-256, computed
   * by PostgreSQL from the text itself whatever writes it (offer_list_key: migration 0039, derived/offer-list.sql).
   */
  list_key: bytea('list_key').generatedAlwaysAs(sql`offer_list_key(list_json)`),
  ...audit,
}, (t) => [
  uniqueIndex('offers_no_uq').on(t.teklif_no),
  index('offers_date_idx').on(t.teklif_tarihi),
  // The list's page by date (newest first by default): the ids in order, filtered by status, from the index alone
  // (migration 0022). teklif_no is unique, so (teklif_tarihi, teklif_no) orders completely. list_key rides along
  // (ADR 0061): the page's row keys come from the index too, with no primary-key probe per row.
  index('offers_list_date_idx').on(t.teklif_tarihi, t.teklif_no, t.teklif_durumu, t.id, t.list_key),
  uniqueIndex('offers_year_seq_uq').on(t.teklif_yil, t.teklif_sira),
  index('offers_status_idx').on(t.teklif_durumu, t.teklif_tarihi),
  index('offers_firma_idx').on(t.firma_id, t.teklif_tarihi),
  // The orders overview's page (orders: status 1-3, by order date; issue 27): the page's ids from the index. The date
  // without one sorts as 'infinity' (where PostgreSQL puts nulls either way), so the page after an anchor is a range of
  // the index (a row comparison; anchored pages, ADR 0051).
  index('offers_open_order_date_idx').on(sql`coalesce(${t.siparis_tarihi}, 'infinity'::timestamptz)`, t.id).where(sql`teklif_durumu between 1 and 3`),
  // Its other sorts, by order number and by company (anchored pages, ADR 0051: the keyset's range from the index).
  index('offers_open_order_no_idx').on(t.teklif_no, t.id).where(sql`teklif_durumu between 1 and 3`),
  index('offers_open_order_firma_idx').on(t.firma_adi, t.id).where(sql`teklif_durumu between 1 and 3`),
  // The list's search (a folded LIKE '%term%', lib/search.ts): trigrams of the folded text (pg_trgm, migration 0040,
  // ADR 0053) find the matching offers without reading every offer.
  index('offers_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  // A search for an offer's number (ADR 0054): the folded number's prefix from a btree, and the other fields with the
  // number past its first letter from trigrams, where the number's common trigrams ('tkf', '202') are rare.
  index('offers_no_fold_idx').using('btree', sql.raw(`${OFFER_NO_FOLD} text_pattern_ops`)),
  index('offers_search_rest_trgm_idx').using('gin', sql.raw(`${OFFER_REST_FOLD} gin_trgm_ops`)),
  check('offers_status_ck', sql`${t.teklif_durumu} between 0 and 4`),
]);

/**
 * The offers' count and sums per status and currency, kept exact by row triggers on offers in the writing transaction
 * (migration 0022, as product_counts: ADR 0031). The offer list's totals for a status range without a search read
 * these few rows instead of summing every matching offer on every page (18 ms of 20,000 offers). Sums in lira (tl,
 * kdv_tl, g_tl) and in the offer's currency (dv, kdv_dv, g_dv) of teklif_tutar*, teklif_kdv*, teklif_gtoplam*.
 * Each (status, currency) is spread over 16 slots by the offer's id (`hashtext(id) & 15`): an offer save holds its
 * slot's row lock until it commits, so saves of different offers mostly do not wait for each other (one row per
 * status and currency made concurrent saves queue). Readers add the slots up.
 */
export const offerSums = pgTable('offer_sums', {
  teklif_durumu: integer('teklif_durumu').notNull(),
  teklif_dovizi: text('teklif_dovizi').notNull(),
  slot: integer('slot').notNull(),
  n: integer('n').notNull().default(0),
  tl: money('tl'), kdv_tl: money('kdv_tl'), g_tl: money('g_tl'),
  dv: money('dv'), kdv_dv: money('kdv_dv'), g_dv: money('g_dv'),
}, (t) => [primaryKey({ columns: [t.teklif_durumu, t.teklif_dovizi, t.slot] })]);

/**
 * Offer items (spec 001 3.6): rows with their own ids, so order lines, documents and the company history can
 * refer to them. `sira` keeps the order of the offer's rows. Totals are the server's computation (offer-money).
 */
export const offerItems = pgTable('offer_items', {
  id: text('id').primaryKey(),
  offer_id: text('offer_id').notNull().references(() => offers.id, { onDelete: 'cascade' }),
  sira: integer('sira').notNull().default(0),
  /** The product or (order type material) material the row was picked from; '' for a free-text row. */
  urun_id: text('urun_id').notNull().default(''),
  urun_resim: text('urun_resim').notNull().default(''),
  urun_adi: text('urun_adi').notNull().default(''),
  /** The English name of the product's pair ('' for none): English documents print it instead of urun_adi. */
  urun_adi_en: text('urun_adi_en').notNull().default(''),
  /** Up to nine code parts (model, PCB, power, optic, CCT, panel, battery, colour, LED). */
  urun_kodu: jsonb('urun_kodu').$type<string[]>().notNull().default([]),
  urun_kdv: numeric('urun_kdv', { precision: 7, scale: 2 }).notNull().default('18'),
  urun_miktari: qty('urun_miktari'),
  urun_birimi: text('urun_birimi').notNull().default('Adet'),
  urun_fiyati: numeric('urun_fiyati', { precision: 20, scale: 4 }).notNull().default('0'),
  urun_dovizi: text('urun_dovizi').notNull().default('$'),
  order_type: text('order_type').notNull().default('default'),
  takeoff_from_stock: boolean('takeoff_from_stock').notNull().default(false),
  /** Completion percent of the item's order line; the orders area keeps it. */
  tamamlanma_orani: numeric('tamamlanma_orani', { precision: 7, scale: 2 }).notNull().default('0'),
  toplam_tl: money('toplam_tl'),
  toplam_doviz: money('toplam_doviz'),
  toplam_kdv_tl: money('toplam_kdv_tl'),
  toplam_kdv_doviz: money('toplam_kdv_doviz'),
  ...audit,
}, (t) => [
  index('offer_items_offer_idx').on(t.offer_id, t.sira),
  index('offer_items_urun_idx').on(t.urun_id),
]);

/** The defaults a new offer starts with and the offer mail's default subject and text: one row, id '1'. */
export const offerSettings = pgTable('offer_settings', {
  id: text('id').primaryKey(),
  teklif_altbilgi: text('teklif_altbilgi').notNull().default(''),
  teklif_notu: text('teklif_notu').notNull().default(''),
  teklif_dovizi: text('teklif_dovizi').notNull().default('$'),
  urun_kdv: numeric('urun_kdv', { precision: 7, scale: 2 }).notNull().default('20'),
  /** The VAT rates an item may take (DECISIONS 3: Türkiye's 20, 10, 1 and 0 since 10 July 2023). */
  vat_choices: jsonb('vat_choices').$type<number[]>().notNull().default([20, 10, 1, 0]),
  teklif_tarih: boolean('teklif_tarih').notNull().default(true),
  teklif_kaseimza: boolean('teklif_kaseimza').notNull().default(false),
  teklif_kase: boolean('teklif_kase').notNull().default(false),
  commercial_invoice: boolean('commercial_invoice').notNull().default(false),
  invoice_type: integer('invoice_type').notNull().default(0),
  mail_subject: text('mail_subject').notNull().default(''),
  mail_text: text('mail_text').notNull().default(''),
  ...audit,
}, (t) => [check('offer_settings_single_ck', sql`${t.id} = '1'`)]);

/** People the company deals with (offer contacts); filled from companies and offers, editable. */
export const contacts = pgTable('contacts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  company: text('company').notNull().default(''),
  company_id: text('company_id').references(() => companies.id, { onDelete: 'set null' }),
  position: text('position').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  source: text('source').notNull().default('manual'),
  search_text: text('search_text').generatedAlwaysAs(foldRaw(`name || ' ' || company || ' ' || email || ' ' || phone`)),
  ...audit,
}, (t) => [
  uniqueIndex('contacts_name_company_uq').on(sql`lower(${t.name})`, sql`lower(${t.company})`),
]);

/**
 * Order lines (spec 002 3; DECISIONS 4, 5). An offer moved to Order gets one line per item (offer_item_id);
 * a stock production line has no offer. `operations` holds the operations with their material rows and
 * recording history (domain orders.ts Operation); they change only inside a transaction holding the line's
 * row lock. `firma_adi` is the offer's company name, copied for the list's search.
 */
/**
 * The longest search text (bytes) an order line's entry in order_items_date_search_idx carries (ADR 0062): a btree entry
 * may not pass 2,704 bytes, and a line's name, ten code parts and company in four-byte letters could.
 */
export const SEARCH_INDEX_BYTES = 2000;

export const orderItems = pgTable('order_items', {
  id: text('id').primaryKey(),
  offer_id: text('offer_id').references(() => offers.id, { onDelete: 'restrict' }),
  offer_item_id: text('offer_item_id').references(() => offerItems.id, { onDelete: 'set null' }),
  product_id: text('product_id'),
  urun_adi: text('urun_adi').notNull().default(''),
  /** The English name ('' for none), from the offer item or the product (migration 0025): English documents print it. */
  urun_adi_en: text('urun_adi_en').notNull().default(''),
  urun_kodu: jsonb('urun_kodu').$type<string[]>().notNull().default([]),
  urun_resim: text('urun_resim').notNull().default(''),
  firma_adi: text('firma_adi').notNull().default(''),
  urun_miktari: qty('urun_miktari'),
  urun_birimi: text('urun_birimi').notNull().default('Adet'),
  urun_fiyati: numeric('urun_fiyati', { precision: 20, scale: 4 }).notNull().default('0'),
  urun_dovizi: text('urun_dovizi').notNull().default('$'),
  urun_kdv: numeric('urun_kdv', { precision: 7, scale: 2 }).notNull().default('18'),
  toplam_tl: money('toplam_tl'),
  toplam_doviz: money('toplam_doviz'),
  toplam_kdv_tl: money('toplam_kdv_tl'),
  toplam_kdv_doviz: money('toplam_kdv_doviz'),
  siparis_tarihi: timestamp('siparis_tarihi', { withTimezone: true }).notNull().defaultNow(),
  siparis_durumu: integer('siparis_durumu').notNull().default(1),
  tamamlanma_orani: numeric('tamamlanma_orani', { precision: 7, scale: 2 }).notNull().default('0'),
  teslim_edilmis: qty('teslim_edilmis'),
  baslama_tarihi: timestamp('baslama_tarihi', { withTimezone: true }),
  bitis_tarihi: timestamp('bitis_tarihi', { withTimezone: true }),
  /** The day promised to the customer (YYYY-MM-DD, none by default; issue 26): the card, the work order, the late-lines report. */
  promised_date: date('promised_date', { mode: 'string' }),
  order_type: text('order_type').notNull().default('default'),
  ready: boolean('ready').notNull().default(false),
  refreshcomponentlist: boolean('refreshcomponentlist').notNull().default(false),
  operations: jsonb('operations').$type<Record<string, unknown>[]>().notNull().default([]),
  /**
   * Whether the line's order is in production (its offer in status 1-3; false for a line without one), kept by the
   * database (derived/order-line-order-open.sql, ADR 0058): the orders overview's late lines read the open lines of
   * such orders from order_items_open_order_date_idx without joining every skipped line to its order. Not in any answer.
   */
  order_in_production: boolean('order_in_production').notNull().default(false),
  /** Product name, code parts and company name, folded: the list's search. */
  search_text: text('search_text').generatedAlwaysAs(foldRaw(`urun_adi || ' ' || (urun_kodu::text) || ' ' || firma_adi`)),
  /**
   * Figures of the operations, kept by PostgreSQL from the jsonb (functions of migration 0015): the orders overview
   * sums them without reading the operations.
   */
  operation_count: integer('operation_count').generatedAlwaysAs(sql`order_ops_count(operations)`),
  open_operations: integer('open_operations').generatedAlwaysAs(sql`order_ops_open(operations)`),
  started_operations: integer('started_operations').generatedAlwaysAs(sql`order_ops_started(operations)`),
  units_to_produce: numeric('units_to_produce').generatedAlwaysAs(sql`order_ops_units(operations)`),
  ...audit,
}, (t) => [
  index('order_items_offer_idx').on(t.offer_id),
  index('order_items_status_idx').on(t.siparis_durumu),
  index('order_items_status_date_idx').on(t.siparis_durumu, t.siparis_tarihi, t.id),
  // The order-line list by date (its default, newest first) over a status range: the page after an anchor is a range of
  // this index, filtered by status (anchored pages, ADR 0051); the status-first index cannot give a range in date order.
  index('order_items_date_idx').on(t.siparis_tarihi, t.id),
  // The same keys carrying the status and the search text (ADR 0062): a search's page by date walks this index alone (an
  // index-only scan, about 70 lines a page) to its first matches instead of fetching every newer line from the table.
  // Lines whose search text is longer than SEARCH_INDEX_BYTES (no btree entry may pass 2,704 bytes) are left out; the
  // page reads them from order_items_date_long_idx (none in practice) and merges the two in order.
  index('order_items_date_search_idx').on(t.siparis_tarihi, t.id, t.siparis_durumu, t.search_text)
    .where(sql.raw(`octet_length(search_text) <= ${SEARCH_INDEX_BYTES}`)),
  index('order_items_date_long_idx').on(t.siparis_tarihi, t.id).where(sql.raw(`octet_length(search_text) > ${SEARCH_INDEX_BYTES}`)),
  index('order_items_offer_item_idx').on(t.offer_item_id),
  // Open stock productions per product (lines without an offer, status 1-3): the component list's "in production" of
  // each short component product (productShortages) looks up a few products instead of reading every open line.
  index('order_items_stock_production_idx').on(t.product_id).where(sql`${t.offer_id} is null and ${t.siparis_durumu} between 1 and 3`),
  // Open lines (not complete or not fully delivered) of orders in status 1-3 by order date: the orders overview's most
  // late lines and the late count's boundary day read these in order, none skipped, instead of sorting every open line
  // (issue 27, ADR 0049 addendum 2; the order's state on the line since ADR 0058).
  index('order_items_open_order_date_idx').on(t.siparis_tarihi, t.id)
    .where(sql`${t.order_in_production} and (${t.tamamlanma_orani} < 100 or ${t.teslim_edilmis} < ${t.urun_miktari})`),
  // The list's search over product name, code and company (lib/search.ts): as offers_search_trgm_idx (ADR 0053).
  index('order_items_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  // The same per status (1-6): a search's capped count of one status (order-line-search.ts, ADR 0059) reads the
  // trigrams of that status's lines only, so a status the term hardly matches is counted without reading the term's
  // matches in the other statuses (or every line of the status). The predicate is written `(status = N) is true`, as
  // the count writes it: no btree of the status can answer that form, so this is the count's one index.
  ...[1, 2, 3, 4, 5, 6].map((s) => index(`order_items_search_trgm_s${s}_idx`).using('gin', sql`${t.search_text} gin_trgm_ops`).where(sql.raw(`(siparis_durumu = ${s}) is true`))),
  // Finished lines by Istanbul week of their finish and lead time in days: the production report's `by=week` reads a
  // week's median and 90th percentile lead here, a few entries into the lead bucket production_weeks names (ADR 0052).
  // Both dates are in it so the entries skipped on the way are read from the index alone (an index-only scan).
  index('order_items_finished_lead_idx').on(
    sql`date_trunc('week', (${t.bitis_tarihi} at time zone 'Europe/Istanbul'))`,
    sql`((extract(epoch from (${t.bitis_tarihi} - ${t.siparis_tarihi})) / 86400)::double precision)`,
    t.bitis_tarihi, t.siparis_tarihi,
  ).where(sql`${t.siparis_durumu} in (4, 5) and ${t.bitis_tarihi} is not null`),
  check('order_items_status_ck', sql`${t.siparis_durumu} between 1 and 6`),
]);

/**
 * What the open order lines still need of each material (GET /orders/components, ADR 0026): contributions kept by
 * statement triggers on order_items (migration 0015) in the writing transaction. Every change of a line's
 * operations or status appends its difference (a row per material and operation: required and material rows
 * counted; a row per material with operation null: lines counted), so concurrent writers never wait on one
 * another; `order_needs_fold()` adds the rows of a key into one now and then. The answer is the sum per key.
 */
export const orderMaterialNeeds = pgTable('order_material_needs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** true: material_id is a component product ('Yarı Mamül' rows, the list's product shortages, ADR 0046) */
  component: boolean('component').notNull().default(false),
  material_id: text('material_id').notNull(),
  /** null: a row of the line count */
  operation: text('operation'),
  required: numeric('required').notNull().default('0'),
  entries: integer('entries').notNull().default(0),
  lines: integer('lines').notNull().default(0),
});

/**
 * The order lines' figures the production dashboard and the orders overview's load read (issue 27), kept by statement
 * triggers on order_items that append each statement's difference (derived/order-figure-sums.sql; the pattern of
 * order_material_needs, so concurrent writers never wait on one another's row). kind 0: per line status, lines (n)
 * and the sums of their operation_count-derived figures; kind 1: operations of lines in status 1-4 per operation name
 * and operation status, how many (n) and the sum of their percents. Readers add rows of one key up;
 * order_figure_sums_fold() folds them into one.
 */
export const orderFigureSums = pgTable('order_figure_sums', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: integer('kind').notNull(),
  /** kind 1: the operation's name ('' for kind 0) */
  name: text('name').notNull().default(''),
  /** kind 0: the line's status; kind 1: the operation's status */
  status: integer('status').notNull(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  pct: numeric('pct').notNull().default('0'),
  open_ops: bigint('open_ops', { mode: 'number' }).notNull().default(0),
  started_ops: bigint('started_ops', { mode: 'number' }).notNull().default(0),
  units: numeric('units').notNull().default('0'),
});

/**
 * The open lines of orders in status 1-3 per Istanbul day of their order date (siparis_tarihi): how many (n) and their
 * units to deliver, so the orders overview's late count and units to deliver read a row per day instead of every line
 * (issue 27, ADR 0049 addendum 2). Kept by statement triggers on order_items and offers that append each statement's
 * difference (derived/order-open-days.sql); readers add a day's rows up, order_open_days_fold() folds them into one.
 */
export const orderOpenDays = pgTable('order_open_days', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  day: date('day', { mode: 'string' }).notNull(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  units: numeric('units').notNull().default('0'),
}, (t) => [index('order_open_days_day_idx').on(t.day)]);
