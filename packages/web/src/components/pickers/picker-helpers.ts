import {
  MODEL_CATEGORY_KEYS, formatNumber, pairText, smallFileUrl,
  type Material, type MaterialCategories, type ProductListRow,
} from '@isik/domain';

/** What ComponentPickerModal answers: a product or a material. */
export type PickedComponent = { kind: 'product'; item: ProductListRow } | { kind: 'material'; item: Material };

/** The small version of the product's main image ('Ana Görsel', else the first image), '' without images. */
export function productImage(p: Pick<ProductListRow, 'mainImage'>): string {
  return p.mainImage ? smallFileUrl(p.mainImage) : '';
}

/** The small version of a material's image, '' without one. */
export function materialImage(m: Pick<Material, 'material_img'>): string {
  return m.material_img ? smallFileUrl(m.material_img) : '';
}

/** The product's name in the current language (falls back to the other language, then to its code). */
export function productName(p: Pick<ProductListRow, 'urun_adi' | 'urun_kodu'>, lang: string): string {
  return pairText(p.urun_adi, lang) || p.urun_kodu;
}

/** The translation key of a model category label ('model.kategori3'); '' for an unknown category. */
export function categoryKey(category: number | null | undefined): string {
  return category === null || category === undefined ? '' : MODEL_CATEGORY_KEYS[category] ?? '';
}

/** Price with its currency in Turkish format: '1.234,50 $' (4 decimals for materials). */
export function priceText(price: number | null | undefined, currency: string | null | undefined, decimals = 2): string {
  const n = formatNumber(price ?? 0, decimals);
  return currency ? `${n} ${currency}` : n;
}

/** Stock in Turkish format with up to 2 decimals (whole numbers without decimals). */
export function stockText(value: number | null | undefined): string {
  const v = value ?? 0;
  return formatNumber(v, Number.isInteger(v) ? 0 : 2);
}

/** Group options of the chosen category (every group when no category is chosen), sorted, without duplicates. */
export function groupOptions(cats: MaterialCategories | undefined, category: string | null): string[] {
  if (!cats) return [];
  const list = category ? cats.tree.find((x) => x.category === category)?.groups ?? [] : cats.groups;
  return [...new Set(list.filter((g) => g !== ''))].sort((a, b) => a.localeCompare(b, 'tr'));
}

/** Keeps the chosen group only while it belongs to the chosen category's groups. */
export function keepGroup(cats: MaterialCategories | undefined, category: string | null, group: string | null): string | null {
  if (!group) return null;
  return groupOptions(cats, category).includes(group) ? group : null;
}
