import { count, eq } from 'drizzle-orm';
import { materialInputSchema, modelInputSchema, productInputSchema } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { images, materials, models, products } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { canRenderPictures, createDemoImages } from '../../seed/demo-images.js';
import { createFilesService } from '../files/files-service.js';
import { materialColumns } from '../materials/materials-repository.js';
import { modelColumns } from '../models/models-repository.js';
import { modelCopies, productColumns } from '../products/products-repository.js';
import { addMaterialMovement, addProductMovement } from '../stock/ledger-repository.js';
import { IMAGE_LIBRARY_PLAN, MODEL_DEFS, makeMaterial, makeModel, makeMovement, makeProduct, modelPictureVariant, productMediaPlan } from './catalogue-factory.js';

export interface CatalogueSeedCounts { models: number; products: number; materials: number; movements: number; productMovements: number; files: number; images: number }

/** Pictures of the demo are small; this limit only guards the seed itself. */
const SEED_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Demo catalogue (DECISIONS 1) on an empty catalogue: 12 models of all nine categories with features
 * and bills of operations, 40 products with specs and production rows, 60 materials with stock movements,
 * and product stock for some products. Written directly (no audit rows); balances through the ledger.
 * With `pictures` (default: when sharp loads) models and products get pictures, technical drawings and
 * a few PDF datasheets, and the image library a few rows (seed/demo-images.ts); each distinct file is
 * rendered and stored once in the file store.
 */
