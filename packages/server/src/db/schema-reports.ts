// Derived data of the reports (issue 26): the sales report's facts and sums (ADR 0047), work in progress per
// operation (ADR 0048). Kept by the triggers of src/db/derived/sales-sums.sql and order-operations-wip.sql
// (docs/derived-data.md). Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * What one offer contributes to the sales report, as `sales_facts_of(ids)` computes it from the offer, its items and
 * their products: a row per kind ('o' the offer on its offer date, 'r' the order on its order date when it is an order
 * now), dimension ('month', 'customer', 'model', 'category') and group key. Kept so a change of an offer can take its
 * old contribution out of `sales_sums` without knowing what the offer looked like before.
 */
export const salesOfferFacts = pgTable('sales_offer_facts', {
  offer_id: text('offer_id').notNull(),
  kind: text('kind').notNull(),
  /** The Istanbul day of the offer date ('o') or of the order date ('r'). */
  day: date('day', { mode: 'string' }).notNull(),
  dim: text('dim').notNull(),
  key: text('key').notNull(),
  /** The customer's name on the offer (dimension 'customer'), else ''. */
  label: text('label').notNull(),
  /** 1 when the offer is an order now (kind 'o' only). */
  converted: integer('converted').notNull(),
  /** Net amounts: lira, and dollars and euros at the offer's own rate (ADR 0041), unrounded. */
  try_amount: numeric('try_amount').notNull(),
  usd_amount: numeric('usd_amount').notNull(),
  eur_amount: numeric('eur_amount').notNull(),
}, (t) => [index('sales_offer_facts_offer_idx').on(t.offer_id)]);

/**
 * The offers' contributions summed per grain ('d' an Istanbul day, 'm' the month, 'y' the year starting at `at`), kind, dimension,
 * key and label. Each writing statement appends its difference (rows not yet folded); `sales_sums_fold()` adds the rows
 * of a key into one now and then (folded true). A reader sums per key; a year inside the period is read from its 'y'
 * rows, a whole month of the rest from its 'm' rows, the days of a month the period cuts from 'd' rows.
 */
export const salesSums = pgTable('sales_sums', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  grain: text('grain').notNull(),
  at: date('at', { mode: 'string' }).notNull(),
  kind: text('kind').notNull(),
  dim: text('dim').notNull(),
  key: text('key').notNull(),
  label: text('label').notNull(),
  n: integer('n').notNull(),
  converted: integer('converted').notNull(),
  try_amount: numeric('try_amount').notNull(),
  usd_amount: numeric('usd_amount').notNull(),
  eur_amount: numeric('eur_amount').notNull(),
  folded: boolean('folded').notNull().default(false),
}, (t) => [
  index('sales_sums_read_idx').on(t.dim, t.grain, t.at),
  index('sales_sums_unfolded_idx').on(t.id).where(sql`not ${t.folded}`),
]);

/**
 * Work in progress per operation name (the production report's `by=operation`): contributions kept by statement
 * triggers on order_items (db/derived/order-operations-wip.sql) in the writing transaction. Every change of a line's
 * status or operations appends its difference per name (lines counted, lines with the name started, units left), so
 * concurrent writers never wait on one another; `order_wip_fold()` adds the rows of a name into one now and then.
 * The answer is the sum per name.
 */
export const orderOperationWip = pgTable('order_operation_wip', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  operation: text('operation').notNull(),
  lines: integer('lines').notNull().default(0),
  started: integer('started').notNull().default(0),
  units: numeric('units').notNull().default('0'),
});

/**
 * The finished lines (status 4-5 with a finish date) per Istanbul week of their finish (its Monday) and lead bucket
 * (`floor(lead / 4)`, lead the days from order to finish as the report computes them): how many (n), how many had a
 * promised date, how many were late. The production report's `by=week` sums them per week and finds each week's median
 * and 90th percentile lead a few entries into the right bucket of `order_items_finished_lead_idx` (ADR 0052). Kept by
 * statement triggers on order_items (db/derived/production-weeks.sql) appending differences;
 * `production_weeks_fold()` adds the rows of a key together. The answer is the sum per key.
 */
export const productionWeeks = pgTable('production_weeks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  week: date('week', { mode: 'string' }).notNull(),
  bucket: integer('bucket').notNull(),
  n: integer('n').notNull().default(0),
  promised: integer('promised').notNull().default(0),
  late: integer('late').notNull().default(0),
}, (t) => [index('production_weeks_week_idx').on(t.week)]);

/**
 * Rows per table for the dashboard's tiles of tables no other kept data counts (companies, users): appended
 * differences kept by statement triggers (db/derived/table-counts.sql); `table_counts_fold()` adds a table's rows
 * together. The count is the sum per table (ADR 0052).
 */
export const tableCounts = pgTable('table_counts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/**
 * The materials per category and unit for the stock report (ADR 0057): how many have stock (n) and their stock, their
 * value in parts (at the moving-average cost where a material has one, else the price times stock per currency, so the
 * value at today's rates is avg_value + usd_price × usd + eur_price × eur + try_value), and how many are below their
 * minimum. Kept by statement triggers on materials and material_costs (db/derived/material-stock-sums.sql) appending
 * differences; `material_stock_sums_fold()` adds the rows of a key together. The answer is the sum per key.
 */
export const materialStockSums = pgTable('material_stock_sums', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  category: text('category').notNull(),
  unit: text('unit').notNull(),
  n: integer('n').notNull().default(0),
  stock: numeric('stock').notNull().default('0'),
  avg_value: numeric('avg_value').notNull().default('0'),
  usd_price: numeric('usd_price').notNull().default('0'),
  eur_price: numeric('eur_price').notNull().default('0'),
  try_value: numeric('try_value').notNull().default('0'),
  below: integer('below').notNull().default(0),
});
