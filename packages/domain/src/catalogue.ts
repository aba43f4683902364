import { z } from 'zod';
import { listEnvelope, versionSchema } from './common.js';
import { CURRENCIES, DEFAULT_CURRENCY, isDecimal, round, dec } from './money.js';
import { decimalField, intChoice, wholeNumberField } from './decimal-input.js';
import { MODEL_CATEGORIES, MODEL_SORTS, PRODUCT_SORTS, PRODUCT_LIST_TYPES, MATERIAL_SORTS, PUBLIC_SORTS, SOLAR_PANEL_CATEGORY, BATTERY_CATEGORY, VAT_CHOICES, DEFAULT_VAT, UNITS, DEFAULT_UNIT, CCT_OPTIONS, OPTIC_OPTIONS, PRODUCT_IMAGE_DESCRIPTIONS, MAIN_IMAGE, DEFAULT_OPERATIONS, DIMENSIONS_PLACEHOLDER, type Pair, hasText, toPair, NAME_MIN } from './catalogue-constants.js';

// The constants and the pair helpers live in catalogue-constants.ts (no zod): the web client's public pages import
// them without pulling zod and decimal.js into their first download (ADR 0018).
export * from './catalogue-constants.js';

/**
 * Catalogue area (spec 001 sections 2.1-2.8, 3.1-3.3, 5, 9): models, products, materials and the
 * public catalogue. Schemas carry message keys; the server and the web client share them.
 */

/** A bilingual value as the client sends it: [tr, en] (sides may be empty or null) or a plain string (Turkish). */
export const pairInput = (max = 200, key: 'error.invalidType' | 'model.name.short' | 'product.name.short' = 'error.invalidType') =>
  z.union([
    z.string().max(max, { error: 'error.tooLong' }),
    z.array(z.union([z.string().max(max, { error: 'error.tooLong' }), z.null()])).max(2, { error: 'error.invalidType' }),
  ], { error: key }).transform((v): Pair => (typeof v === 'string' ? toPair(v) : toPair(v[0], v[1])));

// ------------------------------------------------------------------ input helpers

/** '' and null mean "not given" for query parameters (the client sends ?orderBy=&search=). */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A number the client may send as number or text ('12,5', read by readDecimal); '' and null are 0. */
export function numberInput(opts: { min?: number; max?: number; int?: boolean; key?: 'catalogue.number.invalid' } = {}) {
  const { min = 0, max = 1e9, int = false } = opts;
  if (int) return wholeNumberField({ key: 'catalogue.number.invalid', label: 'value', min, max, blank: 0 });
  return decimalField({ key: 'catalogue.number.invalid', label: 'value', places: 10, min, max, blank: '0' }).transform(Number);
}

/** An amount kept exact: answered as a decimal string rounded to `places` (stored in numeric columns). */
export function decimalInput(opts: { min?: number; max?: number; places?: number; key?: 'catalogue.number.invalid' | 'stock.price.required' } = {}) {
  const { min = 0, max = 1e11, places = 4, key = 'catalogue.number.invalid' } = opts;
  return decimalField({ key, label: 'price', places, min, max, blank: '0' });
}

