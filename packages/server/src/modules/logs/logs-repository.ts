import { and, desc, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { logs } from '../../db/schema.js';

export type LogRow = typeof logs.$inferSelect;

/** The log rows written in [start, end), newest first, at most `limit`. */
export async function logsBetween(db: Executor, start: Date, end: Date, limit: number): Promise<LogRow[]> {
  return db.select().from(logs).where(and(gte(logs.date, start), lt(logs.date, end))).orderBy(desc(logs.date), desc(logs.id)).limit(limit);
}
