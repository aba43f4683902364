import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createScratchDatabase, openDatabase, type Database } from './database.js';
import { queryBytes, RAW_BYTES_COLUMN } from './pg-raw-bytes.js';
import { param } from '../lib/prepared.js';

// db/pg-raw-bytes.ts: a statement whose one column is named RAW_BYTES_COLUMN answers that column as the bytes
// PostgreSQL sent (the offer list's page, issue 27); every other result is parsed as before.

let database: Database;
let drop: () => Promise<void>;
const TEXT = 'İşık Aydınlatma "ğüşöç" € 😀 \\ \n';

beforeAll(async () => {
  const scratch = await createScratchDatabase(inject('testDatabase').serverUrl, 'rawb');
  drop = scratch.drop;
  database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

const col = sql.identifier(RAW_BYTES_COLUMN);

describe('queryBytes', () => {
  it('answers the column as the UTF-8 bytes of the value, null without a row or for null', async () => {
    const got = await queryBytes(database.db, 'test:echo', () => sql`select ${param('v')}::text as ${col}`, { v: TEXT });
    expect(Buffer.isBuffer(got)).toBe(true);
    expect(got!.equals(Buffer.from(TEXT, 'utf8'))).toBe(true);
    // Run again on a connection that has the statement prepared, with another value.
    const again = await queryBytes(database.db, 'test:echo', () => sql`select ${param('v')}::text as ${col}`, { v: 'ş' });
    expect(again!.toString('utf8')).toBe('ş');
    expect(await queryBytes(database.db, 'test:none', () => sql`select 'x'::text as ${col} where false`, {})).toBeNull();
    expect(await queryBytes(database.db, 'test:null', () => sql`select null::text as ${col}`, {})).toBeNull();
  });

  it('leaves every other result as strings, on the same connection before and after', async () => {
    await database.db.transaction(async (tx) => {
      const two = await tx.execute(sql`select ${TEXT}::text as ${col}, 'ğ'::text as other`) as unknown as { rows: unknown[] };
      expect(two.rows[0]).toEqual({ [RAW_BYTES_COLUMN]: TEXT, other: 'ğ' });
      const bytes = await queryBytes(tx, 'test:echo', () => sql`select ${param('v')}::text as ${col}`, { v: TEXT });
      expect(bytes!.toString('utf8')).toBe(TEXT);
      const after = await tx.execute(sql`select ${TEXT}::text as t, 42 as n`) as unknown as { rows: unknown[] };
      expect(after.rows[0]).toEqual({ t: TEXT, n: 42 });
    });
  });

  it('a page of many rows arrives whole (a data row larger than one socket read)', async () => {
    const got = await queryBytes(database.db, 'test:big', () => sql`select string_agg(${param('v')}::text, ',') as ${col} from generate_series(1, 20000)`, { v: TEXT });
    const expected = Buffer.from(Array.from({ length: 20000 }, () => TEXT).join(','), 'utf8');
    expect(got!.length).toBe(expected.length);
    expect(got!.equals(expected)).toBe(true);
  });
});
