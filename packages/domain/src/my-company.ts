import { z } from 'zod';
import { EMAIL_RE, optionalText, versionSchema } from './common.js';
import { CURRENCIES } from './money.js';
import { wholeNumberField } from './decimal-input.js';

/** The own company is the single record with _id "1" (DECISIONS 1). */
export const MY_COMPANY_ID = '1';
/** The four report images (spec 000 2.6): report logo, stamp, stamp with signature, black-and-white logo. */
export const MY_COMPANY_IMAGE_FIELDS = ['sirket_rapor_logo', 'sirket_kase', 'sirket_kaseimza', 'bwlogo'] as const;
export type MyCompanyImageField = (typeof MY_COMPANY_IMAGE_FIELDS)[number];
export const MY_COMPANY_MAX_QC_QUESTIONS = 200;
export const MY_COMPANY_MAX_CERTIFICATES = 100;
export const MY_COMPANY_MAX_BANKS = 50;

// ---------------------------------------------------------------- IBAN

/** Lengths of the IBANs of the countries the company banks with; others are checked by pattern and mod-97 only. */
const IBAN_LENGTHS: Record<string, number> = { TR: 26, DE: 22, GB: 22, FR: 27, IT: 27, ES: 24, NL: 18, AT: 20, CH: 21, BE: 16 };

/** An IBAN without spaces, upper case (how it is stored). */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** The ISO 13616 mod-97 check of a normalised IBAN (and its country's length where known). */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const len = IBAN_LENGTHS[iban.slice(0, 2)];
  if (len !== undefined && iban.length !== len) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** The two check digits that make `country + '00' + bban` a valid IBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const moved = normalizeIban(bban) + country.toUpperCase() + '00';
  let rest = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return String(98 - rest).padStart(2, '0');
}

/** An IBAN shown in groups of four: 'TR12 0006 4000 ...'. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

// ---------------------------------------------------------------- rows

const emailField = optionalText(200).refine((v) => v.trim() === '' || EMAIL_RE.test(v.trim()), { error: 'mycompany.email.invalid' }).transform((v) => v.trim());

/** A stored file URL or a base64 data URL (the server stores it and answers the URL); '' = none. */
const fileValue = z.string({ error: 'file.invalidValue' }).optional().nullable().transform((v) => v ?? '');

export const qcQuestionSchema = z.object({
  no: wholeNumberField({ key: 'mycompany.qc.no.invalid', label: 'value', min: 1, max: 100000 }),
  Question: z.string({ error: 'mycompany.qc.question.required' }).trim().min(1, { error: 'mycompany.qc.question.required' }).max(1000, { error: 'error.tooLong' }),
});
export type QcQuestionInput = z.input<typeof qcQuestionSchema>;

export const certificateSchema = z.object({
  certificate: z.string({ error: 'mycompany.certificate.required' }).trim().min(1, { error: 'mycompany.certificate.required' }).max(200, { error: 'error.tooLong' }),
  file: fileValue,
  bwfile: fileValue,
});
export type CertificateInput = z.input<typeof certificateSchema>;

export const bankAccountSchema = z.object({
  bank: z.string({ error: 'mycompany.bank.required' }).trim().min(1, { error: 'mycompany.bank.required' }).max(200, { error: 'error.tooLong' }),
  branch: optionalText(200).transform((v) => v.trim()),
  iban: z.string({ error: 'mycompany.iban.invalid' }).max(64, { error: 'mycompany.iban.invalid' })
    .refine(isValidIban, { error: 'mycompany.iban.invalid' }).transform(normalizeIban),
  currency: z.enum(CURRENCIES, { error: 'mycompany.currency.invalid' }),
});
export type BankAccountInput = z.input<typeof bankAccountSchema>;

// ---------------------------------------------------------------- the record

const MISSING = 'mycompany.nameCountry.missing' as const;
/** Name and country (spec 000 5: 'company info country or name is missing'). */
const requiredText = z.string({ error: MISSING }).trim().min(1, { error: MISSING }).max(200, { error: 'error.tooLong' });

