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
