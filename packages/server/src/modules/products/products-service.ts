import { pairText, totalPages, type Lang, type MessageKey, type ProductData, type ProductUpdateData } from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { withAnchor } from '../../lib/anchored-page.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { checkName, defined, ingestDownloads, type FileIngest } from '../catalogue/shared.js';
import {
  deleteProduct, findProduct, insertProduct, listProducts, lockProductName, modelCopies, productColumns, productExists, productsNamingComponent,
  updateProduct, type ProductListArgs,
} from './products-repository.js';
import { modelCopySource, modelsNamingComponent } from '../models/models-repository.js';
import { productHasMovements } from '../stock/stock-repository.js';

/** Other areas (offers, orders) may refuse a product's deletion while they hold records of it. */
export type ProductDeleteGuard = (tx: Executor, productId: string) => Promise<MessageKey | null>;

export function createProductsService(deps: { db: Db; files: FileIngest }) {
  const { db, files } = deps;
  const deleteGuards: ProductDeleteGuard[] = [
    async (tx, id) => ((await productHasMovements(tx, id)) ? 'product.hasMovements' : null),
    // A semi-finished product ('Yarı Mamül') named as a component in a model's bill of operations.
    async (tx, id) => ((await modelsNamingComponent(tx, id)) > 0 ? 'product.inUse' : null),
    // …or in another product's bill of operations, where a 'Yarı Mamül' row keeps the component's id in `information`.
    async (tx, id) => ((await productsNamingComponent(tx, id)) > 0 ? 'product.inUse' : null),
  ];

  async function modelOf(tx: Executor, id: string) {
    const m = await modelCopySource(tx, id);
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
      const { rows, total, anchor } = await listProducts(db, args);
      return withAnchor({ products: rows, page: args.page, totalPage: totalPages(total, args.pageSize), totalItemCount: total }, anchor);
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
        await insertProduct(tx, {
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
        const row = await updateProduct(tx, id, {
          ...productColumns(fields), ...defined(stored),
          ...(model ?? {}),
        }, __v);
        if (!row) {
          if (!(await productExists(tx, id))) throw notFound();
          throw conflict();
        }
        await recordChange(tx, caller, { title: 'log.product.updated', description: `${row.kodu} ${row.adi}`, form: 'products', operation_id: id }, { entity: 'products', id, action: 'updated' });
      }));
      return (await findProduct(db, id))!;
    },

    async remove(caller: Actor, id: string) {
      await db.transaction(async (tx) => {
        // Locked so a movement cannot be written while the checks run (the ledger updates this row too).
        const current = await lockProductName(tx, id);
        if (!current) throw notFound();
        for (const guard of deleteGuards) {
          const key = await guard(tx, id);
          if (key) throw conflict(key);
        }
        await deleteProduct(tx, id);
        await recordChange(tx, caller, { title: 'log.product.deleted', description: `${current.kodu} ${current.adi}`, form: 'products', operation_id: id }, { entity: 'products', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
