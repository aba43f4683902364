import {
  BATTERY_CATEGORY, DEFAULT_CURRENCY, DIMENSIONS_PLACEHOLDER, MARKUP_DEFAULT, MARKUP_MAX, MARKUP_MIN, MARKUP_STEP, SOLAR_PANEL_CATEGORY,
  formatNumber, nameLongEnough, productInputSchema, type Download, type EmbeddedModel, type Product, type ProductInput, type ProductionRow,
} from '@isik/domain';
import { safeStorage } from '../../../lib/store';
import { CLIPBOARD_KEY } from '../../../lib/row-clipboard';

export interface SpecRow { no: number; urun_ozellik: [string, string]; urun_aciklama: string[]; product_description: string[] }
export interface ImageRow { image: string; description: string }

/** The editable product (the detail page's state); numbers stay numbers, the pair is two fields. */
export interface ProductDraft {
  name_tr: string;
  name_en: string;
  urun_model: EmbeddedModel | null;
  model_category: number | null;
  urun_kodu: string;
  urun_sira: number;
  urun_durumu: boolean;
  urun_doviz: string;
  urun_fiyat: number;
  urun_guc: number;
  urun_lumen: number;
  urun_kapasite: number;
  urun_voltaj: number;
  urun_panel: number;
  urun_aku: number;
  urun_cct: string;
  urun_optik: string;
  product_dimensions: string;
  product_weight: number;
  technicalDrawing: string;
  productImages: ImageRow[];
  productDownloads: (Download & { base64?: string })[];
  urun_ozellikler: SpecRow[];
  production: ProductionRow[];
}

const side = (v: string | undefined) => (v && v.trim() !== '-' ? v : '');

export function emptyDraft(): ProductDraft {
  return {
    name_tr: '', name_en: '', urun_model: null, model_category: null, urun_kodu: '', urun_sira: 0, urun_durumu: true,
    urun_doviz: DEFAULT_CURRENCY, urun_fiyat: 0, urun_guc: 0, urun_lumen: 0, urun_kapasite: 0, urun_voltaj: 0, urun_panel: 0, urun_aku: 0,
    urun_cct: 'XXXX', urun_optik: 'XX', product_dimensions: DIMENSIONS_PLACEHOLDER, product_weight: 0, technicalDrawing: '',
    productImages: [], productDownloads: [], urun_ozellikler: [], production: [],
  };
}

export function toDraft(p: Product): ProductDraft {
  return {
    name_tr: side(p.urun_adi[0]), name_en: side(p.urun_adi[1]), urun_model: p.urun_model, model_category: p.model_category,
    urun_kodu: p.urun_kodu, urun_sira: p.urun_sira, urun_durumu: p.urun_durumu, urun_doviz: p.urun_doviz, urun_fiyat: p.urun_fiyat,
    urun_guc: p.urun_guc, urun_lumen: p.urun_lumen, urun_kapasite: p.urun_kapasite, urun_voltaj: p.urun_voltaj, urun_panel: p.urun_panel,
    urun_aku: p.urun_aku, urun_cct: p.urun_cct, urun_optik: p.urun_optik, product_dimensions: p.product_dimensions,
    product_weight: p.product_weight, technicalDrawing: p.technicalDrawing,
    productImages: p.productImages.map((i) => ({ ...i })), productDownloads: p.productDownloads.map((d) => ({ ...d })),
    urun_ozellikler: p.urun_ozellikler.map((s) => ({ ...s, urun_ozellik: [side(s.urun_ozellik[0]), side(s.urun_ozellik[1])] })),
    production: p.production.map((r) => ({ ...r, materialcurrency: r.materialcurrency as ProductionRow['materialcurrency'] })),
  };
}

/** The body of create and update. */
export function toBody(d: ProductDraft): ProductInput {
  return {
    urun_adi: [d.name_tr, d.name_en], urun_model: d.urun_model?._id ?? '', urun_kodu: d.urun_kodu, urun_sira: d.urun_sira,
    urun_durumu: d.urun_durumu, urun_doviz: d.urun_doviz, urun_fiyat: d.urun_fiyat, urun_guc: d.urun_guc, urun_lumen: d.urun_lumen,
    urun_kapasite: d.urun_kapasite, urun_voltaj: d.urun_voltaj, urun_panel: d.urun_panel, urun_aku: d.urun_aku, urun_cct: d.urun_cct,
    urun_optik: d.urun_optik, product_dimensions: d.product_dimensions, product_weight: d.product_weight, technicalDrawing: d.technicalDrawing,
    productImages: d.productImages, productDownloads: d.productDownloads, urun_ozellikler: d.urun_ozellikler, production: d.production,
  };
}

