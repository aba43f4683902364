import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isMessageKey, pickLang, translate, type Lang } from '@isik/domain';
import { AppError, CONFLICT_SQLSTATES, dbErrorCode, isDbUnavailable } from '../lib/errors.js';

export function requestLang(req: FastifyRequest): Lang {
  return pickLang(req.headers['accept-language']);
}

interface ValidationItem { instancePath?: string; message?: string; params?: Record<string, unknown> }

function fieldFromPath(p: string | undefined, context: string | undefined): string {
  const clean = (p ?? '').replace(/^\//, '').replaceAll('/', '.');
  return clean || (context ?? '_');
}

/** The path of the first string (value or key) for which `bad` holds. */
function textPath(v: unknown, path: string, bad: (s: string) => boolean, depth = 0): string | null {
  if (typeof v === 'string') return bad(v) ? path : null;
  if (!v || typeof v !== 'object' || depth > 20) return null;
  for (const [k, x] of Object.entries(v)) {
    const p = path ? `${path}.${k}` : k;
    if (bad(k)) return p;
    const found = textPath(x, p, bad, depth + 1);
    if (found) return found;
  }
  return null;
}
/** A NUL character, which PostgreSQL text cannot store. */
const hasNul = (s: string) => s.includes('\u0000');
/**
 * Half of a UTF-16 surrogate pair alone (JSON "\ud800"): it is no character, PostgreSQL would store U+FFFD in its
 * place, and encodeURIComponent throws on it (a label's QR address answered 500; issue 22).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);
const nulPath = (v: unknown, path: string) => textPath(v, path, hasNul);
const surrogatePath = (v: unknown, path: string) => textPath(v, path, hasLoneSurrogate);

/**
 * One error handler: every failure answers { message, code, fields } in the caller's language.
 * Messages of 5xx errors are never sent to clients.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // After the session check and validation, before any handler reaches the database.
  app.addHook('preHandler', async (req) => {
    const field = nulPath(req.params, '') ?? nulPath(req.query, '') ?? nulPath(req.body, '');
    if (field !== null) throw new AppError(400, 'error.validation', { [field || 'body']: 'error.validation' });
    const broken = surrogatePath(req.params, '') ?? surrogatePath(req.query, '') ?? surrogatePath(req.body, '');
    if (broken !== null) throw new AppError(400, 'error.invalidText', { [broken || 'body']: 'error.invalidText' });
  });

  app.setErrorHandler((err: FastifyError & { validationContext?: string }, req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLang(req);
    if (err instanceof AppError) {
      const fields = err.fields
        ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, translate(v, lang, err.params)]))
        : undefined;
      const message = translate(err.key, lang, err.params);
      // Login failures also carry the contract's `explanation`.
      const explanation = err.extra.status === 'failed' ? { explanation: message } : {};
      if (typeof err.extra.retryAfter === 'number') void reply.header('retry-after', String(err.extra.retryAfter));
      return reply.status(err.statusCode).send({ message, code: err.key, ...(fields ? { fields } : {}), ...err.extra, ...explanation });
    }
    if (err.validation) {
      const fields: Record<string, string> = {};
      for (const v of err.validation as ValidationItem[]) {
        const field = fieldFromPath(v.instancePath, err.validationContext);
        if (field in fields) continue;
        const raw = v.message ?? 'error.validation';
        // Zod's built-in messages are English sentences; map the usual ones to our keys, and any other
        // to the general message, so every caller reads their own language.
        const key = isMessageKey(raw) ? raw
          : raw.startsWith('Invalid input: expected') && raw.includes('received undefined') ? 'error.required'
          : raw.startsWith('Invalid input') ? 'error.invalidType'
          : 'error.validation';
        // A schema message names no values of its own: the handler gives the password minimum and a `.max()` check's maximum.
        const max = v.params?.maximum;
        fields[field] = translate(key, lang, { min: (req.server as unknown as { passwordMin?: number }).passwordMin ?? 8, ...(typeof max === 'number' ? { max } : {}) });
      }
      const first = Object.values(fields)[0];
      return reply.status(400).send({ message: first ?? translate('error.validation', lang), code: 'error.validation', fields });
    }
    // The database dropped the connection or is down (restarting): the caller may try again; the pool reconnects.
    if (isDbUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ message: translate('error.databaseUnavailable', lang), code: 'error.databaseUnavailable' });
    }
    // A concurrent change won a race the service's own checks could not see (unique key, foreign key,
    // serialization): the caller retries after a reload, as with a stale version.
    const sqlState = dbErrorCode(err);
    if (sqlState && CONFLICT_SQLSTATES.has(sqlState)) {
      req.log.warn({ err }, 'database conflict');
      return reply.status(409).send({ message: translate('error.conflict', lang), code: 'error.conflict' });
    }
    // Data exceptions (a value PostgreSQL cannot store or compare) come from the input: 400, not 500.
    if (sqlState?.startsWith('22')) {
      return reply.status(400).send({ message: translate('error.validation', lang), code: 'error.validation' });
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (status === 400 && err instanceof SyntaxError)) {
      return reply.status(400).send({ message: translate('error.malformedJson', lang), code: 'error.malformedJson' });
    }
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: translate('error.tooLarge', lang), code: 'error.tooLarge' });
    }
    if (status === 429) return reply.status(429).send({ message: translate('error.tooMany', lang), code: 'error.tooMany' });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: translate('error.validation', lang), code: err.code ?? 'error.validation' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: translate('error.internal', lang), code: 'error.internal' });
  });
});
