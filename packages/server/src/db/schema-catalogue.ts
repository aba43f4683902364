// Tables of the catalogue area (issue 3). Re-exported by schema.ts so Drizzle and the migrations see them.
// Searchable and sortable fields are real columns with indexes; nested lists are jsonb.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Download, ModelFeature, ProductImage, ProductionDetail, ProductionRow, ProductSpec } from '@isik/domain';

const audit = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(0),
};

/** Stock quantities: exact, 4 decimals (Kg and Metre are fractional). */
const qty = (name: string) => numeric(name, { precision: 20, scale: 4 }).notNull().default('0');
/** Stock balance columns kept by the ledger in the same transaction as each movement. */
const stockColumns = {
  stock_sum: qty('stock_sum'),
  stock_in: qty('stock_in'),
  stock_out: qty('stock_out'),
  /** How many movements the owner has (the ledger list's count without scanning 100k rows). */
  stock_moves: integer('stock_moves').notNull().default(0),
};

/**
 * How many products there are per category and active flag, kept exact by row triggers on products in the writing
 * transaction (migration 0017, ADR 0031). The lists' totals read these few rows instead of counting every product
 * on every page: the count was half of a products page's PostgreSQL time. Searches still count their matches.
 */
export const productCounts = pgTable('product_counts', {
  model_category: integer('model_category').notNull(),
  active: boolean('active').notNull(),
  n: integer('n').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.model_category, t.active] })]);

/**
 * Search text folded the same way in every database locale: lower(translate(…)) maps the Turkish
 * letters Ç Ğ İ I Ö Ş Ü ı (and â î û) to c g i i o s u i. The search pattern goes through the same fold.
 */
export const FOLD_FROM = 'ÇĞİIÖŞÜçğıöşüÂâÎîÛû';
export const FOLD_TO = 'cgiiosucgiosuaaiiuu';
const foldRaw = (expr: string) => sql.raw(`lower(translate(${expr}, '${FOLD_FROM}', '${FOLD_TO}'))`);

