// Purchase requests (issue 10, spec 001 3.8; DECISIONS 6). Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './schema.js';
import { materials } from './schema-catalogue.js';

/**
 * One purchase request: a material asked of a supplier. Totals are computed by the server (decimal, 2 places);
 * `movement_id` is the stock entry written when the request reached 3 Completed (reversed on cancel).
 */
export const buyings = pgTable('buyings', {
  id: text('id').primaryKey(),
  tedarikci_id: text('tedarikci_id').references(() => companies.id, { onDelete: 'restrict' }),
  tedarikci_adi: text('tedarikci_adi').notNull().default(''),
  tedarikci_eposta: text('tedarikci_eposta').notNull().default(''),
  material_id: text('material_id').notNull().references(() => materials.id, { onDelete: 'restrict' }),
  material_name: text('material_name').notNull().default(''),
  material_category: text('material_category').notNull().default(''),
  material_group: text('material_group').notNull().default(''),
  material_qty: numeric('material_qty', { precision: 20, scale: 4 }).notNull(),
  material_unit: text('material_unit').notNull().default('Adet'),
  material_doviz: text('material_doviz').notNull().default('$'),
  material_price: numeric('material_price', { precision: 18, scale: 4 }).notNull().default('0'),
  usd_kur: numeric('usd_kur', { precision: 20, scale: 6 }),
  eur_kur: numeric('eur_kur', { precision: 20, scale: 6 }),
  /** qty x price in the request's currency; null for lira. */
  doviz_total: numeric('doviz_total', { precision: 20, scale: 2 }),
  /** qty x price x rate in lira. */
  tl_total: numeric('tl_total', { precision: 20, scale: 2 }),
  satinalma_durumu: integer('satinalma_durumu').notNull().default(0),
  siparis_no: text('siparis_no').notNull().default(''),
  siparis_notu: text('siparis_notu').notNull().default(''),
  siparis_tarihi: timestamp('siparis_tarihi', { withTimezone: true }),
  talep_tarihi: timestamp('talep_tarihi', { withTimezone: true }).notNull().defaultNow(),
  teslim_tarihi: timestamp('teslim_tarihi', { withTimezone: true }),
  /** The delivery date asked of the supplier, printed on the purchase order (ADR 0040); optional. */
  termin_tarihi: timestamp('termin_tarihi', { withTimezone: true }),
  creator_user: text('creator_user').notNull().default(''),
  creator_id: text('creator_id'),
  modified_user: text('modified_user').notNull().default(''),
  modified_date: timestamp('modified_date', { withTimezone: true }),
  related_person: text('related_person').notNull().default(''),
  related_person_email: text('related_person_email').notNull().default(''),
  movement_id: text('movement_id'),
  /** Sum of its receipts (ADR 0045), kept under the request's row lock with them. */
  received_qty: numeric('received_qty', { precision: 20, scale: 4 }).notNull().default('0'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t) => [
  index('buyings_status_idx').on(t.satinalma_durumu, t.talep_tarihi),
  index('buyings_material_idx').on(t.material_id),
  index('buyings_supplier_idx').on(t.tedarikci_id),
  index('buyings_order_no_idx').on(t.siparis_no),
  check('buyings_status_ck', sql`${t.satinalma_durumu} between 0 and 4`),
]);

/**
 * Purchase order numbers (ADR 0040): one row per year holding the last number given. The next number is taken by
 * `insert … on conflict (year) do update set last = last + 1 returning last`, which holds the year's row locked
 * until the transaction ends: two orders at once never share a number, and a rolled-back one gives its number back.
 */
export const purchaseOrderCounters = pgTable('purchase_order_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});