/** Field -> message key, from the domain schema plus the name rule in the current language (spec 001 5). */
export function validateDraft(d: ProductDraft, lang: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = productInputSchema.safeParse(toBody(d));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      const key = field === 'urun_adi' ? 'name' : field;
      if (field && !errors[key]) errors[key] = issue.message;
    }
  }
  if (!nameLongEnough([d.name_tr || '-', d.name_en || '-'], lang)) errors.name = 'product.name.short';
  return errors;
}

/** Main figures by category (spec 001 9): 7 power in Wp; 8 Ah and VDC; below 7 W and lm. */
export function figures(p: { model_category: number | null; urun_guc: number; urun_lumen: number; urun_kapasite: number; urun_voltaj: number }): string[] {
  const n = (v: number) => formatNumber(v, Number.isInteger(v) ? 0 : 2);
  if (p.model_category === SOLAR_PANEL_CATEGORY) return [`${n(p.urun_guc)} Wp`];
  if (p.model_category === BATTERY_CATEGORY) return [`${n(p.urun_kapasite)} Ah`, `${n(p.urun_voltaj)} VDC`];
  return [`${n(p.urun_guc)} W`, `${n(p.urun_lumen)} lm`];
}

/** A percentage as the language writes it: %30 in Turkish, 30% otherwise. */
export function percent(v: number, lang: string): string {
  return lang === 'tr' ? `%${v}` : `${v}%`;
}

export function money(value: number, currency: string): string {
  return `${formatNumber(value, 2)} ${currency}`;
}

// ------------------------------------------------------------------ local settings

const MARKUP_KEY = 'products.markup';
export function storedMarkup(): number {
  const v = Number(safeStorage('local')?.getItem(MARKUP_KEY));
  const ok = Number.isFinite(v) && v >= MARKUP_MIN && v <= MARKUP_MAX && v % MARKUP_STEP === 0;
  return ok && safeStorage('local')?.getItem(MARKUP_KEY) !== null ? v : MARKUP_DEFAULT;
}
export function storeMarkup(v: number): void {
  safeStorage('local')?.setItem(MARKUP_KEY, String(v));
}

export const PRICE_LIST_TYPES = ['T0', 'T1', 'T2'] as const;
export interface PriceListSettings { type: (typeof PRICE_LIST_TYPES)[number]; text: string; textOpen: boolean }
const PRICE_LIST_KEY = 'products.priceList';
export const PRICE_LIST_TOKEN = '%XX';

export function storedPriceList(defaultText: string): PriceListSettings {
  try {
    const raw = JSON.parse(safeStorage('local')?.getItem(PRICE_LIST_KEY) ?? 'null') as Partial<PriceListSettings> | null;
    return {
      type: PRICE_LIST_TYPES.includes(raw?.type as never) ? (raw!.type as PriceListSettings['type']) : 'T0',
      text: typeof raw?.text === 'string' ? raw.text : defaultText,
      textOpen: raw?.textOpen === true,
    };
  } catch {
    return { type: 'T0', text: defaultText, textOpen: false };
  }
}
export function storePriceList(s: PriceListSettings): void {
  safeStorage('local')?.setItem(PRICE_LIST_KEY, JSON.stringify(s));
}

/**
 * The price list page with the list's settings in its address (the same query GET /api/pdf/pricelist takes): the
 * language, the slider's markup, the category filter, the settings modal's type and text (when its text is on).
 */
export function priceListPath(markup: number, category: number | undefined, lang: string, s: PriceListSettings): string {
  const q = new URLSearchParams({ lang: lang === 'tr' ? '0' : '1', markup: String(markup), category: category === undefined ? 'Tümü' : String(category), type: s.type.replace('T', '') });
  if (s.textOpen && s.text) q.set('text', s.text);
  return `/pdf/pricelist?${q.toString()}`;
}

// ------------------------------------------------------------------ copy / paste of rows between products

// One clipboard with the models' (CLIPBOARD_KEY): a model's rows pasted into a product, or the other way, are a mismatch, not older rows.
export type ClipboardKind = 'specs' | 'production';

export function copyRows(kind: ClipboardKind, rows: unknown[]): void {
  safeStorage('local')?.setItem(CLIPBOARD_KEY, JSON.stringify({ kind, rows }));
}

/** The copied rows of this kind; 'mismatch' when the copy holds another kind, 'empty' when nothing (usable) was copied. */
export function pasteRows<T>(kind: ClipboardKind): T[] | 'mismatch' | 'empty' {
  try {
    const raw = JSON.parse(safeStorage('local')?.getItem(CLIPBOARD_KEY) ?? 'null') as { kind?: string; rows?: unknown } | null;
    if (!raw || !Array.isArray(raw.rows)) return 'empty';
    if (raw.kind !== kind) return 'mismatch';
    return raw.rows as T[];
  } catch {
    return 'empty';
  }
}
