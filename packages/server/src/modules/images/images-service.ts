import { totalPages, type ImageModelRef, type imageInputSchema, type imageUpdateSchema } from '@isik/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange } from '../../lib/log.js';
import type { SessionContext } from '../../plugins/auth.js';
import type { FilesService } from '../files/files-service.js';
import { modelIdByCode } from '../models/models-repository.js';
import { deleteImage, findImage, insertImage, listImages, updateImage, type ImageFilter, type NewImageRow } from './images-repository.js';

type Input = z.output<typeof imageInputSchema>;
type UpdateInput = z.output<typeof imageUpdateSchema>;

export interface ImageListArgs { modelId?: string; search?: string; page: number; pageSize: number }

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
  async function modelFilter(idOrCode: string): Promise<ImageFilter['model']> {
    const modelId = await modelIdByCode(db, idOrCode);
    return modelId !== null ? { ids: [idOrCode, modelId] } : { label: idOrCode };
  }

  return {
    maxFileBytes: files.maxBytes,
    tooLarge: files.tooLarge,

    async list(a: ImageListArgs) {
      const filter: ImageFilter = { model: a.modelId ? await modelFilter(a.modelId) : undefined, search: a.search || undefined };
      const { rows, total } = await listImages(db, filter, a.page, a.pageSize);
      return { img: rows, page: a.page, totalPage: totalPages(total, a.pageSize), totalItemCount: total };
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
        await insertImage(tx, { id, model: data.model, ...urls, description: data.description, ...(parseDate(data.date) ? { date: parseDate(data.date) } : {}) });
        await recordChange(tx, caller, { title: 'log.image.created', description: [data.description, modelCodes(data.model)].filter(Boolean).join(' - '), form: 'images', operation_id: id }, { entity: 'images', id, action: 'created' });
      }));
      return (await findImage(db, id))!;
    },

    async update(caller: SessionContext, id: string, data: UpdateInput) {
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(data, () => db.transaction(async (tx) => {
        const set: Partial<NewImageRow> = {};
        if (data.model !== undefined) set.model = data.model;
        if (data.description !== undefined) set.description = data.description;
        const date = parseDate(data.date);
        if (date) set.date = date;
        if (data.image !== undefined) Object.assign(set, await resolveImage(tx, data.image));
        const r = await updateImage(tx, id, data.__v, set);
        if (!r) {
          if (!(await findImage(tx, id))) throw notFound();
          throw conflict();
        }
        await recordChange(tx, caller, { title: 'log.image.updated', description: [r.description, modelCodes(r.model)].filter(Boolean).join(' - '), form: 'images', operation_id: id }, { entity: 'images', id, action: 'updated' });
      }));
      return (await findImage(db, id))!;
    },

    async remove(caller: SessionContext, id: string) {
      await db.transaction(async (tx) => {
        const r = await deleteImage(tx, id);
        if (!r) throw notFound();
        await recordChange(tx, caller, { title: 'log.image.deleted', description: [r.description, modelCodes(r.model)].filter(Boolean).join(' - '), form: 'images', operation_id: id }, { entity: 'images', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
