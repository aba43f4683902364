import { materialInputSchema, modelInputSchema, productInputSchema, type MaterialInput, type ModelInput, type ProductInput } from '@isik/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { materials, models, products } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { materialColumns } from '../materials/materials-repository.js';
import { modelColumns } from '../models/models-repository.js';
import { modelCopies, productColumns } from '../products/products-repository.js';
import { makeMaterial, makeModel, makeProduct } from './catalogue-factory.js';

/** Fast fixtures for the API tests: rows written directly (no audit rows), from the factory plus overrides. */
export async function insertModel(db: Db, i: number, over: Partial<ModelInput> = {}): Promise<string> {
  const d = modelInputSchema.parse({ ...makeModel(i), ...over });
  const id = newId();
  await db.insert(models).values({ id, ...modelColumns(d), model_adi_tr: d.model_adi[0], model_kodu: d.model_kodu, model_kategori: d.model_kategori });
  return id;
}

/** `model.category` is informative: the copies are read from the stored model. */
export async function insertProduct(db: Db, i: number, model: { id: string; index: number; category?: number }, over: Partial<ProductInput> = {}): Promise<string> {
  const d = productInputSchema.parse({ ...makeProduct(i, model), ...over });
  const id = newId();
  const [m] = await db.select({ model_kategori: models.model_kategori, model_sira: models.model_sira, model_kodu: models.model_kodu, model_adi_tr: models.model_adi_tr }).from(models).where(eq(models.id, d.urun_model));
  await db.insert(products).values({ id, ...productColumns(d), urun_adi_tr: d.urun_adi[0], model_id: d.urun_model, ...modelCopies(m) });
  return id;
}

export async function insertMaterial(db: Db, i: number, over: Partial<MaterialInput> = {}): Promise<string> {
  const d = materialInputSchema.parse({ ...makeMaterial(i), ...over });
  const id = newId();
  await db.insert(materials).values({ id, ...materialColumns(d), material_name: d.material_name, material_category: d.material_category, material_group: d.material_group, material_img: '' });
  return id;
}

/** A 1x1 PNG as a data URL (the file store takes it and answers /api/files/<sha256>). */
export const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
