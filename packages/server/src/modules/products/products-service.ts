import { and, count, eq, sql } from 'drizzle-orm';
import { pairText, totalPages, type Lang, type MessageKey, type ProductData, type ProductUpdateData } from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { models, productMovements, products } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { checkName, defined, ingestDownloads, type FileIngest } from '../catalogue/shared.js';
import { findProduct, listProducts, modelCopies, productColumns, type ProductListArgs } from './products-repository.js';
import { versionIs } from '../../lib/version.js';

/** Other areas (offers, orders) may refuse a product's deletion while they hold records of it. */
export type ProductDeleteGuard = (tx: Executor, productId: string) => Promise<MessageKey | null>;

export function createProductsService(deps: { db: Db; files: FileIngest }) {
  const { db, files } = deps;
  const deleteGuards: ProductDeleteGuard[] = [
    async (tx, id) => {
      const [m] = await tx.select({ id: productMovements.id }).from(productMovements).where(eq(productMovements.product_id, id)).limit(1);
      return m ? 'product.hasMovements' : null;
    },
    // A semi-finished product ('Yarı Mamül') named as a component in a model's bill of operations.
    async (tx, id) => {
      const [{ n }] = await tx.select({ n: count() }).from(models)
        .where(sql`${models.productiondetail} @> ${JSON.stringify([{ OperationComponent: [{ value: id }] }])}::jsonb`);
      return Number(n) > 0 ? 'product.inUse' : null;
    },
    // …or in another product's bill of operations, where a 'Yarı Mamül' row keeps the component's id in `information`.
    async (tx, id) => {
      const [{ n }] = await tx.select({ n: count() }).from(products)
        .where(and(sql`${products.production} @> ${JSON.stringify([{ op_name: 'Yarı Mamül', information: id }])}::jsonb`, sql`${products.id} <> ${id}`));
      return Number(n) > 0 ? 'product.inUse' : null;
    },
  ];

  async function modelOf(tx: Executor, id: string) {
    const [m] = await tx.select({ model_kategori: models.model_kategori, model_sira: models.model_sira, model_kodu: models.model_kodu, model_adi_tr: models.model_adi_tr })
      .from(models).where(eq(models.id, id)).limit(1);
    if (!m) throw new AppError(400, 'product.model.required', { urun_model: 'product.model.required' });
    return modelCopies(m);
  }

  async function ingestFiles(tx: Executor, d: Pick<ProductUpdateData, 'technicalDrawing' | 'productImages' | 'productDownloads'>) {
    let images: { image: string; description: NonNullable<ProductUpdateData['productImages']>[number]['description'] }[] | undefined;
    if (d.productImages) {
      images = [];
      for (const [i, img] of d.productImages.entries()) {
        images.push({ image: await files.ingest(tx, img.image, `productImages.${i}.image`, { kind: 'image' }), description: img.description });
      }
    }
    return {
      technical_drawing: d.technicalDrawing === undefined ? undefined : await files.ingest(tx, d.technicalDrawing, 'technicalDrawing'),
      product_images: images,
      product_downloads: d.productDownloads === undefined ? undefined : await ingestDownloads(files, tx, d.productDownloads, 'productDownloads'),
    };
  }

  return {
    addDeleteGuard(g: ProductDeleteGuard) { deleteGuards.push(g); },

    async list(args: ProductListArgs) {
      const { rows, total } = await listProducts(db, args);
      return { products: rows, page: args.page, totalPage: totalPages(total, args.pageSize), totalItemCount: total };
    },

    async get(id: string) {
      const p = await findProduct(db, id);
      if (!p) throw notFound();
      return p;
    },

    /** Creates a product; a copied row's _id, __v and stockSum were already dropped by the schema. */
    async create(caller: Actor, data: ProductData, lang: Lang) {
      checkName(data.urun_adi, lang, 'urun_adi', 'product.name.short');
      const id = newId();
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(data, () => db.transaction(async (tx) => {
        const model = await modelOf(tx, data.urun_model);
        const stored = await ingestFiles(tx, data);
        await tx.insert(products).values({
          id, ...productColumns(data), urun_adi_tr: data.urun_adi[0], model_id: data.urun_model, ...model,
          technical_drawing: stored.technical_drawing ?? '', product_images: stored.product_images ?? [], product_downloads: stored.product_downloads ?? [],
        });
        await recordChange(tx, caller, { title: 'log.product.created', description: `${data.urun_kodu} ${pairText(data.urun_adi, 'tr')}`, form: 'products', operation_id: id }, { entity: 'products', id, action: 'created' });
      }));
      return (await findProduct(db, id))!;
    },

    async update(caller: Actor, id: string, data: ProductUpdateData, lang: Lang) {
      checkName(data.urun_adi, lang, 'urun_adi', 'product.name.short');
      const { __v, ...fields } = data;
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(fields, () => db.transaction(async (tx) => {
        const model = fields.urun_model === undefined ? undefined : await modelOf(tx, fields.urun_model);
        const stored = await ingestFiles(tx, fields);
        const [row] = await tx.update(products).set({
          ...productColumns(fields), ...defined(stored),
          ...(model ?? {}),
          updated_at: new Date(), version: sql`${products.version} + 1`,
        }).where(and(eq(products.id, id), versionIs(products.version, __v))).returning({ kodu: products.urun_kodu, adi: products.urun_adi_tr });
        if (!row) {
          const [exists] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
          if (!exists) throw notFound();
          throw conflict();
        }
        await recordChange(tx, caller, { title: 'log.product.updated', description: `${row.kodu} ${row.adi}`, form: 'products', operation_id: id }, { entity: 'products', id, action: 'updated' });
      }));
      return (await findProduct(db, id))!;
    },

    async remove(caller: Actor, id: string) {
      await db.transaction(async (tx) => {
        // Locked so a movement cannot be written while the checks run (the ledger updates this row too).
        const [current] = await tx.select({ kodu: products.urun_kodu, adi: products.urun_adi_tr }).from(products).where(eq(products.id, id)).for('update').limit(1);
        if (!current) throw notFound();
        for (const guard of deleteGuards) {
          const key = await guard(tx, id);
          if (key) throw conflict(key);
        }
        await tx.delete(products).where(eq(products.id, id));
        await recordChange(tx, caller, { title: 'log.product.deleted', description: `${current.kodu} ${current.adi}`, form: 'products', operation_id: id }, { entity: 'products', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
