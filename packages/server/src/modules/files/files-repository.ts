import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { files } from '../../db/schema.js';

export type NewFileRow = typeof files.$inferInsert;

export async function fileStored(db: Executor, id: string): Promise<boolean> {
  const [existing] = await db.select({ id: files.id }).from(files).where(eq(files.id, id)).limit(1);
  return Boolean(existing);
}

/** Stores a file once by its hash (a second insert of the same bytes does nothing). */
export async function insertFile(tx: Executor, values: NewFileRow): Promise<void> {
  await tx.insert(files).values(values).onConflictDoNothing({ target: files.id });
}

export async function fileTypeAndSize(db: Executor, id: string): Promise<{ mime: string; size: number } | null> {
  const [row] = await db.select({ mime: files.mime, size: files.size }).from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

export async function fileBytes(db: Executor, id: string): Promise<{ mime: string; size: number; bytes: Buffer } | null> {
  const [row] = await db.select({ mime: files.mime, size: files.size, bytes: files.bytes }).from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/** The small image's bytes, or the original's when it has none. */
export async function smallFileBytes(db: Executor, id: string): Promise<{ mime: string; bytes: Buffer } | null> {
  const [row] = await db.select({
    mime: sql<string>`coalesce(${files.small_mime}, ${files.mime})`,
    bytes: sql<Buffer>`coalesce(${files.small}, ${files.bytes})`.mapWith(files.bytes),
  }).from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/** Bytes held by the file store (originals and small images). */
export async function fileStoreBytes(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<string>`coalesce(sum(${files.size}::bigint + coalesce(octet_length(${files.small}), 0)), 0)::text` }).from(files);
  return Number(row?.n ?? 0);
}
