import { count, eq } from 'drizzle-orm';
import { materialInputSchema, modelInputSchema, productInputSchema } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { materials, models, products } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { materialColumns } from '../materials/materials-repository.js';
import { modelColumns } from '../models/models-repository.js';
import { modelCopies, productColumns } from '../products/products-repository.js';
import { addMaterialMovement, addProductMovement } from '../stock/ledger.js';
import { makeMaterial, makeModel, makeMovement, makeProduct } from './catalogue-factory.js';

export interface CatalogueSeedCounts { models: number; products: number; materials: number; movements: number; productMovements: number }

/**
 * Demo catalogue (DECISIONS 1) on an empty catalogue: 12 models of all nine categories with features
 * and bills of operations, 40 products with specs and production rows, 60 materials with stock movements,
 * and product stock for some products. Written directly (no audit rows); balances through the ledger.
 */
export async function seedCatalogue(db: Db, sizes = { models: 12, products: 40, materials: 60 }): Promise<CatalogueSeedCounts | null> {
  const [{ n }] = await db.select({ n: count() }).from(models);
  const [{ p }] = await db.select({ p: count() }).from(materials);
  if (Number(n) > 0 || Number(p) > 0) return null;
  const counts: CatalogueSeedCounts = { models: 0, products: 0, materials: 0, movements: 0, productMovements: 0 };
  await db.transaction(async (tx) => {
    const mats: { id: string; material_name: string; material_category: string; material_group: string; material_price: string; material_doviz: string }[] = [];
    for (let i = 0; i < sizes.materials; i++) {
      const d = materialInputSchema.parse(makeMaterial(i));
      const id = newId();
      await tx.insert(materials).values({ id, ...materialColumns(d), material_name: d.material_name, material_category: d.material_category, material_group: d.material_group, material_img: '' });
      mats.push({ id, material_name: d.material_name, material_category: d.material_category, material_group: d.material_group, material_price: d.material_price, material_doviz: d.material_doviz });
    }
    counts.materials = mats.length;

    const modelIds: string[] = [];
    const copies: ReturnType<typeof modelCopies>[] = [];
    for (let i = 0; i < sizes.models; i++) {
      const d = modelInputSchema.parse(makeModel(i, mats));
      const id = newId();
      await tx.insert(models).values({ id, ...modelColumns(d), model_adi_tr: d.model_adi[0], model_kodu: d.model_kodu, model_kategori: d.model_kategori });
      modelIds.push(id);
      copies.push(modelCopies({ model_kategori: d.model_kategori, model_sira: d.model_sira, model_kodu: d.model_kodu, model_adi_tr: d.model_adi[0] }));
    }
    counts.models = modelIds.length;

    const productIds: { id: string; code: string; category: number; price: string }[] = [];
    for (let i = 0; i < sizes.products; i++) {
      const mi = i % modelIds.length;
      const d = productInputSchema.parse(makeProduct(i, { id: modelIds[mi], index: mi }, mats));
      const id = newId();
      await tx.insert(products).values({ id, ...productColumns(d), urun_adi_tr: d.urun_adi[0], model_id: d.urun_model, ...copies[mi] });
      productIds.push({ id, code: d.urun_kodu, category: copies[mi].model_category, price: d.urun_fiyat });
    }
    counts.products = productIds.length;

    // Semi-finished components ('Yarı Mamül'): LED modules, panels and battery packs of the catalogue.
    const components = productIds.filter((x) => x.category >= 6).slice(0, 2).map((c) => ({ label: c.code, value: c.id }));
    for (const [i, id] of modelIds.entries()) {
      const d = modelInputSchema.parse(makeModel(i, mats));
      if (components.length === 0 || !d.productiondetail.some((op) => op.Operation === 'Yarı Mamül')) continue;
      const detail = modelColumns(d).productiondetail!.map((op) => (op.Operation === 'Yarı Mamül' ? { ...op, OperationComponent: components } : op));
      await tx.update(models).set({ productiondetail: detail }).where(eq(models.id, id));
    }

    // Material stock: 3-6 movements each over the last months.
    const start = new Date(Date.now() - 120 * 86_400_000);
    for (const [i, m] of mats.entries()) {
      const nMov = 3 + (i % 4);
      for (let j = 0; j < nMov; j++) {
        await addMaterialMovement(tx, null, makeMovement(j, m, new Date(start.getTime() + (i % 20) * 86_400_000)), { log: false });
        counts.movements++;
      }
    }

    // Product stock: finished goods from production and a few deliveries.
    for (const [i, pr] of productIds.entries()) {
      if (i % 3 !== 0) continue;
      await addProductMovement(tx, null, { product_id: pr.id, operation_type: 'giris', operation_center: 'uretim', qty: 10 + (i % 5) * 5, price: pr.price, description: 'Stok üretimi', operation_date: new Date(start.getTime() + i * 86_400_000), source: 'manual' }, { log: false });
      counts.productMovements++;
      if (i % 2 === 0) {
        await addProductMovement(tx, null, { product_id: pr.id, operation_type: 'cikis', operation_center: 'teslimat', qty: 2 + (i % 3), price: pr.price, description: 'Manuel Stok Hareketi', operation_date: new Date(start.getTime() + (i + 10) * 86_400_000), source: 'manual' }, { log: false });
        counts.productMovements++;
      }
    }
  });
  return counts;
}
