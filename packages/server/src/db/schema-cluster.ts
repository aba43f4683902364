import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// State that every API instance must share (issue 27, ADR 0042): kept in PostgreSQL, not in an instance's memory.

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

/**
 * The hits of the public calls' rate limits (offer request, forgot password, reset, sign-up, the reset mails per
 * account): one window per limit and key across every instance (lib/shared-rate-limit.ts). Rows older than their
 * window are deleted as the key is used again, and now and then for every key of the limit.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  key: text('key').notNull(),
  at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
}, (t) => [index('rate_limit_hits_key_idx').on(t.name, t.key, t.at)]);
