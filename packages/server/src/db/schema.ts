import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sortKeyColumn, trSortKeyOf } from '../lib/sort.js';

const audit = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(0),
};

export const companies = pgTable('companies', {
  id: text('id').primaryKey(),
  company_name: text('company_name').notNull(),
  company_adress: text('company_adress').notNull().default(''),
  company_district: text('company_district').notNull().default(''),
  company_city: text('company_city').notNull().default(''),
  company_country: text('company_country').notNull().default('Türkiye'),
  company_category: text('company_category').notNull().default('Customer'),
  company_phone: text('company_phone').notNull().default(''),
  company_mobilephone: text('company_mobilephone').notNull().default(''),
  company_fax: text('company_fax').notNull().default(''),
  company_taxoffice: text('company_taxoffice').notNull().default(''),
  company_taxno: text('company_taxno').notNull().default(''),
  company_email: text('company_email').notNull().default(''),
  company_web: text('company_web').notNull().default(''),
  company_img: text('company_img').notNull().default(''),
  company_notes: text('company_notes').notNull().default(''),
  company_status: boolean('company_status').notNull().default(true),
  /** The list's Turkish alphabetical sort key of the name (lib/sort.ts), computed on write; never answered. */
  company_name_key: text('company_name_key').generatedAlwaysAs(trSortKeyOf('company_name')),
  ...audit,
}, (t) => [
  index('companies_name_idx').on(sql`lower(${t.company_name})`),
  index('companies_category_idx').on(t.company_category),
  // The list's default order: a page's ids are read from this index alone (index-only scan), not sorted.
  index('companies_name_key_idx').on(sortKeyColumn(t.company_name_key), t.id),
]);

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  email: text('email').notNull(),
  mobile: text('mobile').notNull().default(''),
  role: integer('role').notNull().default(7),
  user_img: text('user_img').notNull().default(''),
  company_id: text('company_id').references(() => companies.id, { onDelete: 'restrict' }),
  userstate: boolean('userstate').notNull().default(true),
  permissions: jsonb('permissions').notNull().default({}),
  password_hash: text('password_hash').notNull(),
  token_version: integer('token_version').notNull().default(0),
  /** The list's Turkish alphabetical sort keys (lib/sort.ts), computed on write; never answered. */
  firstname_key: text('firstname_key').generatedAlwaysAs(trSortKeyOf('firstname')),
  lastname_key: text('lastname_key').generatedAlwaysAs(trSortKeyOf('lastname')),
  ...audit,
}, (t) => [
  uniqueIndex('users_email_uq').on(t.email),
  index('users_firstname_idx').on(sql`lower(${t.firstname})`),
  index('users_lastname_idx').on(sql`lower(${t.lastname})`),
  // The list's orders (Turkish alphabetical): a page's ids are read from these indexes alone.
  index('users_firstname_key_idx').on(sortKeyColumn(t.firstname_key), t.id),
  index('users_lastname_key_idx').on(sortKeyColumn(t.lastname_key), t.id),
]);

export const logs = pgTable('logs', {
  id: serial('id').primaryKey(),
  date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  person: text('person').notNull().default(''),
  person_id: text('person_id'),
  title: text('title').notNull(),
  /** Message key of the title (packages/domain messages-labels.ts); null on rows written before keys. */
  title_key: text('title_key'),
  description: text('description').notNull().default(''),
  /** Message key of a description rebuilt from `params` in the reader's language; null: show `description`. */
  description_key: text('description_key'),
  params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
  form: text('form').notNull().default(''),
  operation_id: text('operation_id'),
}, (t) => [index('logs_date_idx').on(t.date)]);

export const loginAttempts = pgTable('login_attempts', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_start: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  locked_until: timestamp('locked_until', { withTimezone: true }),
});

/** Small server-wide settings, e.g. the generated token secret shared by every API instance. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export * from './schema-catalogue.js';
export * from './schema-files.js';
export * from './schema-office.js';
export * from './schema-buying.js';
export * from './schema-cluster.js';
export * from './schema-receipts.js';
export * from './schema-costs.js';
export * from './schema-reports.js';
