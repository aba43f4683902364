import { createRequire } from 'node:module';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Executor } from './database.js';

/**
 * The name a statement gives its one column to receive it as bytes (a Buffer of the value's text as PostgreSQL sent
 * it) instead of a JavaScript string.
 */
export const RAW_BYTES_COLUMN = 'isik_raw_bytes';

interface ParserProto {
  handlePacket(this: ParserState, offset: number, code: number, length: number, bytes: Buffer): unknown;
  __rawBytes?: boolean;
}
interface ParserState { __rawRow?: boolean }

const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const READY_FOR_QUERY = 0x5a; // 'Z'

/**
 * node-pg's protocol parser decodes every field of a data row as UTF-8 into a string. A page that is already JSON text
 * (the offer list's 1,000 rows, about 480 KB) was decoded so, then encoded again when the answer was written: two
 * passes over the text per request, and the decode was 16 % of the API's CPU under that load (docs/performance.md,
 * issue 27). After a row description whose only column is named RAW_BYTES_COLUMN, the data rows of that result give
 * their field as a Buffer holding the bytes as they came (one copy, no decoding); every other result is parsed as
 * before. Applied once, to every connection of the process (db/pool.ts), like pg-cork.ts.
 */
let applied = false;
export function takeRawBytesColumns(): void {
  if (applied) return;
  applied = true;
  const pgRequire = createRequire(createRequire(import.meta.url).resolve('pg'));
  const { Parser } = pgRequire('pg-protocol/dist/parser') as { Parser: { prototype: ParserProto } };
  const { DataRowMessage } = pgRequire('pg-protocol/dist/messages') as { DataRowMessage: new (length: number, fields: unknown[]) => unknown };
  const proto = Parser.prototype;
  if (proto.__rawBytes) return;
  const handlePacket = proto.handlePacket;
  proto.handlePacket = function rawBytesHandlePacket(offset, code, length, bytes) {
    if (code === DATA_ROW && this.__rawRow) {
      let at = offset;
      const count = bytes.readInt16BE(at);
      at += 2;
      const fields = new Array<Buffer | null>(count);
      for (let i = 0; i < count; i++) {
        const len = bytes.readInt32BE(at);
        at += 4;
        // A copy: the parser reuses its buffer for the next messages.
        fields[i] = len === -1 ? null : Buffer.from(bytes.subarray(at, at + len));
        if (len > 0) at += len;
      }
      return new DataRowMessage(length, fields);
    }
    const message = handlePacket.call(this, offset, code, length, bytes);
    if (code === ROW_DESCRIPTION) {
      const fields = (message as { fields?: { name: string }[] }).fields;
      this.__rawRow = fields?.length === 1 && fields[0].name === RAW_BYTES_COLUMN;
    } else if (code === READY_FOR_QUERY) {
      this.__rawRow = false;
    }
    return message;
  };
  proto.__rawBytes = true;
}

const dialect = new PgDialect();
const statements = new Map<string, { name: string; text: string; params: unknown[] }>();
/** Every column as it came: the raw column's Buffer stays a Buffer (pg-types would make it a string). */
const asIs = { getTypeParser: () => (value: unknown) => value };

/**
 * A statement whose one column is named RAW_BYTES_COLUMN, run as a named prepared statement of its shape (as
 * lib/prepared.ts: built once, parsed once per connection), answering that column's value as bytes (null when the
 * value is null or there is no row). `shape` must name everything that changes the SQL text; values fill the
 * placeholders (`param`). `opts.planEach`: sent as an unnamed statement instead, so PostgreSQL plans it with each call's
 * values rather than settling on one generic plan for every value (a search, whose best plan depends on how many rows
 * its term matches: ADR 0053).
 */
export async function queryBytes(db: Executor, shape: string, build: () => SQL, values: Record<string, unknown>, opts: { planEach?: boolean } = {}): Promise<Buffer | null> {
  takeRawBytesColumns();
  let st = statements.get(shape);
  if (!st) {
    const q = dialect.sqlToQuery(build());
    st = { name: `b_${createHash('sha256').update(q.sql).digest('hex').slice(0, 24)}`, text: q.sql, params: q.params };
    statements.set(shape, st);
  }
  // The pool, or the transaction's client (drizzle's session holds it).
  const client = (db._.session as unknown as { client: pg.Pool | pg.PoolClient }).client;
  const res = await client.query<{ [RAW_BYTES_COLUMN]: unknown }>({ ...(opts.planEach ? {} : { name: st.name }), text: st.text, values: fillPlaceholders(st.params, values), types: asIs });
  const v = res.rows[0]?.[RAW_BYTES_COLUMN];
  if (v == null) return null;
  if (!Buffer.isBuffer(v)) throw new Error(`${RAW_BYTES_COLUMN} came as ${typeof v}: takeRawBytesColumns() was not applied`);
  return v;
}
