// Derived data of the reports (issue 26, ADR 0048). Re-exported by schema.ts.
import { bigint, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';

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
