import { totalPages, type MaterialData, type MaterialUpdateData, type MessageKey } from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { withAnchor } from '../../lib/anchored-page.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { defined, type FileIngest } from '../catalogue/shared.js';
import {
  deleteMaterial, findMaterial, insertMaterial, listMaterials, lockMaterialName, materialCategories, materialColumns, materialExists, updateMaterial,
  type MaterialListArgs,
} from './materials-repository.js';
import { modelsNamingComponent } from '../models/models-repository.js';
import { productsNamingMaterial } from '../products/products-repository.js';
import { materialHasMovements } from '../stock/stock-repository.js';

/** Other areas (purchasing) may refuse a material's deletion while they hold records of it. */
export type MaterialDeleteGuard = (tx: Executor, materialId: string) => Promise<MessageKey | null>;

export function createMaterialsService(deps: { db: Db; files: FileIngest }) {
  const { db, files } = deps;
  const deleteGuards: MaterialDeleteGuard[] = [
    async (tx, id) => ((await materialHasMovements(tx, id)) ? 'material.hasMovements' : null),
    // Named in a product's production rows (information) or a model's operation components.
    async (tx, id) => {
      if ((await productsNamingMaterial(tx, id)) > 0) return 'material.inUse';
      return (await modelsNamingComponent(tx, id)) > 0 ? 'material.inUse' : null;
    },
  ];

  return {
    addDeleteGuard(g: MaterialDeleteGuard) { deleteGuards.push(g); },

    async list(args: MaterialListArgs) {
      const { rows, total, anchor } = await listMaterials(db, args);
      return withAnchor({ materials: rows, page: args.page, totalPage: totalPages(total, args.pageSize), totalItemCount: total }, anchor);
    },

    categories: () => materialCategories(db),

    async get(id: string) {
      const m = await findMaterial(db, id);
      if (!m) throw notFound();
      return m;
    },

    async create(caller: Actor, data: MaterialData) {
      const id = newId();
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(data, () => db.transaction(async (tx) => {
        const img = await files.ingest(tx, data.material_img, 'material_img', { kind: 'image' });
        await insertMaterial(tx, { id, ...materialColumns(data), material_name: data.material_name, material_category: data.material_category, material_group: data.material_group, material_img: img });
        await recordChange(tx, caller, { title: 'log.material.created', description: data.material_name, form: 'materials', operation_id: id }, { entity: 'materials', id, action: 'created' });
      }));
      return (await findMaterial(db, id))!;
    },

    /** Stock figures are the ledger's: an update never touches them (nor bumps on a movement). */
    async update(caller: Actor, id: string, data: MaterialUpdateData) {
      const { __v, material_img, ...fields } = data;
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(material_img, () => db.transaction(async (tx) => {
        const img = material_img === undefined ? undefined : await files.ingest(tx, material_img, 'material_img', { kind: 'image' });
        const row = await updateMaterial(tx, id, { ...materialColumns(fields), ...defined({ material_img: img }) }, __v);
        if (!row) {
          if (!(await materialExists(tx, id))) throw notFound();
          throw conflict();
        }
        await recordChange(tx, caller, { title: 'log.material.updated', description: row.name, form: 'materials', operation_id: id }, { entity: 'materials', id, action: 'updated' });
      }));
      return (await findMaterial(db, id))!;
    },

    async remove(caller: Actor, id: string) {
      await db.transaction(async (tx) => {
        const current = await lockMaterialName(tx, id);
        if (!current) throw notFound();
        for (const guard of deleteGuards) {
          const key = await guard(tx, id);
          if (key) throw conflict(key);
        }
        await deleteMaterial(tx, id);
        await recordChange(tx, caller, { title: 'log.material.deleted', description: current.name, form: 'materials', operation_id: id }, { entity: 'materials', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type MaterialsService = ReturnType<typeof createMaterialsService>;
