import { describe, expect, it } from 'vitest';
import { isDbUnavailable } from './app-error.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** As Drizzle wraps a failed query: its own message names the SQL and the parameters, the driver's error is the cause. */
const drizzle = (cause: unknown, params = '') => Object.assign(new Error(`Failed query: insert into t values ($1)\nparams: ${params}`), { cause });

describe('isDbUnavailable (503 rather than 500)', () => {
  it('knows a cut or refused connection, through wrappers', () => {
    expect(isDbUnavailable(drizzle(pgError('57P01', 'terminating connection due to administrator command')))).toBe(true);
    expect(isDbUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDbUnavailable(pgError('08006'))).toBe(true);
    expect(isDbUnavailable(drizzle(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDbUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isDbUnavailable(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')], 'connect'))).toBe(true);
  });

  it('leaves the database\'s own answers and the caller\'s text alone', () => {
    expect(isDbUnavailable(drizzle(pgError('23505', 'duplicate key')))).toBe(false);
    expect(isDbUnavailable(drizzle(pgError('22P02', 'invalid input syntax')))).toBe(false);
    // A value typed by a user that reads like the driver's message is not the driver speaking.
    expect(isDbUnavailable(drizzle(pgError('22001', 'value too long'), 'Connection terminated unexpectedly'))).toBe(false);
    expect(isDbUnavailable(new Error('something else'))).toBe(false);
    expect(isDbUnavailable(undefined)).toBe(false);
  });
});
