import {
  DEFAULT_CURRENCY, DEFAULT_UNIT, emptyMaterial, issuesToFields, materialInputSchema,
  type Material, type MaterialCategories,
} from '@isik/domain';
import type { MaterialBody } from '../api/materials-api';

/** What the material form edits. */
export interface MaterialFormValues {
  material_no: number | string;
  material_name: string;
  material_category: string;
  material_group: string;
  material_unit: string;
  material_price: number | string;
  material_doviz: string;
  /** A stored file URL, a newly dropped data URL, or '' for none. */
  material_img: string;
  /** Purchase multiple and minimum (issue 25): '' for none. */
  purchase_multiple: number | string;
  purchase_min: number | string;
  /** The least stock wanted (issue 26); '' for none. */
  min_stock: number | string;
}

export type MaterialField = keyof MaterialFormValues;
export type MaterialErrors = Partial<Record<MaterialField, string>>;

export const MATERIAL_FIELD_ORDER: readonly MaterialField[] = [
  'material_no', 'material_name', 'material_category', 'material_group', 'material_unit', 'material_price', 'material_doviz', 'purchase_multiple', 'purchase_min', 'min_stock', 'material_img',
];

/** Form values from a stored material or the spec's defaults (no 1, unit Adet, price 0, currency $). */
export function toFormValues(m?: Material | null): MaterialFormValues {
  const base = m ?? emptyMaterial();
  return {
    material_no: base.material_no ?? 1,
    material_name: base.material_name ?? '',
    material_category: String(base.material_category ?? ''),
    material_group: String(base.material_group ?? ''),
    material_unit: base.material_unit || DEFAULT_UNIT,
    material_price: base.material_price ?? 0,
    material_doviz: String(base.material_doviz || DEFAULT_CURRENCY),
    material_img: base.material_img ?? '',
    purchase_multiple: base.purchase_multiple ?? '',
    purchase_min: base.purchase_min ?? '',
    min_stock: base.min_stock ?? '',
  };
}

/** NumberInput answers '' for an empty field; the schema's default then applies instead of a type error. */
function blankToUndefined(v: number | string): number | string | undefined {
  return v === '' ? undefined : v;
}

function schemaInput(values: MaterialFormValues) {
  return { ...values, material_no: blankToUndefined(values.material_no), material_price: blankToUndefined(values.material_price), min_stock: values.min_stock === '' ? null : values.min_stock };
}

/** Spec 001 section 5 through the domain schema: { field: messageKey } for every rule broken. */
export function validateMaterial(values: MaterialFormValues): MaterialErrors {
  const parsed = materialInputSchema.safeParse(schemaInput(values));
  if (parsed.success) return {};
  return issuesToFields(parsed.error.issues) as MaterialErrors;
}

/** The body create and update send, as the schema normalises it. */
export function toMaterialBody(values: MaterialFormValues): MaterialBody {
  return materialInputSchema.parse(schemaInput(values)) as unknown as MaterialBody;
}

/** Field errors in the form's order. */
export function orderedErrors(errors: Record<string, unknown>): [MaterialField, string][] {
  const out: [MaterialField, string][] = [];
  for (const f of MATERIAL_FIELD_ORDER) {
    const e = errors[f];
    if (typeof e === 'string' && e) out.push([f, e]);
  }
  return out;
}

export interface OptionGroup { group: string; items: string[] }

/** Locale-aware, case-insensitive sort (Turkish letters in place). */
export function sortNames(list: Iterable<string>): string[] {
  return [...new Set(list)].filter(Boolean).sort((a, b) => a.localeCompare(b, 'tr'));
}

/**
 * The group picker's options: the groups already used under the chosen category first, then every other
 * group; without a known category, all groups in one list.
 */
export function groupOptions(cats: MaterialCategories | undefined, category: string, labels: { inCategory: string; other: string }): OptionGroup[] {
  if (!cats) return [];
  const own = cats.tree.find((n) => n.category.toLocaleLowerCase('tr') === category.trim().toLocaleLowerCase('tr'))?.groups ?? [];
  const rest = cats.groups.filter((g) => !own.includes(g));
  if (own.length === 0) return [{ group: labels.other, items: sortNames(cats.groups) }];
  return [{ group: labels.inCategory, items: sortNames(own) }, { group: labels.other, items: sortNames(rest) }].filter((g) => g.items.length > 0);
}
