import { AppError, type MessageKey } from '@isik/domain';

export { AppError, CONFLICT_SQLSTATES, dbErrorCode, isDbUnavailable } from '@isik/domain';

export const badRequest = (key: MessageKey, fields?: Record<string, MessageKey>, params?: Record<string, string | number>) => new AppError(400, key, fields, params);
export const forbidden = (key: MessageKey = 'error.forbidden', fields?: Record<string, MessageKey>) => new AppError(403, key, fields);
export const notFound = () => new AppError(404, 'error.notFound');
export const conflict = (key: MessageKey = 'error.conflict', fields?: Record<string, MessageKey>) => new AppError(409, key, fields);

/** The constraint a database error names, when it names one. */
export function dbConstraint(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
  }
  return undefined;
}

