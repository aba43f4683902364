import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The one rule of record versions (DECISIONS 1, domain `versionSchema`): an update that sends `__v` applies only
 * to that version (stale: 409, nothing changed); an update without it applies as sent.
 */

/** The WHERE condition of a versioned UPDATE: `version = __v` when sent, nothing when absent (`and()` drops it). */
export function versionIs(column: PgColumn, sent: number | undefined): SQL | undefined {
  return sent === undefined ? undefined : eq(column, sent);
}

/** Whether a sent `__v` disagrees with the stored version (an absent one never does). */
export function isStale(stored: number, sent: number | undefined): boolean {
  return sent !== undefined && stored !== sent;
}
