import { z } from 'zod';
import { readDecimal } from './money.js';
import { BATTERY_CATEGORY, DIMENSIONS_PLACEHOLDER, SOLAR_PANEL_CATEGORY } from './catalogue-constants.js';
import type { Product } from './catalogue.js';
import type { MyCompany } from './my-company.js';

/**
 * The label editor's data (spec 002 3 'Label', 2.7, 5, 9): kept in the browser, printed by /pdf/label10x10 (box),
 * /pdf/label8x10 (solar panel) and /pdf/label8x6 (battery), and sent as JSON to POST /api/pdf/label10x10 etc.
 */
export const LABEL_TYPES = ['Ürün', 'Kutu Etiketi', 'Pil Etiketi', 'Güneş Paneli Etiketi'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];
/** The label page each type opens (spec 002 2.7); a product label prints as the box label. */
export const LABEL_PAGES: Record<LabelType, 'label10x10' | 'label8x10' | 'label8x6'> = {
  'Ürün': 'label10x10', 'Kutu Etiketi': 'label10x10', 'Pil Etiketi': 'label8x6', 'Güneş Paneli Etiketi': 'label8x10',
};
export const LABEL_KINDS = ['label10x10', 'label8x10', 'label8x6'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];
/** Sizes in points (spec 002 9): box 283.4 x 283.4 landscape, solar 283.4 x 226.4 landscape, battery 226.4 x 169.8 portrait. */
export const LABEL_SIZES: Record<LabelKind, { width: number; height: number }> = {
  label10x10: { width: 283.4, height: 283.4 },
  label8x10: { width: 283.4, height: 226.4 },
  label8x6: { width: 226.4, height: 169.8 },
};
/** At most 6 certificates on the box label (spec 002 9). */
export const LABEL_MAX_CERTIFICATES = 6;
/** Box defaults (spec 002 5): power ' W', voltage '180-265 V AC 50Hz', weight ' Kg', unit Adet, box quantity 1. */
export const LABEL_BOX_DEFAULTS = { Power: ' W', Voltage: '180-265 V AC 50Hz', Weight: ' Kg', Unit: 'Adet', BoxQty: 1 } as const;

const str = (max: number) => z.union([z.string().max(max, { error: 'error.tooLong' }), z.number(), z.null()], { error: 'error.invalidType' })
  .optional().transform((v) => (v === null || v === undefined ? '' : String(v)));
const bool = (dflt: boolean) => z.boolean({ error: 'error.invalidType' }).optional().transform((v) => v ?? dflt);

export const labelDataSchema = z.object({
  type: z.enum(LABEL_TYPES, { error: 'doc.labelType.invalid' }).optional().transform((v) => v ?? 'Kutu Etiketi'),
  ProductID: str(64),
  model: str(200),
  productName: str(300),
  productCode: str(200),
  Power: str(60),
  Voltage: str(100),
  Dimensions: str(100),
  Weight: str(60),
  Unit: str(20),
  BoxQty: z.union([z.number(), z.string().max(20), z.null()], { error: 'doc.boxQty.invalid' }).optional().transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return 1;
    const text = readDecimal(v);
    const n = text === null ? Number.NaN : Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: 'doc.boxQty.invalid' });
      return z.NEVER;
    }
    return n;
  }),
  Capacity: str(60),
  Certificates: z.array(z.object({ certificate: str(200), file: str(1000), bwfile: str(1000) }), { error: 'error.invalidType' }).max(50, { error: 'error.tooLong' }).optional().transform((v) => v ?? []),
  Specs: z.array(z.object({ urun_ozellik: str(300), urun_aciklama: str(1000) }), { error: 'error.invalidType' }).max(40, { error: 'error.tooLong' }).optional().transform((v) => v ?? []),
  warning: str(1000),
  Lang: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: 'error.invalidType' }).optional().transform((v) => (Number(v ?? 0) === 1 ? 1 : 0) as 0 | 1),
  logoOpen: bool(true),
  qrOpen: bool(true),
}, { error: 'error.invalidType' });
export type LabelDataInput = z.input<typeof labelDataSchema>;
export type LabelData = z.output<typeof labelDataSchema>;

