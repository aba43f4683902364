import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { LibraryImage } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { images } from '../../db/schema.js';
import { folded, foldedPattern, searchAny } from '../../lib/search.js';
import { versionIs } from '../../lib/version.js';

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;

export function toImage(r: ImageRow): LibraryImage {
  return { _id: r.id, model: r.model, image: r.image, smallimage: r.smallimage, description: r.description, date: r.date.toISOString(), __v: r.version };
}

export async function findImage(db: Executor, id: string): Promise<LibraryImage | null> {
  const [r] = await db.select().from(images).where(eq(images.id, id)).limit(1);
  return r ? toImage(r) : null;
}

/**
 * Which images a list shows. `model`: the images of one model, named by `ids` (the name asked and, when it is a stored
 * model's code, that model's id) or, when no model has the code any more, by the refs' labels (`label`).
 * `search`: the description or a model label, letter case and accents folded.
 */
export interface ImageFilter { model?: { ids: string[] } | { label: string }; search?: string }

function imageWhere(f: ImageFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.model) {
    const has = (id: string) => sql`${images.model} @> ${JSON.stringify([{ value: id }])}::jsonb`;
    conds.push('ids' in f.model
      ? or(...f.model.ids.map(has))!
      : or(has(f.model.label), sql`exists (select 1 from jsonb_array_elements(${images.model}) as m where lower(m->>'label') = lower(${f.model.label}))`)!);
  }
  if (f.search) {
    const p = foldedPattern(f.search);
    conds.push(or(
      searchAny([images.description], f.search),
      sql`exists (select 1 from jsonb_array_elements(${images.model}) as m where ${folded(sql`m->>'label'`)} like ${p})`,
    )!);
  }
  return conds.length ? and(...conds) : undefined;
}

/** One page of the filtered images, newest first, and how many there are. */
export async function listImages(db: Executor, f: ImageFilter, page: number, pageSize: number): Promise<{ rows: LibraryImage[]; total: number }> {
  const where = imageWhere(f);
  const rows = await db.select().from(images).where(where)
    .orderBy(desc(images.date), desc(images.id)).limit(pageSize).offset((page - 1) * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(images).where(where);
  return { rows: rows.map(toImage), total: Number(n) };
}

export async function insertImage(tx: Executor, values: NewImageRow): Promise<void> {
  await tx.insert(images).values(values);
}

/** Saves the fields when the stored version is `sentVersion` (any, when absent), one version on; the updated row or null. */
export async function updateImage(tx: Executor, id: string, sentVersion: number | undefined, set: Partial<NewImageRow>): Promise<ImageRow | null> {
  const [r] = await tx.update(images).set({ ...set, updated_at: new Date(), version: sql`${images.version} + 1` })
    .where(and(eq(images.id, id), versionIs(images.version, sentVersion))).returning();
  return r ?? null;
}

/** Deletes the image; its row, or null when there was none. */
export async function deleteImage(tx: Executor, id: string): Promise<ImageRow | null> {
  const [r] = await tx.delete(images).where(eq(images.id, id)).returning();
  return r ?? null;
}
