import { businessDayRange, parseDay, type LogEntryOut } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { logsBetween } from './logs-repository.js';

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
      const rows = await logsBetween(db, start, end, LOGS_DAY_LIMIT);
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