export const models = pgTable('models', {
  id: text('id').primaryKey(),
  model_sira: integer('model_sira').notNull().default(0),
  model_adi_tr: text('model_adi_tr').notNull(),
  model_adi_en: text('model_adi_en').notNull().default('-'),
  model_kodu: text('model_kodu').notNull(),
  model_aciklama_tr: text('model_aciklama_tr').notNull().default('-'),
  model_aciklama_en: text('model_aciklama_en').notNull().default('-'),
  model_birimi: text('model_birimi').notNull().default('Adet'),
  model_kdv: text('model_kdv').notNull().default('18'),
  model_kategori: integer('model_kategori').notNull(),
  model_durumu: boolean('model_durumu').notNull().default(true),
  model_etiket: jsonb('model_etiket').$type<string[]>().notNull().default([]),
  certificates: jsonb('certificates').$type<string[]>().notNull().default([]),
  model_resim: text('model_resim').notNull().default(''),
  model_downloads: jsonb('model_downloads').$type<Download[]>().notNull().default([]),
  model_features: jsonb('model_features').$type<ModelFeature[]>().notNull().default([]),
  productiondetail: jsonb('productiondetail').$type<ProductionDetail[]>().notNull().default([]),
  ...audit,
}, (t) => [
  index('models_sira_idx').on(t.model_sira),
  index('models_kategori_idx').on(t.model_kategori, t.model_sira),
  index('models_kodu_idx').on(sql`lower(${t.model_kodu})`),
  index('models_adi_tr_idx').on(sql`lower(${t.model_adi_tr})`),
  check('models_kategori_ck', sql`${t.model_kategori} between 0 and 8`),
]);

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  urun_sira: integer('urun_sira').notNull().default(0),
  urun_adi_tr: text('urun_adi_tr').notNull(),
  urun_adi_en: text('urun_adi_en').notNull().default('-'),
  model_id: text('model_id').notNull().references(() => models.id, { onDelete: 'restrict' }),
  /** Copied from the model (kept in step when the model changes). */
  model_sira: integer('model_sira').notNull().default(0),
  model_category: integer('model_category').notNull(),
  urun_kodu: text('urun_kodu').notNull().default(''),
  /** Copied from the model for search (kept in step when the model changes). */
  model_code: text('model_code').notNull().default(''),
  model_name_tr: text('model_name_tr').notNull().default(''),
  /** Names (tr, en), code and model code, folded: the back-office search. */
  search_text: text('search_text').generatedAlwaysAs(foldRaw(`urun_adi_tr || ' ' || urun_adi_en || ' ' || urun_kodu || ' ' || model_code`)),
  /** Turkish product name and model name, folded: the public catalogue's search (spec 001 5). */
  public_search: text('public_search').generatedAlwaysAs(foldRaw(`urun_adi_tr || ' ' || model_name_tr`)),
  urun_guc: doublePrecision('urun_guc').notNull().default(0),
  urun_lumen: doublePrecision('urun_lumen').notNull().default(0),
  urun_kapasite: doublePrecision('urun_kapasite').notNull().default(0),
  urun_voltaj: doublePrecision('urun_voltaj').notNull().default(0),
  urun_durumu: boolean('urun_durumu').notNull().default(true),
  urun_doviz: text('urun_doviz').notNull().default('$'),
  urun_fiyat: numeric('urun_fiyat', { precision: 18, scale: 4 }).notNull().default('0'),
  urun_panel: doublePrecision('urun_panel').notNull().default(0),
  urun_aku: doublePrecision('urun_aku').notNull().default(0),
  urun_cct: text('urun_cct').notNull().default('XXXX'),
  urun_optik: text('urun_optik').notNull().default('XX'),
  product_dimensions: text('product_dimensions').notNull().default('XX-XX-XX mm'),
  product_weight: doublePrecision('product_weight').notNull().default(0),
  technical_drawing: text('technical_drawing').notNull().default(''),
  product_images: jsonb('product_images').$type<ProductImage[]>().notNull().default([]),
  product_downloads: jsonb('product_downloads').$type<Download[]>().notNull().default([]),
  urun_ozellikler: jsonb('urun_ozellikler').$type<ProductSpec[]>().notNull().default([]),
  production: jsonb('production').$type<ProductionRow[]>().notNull().default([]),
  ...stockColumns,
  ...audit,
}, (t) => [
  index('products_model_idx').on(t.model_id),
  index('products_sira_idx').on(t.urun_sira, t.id),
  index('products_category_idx').on(t.model_category, t.urun_sira),
  index('products_kodu_idx').on(sql`lower(${t.urun_kodu})`),
  index('products_adi_tr_idx').on(sql`lower(${t.urun_adi_tr})`),
  index('products_public_idx').on(t.urun_durumu, t.model_category),
  index('products_guc_idx').on(t.urun_guc),
  index('products_fiyat_idx').on(t.urun_fiyat),
  // The public catalogue's three orders over active products (ties: model order, product order, id).
  index('products_public_category_idx').on(t.model_category, t.model_sira, t.urun_sira, t.id).where(sql`${t.urun_durumu}`),
  index('products_public_guc_idx').on(t.urun_guc, t.model_category, t.model_sira, t.urun_sira, t.id).where(sql`${t.urun_durumu}`),
  index('products_public_fiyat_idx').on(t.urun_fiyat, t.model_category, t.model_sira, t.urun_sira, t.id).where(sql`${t.urun_durumu}`),
  index('products_production_idx').using('gin', sql`${t.production} jsonb_path_ops`),
]);

