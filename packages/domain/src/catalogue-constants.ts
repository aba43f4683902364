// Catalogue constants and bilingual-pair helpers (spec 001 9), re-exported by catalogue.ts. No zod and no
// decimal.js here: the web client's public pages import these in their first download (ADR 0018).
import type { Lang } from './messages.js';

export const MODEL_CATEGORIES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
export type ModelCategory = (typeof MODEL_CATEGORIES)[number];
/** Translation keys of the category labels: street light, urban light, LED flood, solar street lamps, industrial, DC, LED module, solar panel, battery groups. */
export const MODEL_CATEGORY_KEYS = MODEL_CATEGORIES.map((c) => `model.kategori${c}`);
/** Category 7 (solar panel) shows power only, in Wp. */
export const SOLAR_PANEL_CATEGORY = 7;
/** Category 8 (battery groups) shows Ah and VDC. */
export const BATTERY_CATEGORY = 8;

export const VAT_CHOICES = ['18', '8', '0'] as const;
export type VatChoice = (typeof VAT_CHOICES)[number];
export const DEFAULT_VAT: VatChoice = '18';
export const UNITS = ['Adet', 'Kg', 'Metre', 'Takım', 'Paket'] as const;
export type Unit = (typeof UNITS)[number];
export const DEFAULT_UNIT: Unit = 'Adet';
/**
 * Units that count pieces (issue 23): a quantity in one of them is a whole number ("1,5 Adet" of a luminaire is
 * refused); metres and kilograms (and litres, should they be added) take decimals.
 */
export const PIECE_UNITS: readonly string[] = ['Adet', 'Takım', 'Paket'];
export const isPieceUnit = (unit: string | null | undefined): boolean => PIECE_UNITS.includes((unit ?? '').trim());
/** Whether a quantity fits its unit: any number in a measuring unit, a whole number in a piece unit. */
export function fitsUnit(qty: string | number, unit: string | null | undefined): boolean {
  if (!isPieceUnit(unit)) return true;
  const n = Number(qty);
  return Number.isFinite(n) && Number.isInteger(n);
}
export const CCT_OPTIONS = ['XXXX', '6500 K', '6000 K', '5000 K', '4000 K', '3500 K', '3000 K'] as const;
export const OPTIC_OPTIONS = ['XX', 'AS', 'ST', 'SP', '15', '30', '45', '60', '90'] as const;
export const PRODUCT_IMAGE_DESCRIPTIONS = ['Ana Görsel', 'Yan Görsel', 'Teknik Resim', 'Renkli Resim'] as const;
export const MAIN_IMAGE: (typeof PRODUCT_IMAGE_DESCRIPTIONS)[number] = 'Ana Görsel';
/** Default operations of a bill of operations; 'Yarı Mamül' (semi-finished) takes products of a category as components. */
export const DEFAULT_OPERATIONS = ['Dizgi', 'Mekanik Montaj', 'Paketleme', 'E-Test', 'Harici İşlem', 'Onay', 'Yarı Mamül'] as const;
export const SEMI_FINISHED_OPERATION = 'Yarı Mamül';
export const DIMENSIONS_PLACEHOLDER = 'XX-XX-XX mm';
/** Placeholder of a missing language in a bilingual pair. */
export const PAIR_PLACEHOLDER = '-';

/** What marks a copied product's name (per language) and code until the user edits them (a copy must not pass for its original). */
export const COPY_MARK = { name: [' (kopya)', ' (copy)'] as const, code: '-KOPYA' } as const;

/** The name pair and code of a copy of a product: each marked once, within the fields' lengths. */
export function markAsCopy(name: readonly [string, string], code: string): { urun_adi: [string, string]; urun_kodu: string } {
  const mark = (text: string, suffix: string, max: number) => (text.endsWith(suffix) ? text : `${text.slice(0, max - suffix.length)}${suffix}`);
  return {
    urun_adi: [mark(name[0], COPY_MARK.name[0], 200), name[1] && name[1] !== PAIR_PLACEHOLDER ? mark(name[1], COPY_MARK.name[1], 200) : name[1]],
    urun_kodu: code ? mark(code, COPY_MARK.code, 100) : code,
  };
}

export const MODELS_PAGE_SIZE = 50;
export const PRODUCTS_PAGE_SIZE = 10;
export const MATERIALS_PAGE_SIZE = 10;
export const PUBLIC_PAGE_SIZE = 9;
export const LIST_MAX_PAGE_SIZE = 1000;

export const MODEL_LIST_TYPES = ['list', 'detail', 'productionlist'] as const;
export const PRODUCT_LIST_TYPES = ['list', 'detaillist'] as const;
export const MATERIAL_LIST_TYPES = ['list', 'detail'] as const;
export const MODEL_SORTS = ['model_sira', 'model_kodu', 'model_adi', 'model_kategori', 'date'] as const;
export const PRODUCT_SORTS = ['urun_sira', 'urun_kodu', 'urun_adi', 'urun_fiyat', 'urun_guc', 'model_category', 'model_sira', 'stockSum', 'date'] as const;
export const MATERIAL_SORTS = ['material_name', 'material_no', 'material_category', 'material_group', 'material_price', 'stockSum', 'date'] as const;
export const PUBLIC_SORTS = ['model_category', 'urun_guc', 'urun_fiyat'] as const;


// ------------------------------------------------------------------ bilingual pairs

export type Pair = [string, string];

/** The index of the current locale in a pair: 0 for Turkish, 1 otherwise (spec 001 9). */
export function pairIndex(lang: Lang | string): 0 | 1 {
  return lang === 'tr' ? 0 : 1;
}

/** Whether a pair side holds real text (not empty, not the '-' placeholder). */
export function hasText(v: string | null | undefined): boolean {
  const t = (v ?? '').trim();
  return t !== '' && t !== PAIR_PLACEHOLDER;
}

/** The text of the current locale, falling back to the other language. */
export function pairText(pair: readonly string[] | null | undefined, lang: Lang | string): string {
  if (!pair) return '';
  const i = pairIndex(lang);
  const own = pair[i];
  if (hasText(own)) return own.trim();
  const other = pair[1 - i];
  return hasText(other) ? other.trim() : '';
}

/** A [tr, en] pair with '-' for a missing language. */
export function toPair(tr: string | null | undefined, en?: string | null): Pair {
  return [hasText(tr) ? tr!.trim() : PAIR_PLACEHOLDER, hasText(en) ? en!.trim() : PAIR_PLACEHOLDER];
}

/** A name pair: the current locale's text must have at least 4 characters (checked per request language). */
export const NAME_MIN = 4;
export function nameLongEnough(pair: readonly string[], lang: Lang | string): boolean {
  const t = pair[pairIndex(lang)];
  return hasText(t) && t.trim().length >= NAME_MIN;
}

