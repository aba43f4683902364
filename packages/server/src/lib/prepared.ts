import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database.js';

/** A query builder that can become a named prepared statement (drizzle's select builders). */
export interface Preparable<R> {
  toSQL(): { sql: string };
  prepare(name: string): PreparedList<R>;
}
export interface PreparedList<R> { execute(values?: Record<string, unknown>): Promise<R> }

/** A value of a prepared statement, given by name to execute(). */
export const param = (name: string) => sql.placeholder(name);

const byExecutor = new WeakMap<object, Map<string, PreparedList<unknown>>>();

/**
 * One list shape (which filters are given, which sort) as a named prepared statement, built once per database handle
 * and shape: drizzle builds its SQL once instead of per request (query building was about 12 % of the API's CPU under
 * the list load), and PostgreSQL parses it once per connection instead of per request (node-pg sends Parse only the
 * first time a connection sees the name). The values (search pattern, filters, page) are placeholders (`param`).
 *
 * `shape` must name everything that changes the SQL text; the statement's name is a hash of that text, so two
 * shapes can never share a name with different SQL (node-pg refuses that on a connection).
 */
export function prepared<R>(db: object, shape: string, build: () => Preparable<R>): PreparedList<R> {
  let shapes = byExecutor.get(db);
  if (!shapes) {
    shapes = new Map();
    byExecutor.set(db, shapes);
  }
  let p = shapes.get(shape) as PreparedList<R> | undefined;
  if (!p) {
    const query = build();
    p = query.prepare(`l_${createHash('sha256').update(query.toSQL().sql).digest('hex').slice(0, 24)}`);
    shapes.set(shape, p as PreparedList<unknown>);
  }
  return p;
}

const dialect = new PgDialect();

/**
 * A raw statement (what db.execute runs) as a named prepared statement of its own shape: the same as `prepared`, for
 * SQL written by hand (the ledger page). Its values are placeholders (`param`) too; it answers node-pg's result.
 */
export function preparedSql<Row = Record<string, unknown>>(db: Executor, shape: string, build: () => SQL): PreparedList<{ rows: Row[] }> {
  return prepared(db, shape, () => {
    const query = dialect.sqlToQuery(build());
    return {
      toSQL: () => ({ sql: query.sql }),
      prepare: (name: string) => db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>(query, undefined, name, false),
    };
  });
}
