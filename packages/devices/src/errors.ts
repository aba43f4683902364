import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, CONFLICT_SQLSTATES, dbErrorCode, isDbUnavailable, isMessageKey, pickLang, translate, type MessageKey } from '@isik/domain';

/** The device service's errors are the back office's AppError (domain); this service answers them with its own handler. */
export { AppError } from '@isik/domain';

export const badRequest = (key: MessageKey, fields?: Record<string, MessageKey>, params?: Record<string, string | number>) => new AppError(400, key, fields, params);
export const notFound = () => new AppError(404, 'error.notFound');
export const conflict = (key: MessageKey = 'error.conflict') => new AppError(409, key);

interface ValidationItem { instancePath?: string; message?: string; params?: Record<string, unknown> }

/** The service's one error handler: { message, code, fields } in the caller's language; 5xx details never leave. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { validationContext?: string }, req: FastifyRequest, reply: FastifyReply) => {
    const lang = pickLang(req.headers['accept-language']);
    if (err instanceof AppError) {
      const fields = err.fields ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, translate(v, lang, err.params)])) : undefined;
      const message = translate(err.key, lang, err.params);
      const explanation = err.extra.status === 'failed' ? { explanation: message } : {};
      return reply.status(err.statusCode).send({ message, code: err.key, ...(fields ? { fields } : {}), ...err.extra, ...explanation });
    }
    if (err.validation) {
      const fields: Record<string, string> = {};
      for (const v of err.validation as ValidationItem[]) {
        const field = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? '_');
        if (field in fields) continue;
        const raw = v.message ?? 'error.validation';
        const key = isMessageKey(raw) ? raw
          : raw.startsWith('Invalid input: expected') && raw.includes('received undefined') ? 'error.required'
          : raw.startsWith('Invalid input') ? 'error.invalidType' : 'error.validation';
        // The handler gives a schema message its values: the password minimum, a `.max()` check's maximum.
        const max = v.params?.maximum;
        fields[field] = translate(key, lang, { min: 8, ...(typeof max === 'number' ? { max } : {}) });
      }
      return reply.status(400).send({ message: Object.values(fields)[0] ?? translate('error.validation', lang), code: 'error.validation', fields });
    }
    // The database dropped the connection or is down (restarting): the caller may try again; the pool reconnects.
    if (isDbUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ message: translate('error.databaseUnavailable', lang), code: 'error.databaseUnavailable' });
    }
    const state = dbErrorCode(err);
    if (state && CONFLICT_SQLSTATES.has(state)) {
      return reply.status(409).send({ message: translate('error.conflict', lang), code: 'error.conflict' });
    }
    if (state?.startsWith('22')) return reply.status(400).send({ message: translate('error.validation', lang), code: 'error.validation' });
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: translate('error.tooLarge', lang), code: 'error.tooLarge' });
    if (status === 415 || (status === 400 && (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'))) {
      return reply.status(400).send({ message: translate('error.malformedJson', lang), code: 'error.malformedJson' });
    }
    if (status >= 400 && status < 500) return reply.status(status).send({ message: translate('error.validation', lang), code: 'error.validation' });
    req.log.error({ err }, 'device service error');
    return reply.status(500).send({ message: translate('error.internal', lang), code: 'error.internal' });
  });
}