export const materials = pgTable('materials', {
  id: text('id').primaryKey(),
  material_no: integer('material_no').notNull().default(1),
  material_name: text('material_name').notNull(),
  material_category: text('material_category').notNull(),
  material_group: text('material_group').notNull(),
  material_unit: text('material_unit').notNull().default('Adet'),
  material_price: numeric('material_price', { precision: 18, scale: 4 }).notNull().default('0'),
  material_doviz: text('material_doviz').notNull().default('$'),
  material_img: text('material_img').notNull().default(''),
  /** Purchases are made in multiples of this (the component list's suggestion rounds up to it); null: any quantity. */
  purchase_multiple: numeric('purchase_multiple', { precision: 18, scale: 4 }),
  /** The least quantity a purchase is made of (the suggestion is raised to it); null: no minimum. */
  purchase_min: numeric('purchase_min', { precision: 18, scale: 4 }),
  /** The least stock wanted (issue 26: the stock report lists materials below it); null: none set. */
  min_stock: numeric('min_stock', { precision: 20, scale: 4 }),
  /** Its newest movement's operation_date, kept by the ledger with the balances (the slow movers, ADR 0048); null: none. */
  last_movement_at: timestamp('last_movement_at', { withTimezone: true }),
  /**
   * lower(material_name), the list's sort key, computed on write: sorted as an expression it was computed for every
   * material on every request, and an expression index cannot serve an index-only scan. Never answered.
   */
  material_name_key: text('material_name_key').generatedAlwaysAs(sql`lower(material_name)`),
  ...stockColumns,
  ...audit,
}, (t) => [
  // The list's default order: a page's ids are read from this index alone.
  index('materials_name_key_idx').on(t.material_name_key, t.id),
  index('materials_no_idx').on(t.material_no),
  // The list's other orders (ADR 0056): a page after an anchor is a range of one of these, not a sort of every material
  // (ascending; descending, the first key is presorted and the ties sorted). Not the balance: every movement updates it
  // and such an index would cost the ledger's updates their HOT (ADR 0052).
  index('materials_created_idx').on(t.created_at, t.id),
  index('materials_price_idx').on(t.material_price, t.material_name_key, t.id),
  index('materials_group_name_idx').on(t.material_group, t.material_name_key, t.id),
  index('materials_category_name_idx').on(t.material_category, t.material_group, t.material_name_key, t.id),
  // The stock report's pages (ADR 0057): below minimum the most short first, slow movers the longest unmoved first.
  index('materials_below_min_idx').on(sql`(${t.min_stock} - ${t.stock_sum}) desc`, t.material_name, t.id)
    .where(sql`${t.min_stock} is not null and ${t.stock_sum} < ${t.min_stock}`),
  index('materials_unmoved_idx').on(t.last_movement_at.asc().nullsFirst(), t.id).where(sql`${t.stock_sum} > 0`),
]);

/** Columns both ledgers share (spec 001 3.4). */
const movementColumns = {
  id: text('id').primaryKey(),
  /** Creation order: ties of operation_date run in the order rows were written. */
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  order_id: text('order_id'),
  orderitem_id: text('orderitem_id'),
  /** The record of another area that made the movement (delivery, purchase request, operation). */
  ref_id: text('ref_id'),
  source: text('source').notNull().default('manual'),
  reverses_id: text('reverses_id'),
  operation_date: timestamp('operation_date', { withTimezone: true }).notNull(),
  operation_center: text('operation_center').notNull(),
  operation_type: text('operation_type').notNull(),
  qty: numeric('qty', { precision: 20, scale: 4 }).notNull(),
  unit: text('unit').notNull().default('Adet'),
  description: text('description').notNull().default(''),
  price: numeric('price', { precision: 18, scale: 4 }).notNull().default('0'),
  doviz: text('doviz').notNull().default('$'),
  /** Signed like the type: giris +, cikis -. */
  sum_qty: numeric('sum_qty', { precision: 20, scale: 4 }).notNull(),
  sum_price: numeric('sum_price', { precision: 20, scale: 2 }).notNull(),
  person: text('person').notNull().default(''),
  person_id: text('person_id'),
  ...audit,
};

