/**
 * The parts of an offer item's and an order line's product code: one layout for both, since an offer item becomes
 * the order line (spec 002 3, "Order item": 0 model, 1 PCB, 2 optic, 3 CCT, 4 solar panel, 5 battery, 6 body colour,
 * 7 LED brand, 8 driver brand; documents join indices 0-5). Spec 001 3.6 lists ten labels for the same nine inputs;
 * 002's explicit indices win (docs/decisions/0028-product-code-parts.md).
 */
export const PRODUCT_CODE_PARTS = ['model', 'pcb', 'optic', 'cct', 'panel', 'battery', 'colour', 'led', 'driver'] as const;
export type ProductCodePart = (typeof PRODUCT_CODE_PARTS)[number];

/** Indices of the parts the order card and the production header show (optic, CCT, body colour, LED, driver). */
export const SHOWN_CODE_PARTS: readonly { part: ProductCodePart; index: number }[] = [
  { part: 'optic', index: 2 }, { part: 'cct', index: 3 }, { part: 'colour', index: 6 }, { part: 'led', index: 7 }, { part: 'driver', index: 8 },
];

/** The product fields a code is made from (a whole product, as `GET /products/{id}` answers it). */
export interface ProductCodeSource {
  urun_kodu?: string | null;
  model_code?: string | null;
  urun_model?: { model_kodu?: string | null } | null;
  urun_optik?: string | null;
  urun_cct?: string | null;
  urun_panel?: number | string | null;
  urun_aku?: number | string | null;
}

/** A product's placeholder values ('XX', 'XXXX', '-') mean "not given". */
function given(v: number | string | null | undefined): string {
  const s = v === null || v === undefined ? '' : String(v).trim();
  return /^(X+|-|0)$/i.test(s) ? '' : s;
}

/**
 * The nine code parts of an item made from a product: the model's code (the product's own code when it has no
 * model), optic, CCT, solar panel (Wp) and battery (Ah); PCB, body colour, LED and driver are left for the user.
 */
export function productCodeParts(p: ProductCodeSource): string[] {
  const model = given(p.urun_model?.model_kodu) || given(p.model_code) || given(p.urun_kodu);
  const panel = given(p.urun_panel);
  const battery = given(p.urun_aku);
  return [model, '', given(p.urun_optik), given(p.urun_cct), panel ? `${panel}Wp` : '', battery ? `${battery}Ah` : '', '', '', ''];
}

/**
 * Any stored code as the nine parts: an array is padded or cut to nine; a string (an old whole code) is the model
 * part, never split at its dashes ("ISK-ASTRA-30W" is one code, not three parts).
 */
export function codePartsOf(code: readonly (string | null | undefined)[] | string | null | undefined): string[] {
  const parts = Array.isArray(code) ? code : typeof code === 'string' && code.trim() ? [code] : [];
  return PRODUCT_CODE_PARTS.map((_, i) => String(parts[i] ?? '').trim());
}
