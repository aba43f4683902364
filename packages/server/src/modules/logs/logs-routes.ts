import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, and, gte, lt } from 'drizzle-orm';
import { z } from 'zod';
import { businessDayRange, logListSchema, parseDay, actionConfig, type LogEntryOut } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { logs } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { errorResponses } from '../../lib/http.js';

/** At most this many rows of one day; the dashboard shows the newest. */
export const LOGS_DAY_LIMIT = 500;

/** A day written YYYY-MM-DD or DD.MM.YYYY (spec 000 7), or 400 naming the field. */
export function dayParam(text: string, field = 'date'): { start: Date; end: Date } {
  const day = parseDay(text);
  if (!day) throw new AppError(400, 'logs.date.invalid', { [field]: 'logs.date.invalid' });
  return businessDayRange(day);
}

export function createLogsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** A day's log rows (Europe/Istanbul), newest first. Logs are never edited: there is no update or delete. */
    async list(dateText: string): Promise<{ logs: LogEntryOut[] }> {
      const { start, end } = dayParam(dateText);
      const rows = await db.select().from(logs).where(and(gte(logs.date, start), lt(logs.date, end))).orderBy(desc(logs.date), desc(logs.id)).limit(LOGS_DAY_LIMIT);
      return {
        logs: rows.map((r) => ({
          _id: String(r.id), date: r.date.toISOString(), person: r.person, title: r.title, title_key: r.title_key, description: r.description,
          description_key: r.description_key, params: r.params ?? {}, form: r.form, operation_id: r.operation_id,
        })),
      };
    },
  };
}
export type LogsService = ReturnType<typeof createLogsService>;

export const logsRoutes: FastifyPluginAsyncZod<{ logs: LogsService }> = async (app, { logs: service }) => {
  app.get('/logs/list/:date', {
    config: actionConfig('GET /api/logs/list/:date'),
    schema: {
      tags: ['logs'], summary: "One day's audit log (date YYYY-MM-DD or DD.MM.YYYY, a day in Europe/Istanbul), newest first",
      params: z.object({ date: z.string().max(40) }), response: { 200: logListSchema, ...errorResponses },
    },
  }, async (req) => service.list(req.params.date));
};
