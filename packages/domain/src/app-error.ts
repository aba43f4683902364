import type { MessageKey } from './messages.js';

/**
 * An error a caller may see: status, message key (translated per request by the service's error handler) and
 * per-field keys. One class for the back office and the device service, whose handlers both answer
 * `{ message, code, fields }` (DECISIONS 1).
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly key: MessageKey,
    public readonly fields?: Record<string, MessageKey>,
    public readonly params: Record<string, string | number> = {},
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/** The SQLSTATE of a database error, looking through wrappers such as Drizzle's query error. */
export function dbErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** SQLSTATEs that mean "another change got there first": answered as 409, never 500. */
export const CONFLICT_SQLSTATES: ReadonlySet<string> = new Set(['23505', '23503', '40001', '40P01']);

/**
 * SQLSTATEs that mean "the database cannot be reached right now": connection exceptions (class 08), the server
 * shutting down, crashing or starting up (57P01-57P03), too many connections (53300). Answered 503.
 */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection that cannot be made or was cut. */
const UNAVAILABLE_SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own errors for a connection that was cut or could not be made (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated', 'Client has encountered a connection error', 'Client was closed and is not queryable', 'timeout exceeded when trying to connect',
];

/**
 * Whether an error (looking through wrappers such as Drizzle's query error, and the parts of an AggregateError)
 * means the database is unreachable: a dropped connection, a server restarting or down. The request may succeed
 * when tried again, so the handlers answer 503, never 500.
 */
export function isDbUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 6) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (/^08[0-9A-Z]{3}$/.test(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_SOCKET_CODES.has(e.code)) return true;
    // Another SQLSTATE is the database's answer: it is reachable.
    if (/^[0-9A-Z]{5}$/.test(e.code)) return false;
  }
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).startsWith(m))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDbUnavailable(x, depth + 1))) return true;
  return isDbUnavailable(e.cause, depth + 1);
}