const text = (max = 500) => z.union([z.string().max(max, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' }).transform((v) => (v ?? '').trim());
/** A file value: a data URL to store, an /api/files URL, or ''. Checked and stored by the files service. */
const fileValue = () => z.union([z.string().max(20_000_000, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' }).transform((v) => v ?? '');
const stringList = (maxItems = 50, max = 200) =>
  z.union([z.string().max(2000, { error: 'error.tooLong' }), z.array(z.string().max(max, { error: 'error.tooLong' })).max(maxItems, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' })
    .transform((v) => (v === null ? [] : typeof v === 'string' ? v.split(',') : v).map((s) => s.trim()).filter((s) => s !== ''));
const textOf = (v: string | number) => String(v).trim();
const currency = () => z.union([z.string(), z.number()], { error: 'catalogue.currency.invalid' }).transform(textOf).pipe(z.enum(CURRENCIES, { error: 'catalogue.currency.invalid' }));
const unit = () => z.union([z.string(), z.null()], { error: 'catalogue.unit.invalid' }).transform((v) => (v ?? '').trim() || 'Adet').pipe(z.enum(UNITS, { error: 'catalogue.unit.invalid' }));

/** Downloads of a model or product: name, size, type and the file (a data URL in `base64` or `file` is stored). */
export const downloadInput = z.object({
  name: text(300),
  size: z.union([z.number(), z.string().max(40), z.null()], { error: 'error.invalidType' }).optional().transform((v) => (v === null || v === undefined ? '' : String(v))),
  type: text(200).optional().transform((v) => v ?? ''),
  file: fileValue().optional().transform((v) => v ?? ''),
  base64: fileValue().optional().transform((v) => v ?? ''),
}, { error: 'error.invalidType' });
export interface Download { name: string; size: string; type: string; file: string }
const downloadList = () => z.array(downloadInput, { error: 'error.invalidType' }).max(50, { error: 'error.tooLong' });

// ------------------------------------------------------------------ models (3.1)

export const modelFeatureInput = z.object({
  no: numberInput({ int: true, max: 100000 }).optional(),
  label: pairInput(300).optional().transform((v) => v ?? toPair('')),
  feature: pairInput(1000).optional().transform((v) => v ?? toPair('')),
}, { error: 'error.invalidType' });
export interface ModelFeature { no: number; label: Pair; feature: Pair }

export const operationComponentInput = z.object({
  label: text(300),
  value: z.union([z.string().max(64, { error: 'error.tooLong' }), z.number()], { error: 'error.invalidType' }).transform(textOf),
}, { error: 'error.invalidType' });
export interface OperationComponent { label: string; value: string }

export const productionDetailInput = z.object({
  No: numberInput({ int: true, max: 100000 }).optional(),
  Operation: z.enum(DEFAULT_OPERATIONS, { error: 'catalogue.operation.invalid' }),
  OperationDescription: text(2000).optional().transform((v) => v ?? ''),
  OperationComponent: z.array(operationComponentInput, { error: 'error.invalidType' }).max(200, { error: 'error.tooLong' }).nullable().optional().transform((v) => v ?? []),
}, { error: 'error.invalidType' });
export interface ProductionDetail { No: number; Operation: (typeof DEFAULT_OPERATIONS)[number]; OperationDescription: string; OperationComponent: OperationComponent[] }

/** The category's index (0-8), as a number or its exact text; '', '-0', '1e0', ' 1' are refused. */
const modelCategory = intChoice(MODEL_CATEGORIES, 'model.category.required');

const modelFields = {
  model_sira: numberInput({ int: true, max: 1e6 }),
  model_adi: pairInput(200, 'model.name.short').refine((p) => p.some((s) => hasText(s) && s.trim().length >= NAME_MIN), { error: 'model.name.short' }),
  model_kodu: z.string({ error: 'model.code.required' }).trim().min(2, { error: 'model.code.required' }).max(60, { error: 'error.tooLong' }),
  model_aciklama: pairInput(4000),
  model_birimi: unit(),
  model_kdv: z.union([z.string(), z.number()], { error: 'catalogue.vat.invalid' }).transform(textOf).pipe(z.enum(VAT_CHOICES, { error: 'catalogue.vat.invalid' })),
  model_kategori: modelCategory,
  model_durumu: z.boolean({ error: 'error.invalidType' }),
  model_etiket: stringList(50, 100),
  certificates: stringList(50, 100),
  model_resim: fileValue(),
  modelDownloads: downloadList(),
  ModelFeatures: z.array(modelFeatureInput, { error: 'error.invalidType' }).max(300, { error: 'error.tooLong' }),
  productiondetail: z.array(productionDetailInput, { error: 'error.invalidType' }).max(100, { error: 'error.tooLong' }),
};

export const modelInputSchema = z.object({
  ...modelFields,
  model_sira: modelFields.model_sira.default(0),
  model_adi: modelFields.model_adi,
  model_aciklama: modelFields.model_aciklama.default(toPair('')),
  model_birimi: modelFields.model_birimi.default(DEFAULT_UNIT),
  model_kdv: modelFields.model_kdv.default(DEFAULT_VAT),
  model_durumu: modelFields.model_durumu.default(true),
  model_etiket: modelFields.model_etiket.default([]),
  certificates: modelFields.certificates.default([]),
  model_resim: modelFields.model_resim.default(''),
  modelDownloads: modelFields.modelDownloads.default([]),
  ModelFeatures: modelFields.ModelFeatures.default([]),
  productiondetail: modelFields.productiondetail.default([]),
}, { error: 'error.invalidType' });
/** An update keeps every field it leaves out; `__v` must be the version read. */
export const modelUpdateSchema = z.object(modelFields, { error: 'error.invalidType' }).partial().extend({ __v: versionSchema });
export type ModelInput = z.input<typeof modelInputSchema>;
export type ModelData = z.output<typeof modelInputSchema>;
export type ModelUpdateData = z.output<typeof modelUpdateSchema>;

const pairOut = z.tuple([z.string(), z.string()]);
const downloadOut = z.object({ name: z.string(), size: z.string(), type: z.string(), file: z.string() });
const modelFeatureOut = z.object({ no: z.number(), label: pairOut, feature: pairOut });
const productionDetailOut = z.object({ No: z.number(), Operation: z.string(), OperationDescription: z.string(), OperationComponent: z.array(z.object({ label: z.string(), value: z.string() })) });

export const modelLightSchema = z.object({
  _id: z.string(),
  model_sira: z.number(),
  model_adi: pairOut,
  model_kodu: z.string(),
  model_aciklama: pairOut,
  model_birimi: z.string(),
  model_kdv: z.string(),
  model_kategori: z.number(),
  model_durumu: z.boolean(),
  model_etiket: z.array(z.string()),
  certificates: z.array(z.string()),
  model_resim: z.string(),
  productCount: z.number().optional(),
  date: z.string(),
  __v: z.number(),
});
export const modelSchema = modelLightSchema.extend({
  modelDownloads: z.array(downloadOut),
  ModelFeatures: z.array(modelFeatureOut),
  productiondetail: z.array(productionDetailOut),
});
export const modelProductionSchema = z.object({ _id: z.string(), model_kodu: z.string(), model_adi: pairOut, productiondetail: z.array(productionDetailOut) });
export type ModelLight = z.infer<typeof modelLightSchema>;
export type Model = z.infer<typeof modelSchema>;
export type ModelProduction = z.infer<typeof modelProductionSchema>;
/** GET /models/list: 'list' light rows, 'detail' whole models, 'productionlist' code, name and bill of operations. */
export const modelListSchema = listEnvelope('models', z.union([modelSchema, modelLightSchema, modelProductionSchema]));
/** The 'list' variant, as the screens and pickers read it. */
export const modelLightListSchema = listEnvelope('models', modelLightSchema);
export type ModelLightList = z.infer<typeof modelLightListSchema>;
export type ModelSort = (typeof MODEL_SORTS)[number];

/** The model as embedded in a product (urun_model). */
export const embeddedModelSchema = z.object({
  _id: z.string(),
  model_kodu: z.string(),
  model_adi: pairOut,
  model_kdv: z.string(),
  model_birimi: z.string(),
  model_kategori: z.number(),
  model_sira: z.number(),
  model_durumu: z.boolean(),
  certificates: z.array(z.string()),
  ModelFeatures: z.array(modelFeatureOut),
  modelDownloads: z.array(downloadOut),
});
export type EmbeddedModel = z.infer<typeof embeddedModelSchema>;

// ------------------------------------------------------------------ products (3.2)

export const productImageInput = z.object({
  image: fileValue(),
  description: z.union([z.string(), z.null()], { error: 'catalogue.imageDescription.invalid' }).optional().transform((v) => (v ?? '').trim() || MAIN_IMAGE)
    .pipe(z.enum(PRODUCT_IMAGE_DESCRIPTIONS, { error: 'catalogue.imageDescription.invalid' })),
}, { error: 'error.invalidType' });
export interface ProductImage { image: string; description: (typeof PRODUCT_IMAGE_DESCRIPTIONS)[number] }

export const productSpecInput = z.object({
  no: numberInput({ int: true, max: 100000 }).optional(),
  sira: numberInput({ int: true, max: 100000 }).optional(),
  urun_ozellik: pairInput(300).optional().transform((v) => v ?? toPair('')),
  urun_aciklama: stringListStrict(),
  product_description: stringListStrict(),
}, { error: 'error.invalidType' }).transform(({ sira, ...r }) => ({ ...r, no: r.no ?? sira }));
function stringListStrict() {
  return z.union([z.array(z.union([z.string().max(1000, { error: 'error.tooLong' }), z.null()])).max(100, { error: 'error.tooLong' }), z.string().max(1000, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' })
    .optional().transform((v) => (v === null || v === undefined ? [] : typeof v === 'string' ? [v] : v.map((s) => s ?? '')));
}
export interface ProductSpec { no: number; urun_ozellik: Pair; urun_aciklama: string[]; product_description: string[] }

export const productionRowInput = z.object({
  op_name: text(200).optional().transform((v) => v ?? ''),
  material_category: text(200).optional().transform((v) => v ?? ''),
  material_group: text(200).optional().transform((v) => v ?? ''),
  /** The material's id. */
  information: z.union([z.string().max(64, { error: 'error.tooLong' }), z.number(), z.null()], { error: 'error.invalidType' }).optional().transform((v) => (v === null || v === undefined ? '' : textOf(v))),
  materialqyt: numberInput({ max: 1e7 }).optional().transform((v) => v ?? 1),
  op_qty: numberInput({ max: 1e7 }).optional().transform((v) => v ?? 1),
  rowTotal: numberInput({ max: 1e11 }).optional().transform((v) => v ?? 0),
  materialprice: numberInput({ max: 1e11 }).optional().transform((v) => v ?? 0),
  materialcurrency: currency().optional().transform((v) => v ?? DEFAULT_CURRENCY),
  StockUpdate: z.boolean({ error: 'error.invalidType' }).optional(),
}, { error: 'error.invalidType' });
export type ProductionRow = z.output<typeof productionRowInput>;

/** The model of a product: its _id, or the model object (the client sends what it read). */
const productModelRef = z.union([
  z.string().trim(),
  z.object({ _id: z.string({ error: 'product.model.required' }).trim() }, { error: 'product.model.required' }).loose().transform((m) => m._id),
  z.null(),
], { error: 'product.model.required' }).transform((v) => v ?? '').pipe(z.string().min(2, { error: 'product.model.required' }).max(64, { error: 'product.model.required' }));

const productFields = {
  urun_sira: numberInput({ int: true, max: 1e6 }),
  urun_adi: pairInput(200, 'product.name.short').refine((p) => p.some((s) => hasText(s) && s.trim().length >= NAME_MIN), { error: 'product.name.short' }),
  urun_model: productModelRef,
  urun_kodu: text(100),
  urun_guc: numberInput({ max: 1e7 }),
  urun_lumen: numberInput({ max: 1e8 }),
  urun_kapasite: numberInput({ max: 1e7 }),
  urun_voltaj: numberInput({ max: 1e6 }),
  urun_durumu: z.boolean({ error: 'error.invalidType' }),
  urun_doviz: currency(),
  urun_fiyat: decimalInput({ places: 4 }),
  urun_panel: numberInput({ max: 1e7 }),
  urun_aku: numberInput({ max: 1e7 }),
  urun_cct: z.union([z.string(), z.null()], { error: 'catalogue.cct.invalid' }).transform((v) => (v ?? '').trim() || 'XXXX').pipe(z.enum(CCT_OPTIONS, { error: 'catalogue.cct.invalid' })),
  urun_optik: z.union([z.string(), z.number(), z.null()], { error: 'catalogue.optic.invalid' }).transform((v) => (v === null ? '' : textOf(v)) || 'XX').pipe(z.enum(OPTIC_OPTIONS, { error: 'catalogue.optic.invalid' })),
  product_dimensions: text(100),
  product_weight: numberInput({ max: 1e6 }),
  technicalDrawing: fileValue(),
  productImages: z.array(productImageInput, { error: 'error.invalidType' }).max(30, { error: 'error.tooLong' }),
  productDownloads: downloadList(),
  urun_ozellikler: z.array(productSpecInput, { error: 'error.invalidType' }).max(200, { error: 'error.tooLong' }),
  production: z.array(productionRowInput, { error: 'error.invalidType' }).max(300, { error: 'error.tooLong' }),
};

/** Create: `_id`, `__v` and `stockSum` of a copied row are ignored (unknown keys are dropped). */
export const productInputSchema = z.object({
  ...productFields,
  urun_sira: productFields.urun_sira.default(0),
  urun_kodu: productFields.urun_kodu.default(''),
  urun_guc: productFields.urun_guc.default(0),
  urun_lumen: productFields.urun_lumen.default(0),
  urun_kapasite: productFields.urun_kapasite.default(0),
  urun_voltaj: productFields.urun_voltaj.default(0),
  urun_durumu: productFields.urun_durumu.default(true),
  urun_doviz: productFields.urun_doviz.default(DEFAULT_CURRENCY),
  urun_fiyat: productFields.urun_fiyat.default('0'),
  urun_panel: productFields.urun_panel.default(0),
  urun_aku: productFields.urun_aku.default(0),
  urun_cct: productFields.urun_cct.default('XXXX'),
  urun_optik: productFields.urun_optik.default('XX'),
  product_dimensions: productFields.product_dimensions.default(DIMENSIONS_PLACEHOLDER),
  product_weight: productFields.product_weight.default(0),
  technicalDrawing: productFields.technicalDrawing.default(''),
  productImages: productFields.productImages.default([]),
  productDownloads: productFields.productDownloads.default([]),
  urun_ozellikler: productFields.urun_ozellikler.default([]),
  production: productFields.production.default([]),
}, { error: 'error.invalidType' });
export const productUpdateSchema = z.object(productFields, { error: 'error.invalidType' }).partial().extend({ __v: versionSchema });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;
export type ProductUpdateData = z.output<typeof productUpdateSchema>;

const productSpecOut = z.object({ no: z.number(), urun_ozellik: pairOut, urun_aciklama: z.array(z.string()), product_description: z.array(z.string()) });
const productionRowOut = z.object({
  op_name: z.string(), material_category: z.string(), material_group: z.string(), information: z.string(),
  materialqyt: z.number(), op_qty: z.number(), rowTotal: z.number(), materialprice: z.number(), materialcurrency: z.string(),
  StockUpdate: z.boolean().optional(),
});

export const productSchema = z.object({
  _id: z.string(),
  urun_sira: z.number(),
  urun_adi: pairOut,
  urun_model: embeddedModelSchema.nullable(),
  model_sira: z.number(),
  model_category: z.number(),
  urun_kodu: z.string(),
  urun_guc: z.number(),
  urun_lumen: z.number(),
  urun_kapasite: z.number(),
  urun_voltaj: z.number(),
  urun_durumu: z.boolean(),
  urun_doviz: z.string(),
  urun_fiyat: z.number(),
  urun_panel: z.number(),
  urun_aku: z.number(),
  urun_cct: z.string(),
  urun_optik: z.string(),
  product_dimensions: z.string(),
  product_weight: z.number(),
  technicalDrawing: z.string(),
  productImages: z.array(z.object({ image: z.string(), description: z.string() })),
  productDownloads: z.array(downloadOut),
  stockSum: z.number(),
  urun_ozellikler: z.array(productSpecOut),
  production: z.array(productionRowOut),
  /** Completeness score in percent (only in the 'detaillist' variant). */
  completeness: z.number().optional(),
  date: z.string(),
  __v: z.number(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * A row of GET /products/list: what the products screen, its Reports export and the product pickers show (no
 * specs, production rows, downloads or whole model). `mainImage` is the main picture's URL ('' without one);
 * `completeness` comes with the 'detaillist' variant. The whole record is GET /products/{id}.
 */
export const productListRowSchema = productSchema.pick({
  _id: true, urun_sira: true, urun_adi: true, urun_kodu: true, model_sira: true, model_category: true, urun_guc: true,
  urun_lumen: true, urun_kapasite: true, urun_voltaj: true, urun_durumu: true, urun_doviz: true, urun_fiyat: true,
  stockSum: true, completeness: true,
}).extend({
  urun_model: z.object({ _id: z.string(), model_kodu: z.string() }).nullable(),
  mainImage: z.string(),
});
export type ProductListRow = z.infer<typeof productListRowSchema>;
export const productListSchema = listEnvelope('products', productListRowSchema);
export type ProductList = z.infer<typeof productListSchema>;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type ProductListType = (typeof PRODUCT_LIST_TYPES)[number];

// ------------------------------------------------------------------ completeness (spec 001 9)

export interface CompletenessInput {
  urun_adi?: readonly string[] | null;
  model_category?: number | null;
  urun_model?: { model_kategori?: number | null } | null;
  urun_ozellikler?: readonly unknown[] | null;
  production?: readonly { materialqyt?: number | string | null }[] | null;
  technicalDrawing?: string | null;
  product_weight?: number | string | null;
  product_dimensions?: string | null;
  urun_lumen?: number | string | null;
  urun_guc?: number | string | null;
}

export const COMPLETENESS_CHECKS = ['specs', 'secondName', 'productionRows', 'productionQuantities', 'technicalDrawing', 'weight', 'dimensions', 'lumen', 'power'] as const;
export type CompletenessCheck = (typeof COMPLETENESS_CHECKS)[number];
export const COMPLETENESS_POINTS = 10;
export const COMPLETENESS_MAX = COMPLETENESS_CHECKS.length * COMPLETENESS_POINTS;

const positive = (v: number | string | null | undefined) => v !== null && v !== undefined && v !== '' && isDecimal(v) && dec(v).gt(0);

/**
 * The nine checks of the calculation mode, each worth 10 points (maximum 90 %):
 * 3+ specs; a second-language name; 3+ production rows; 3+ production rows with quantity >= 1;
 * a technical drawing; a weight; dimensions changed from the placeholder; lumen set (for category 7,
 * solar panels, which have no lumen, the power stands in); power set.
 */
export function completenessChecks(p: CompletenessInput): Record<CompletenessCheck, boolean> {
  const category = p.model_category ?? p.urun_model?.model_kategori ?? null;
  const production = p.production ?? [];
  const dims = (p.product_dimensions ?? '').trim();
  return {
    specs: (p.urun_ozellikler?.length ?? 0) >= 3,
    secondName: hasText(p.urun_adi?.[1]),
    productionRows: production.length >= 3,
    productionQuantities: production.filter((r) => isDecimal(r.materialqyt ?? '') && dec(r.materialqyt).gte(1)).length >= 3,
    technicalDrawing: hasText(p.technicalDrawing),
    weight: positive(p.product_weight),
    dimensions: dims !== '' && dims !== DIMENSIONS_PLACEHOLDER,
    lumen: category === SOLAR_PANEL_CATEGORY ? positive(p.urun_guc) : positive(p.urun_lumen),
    power: positive(p.urun_guc),
  };
}

/** The completeness score in percent: 10 points per passed check, 0-90. */
export function completenessScore(p: CompletenessInput): number {
  return Object.values(completenessChecks(p)).filter(Boolean).length * COMPLETENESS_POINTS;
}

// ------------------------------------------------------------------ materials (3.3)

const materialFields = {
  material_no: numberInput({ int: true, max: 1e9 }),
  material_name: z.string({ error: 'material.name.short' }).trim().min(3, { error: 'material.name.short' }).max(200, { error: 'error.tooLong' }),
  material_category: z.union([z.string(), z.number()], { error: 'material.category.required' }).transform(textOf)
    .pipe(z.string().min(1, { error: 'material.category.required' }).max(100, { error: 'error.tooLong' })),
  material_group: z.union([z.string(), z.number()], { error: 'material.group.required' }).transform(textOf)
    .pipe(z.string().min(1, { error: 'material.group.required' }).max(100, { error: 'error.tooLong' })),
  material_unit: unit(),
  material_price: decimalInput({ places: 4 }),
  material_doviz: currency(),
  material_img: fileValue(),
  /** Purchase multiple and minimum (the component list's suggestion, ADR 0044): above 0, or blank/null for none. */
  purchase_multiple: decimalField({ key: 'material.purchaseMultiple.invalid', label: 'qty', places: 4, positive: true, max: 1e12, blank: null }),
  purchase_min: decimalField({ key: 'material.purchaseMin.invalid', label: 'qty', places: 4, positive: true, max: 1e12, blank: null }),
  /** The least stock wanted (issue 26, the stock report's 'below minimum'); blank: none. */
  min_stock: decimalField({ key: 'report.minStock.invalid', label: 'qty', places: 4, min: 0, max: 1e11, blank: null }),
};
export const materialInputSchema = z.object({
  ...materialFields,
  material_no: materialFields.material_no.default(1),
  material_unit: materialFields.material_unit.default(DEFAULT_UNIT),
  material_price: materialFields.material_price.default('0'),
  material_doviz: materialFields.material_doviz.default(DEFAULT_CURRENCY),
  material_img: materialFields.material_img.default(''),
  purchase_multiple: materialFields.purchase_multiple.optional(),
  purchase_min: materialFields.purchase_min.optional(),
  min_stock: materialFields.min_stock.optional(),
}, { error: 'error.invalidType' });
export const materialUpdateSchema = z.object(materialFields, { error: 'error.invalidType' }).partial().extend({ __v: versionSchema });
export type MaterialInput = z.input<typeof materialInputSchema>;
export type MaterialData = z.output<typeof materialInputSchema>;
export type MaterialUpdateData = z.output<typeof materialUpdateSchema>;

export const materialSchema = z.object({
  _id: z.string(),
  material_no: z.number(),
  material_name: z.string(),
  material_category: z.string(),
  material_group: z.string(),
  material_unit: z.string(),
  /** 4 decimals. */
  material_price: z.number(),
  material_doviz: z.string(),
  material_img: z.string(),
  /** Purchase multiple and minimum (4 decimals), null when none. */
  purchase_multiple: z.number().nullable(),
  purchase_min: z.number().nullable(),
  /** The least stock wanted; null: none set. */
  min_stock: z.number().nullable(),
  stockSum: z.number(),
  stockIn: z.number(),
  stockOut: z.number(),
  date: z.string(),
  __v: z.number(),
});
export type Material = z.infer<typeof materialSchema>;
export const materialListSchema = listEnvelope('materials', materialSchema);
export type MaterialList = z.infer<typeof materialListSchema>;
export type MaterialSort = (typeof MATERIAL_SORTS)[number];

export const materialCategoriesSchema = z.object({
  categories: z.array(z.string()),
  groups: z.array(z.string()),
  /** Groups used under each category. */
  tree: z.array(z.object({ category: z.string(), groups: z.array(z.string()) })),
});
export type MaterialCategories = z.infer<typeof materialCategoriesSchema>;

/** New material defaults (spec 001 3.3). */
export function emptyMaterial(): MaterialInput {
  return { material_no: 1, material_name: '', material_category: '', material_group: '', material_unit: DEFAULT_UNIT, material_price: 0, material_doviz: DEFAULT_CURRENCY, material_img: '', purchase_multiple: null, purchase_min: null };
}

// ------------------------------------------------------------------ public catalogue (2.7, 2.8)

/** A card of the public catalogue: public fields only (never stock, production rows, costs). */
export const publicProductSchema = z.object({
  _id: z.string(),
  urun_kodu: z.string(),
  urun_adi: pairOut,
  model_kodu: z.string(),
  model_adi: pairOut,
  model_category: z.number(),
  urun_guc: z.number(),
  urun_lumen: z.number(),
  urun_kapasite: z.number(),
  urun_voltaj: z.number(),
  urun_panel: z.number(),
  urun_aku: z.number(),
  urun_cct: z.string(),
  urun_optik: z.string(),
  /** Present only when the product has a price. */
  urun_fiyat: z.number().optional(),
  urun_doviz: z.string().optional(),
  /** The main image's small version, '' when the product has no image. */
  image: z.string(),
  product_dimensions: z.string(),
  product_weight: z.number(),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;
export const publicProductListSchema = listEnvelope('products', publicProductSchema);
export type PublicProductList = z.infer<typeof publicProductListSchema>;
export type PublicSort = (typeof PUBLIC_SORTS)[number];

export const publicProductDetailSchema = publicProductSchema.extend({
  model_aciklama: pairOut,
  model_kdv: z.string(),
  model_birimi: z.string(),
  certificates: z.array(z.string()),
  /** General specs: the model's features (label and feature pairs). */
  ModelFeatures: z.array(z.object({ no: z.number(), label: pairOut, feature: pairOut })),
  /** The product's own spec rows. */
  urun_ozellikler: z.array(productSpecOut),
  images: z.array(z.object({ image: z.string(), small: z.string(), description: z.string() })),
  downloads: z.array(downloadOut),
  technicalDrawing: z.string(),
});
export type PublicProductDetail = z.infer<typeof publicProductDetailSchema>;

/** Display of a product's main figures by category (spec 001 9). */
export function productFigures(p: { model_category: number; urun_guc: number; urun_lumen: number; urun_kapasite: number; urun_voltaj: number }): string[] {
  const n = (v: number) => String(round(v, 2)).replace('.', ',');
  if (p.model_category === SOLAR_PANEL_CATEGORY) return [`${n(p.urun_guc)} Wp`];
  if (p.model_category === BATTERY_CATEGORY) return [`${n(p.urun_kapasite)} Ah`, `${n(p.urun_voltaj)} VDC`];
  return [`${n(p.urun_guc)} W`, `${n(p.urun_lumen)} lm`];
}
