import { and, count, eq, sql } from 'drizzle-orm';
import { totalPages, type MaterialData, type MaterialUpdateData, type MessageKey } from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { materialMovements, materials, models, products } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { defined, type FileIngest } from '../catalogue/shared.js';
import { findMaterial, listMaterials, materialCategories, materialColumns, type MaterialListArgs } from './materials-repository.js';
import { versionIs } from '../../lib/version.js';

/** Other areas (purchasing) may refuse a material's deletion while they hold records of it. */
export type MaterialDeleteGuard = (tx: Executor, materialId: string) => Promise<MessageKey | null>;

export function createMaterialsService(deps: { db: Db; files: FileIngest }) {
  const { db, files } = deps;
  const deleteGuards: MaterialDeleteGuard[] = [
    async (tx, id) => {
      const [m] = await tx.select({ id: materialMovements.id }).from(materialMovements).where(eq(materialMovements.stock_id, id)).limit(1);
      return m ? 'material.hasMovements' : null;
    },
    // Named in a product's production rows (information) or a model's operation components.
    async (tx, id) => {
      const [{ n }] = await tx.select({ n: count() }).from(products).where(sql`${products.production} @> ${JSON.stringify([{ information: id }])}::jsonb`);
      if (Number(n) > 0) return 'material.inUse';
      const [{ m }] = await tx.select({ m: count() }).from(models).where(sql`${models.productiondetail} @> ${JSON.stringify([{ OperationComponent: [{ value: id }] }])}::jsonb`);
      return Number(m) > 0 ? 'material.inUse' : null;
    },
  ];

  return {
    addDeleteGuard(g: MaterialDeleteGuard) { deleteGuards.push(g); },

    async list(args: MaterialListArgs) {
      const { rows, total } = await listMaterials(db, args);
      return { materials: rows, page: args.page, totalPage: totalPages(total, args.pageSize), totalItemCount: total };
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
        await tx.insert(materials).values({ id, ...materialColumns(data), material_name: data.material_name, material_category: data.material_category, material_group: data.material_group, material_img: img });
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
        const [row] = await tx.update(materials).set({ ...materialColumns(fields), ...defined({ material_img: img }), updated_at: new Date(), version: sql`${materials.version} + 1` })
          .where(and(eq(materials.id, id), versionIs(materials.version, __v))).returning({ name: materials.material_name });
        if (!row) {
          const [exists] = await tx.select({ id: materials.id }).from(materials).where(eq(materials.id, id)).limit(1);
          if (!exists) throw notFound();
          throw conflict();
        }
        await recordChange(tx, caller, { title: 'log.material.updated', description: row.name, form: 'materials', operation_id: id }, { entity: 'materials', id, action: 'updated' });
      }));
      return (await findMaterial(db, id))!;
    },

    async remove(caller: Actor, id: string) {
      await db.transaction(async (tx) => {
        const [current] = await tx.select({ name: materials.material_name }).from(materials).where(eq(materials.id, id)).for('update').limit(1);
        if (!current) throw notFound();
        for (const guard of deleteGuards) {
          const key = await guard(tx, id);
          if (key) throw conflict(key);
        }
        await tx.delete(materials).where(eq(materials.id, id));
        await recordChange(tx, caller, { title: 'log.material.deleted', description: current.name, form: 'materials', operation_id: id }, { entity: 'materials', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type MaterialsService = ReturnType<typeof createMaterialsService>;
