import type { MessageKey } from '@isik/domain';

/** An error the client may see: status, message key (translated per request) and per-field keys. */
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

export const badRequest = (key: MessageKey, fields?: Record<string, MessageKey>, params?: Record<string, string | number>) => new AppError(400, key, fields, params);
export const forbidden = (key: MessageKey = 'error.forbidden', fields?: Record<string, MessageKey>) => new AppError(403, key, fields);
export const notFound = () => new AppError(404, 'error.notFound');
export const conflict = (key: MessageKey = 'error.conflict', fields?: Record<string, MessageKey>) => new AppError(409, key, fields);

/** The SQLSTATE of a database error, looking through wrappers such as Drizzle's query error. */
export function dbErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a database error names, when it names one. */
export function dbConstraint(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
  }
  return undefined;
}

/** SQLSTATEs that mean "another change got there first": answered as 409, never 500. */
export const CONFLICT_SQLSTATES = new Set(['23505', '23503', '40001', '40P01']);
