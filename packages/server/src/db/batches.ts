/** Rows per multi-row statement (well under PostgreSQL's 65,535 parameters for the widest table). */
export const BATCH_ROWS = 500;

/** Runs `write` on consecutive slices of `list`, BATCH_ROWS at a time, one after another (one transaction's statements). */
export async function inBatches<T>(list: readonly T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < list.length; i += BATCH_ROWS) await write(list.slice(i, i + BATCH_ROWS));
}
