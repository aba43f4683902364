import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The checked rows of an import preview (issue 26), kept until the commit or their expiry (an hour): in the database,
 * not in the instance's memory, so a commit that the balancer sends to another API instance finds its preview
 * (issue 27, ADR 0042). `rows` is the service's own JSON (modules/import/import-service.ts).
 */
export const importPreviews = pgTable('import_previews', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  user_id: text('user_id').notNull(),
  file_name: text('file_name').notNull(),
  fields: jsonb('fields').notNull(),
  rows: jsonb('rows').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('import_previews_created_idx').on(t.created_at)]);
