/**
 * Import previews in PostgreSQL (issue 27, ADR 0042): a preview made on one API instance is committed on whichever
 * instance the balancer picks. Each lives until its commit or its expiry; at most `max` are kept (the oldest go first).
 */
import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database.js';
import { importPreviews } from '../../db/schema.js';

export interface StoredPreview<Row> { id: string; kind: string; userId: string; fileName: string; fields: string[]; rows: Row[] }

export async function savePreview<Row>(db: Executor, p: StoredPreview<Row>, ttlMs: number, max: number): Promise<void> {
  await db.delete(importPreviews).where(lt(importPreviews.expires_at, sql`now()`));
  await db.insert(importPreviews).values({
    id: p.id, kind: p.kind, user_id: p.userId, file_name: p.fileName, fields: p.fields, rows: p.rows,
    expires_at: sql`now() + ${`${ttlMs} milliseconds`}::interval`,
  });
  const keep = db.select({ id: importPreviews.id }).from(importPreviews).orderBy(desc(importPreviews.created_at)).limit(max);
  await db.delete(importPreviews).where(notInArray(importPreviews.id, keep));
}

/**
 * The unexpired preview, locked for this transaction; 'busy' while another commit holds it (on any instance).
 * The commit deletes it in the same transaction, so a second commit finds nothing.
 */
export async function takePreview<Row>(tx: Tx, id: string): Promise<StoredPreview<Row> | 'busy' | undefined> {
  try {
    const [r] = await tx.select().from(importPreviews)
      .where(and(eq(importPreviews.id, id), gt(importPreviews.expires_at, sql`now()`)))
      .for('update', { noWait: true });
    if (!r) return undefined;
    return { id: r.id, kind: r.kind, userId: r.user_id, fileName: r.file_name, fields: r.fields as string[], rows: r.rows as Row[] };
  } catch (e) {
    // lock_not_available: a commit of this preview is under way.
    if ((e as { code?: string }).code === '55P03' || (e as { cause?: { code?: string } }).cause?.code === '55P03') return 'busy';
    throw e;
  }
}

export async function dropPreview(tx: Executor, id: string): Promise<void> {
  await tx.delete(importPreviews).where(eq(importPreviews.id, id));
}
