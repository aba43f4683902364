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