const fields = {
  sirket_adi: requiredText,
  sirket_ulke: requiredText,
  sirket_adres: optionalText(500),
  sirket_ilce: optionalText(100),
  sirket_il: optionalText(100),
  sirket_pk: optionalText(20),
  sirket_email: emailField,
  sirket_email2: emailField,
  sirket_web: optionalText(200),
  sirket_tel: optionalText(40),
  sirket_fax: optionalText(40),
  sirket_vergidairesi: optionalText(100),
  sirket_vergino: optionalText(40),
  sirket_rapor_logo: fileValue,
  sirket_kase: fileValue,
  sirket_kaseimza: fileValue,
  bwlogo: fileValue,
  QCQuestions: z.array(qcQuestionSchema, { error: 'error.invalidType' }).max(MY_COMPANY_MAX_QC_QUESTIONS, { error: 'error.tooLong' }),
  certificates: z.array(certificateSchema, { error: 'error.invalidType' }).max(MY_COMPANY_MAX_CERTIFICATES, { error: 'error.tooLong' }),
  banks: z.array(bankAccountSchema, { error: 'error.invalidType' }).max(MY_COMPANY_MAX_BANKS, { error: 'error.tooLong' }),
};

/** Create body: name and country required, everything else optional (lists default to empty). */
export const myCompanyInputSchema = z.object({
  ...fields,
  QCQuestions: fields.QCQuestions.default([]),
  certificates: fields.certificates.default([]),
  banks: fields.banks.default([]),
});
export type MyCompanyInput = z.input<typeof myCompanyInputSchema>;

/** Update body: left-out fields keep their stored values; a sent name or country must not be empty; __v is the version read. */
export const myCompanyUpdateSchema = z.object(fields).partial().extend({ __v: versionSchema });
export type MyCompanyUpdateInput = z.input<typeof myCompanyUpdateSchema>;

export const myCompanySchema = z.object({
  _id: z.string(),
  sirket_adi: z.string(),
  sirket_adres: z.string(),
  sirket_ilce: z.string(),
  sirket_il: z.string(),
  sirket_ulke: z.string(),
  sirket_pk: z.string(),
  sirket_email: z.string(),
  sirket_email2: z.string(),
  sirket_web: z.string(),
  sirket_tel: z.string(),
  sirket_fax: z.string(),
  sirket_vergidairesi: z.string(),
  sirket_vergino: z.string(),
  /** Images as `/api/files/...` URLs (DECISIONS 8). */
  sirket_rapor_logo: z.string(),
  sirket_kase: z.string(),
  sirket_kaseimza: z.string(),
  bwlogo: z.string(),
  QCQuestions: z.array(z.object({ no: z.number(), Question: z.string() })),
  certificates: z.array(z.object({ certificate: z.string(), file: z.string(), bwfile: z.string() })),
  banks: z.array(z.object({ bank: z.string(), branch: z.string(), iban: z.string(), currency: z.string() })),
  date: z.string(),
  __v: z.number(),
});
export type MyCompany = z.infer<typeof myCompanySchema>;

/**
 * GET /api/company/1 for roles above the settings screen's level (2-3): what the documents read of the own company
 * (spec 002 3 'Company (own, id 1)', plus the plain stamp the offer's stamp switch prints, country and postcode of the
 * address, and the bank accounts the offer PDF prints). No tax numbers, second e-mail or QC questions (docs/decisions/0013).
 */
export const myCompanyDocumentSchema = myCompanySchema.pick({
  _id: true, sirket_adi: true, sirket_adres: true, sirket_ilce: true, sirket_il: true, sirket_ulke: true, sirket_pk: true,
  sirket_email: true, sirket_web: true, sirket_tel: true, sirket_fax: true,
  sirket_rapor_logo: true, bwlogo: true, sirket_kase: true, sirket_kaseimza: true, certificates: true, banks: true,
});
export type MyCompanyDocument = z.infer<typeof myCompanyDocumentSchema>;

/** What the order-tracking page may show a customer: name, address, contact and logo. */
export const myCompanyTrackingSchema = z.object({
  _id: z.string(),
  sirket_adi: z.string(),
  sirket_adres: z.string(),
  sirket_ilce: z.string(),
  sirket_il: z.string(),
  sirket_ulke: z.string(),
  sirket_pk: z.string(),
  sirket_tel: z.string(),
  sirket_fax: z.string(),
  sirket_email: z.string(),
  sirket_web: z.string(),
  sirket_rapor_logo: z.string(),
});
export type MyCompanyTracking = z.infer<typeof myCompanyTrackingSchema>;

/** GET /api/web/company: the public catalogue's view (offer-request form shows the e-mail). */
export const publicCompanySchema = z.object({
  sirket_adi: z.string(),
  sirket_adres: z.string(),
  sirket_ilce: z.string(),
  sirket_il: z.string(),
  sirket_ulke: z.string(),
  sirket_tel: z.string(),
  sirket_email: z.string(),
  sirket_web: z.string(),
  /** The report logo's URL ('' when none). */
  logo: z.string(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;