/** A new label of a type: the box defaults of spec 002 5 (every type starts from them). */
export function newLabel(type: LabelType = 'Kutu Etiketi', lang: 0 | 1 = 0): LabelData {
  return labelDataSchema.parse({ type, Lang: lang, ...LABEL_BOX_DEFAULTS, Power: type === 'Güneş Paneli Etiketi' ? ' Wp' : LABEL_BOX_DEFAULTS.Power, Capacity: type === 'Pil Etiketi' ? ' Ah' : '' });
}

const pairText = (p: readonly string[] | undefined, lang: 0 | 1) => (p?.[lang] || p?.[0] || '').trim();
/** A figure with its unit the Turkish way ('12,8 VDC'); '' when the product has none (0). */
const figure = (n: number, unit: string) => (n > 0 ? `${String(n).replace('.', ',')} ${unit}` : '');

/** The product's dimensions as a label prints them: '' for none or the new product's placeholder 'XX-XX-XX mm'. */
export function labelDimensions(value: string): string {
  const v = value.trim();
  return v === DIMENSIONS_PLACEHOLDER || /^X+[-x×X ]+X+/i.test(v) ? '' : v;
}

/**
 * The label's voltage from the product: a battery, a solar panel or a product with a DC voltage (urun_voltaj) prints
 * its own ('12,8 VDC'); a mains luminaire without one keeps the box default (180-265 V AC 50Hz, spec 002 5) on the box
 * and product labels, and the battery and solar labels print none.
 */
export function labelVoltage(type: LabelType, p: Pick<Product, 'urun_voltaj' | 'model_category'>): string {
  if (p.urun_voltaj > 0) return figure(p.urun_voltaj, 'VDC');
  const dc = type === 'Pil Etiketi' || type === 'Güneş Paneli Etiketi' || p.model_category === BATTERY_CATEGORY || p.model_category === SOLAR_PANEL_CATEGORY;
  return dc ? '' : LABEL_BOX_DEFAULTS.Voltage;
}

/**
 * The label's product fields from a product in the label's language (spec 002 2.7: model, name and specs follow the
 * label language): only the product's own values; what it does not have (no dimensions, no weight, no voltage) stays
 * empty and the label leaves it out.
 */
export function labelFromProduct(l: LabelData, p: Product, company: Pick<MyCompany, 'certificates'> | null): LabelData {
  const lang = l.Lang;
  const certNames = p.urun_model?.certificates ?? [];
  const certs = (company?.certificates ?? []).filter((c) => certNames.includes(c.certificate));
  return {
    ...l,
    ProductID: p._id,
    model: pairText(p.urun_model?.model_adi, lang) || p.urun_model?.model_kodu || '',
    productName: pairText(p.urun_adi, lang),
    productCode: p.urun_kodu,
    Power: figure(p.urun_guc, l.type === 'Güneş Paneli Etiketi' ? 'Wp' : 'W'),
    Voltage: labelVoltage(l.type, p),
    Dimensions: labelDimensions(p.product_dimensions),
    Weight: figure(p.product_weight, 'Kg'),
    Capacity: l.type === 'Pil Etiketi' ? figure(p.urun_kapasite, 'Ah') : l.Capacity,
    Certificates: certs.length ? certs.map((c) => ({ certificate: c.certificate, file: c.file, bwfile: c.bwfile })) : certNames.map((c) => ({ certificate: c, file: '', bwfile: '' })),
    Specs: p.urun_ozellikler.map((s) => ({ urun_ozellik: pairText(s.urun_ozellik, lang), urun_aciklama: (lang === 0 ? s.urun_aciklama : s.product_description).join(', ') })),
  };
}

/** The label in another language: the product's model, name and specs again in that language (spec 002 2.7). */
export function labelInLanguage(l: LabelData, lang: 0 | 1, p: Product | null): LabelData {
  const next = { ...l, Lang: lang };
  if (!p) return next;
  const filled = labelFromProduct(next, p, null);
  return { ...next, model: filled.model, productName: filled.productName, Specs: filled.Specs };
}

/**
 * The product an order line is for, for its product page QR code (/web/{id}) and its label: none for a material line
 * (order_type material), whose urun_id is a material's.
 */
export function lineProductId(line: { urun_id?: string | null; order_type?: string | null }): string | null {
  return line.urun_id && line.order_type !== 'material' ? line.urun_id : null;
}

/** Price shown on the price list (spec 002 9, 001 9): price + price / (100 - markup) x markup, 2 decimals. */
export const PRICE_LIST_TYPES = ['0', '1', '2'] as const;
export const PRICE_LIST_MARKUP_DEFAULT = 30;
