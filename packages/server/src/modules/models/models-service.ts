import { pairText, totalPages, type Lang, type MessageKey, type ModelData, type ModelUpdateData } from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { notifyInTx } from '../../db/database.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { checkName, defined, ingestDownloads, type FileIngest } from '../catalogue/shared.js';
import { deleteModel, findModel, findModelRow, insertModel, listModels, lockModelName, modelColumns, updateModel, type ModelListArgs } from './models-repository.js';
import { modelCopies, productCountOfModel, refreshModelCopies } from '../products/products-repository.js';

/** Other areas may refuse a model's deletion while they hold records of it (message key or null). */
export type ModelDeleteGuard = (tx: Executor, modelId: string) => Promise<MessageKey | null>;

export function createModelsService(deps: { db: Db; files: FileIngest }) {
  const { db, files } = deps;
  const deleteGuards: ModelDeleteGuard[] = [
    async (tx, id) => ((await productCountOfModel(tx, id)) > 0 ? 'model.inUse' : null),
  ];

  /** Stores uploaded files of the fields the body carries; answers the values to save. */
  async function ingestFiles(tx: Executor, d: Pick<ModelUpdateData, 'model_resim' | 'modelDownloads'>) {
    return {
      model_resim: d.model_resim === undefined ? undefined : await files.ingest(tx, d.model_resim, 'model_resim', { kind: 'image' }),
      model_downloads: d.modelDownloads === undefined ? undefined : await ingestDownloads(files, tx, d.modelDownloads, 'modelDownloads'),
    };
  }

  return {
    addDeleteGuard(g: ModelDeleteGuard) { deleteGuards.push(g); },

    async list(args: ModelListArgs) {
      const { rows, total } = await listModels(db, args);
      return { models: rows, page: args.page, totalPage: totalPages(total, args.pageSize), totalItemCount: total };
    },

    async get(id: string) {
      const m = await findModel(db, id);
      if (!m) throw notFound();
      return m;
    },

    async create(caller: Actor, data: ModelData, lang: Lang) {
      checkName(data.model_adi, lang, 'model_adi', 'model.name.short');
      const id = newId();
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(data, () => db.transaction(async (tx) => {
        const stored = await ingestFiles(tx, data);
        await insertModel(tx, {
          id, ...modelColumns(data), model_adi_tr: data.model_adi[0], model_kodu: data.model_kodu, model_kategori: data.model_kategori,
          model_resim: stored.model_resim ?? '', model_downloads: stored.model_downloads ?? [],
        });
        await recordChange(tx, caller, { title: 'log.model.created', description: `${data.model_kodu} ${pairText(data.model_adi, 'tr')}`, form: 'models', operation_id: id }, { entity: 'models', id, action: 'created' });
      }));
      return (await findModel(db, id))!;
    },

    async update(caller: Actor, id: string, data: ModelUpdateData, lang: Lang) {
      checkName(data.model_adi, lang, 'model_adi', 'model.name.short');
      const { __v, ...fields } = data;
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(fields, () => db.transaction(async (tx) => {
        const stored = await ingestFiles(tx, fields);
        const row = await updateModel(tx, id, { ...modelColumns(fields), ...defined(stored) }, __v);
        if (!row) {
          if (!(await findModelRow(tx, id))) throw notFound();
          throw conflict();
        }
        // Products keep a copy of their model's category, order, code and name for lists, search and the public catalogue.
        if (fields.model_kategori !== undefined || fields.model_sira !== undefined || fields.model_kodu !== undefined || fields.model_adi !== undefined) {
          const copies = modelCopies(row);
          if (await refreshModelCopies(tx, id, copies)) await notifyInTx(tx, { entity: 'products', action: 'changed' });
        }
        await recordChange(tx, caller, { title: 'log.model.updated', description: `${row.model_kodu} ${row.model_adi_tr}`, form: 'models', operation_id: id }, { entity: 'models', id, action: 'updated' });
      }));
      return (await findModel(db, id))!;
    },

    async remove(caller: Actor, id: string) {
      await db.transaction(async (tx) => {
        const current = await lockModelName(tx, id);
        if (!current) throw notFound();
        for (const guard of deleteGuards) {
          const key = await guard(tx, id);
          if (key) throw conflict(key);
        }
        await deleteModel(tx, id);
        await recordChange(tx, caller, { title: 'log.model.deleted', description: `${current.kodu} ${current.adi}`, form: 'models', operation_id: id }, { entity: 'models', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type ModelsService = ReturnType<typeof createModelsService>;
