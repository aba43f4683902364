// Material costs (issue 25, ADR 0039): the moving-average cost of each material, its history, and the unit cost each
// receipt and each production movement was taken at. Kept by the ledger in the movement's transaction
// (modules/stock/costs-repository.ts). Re-exported by schema.ts.
import { index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { materialMovements, materials, productMovements } from './schema-catalogue.js';

/** A material's current moving-average cost in lira (6 places: the only rounding of the average, domain costs.ts). */
export const materialCosts = pgTable('material_costs', {
  stock_id: text('stock_id').primaryKey().references(() => materials.id, { onDelete: 'cascade' }),
  avg_cost: numeric('avg_cost', { precision: 24, scale: 6 }).notNull(),
  receipts: integer('receipts').notNull().default(0),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What moved a material's average, newest last: event 'receipt' (a purchase receipt), 'reversal' (a reversed receipt,
 * the average folded again without it) or 'recomputed' (a manual movement changed or deleted earlier stock).
 */
export const materialCostHistory = pgTable('material_cost_history', {
  id: text('id').primaryKey(),
  stock_id: text('stock_id').notNull().references(() => materials.id, { onDelete: 'cascade' }),
  event: text('event').notNull(),
  movement_id: text('movement_id'),
  buying_id: text('buying_id'),
  operation_date: timestamp('operation_date', { withTimezone: true }).notNull(),
  qty: numeric('qty', { precision: 20, scale: 4 }),
  unit_cost: numeric('unit_cost'),
  stock_before: numeric('stock_before', { precision: 20, scale: 4 }),
  avg_before: numeric('avg_before', { precision: 24, scale: 6 }),
  avg_after: numeric('avg_after', { precision: 24, scale: 6 }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  seq: integer('seq').generatedAlwaysAsIdentity(),
}, (t) => [index('material_cost_history_stock_idx').on(t.stock_id, t.seq)]);

/**
 * The unit cost in lira a material movement was taken at: a receipt's price × the purchase's rate (exact), a production
 * movement's cost at that moment (average, or list price; 6 places); a reversal copies its original's. Never updated.
 * basis: 'receipt' | 'average' | 'list' | 'none' (no cost known: a foreign list price without a bulletin).
 */
export const materialMovementCosts = pgTable('material_movement_costs', {
  movement_id: text('movement_id').primaryKey().references(() => materialMovements.id, { onDelete: 'cascade' }),
  stock_id: text('stock_id').notNull(),
  unit_cost: numeric('unit_cost'),
  basis: text('basis').notNull(),
}, (t) => [index('material_movement_costs_stock_idx').on(t.stock_id)]);

/** The same for production movements of component products ('Yarı Mamül'): the product's material cost per unit then. */
export const productMovementCosts = pgTable('product_movement_costs', {
  movement_id: text('movement_id').primaryKey().references(() => productMovements.id, { onDelete: 'cascade' }),
  product_id: text('product_id').notNull(),
  unit_cost: numeric('unit_cost'),
  basis: text('basis').notNull(),
});
