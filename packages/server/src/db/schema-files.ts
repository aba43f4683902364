// Tables of the files area (issue 3). Re-exported by schema.ts so Drizzle and the migrations see them.
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * bytea as a Node Buffer. node-postgres answers a Buffer; PGlite answers a Uint8Array, which is
 * wrapped without copying so callers always see a Buffer.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() { return 'bytea'; },
  toDriver(value: Buffer): Buffer { return value; },
  fromDriver(value: Buffer | Uint8Array | string): Buffer {
    if (Buffer.isBuffer(value)) return value;
    if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    // Text form (\x0a0b...), should a driver ever answer it.
    return typeof value === 'string' && value.startsWith('\\x') ? Buffer.from(value.slice(2), 'hex') : Buffer.from(String(value));
  },
});

/** Every uploaded file once, by the sha256 of its bytes (DECISIONS 8). */
export const files = pgTable('files', {
  id: text('id').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  small: bytea('small'),
  small_mime: text('small_mime'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The image library (spec 000 2.10, 3 Image). */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  model: jsonb('model').$type<{ label: string; value: string }[]>().notNull().default([]),
  image: text('image').notNull(),
  smallimage: text('smallimage').notNull().default(''),
  description: text('description').notNull(),
  date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t) => [
  index('images_date_idx').on(t.date),
  index('images_model_idx').using('gin', sql`${t.model} jsonb_path_ops`),
]);
