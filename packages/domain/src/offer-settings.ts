import { z } from 'zod';
import { EMAIL_RE, versionSchema } from './common.js';
import { CURRENCIES, DEFAULT_CURRENCY } from './money.js';
import { INVOICE_TYPES, OFFER_DEFAULT_VAT, OFFER_VAT_CHOICES } from './offers.js';
import { decimalField, intChoice } from './decimal-input.js';

/**
 * Offer settings and contacts (spec 000 6: menu entries whose routes the spec does not show).
 * Settings: what a new offer starts with, and the default subject and text of the offer mail.
 * Contacts: the people the company deals with; the offer's contact field picks from them.
 */

const text = (max: number) => z.union([z.string().max(max, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' })
  .optional().transform((v) => (v === null ? '' : v?.trim()));

export const DEFAULT_OFFER_SETTINGS = {
  teklif_altbilgi: '',
  teklif_notu: '',
  teklif_dovizi: DEFAULT_CURRENCY as string,
  urun_kdv: OFFER_DEFAULT_VAT,
  vat_choices: [...OFFER_VAT_CHOICES] as number[],
  teklif_tarih: true,
  teklif_kaseimza: false,
  teklif_kase: false,
  commercial_invoice: false,
  invoice_type: 0,
  mail_subject: 'Teklif {{teklif_no}}',
  mail_text: 'Sayın {{related_person}},\n\n{{teklif_no}} numaralı teklifimizi ekte bulabilirsiniz.\n\nSaygılarımızla',
};

/** Placeholders the mail subject and text may carry. */
export const OFFER_MAIL_PLACEHOLDERS = ['teklif_no', 'firma_adi', 'related_person', 'teklif_konu'] as const;

export function fillOfferMail(template: string, values: Partial<Record<(typeof OFFER_MAIL_PLACEHOLDERS)[number], string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? (values as Record<string, string>)[k] ?? '' : m));
}

export const offerSettingsInputSchema = z.object({
  __v: versionSchema.optional(),
  teklif_altbilgi: text(4000),
  teklif_notu: text(4000),
  teklif_dovizi: z.enum(CURRENCIES, { error: 'catalogue.currency.invalid' }).optional(),
  urun_kdv: decimalField({ key: 'offer.item.vat.invalid', label: 'vat', places: 2, min: 0, max: 100 }).transform(Number).optional(),
  // The VAT rates an item may take (DECISIONS 3); the default rate (urun_kdv) must be one of them.
  vat_choices: z.array(decimalField({ key: 'offer.item.vat.invalid', label: 'vat', places: 2, min: 0, max: 100 }).transform(Number), { error: 'error.invalidType' })
    .min(1, { error: 'offer.settings.vatChoices' }).max(10, { error: 'error.tooLong' })
    .transform((l) => [...new Set(l.map((n) => Math.round(n * 100) / 100))]).optional(),
  teklif_tarih: z.boolean({ error: 'error.invalidType' }).optional(),
  teklif_kaseimza: z.boolean({ error: 'error.invalidType' }).optional(),
  teklif_kase: z.boolean({ error: 'error.invalidType' }).optional(),
  commercial_invoice: z.boolean({ error: 'error.invalidType' }).optional(),
  invoice_type: intChoice(INVOICE_TYPES, 'offer.invoiceType.invalid').optional(),
  mail_subject: text(300),
  mail_text: text(8000),
}, { error: 'error.invalidType' });
export type OfferSettingsInput = z.input<typeof offerSettingsInputSchema>;

export const offerSettingsSchema = z.object({
  teklif_altbilgi: z.string(),
  teklif_notu: z.string(),
  teklif_dovizi: z.string(),
  urun_kdv: z.number(),
  vat_choices: z.array(z.number()),
  teklif_tarih: z.boolean(),
  teklif_kaseimza: z.boolean(),
  teklif_kase: z.boolean(),
  commercial_invoice: z.boolean(),
  invoice_type: z.number(),
  mail_subject: z.string(),
  mail_text: z.string(),
  __v: z.number(),
});
export type OfferSettings = z.infer<typeof offerSettingsSchema>;

// ------------------------------------------------------------------ contacts

export const CONTACTS_PAGE_SIZE = 30;
export const CONTACT_SORTS = ['name', 'company', 'date'] as const;

export const contactInputSchema = z.object({
  __v: versionSchema.optional(),
  name: z.union([z.string(), z.null()], { error: 'contact.name.required' }).optional().transform((v) => (v ?? '').trim())
    .pipe(z.string().min(2, { error: 'contact.name.required' }).max(200, { error: 'error.tooLong' })),
  company: text(200),
  company_id: z.union([z.string().max(64), z.null()]).optional().transform((v) => (v === undefined ? undefined : v || null)),
  position: text(200),
  email: text(200).refine((v) => !v || EMAIL_RE.test(v), { error: 'contact.email.invalid' }),
  phone: text(40),
}, { error: 'error.invalidType' });
export type ContactInput = z.input<typeof contactInputSchema>;
export const contactUpdateSchema = contactInputSchema.partial().extend({ __v: versionSchema.optional() });

export const contactSchema = z.object({
  _id: z.string(),
  name: z.string(),
  company: z.string(),
  company_id: z.string().nullable(),
  position: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Where the contact came from: 'manual', 'company' or 'offer'. */
  source: z.string(),
  created_date: z.string(),
  __v: z.number(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactListSchema = z.object({ contacts: z.array(contactSchema), page: z.number(), totalPage: z.number(), totalItemCount: z.number() });
export type ContactList = z.infer<typeof contactListSchema>;