export async function seedCatalogue(db: Db, sizes = { models: 12, products: 40, materials: 60 }, opts: { pictures?: boolean } = {}): Promise<CatalogueSeedCounts | null> {
  const [{ n }] = await db.select({ n: count() }).from(models);
  const [{ p }] = await db.select({ p: count() }).from(materials);
  const [{ q }] = await db.select({ q: count() }).from(products);
  if (Number(n) > 0 || Number(p) > 0 || Number(q) > 0) return null;
  const counts: CatalogueSeedCounts = { models: 0, products: 0, materials: 0, movements: 0, productMovements: 0, files: 0, images: 0 };
  const withPictures = (opts.pictures ?? true) && canRenderPictures();
  const files = createFilesService({ db, maxBytes: SEED_FILE_MAX_BYTES });
  await db.transaction(async (tx) => {
    const pics = withPictures ? createDemoImages(files, tx) : null;
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
    /** A model's pictures: main, side and its dimensioned drawing (URLs of the file store). */
    const modelPictures: { main: string; side: string; drawing: string }[] = [];
    for (let i = 0; i < sizes.models; i++) {
      const d = modelInputSchema.parse(makeModel(i, mats));
      const id = newId();
      const def = MODEL_DEFS[i % MODEL_DEFS.length];
      const variant = modelPictureVariant(i);
      const power = def.powers[0];
      const pictures = pics ? {
        main: await pics.picture(d.model_kategori, variant),
        side: await pics.picture(d.model_kategori, variant, true),
        drawing: await pics.drawing(d.model_kategori, d.model_kodu, [300 + power, 120 + Math.round(power / 3), 70]),
      } : { main: '', side: '', drawing: '' };
      modelPictures.push(pictures);
      await tx.insert(models).values({ id, ...modelColumns(d), model_resim: pictures.main, model_adi_tr: d.model_adi[0], model_kodu: d.model_kodu, model_kategori: d.model_kategori });
      modelIds.push(id);
      copies.push(modelCopies({ model_kategori: d.model_kategori, model_sira: d.model_sira, model_kodu: d.model_kodu, model_adi_tr: d.model_adi[0] }));
    }
    counts.models = modelIds.length;

    /** Main and most side images; a drawing for the complete products (the others stay incomplete); a few datasheets. */
    async function productMedia(i: number, mi: number, dimensions: string) {
      const plan = productMediaPlan(i);
      const pic = modelPictures[mi];
      const def = MODEL_DEFS[mi % MODEL_DEFS.length];
      const productImages = [{ image: pic.main, description: 'Ana Görsel' as const }, ...(plan.side ? [{ image: pic.side, description: 'Yan Görsel' as const }] : [])];
      const productDownloads = [];
      if (plan.datasheet && pics) {
        const pdf = await pics.pdf(def.code, [`${def.en}`, `Datasheet ${def.code}`, `Powers: ${def.powers.join(', ')} ${def.category === 8 ? 'Ah' : 'W'}`, `Certificates: ${def.certificates.join(', ')}`, 'Isik Aydinlatma - demo data']);
        productDownloads.push({ name: `${def.code}-datasheet.pdf`, size: String(pdf.size), type: 'application/pdf', file: pdf.url });
      }
      return { product_images: productImages, technical_drawing: dimensions.startsWith('XX') ? '' : pic.drawing, product_downloads: productDownloads };
    }

    const productIds: { id: string; code: string; category: number; price: string }[] = [];
    for (let i = 0; i < sizes.products; i++) {
      const mi = i % modelIds.length;
      const d = productInputSchema.parse(makeProduct(i, { id: modelIds[mi], index: mi }, mats));
      const id = newId();
      const media = pics ? await productMedia(i, mi, d.product_dimensions) : {};
      await tx.insert(products).values({ id, ...productColumns(d), ...media, urun_adi_tr: d.urun_adi[0], model_id: d.urun_model, ...copies[mi] });
      productIds.push({ id, code: d.urun_kodu, category: copies[mi].model_category, price: d.urun_fiyat });
    }
    counts.products = productIds.length;

    // The image library (/imagemanagment): a few of the models' pictures, linked to their models.
    if (pics) {
      for (const [k, row] of IMAGE_LIBRARY_PLAN.entries()) {
        if (row.model >= modelIds.length) continue;
        const pic = modelPictures[row.model];
        const file = await files.ingestFile(tx, pic[row.picture], 'image', { kind: 'image' });
        if (!file) continue;
        const code = copies[row.model].model_code;
        await tx.insert(images).values({
          id: newId(), model: [{ label: code, value: modelIds[row.model] }], image: file.url, smallimage: file.smallUrl,
          description: row.description, date: new Date(Date.now() - (IMAGE_LIBRARY_PLAN.length - k) * 3_600_000),
        });
        counts.images++;
      }
      counts.files = pics.count;
    }

    // Semi-finished components ('Yarı Mamül'): LED modules, panels and battery packs of the catalogue.
    const components = productIds.filter((x) => x.category >= 6).slice(0, 2).map((c) => ({ label: c.code, value: c.id }));
    for (const [i, id] of modelIds.entries()) {
      const d = modelInputSchema.parse(makeModel(i, mats));
      if (components.length === 0 || !d.productiondetail.some((op) => op.Operation === 'Yarı Mamül')) continue;
      const detail = modelColumns(d).productiondetail!.map((op) => (op.Operation === 'Yarı Mamül' ? { ...op, OperationComponent: components } : op));
      await tx.update(models).set({ productiondetail: detail }).where(eq(models.id, id));
    }

    // Material stock: an opening stock a factory would hold (about 5,000 $ of each part, 200 to 100,000 units, so the
    // demo orders' production never drives a balance below zero), then 3-6 movements each over the last months.
    const start = new Date(Date.now() - 120 * 86_400_000);
    for (const m of mats) {
      const price = Number(m.material_price) > 0 ? Number(m.material_price) : 1;
      const qty = Math.min(100_000, Math.max(200, Math.round(5000 / price)));
      await addMaterialMovement(tx, null, {
        stock_id: m.id, operation_type: 'giris', operation_center: 'fatura', qty, price, doviz: m.material_doviz,
        description: 'Açılış stoğu', operation_date: new Date(start.getTime() - 86_400_000), source: 'manual',
      }, { log: false });
      counts.movements++;
    }
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
