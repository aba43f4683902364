import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { totalPages, type ImageModelRef, type LibraryImage, type imageInputSchema, type imageUpdateSchema } from '@isik/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { images, models } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { folded, foldedPattern, searchAny } from '../../lib/search.js';
import { newId } from '../../lib/ids.js';
import { recordChange } from '../../lib/log.js';
import type { SessionContext } from '../../plugins/auth.js';
import type { FilesService } from '../files/files-service.js';
import { versionIs } from '../../lib/version.js';

type Input = z.output<typeof imageInputSchema>;
type UpdateInput = z.output<typeof imageUpdateSchema>;
type Row = typeof images.$inferSelect;

export interface ImageListArgs { modelId?: string; search?: string; page: number; pageSize: number }

function toImage(r: Row): LibraryImage {
  return { _id: r.id, model: r.model, image: r.image, smallimage: r.smallimage, description: r.description, date: r.date.toISOString(), __v: r.version };
}

async function findImage(db: Executor, id: string): Promise<LibraryImage | null> {
  const [r] = await db.select().from(images).where(eq(images.id, id)).limit(1);
  return r ? toImage(r) : null;
}

function parseDate(v: string | null | undefined): Date | undefined {
  return v ? new Date(v) : undefined;
}

const modelCodes = (m: ImageModelRef[]) => m.map((x) => x.label).filter(Boolean).join(', ');

/** The image library (spec 000 2.10): images live in the file store, records carry their URLs. */
export function createImagesService(deps: { db: Db; files: FilesService }) {
  const { db, files } = deps;

  /** Stores the image (data URL) or checks the stored one; answers image and smallimage URLs. */
  async function resolveImage(tx: Executor, value: string): Promise<{ image: string; smallimage: string }> {
    const f = await files.ingestFile(tx, value, 'image', { kind: 'image' });
    if (!f) throw new AppError(400, 'image.required', { image: 'image.required' });
    return { image: f.url, smallimage: f.smallUrl };
  }

  /**
   * Images of one model, named by its id or its code (spec 000 7: 'by model code'): `/images/list/ISK-ASTRA`.
   * A code of a stored model matches its images by id; a code no model has any more matches the refs' labels.
   */
  async function modelCondition(idOrCode: string): Promise<SQL> {
    const has = (id: string) => sql`${images.model} @> ${JSON.stringify([{ value: id }])}::jsonb`;
    const [m] = await db.select({ id: models.id }).from(models).where(sql`lower(${models.model_kodu}) = lower(${idOrCode})`).limit(1);
    if (m) return or(has(idOrCode), has(m.id))!;
    return or(has(idOrCode), sql`exists (select 1 from jsonb_array_elements(${images.model}) as m where lower(m->>'label') = lower(${idOrCode}))`)!;
  }

  return {
    maxFileBytes: files.maxBytes,
    tooLarge: files.tooLarge,

    async list(a: ImageListArgs) {
      const conds: SQL[] = [];
      if (a.modelId) conds.push(await modelCondition(a.modelId));
      if (a.search) {
        const p = foldedPattern(a.search);
        conds.push(or(
          searchAny([images.description], a.search),
          sql`exists (select 1 from jsonb_array_elements(${images.model}) as m where ${folded(sql`m->>'label'`)} like ${p})`,
        )!);
      }
      const where = conds.length ? and(...conds) : undefined;
      const rows = await db.select().from(images).where(where)
        .orderBy(desc(images.date), desc(images.id)).limit(a.pageSize).offset((a.page - 1) * a.pageSize);
      const [{ n }] = await db.select({ n: count() }).from(images).where(where);
      const total = Number(n);
      return { img: rows.map(toImage), page: a.page, totalPage: totalPages(total, a.pageSize), totalItemCount: total };
    },

    async get(id: string) {
      const img = await findImage(db, id);
      if (!img) throw notFound();
      return img;
    },

    async create(caller: SessionContext, data: Input) {
      const id = newId();
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(data, () => db.transaction(async (tx) => {
        const urls = await resolveImage(tx, data.image);
        await tx.insert(images).values({ id, model: data.model, ...urls, description: data.description, ...(parseDate(data.date) ? { date: parseDate(data.date) } : {}) });
        await recordChange(tx, caller, { title: 'log.image.created', description: [data.description, modelCodes(data.model)].filter(Boolean).join(' - '), form: 'images', operation_id: id }, { entity: 'images', id, action: 'created' });
      }));
      return (await findImage(db, id))!;
    },

    async update(caller: SessionContext, id: string, data: UpdateInput) {
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(data, () => db.transaction(async (tx) => {
        const set: Partial<typeof images.$inferInsert> = {};
        if (data.model !== undefined) set.model = data.model;
        if (data.description !== undefined) set.description = data.description;
        const date = parseDate(data.date);
        if (date) set.date = date;
        if (data.image !== undefined) Object.assign(set, await resolveImage(tx, data.image));
        const res = await tx.update(images).set({ ...set, updated_at: new Date(), version: sql`${images.version} + 1` })
          .where(and(eq(images.id, id), versionIs(images.version, data.__v))).returning();
        if (res.length === 0) {
          if (!(await findImage(tx, id))) throw notFound();
          throw conflict();
        }
        const r = res[0];
        await recordChange(tx, caller, { title: 'log.image.updated', description: [r.description, modelCodes(r.model)].filter(Boolean).join(' - '), form: 'images', operation_id: id }, { entity: 'images', id, action: 'updated' });
      }));
      return (await findImage(db, id))!;
    },

    async remove(caller: SessionContext, id: string) {
      await db.transaction(async (tx) => {
        const [r] = await tx.delete(images).where(eq(images.id, id)).returning();
        if (!r) throw notFound();
        await recordChange(tx, caller, { title: 'log.image.deleted', description: [r.description, modelCodes(r.model)].filter(Boolean).join(' - '), form: 'images', operation_id: id }, { entity: 'images', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
