// Receipts of purchases in parts (issue 25, ADR 0045). Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { buyings } from './schema-buying.js';

/**
 * One delivery of a purchase's goods: it entered stock through the ledger movement `movement_id` (giris, source
 * 'purchase', ref_id = the purchase). Deleting a receipt writes that movement's reversal. The purchase's
 * `received_qty` is the sum of its receipts, kept in the same transaction under the purchase's row lock.
 */
export const buyingReceipts = pgTable('buying_receipts', {
  id: text('id').primaryKey(),
  purchase_id: text('purchase_id').notNull().references(() => buyings.id, { onDelete: 'restrict' }),
  qty: numeric('qty', { precision: 20, scale: 4 }).notNull(),
  receipt_date: timestamp('receipt_date', { withTimezone: true }).notNull(),
  note: text('note').notNull().default(''),
  movement_id: text('movement_id').notNull(),
  person: text('person').notNull().default(''),
  person_id: text('person_id'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('buying_receipts_purchase_idx').on(t.purchase_id, t.receipt_date),
  // One receipt per stock entry: the same receipt cannot be booked twice.
  uniqueIndex('buying_receipts_movement_uq').on(t.movement_id),
  check('buying_receipts_qty_ck', sql`${t.qty} > 0`),
]);