export const materialMovements = pgTable('material_movements', {
  ...movementColumns,
  stock_id: text('stock_id').notNull().references(() => materials.id, { onDelete: 'restrict' }),
  stock_name: text('stock_name').notNull().default(''),
  stock_category: text('stock_category').notNull().default(''),
  stock_group: text('stock_group').notNull().default(''),
  /**
   * The movement as the ledger page answers it: materialMovementSchema's JSON object without runTotal and without its
   * closing brace, kept by a BEFORE trigger from the row's own columns on every insert and update (migrations 0019,
   * 0020; ADR 0031, 0033). A page appends each row's running total and the brace, instead of building 50 answers per
   * request (or cutting the brace off, which walks the whole text). Never answered or written by the application.
   */
  answer_head: text('answer_head'),
}, (t) => [
  // With the signed quantity (ADR 0056): a ledger page skips the rows of its hour newer than the page and sums them
  // from the index alone, reading the heap only for the page's own rows.
  index('material_movements_ledger_idx').on(t.stock_id, t.operation_date, t.seq, t.sum_qty),
  // The dashboard's 'materials used today' (GET /stock/outlist/{date}) reads one day's outgoing movements of all materials.
  index('material_movements_out_day_idx').on(t.operation_date).where(sql`${t.operation_type} = 'cikis'`),
  index('material_movements_order_idx').on(t.order_id),
  index('material_movements_orderitem_idx').on(t.orderitem_id),
  index('material_movements_ref_idx').on(t.ref_id),
  uniqueIndex('material_movements_reverses_uq').on(t.reverses_id).where(sql`${t.reverses_id} is not null`),
  // A purchase enters stock in several receipts (ADR 0045): buying_receipts.movement_id is unique instead.
  check('material_movements_type_ck', sql`${t.operation_type} in ('giris', 'cikis')`),
  check('material_movements_source_ck', sql`${t.source} in ('manual', 'production', 'delivery', 'purchase')`),
]);

export const productMovements = pgTable('product_movements', {
  ...movementColumns,
  product_id: text('product_id').notNull().references(() => products.id, { onDelete: 'restrict' }),
  productname: text('productname').notNull().default(''),
  /** As material_movements.answer_head: productMovementSchema's JSON without runTotal and closing brace, kept by a trigger. */
  answer_head: text('answer_head'),
}, (t) => [
  index('product_movements_ledger_idx').on(t.product_id, t.operation_date, t.seq, t.sum_qty),
  index('product_movements_order_idx').on(t.order_id),
  index('product_movements_orderitem_idx').on(t.orderitem_id),
  index('product_movements_ref_idx').on(t.ref_id),
  uniqueIndex('product_movements_reverses_uq').on(t.reverses_id).where(sql`${t.reverses_id} is not null`),
  check('product_movements_type_ck', sql`${t.operation_type} in ('giris', 'cikis')`),
  check('product_movements_source_ck', sql`${t.source} in ('manual', 'production', 'delivery', 'purchase')`),
]);

/**
 * Per owner and hour (UTC) of operation_date: the count and signed sum of its movements, and the hour's position in
 * the owner's ledger: the count and sum of all its movements in earlier hours (older_moves, older_qty). Kept by the
 * ledger in the same transaction as each movement, under the owner's row lock; rebuilt from the movements by
 * ledger_buckets_refill() (migration 0020). A ledger page finds the hour of its first row in one probe of the
 * position index and reads only that hour's rows newer than the page besides its own, so a page deep in a 100k-row
 * ledger costs about what the first does (ADR 0033). A movement in the newest hour changes one bucket; a backdated
 * one also moves the positions of the owner's later hours.
 */
const bucketColumns = {
  /** The hour, as UTC wall-clock time: date_trunc('hour', operation_date at time zone 'UTC'). */
  hour: timestamp('hour', { mode: 'string' }).notNull(),
  sum_qty: numeric('sum_qty', { precision: 20, scale: 4 }).notNull().default('0'),
  moves: integer('moves').notNull().default(0),
  older_moves: integer('older_moves').notNull().default(0),
  older_qty: numeric('older_qty', { precision: 20, scale: 4 }).notNull().default('0'),
};
export const materialLedgerHours = pgTable('material_ledger_hours', {
  stock_id: text('stock_id').notNull().references(() => materials.id, { onDelete: 'cascade' }),
  ...bucketColumns,
}, (t) => [
  primaryKey({ columns: [t.stock_id, t.hour] }),
  // The page's probe: the owner's last hour whose position is at or before the page's first row, with the hour's
  // figures from the index alone.
  index('material_ledger_hours_pos_idx').on(t.stock_id, t.older_moves, t.hour, t.moves, t.sum_qty, t.older_qty),
]);
export const productLedgerHours = pgTable('product_ledger_hours', {
  product_id: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  ...bucketColumns,
}, (t) => [
  primaryKey({ columns: [t.product_id, t.hour] }),
  index('product_ledger_hours_pos_idx').on(t.product_id, t.older_moves, t.hour, t.moves, t.sum_qty, t.older_qty),
]);
