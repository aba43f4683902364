import { z } from 'zod';
import { EMAIL_RE } from './common.js';
import { buyingDateInput } from './buying.js';
import { offerLanguage } from './mail.js';
import { round, sum } from './money.js';

/**
 * Purchase orders to suppliers (issue 25, ADR 0040): the order number the server gives a purchase when it reaches
 * 1 Order (or when requests are combined), the order document (every purchase at status 1-3 under that number), and
 * its e-mail to the supplier in the supplier's language.
 */

/** `SAS-2026-0001`: Satın Alma Siparişi, the year, the year's counter (at least 4 digits). */
export const PURCHASE_ORDER_PREFIX = 'SAS';
export function formatPurchaseOrderNo(year: number, seq: number): string {
  return `${PURCHASE_ORDER_PREFIX}-${year}-${String(seq).padStart(4, '0')}`;
}

/** At most this many requests are combined into one order in one call. */
export const PURCHASE_ORDER_MAX_LINES = 200;

/** The order document's language: Turkish for a supplier in Turkey (or without a country), English otherwise. */
export const purchaseOrderLanguage = (country: string | null | undefined): 'tr' | 'en' => offerLanguage({ firma_ulke: country });

const dateInput = buyingDateInput;

/**
 * POST /buying/order: requests (status 0 or 1) of one supplier and one currency become one order (status 1, one order
 * number). `termin_tarihi`, when sent, is the delivery date asked of the supplier for every line.
 */
export const purchaseOrderCreateSchema = z.object({
  ids: z.array(z.string({ error: 'purchaseOrder.ids.required' }).trim().min(1, { error: 'purchaseOrder.ids.required' }).max(64, { error: 'error.tooLong' }), { error: 'purchaseOrder.ids.required' })
    .min(1, { error: 'purchaseOrder.ids.required' }).max(PURCHASE_ORDER_MAX_LINES, { error: 'purchaseOrder.ids.tooMany' })
    .transform((ids) => [...new Set(ids)]),
  termin_tarihi: dateInput.optional(),
}, { error: 'error.invalidType' });
export type PurchaseOrderCreateInput = z.input<typeof purchaseOrderCreateSchema>;

const optionalText = (max: number) => z.union([z.string().max(max, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' }).optional()
  .transform((v) => (v ?? '').trim());

/**
 * POST /buying/email/{id}: what the dialog sends. Left out or empty, the recipient is the supplier's e-mail and the
 * subject and message are the draft in the supplier's language (purchaseMailDraft).
 */
export const purchaseEmailSchema = z.object({
  to: optionalText(200).refine((v) => v === '' || EMAIL_RE.test(v), { error: 'user.email.invalid' }).transform((v) => v.toLowerCase()),
  subject: optionalText(300),
  message: optionalText(8000),
}, { error: 'error.invalidType' });
export type PurchaseEmailInput = z.input<typeof purchaseEmailSchema>;
export const purchaseEmailResultSchema = z.object({ status: z.literal('ok'), to: z.string(), siparis_no: z.string(), fileName: z.string() });

export const purchaseOrderLineSchema = z.object({
  _id: z.string(),
  material_id: z.string(),
  material_name: z.string(),
  material_qty: z.number(),
  material_unit: z.string(),
  material_price: z.number(),
  material_doviz: z.string(),
  /** qty x price in the line's currency, rounded once to 2 decimals (the purchase's stored total). */
  total: z.number(),
  satinalma_durumu: z.number(),
  siparis_notu: z.string(),
  termin_tarihi: z.string().nullable(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

/** GET /buying/order/{id}: the order document of a purchase at status 1-3 (every line under its number). */
export const purchaseOrderSchema = z.object({
  siparis_no: z.string(),
  siparis_tarihi: z.string().nullable(),
  /** The earliest delivery date asked on its lines (null when none is). */
  termin_tarihi: z.string().nullable(),
  lang: z.enum(['tr', 'en']),
  supplier: z.object({
    id: z.string().nullable(), name: z.string(), email: z.string(), address: z.string(), country: z.string(), taxOffice: z.string(), taxNo: z.string(), phone: z.string(),
  }),
  lines: z.array(purchaseOrderLineSchema),
  /** The sum of the line totals per currency (a combined order has one). */
  totals: z.array(z.object({ doviz: z.string(), total: z.number() })),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/** Line totals summed per currency, in the order the currencies first appear; each sum rounded to the cent. */
export function purchaseOrderTotals(lines: readonly Pick<PurchaseOrderLine, 'material_doviz' | 'total'>[]): PurchaseOrder['totals'] {
  const by = new Map<string, number[]>();
  for (const l of lines) by.set(l.material_doviz, [...(by.get(l.material_doviz) ?? []), l.total]);
  return [...by].map(([doviz, totals]) => ({ doviz, total: round(sum(totals), 2) }));
}

const MAIL = {
  tr: {
    subject: 'Satın alma siparişi {{no}}',
    message: 'Sayın {{supplier}},\n\n{{no}} numaralı satın alma siparişimiz ektedir. Siparişi onaylamanızı ve teslim tarihini bildirmenizi rica ederiz.\n\nSaygılarımızla',
  },
  en: {
    subject: 'Purchase order {{no}}',
    message: 'Dear {{supplier}},\n\nPlease find our purchase order {{no}} attached. Kindly confirm the order and its delivery date.\n\nBest regards',
  },
} as const;

/** The e-mail's recipient, subject and message, prefilled in the supplier's language (the dialog and the server's default). */
export function purchaseMailDraft(o: Pick<PurchaseOrder, 'siparis_no' | 'lang' | 'supplier'>): { to: string; subject: string; message: string; lang: 'tr' | 'en' } {
  const tpl = MAIL[o.lang];
  const fill = (s: string) => s.replaceAll('{{no}}', o.siparis_no).replaceAll('{{supplier}}', o.supplier.name || (o.lang === 'tr' ? 'Yetkili' : 'Sir or Madam'));
  return { to: o.supplier.email.trim(), subject: fill(tpl.subject), message: fill(tpl.message), lang: o.lang };
}
