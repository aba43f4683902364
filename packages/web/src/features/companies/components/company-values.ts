import {
  COMPANY_CATEGORIES, companyInputSchema, emptyCompany, issuesToFields,
  type Company, type CompanyCategory, type CompanyInput,
} from '@isik/domain';
import type { CompanyBody } from '../api/companies-api';

/** What the company form edits: every field of the entity except the image (kept as it is). */
export interface CompanyFormValues {
  company_name: string;
  company_adress: string;
  company_district: string;
  company_city: string;
  company_country: string;
  /** '' only when a draft arrives without one; the form then asks for it. */
  company_category: string;
  company_phone: string;
  company_mobilephone: string;
  company_fax: string;
  company_taxoffice: string;
  company_taxno: string;
  company_email: string;
  company_web: string;
  company_notes: string;
  company_status: boolean;
}

export type CompanyField = keyof CompanyFormValues;

/** Field errors as domain message keys (or texts the server already translated); shown with tm(). */
export type CompanyErrors = Partial<Record<CompanyField, string>>;

const TEXT_FIELDS = [
  'company_name', 'company_adress', 'company_district', 'company_city', 'company_country', 'company_category',
  'company_phone', 'company_mobilephone', 'company_fax', 'company_taxoffice', 'company_taxno', 'company_email',
  'company_web', 'company_notes',
] as const satisfies readonly CompanyField[];

/** The order errors are listed in (the order of the form). */
export const COMPANY_FIELD_ORDER: readonly CompanyField[] = [
  'company_name', 'company_category', 'company_status', 'company_adress', 'company_district', 'company_city',
  'company_country', 'company_phone', 'company_mobilephone', 'company_fax', 'company_email', 'company_web',
  'company_taxoffice', 'company_taxno', 'company_notes',
];

export function isCompanyCategory(v: unknown): v is CompanyCategory {
  return typeof v === 'string' && (COMPANY_CATEGORIES as readonly string[]).includes(v);
}

/** Form values from a stored company, a draft (e.g. from an offer, spec 001 3.7) or nothing (defaults). */
export function toFormValues(source?: Company | Partial<CompanyInput> | null): CompanyFormValues {
  const base = { ...emptyCompany(), ...(source ?? {}) } as Record<string, unknown>;
  const values = {} as Record<string, unknown>;
  for (const f of TEXT_FIELDS) values[f] = typeof base[f] === 'string' ? base[f] : '';
  values.company_status = typeof base.company_status === 'boolean' ? base.company_status : true;
  return values as unknown as CompanyFormValues;
}

/** Spec 000 section 5 through the domain schema: { field: messageKey } for every rule broken. */
export function validateCompany(values: CompanyFormValues): CompanyErrors {
  const parsed = companyInputSchema.safeParse(values);
  if (parsed.success) return {};
  const errors = issuesToFields(parsed.error.issues) as CompanyErrors;
  // An empty e-mail is asked for ('Write to Email Please'); a written but malformed one is 'Email is not valid!'.
  if (errors.company_email && !values.company_email.trim()) errors.company_email = 'company.email.write';
  return errors;
}

/**
 * Spec 000 section 5: "A new company starts with preset errors for name, category, e-mail and city"
 * - only those whose value does not already pass (a draft may bring a valid name or category).
 */
export function presetErrors(values: CompanyFormValues): CompanyErrors {
  const all = validateCompany(values);
  const out: CompanyErrors = {};
  for (const f of ['company_name', 'company_category', 'company_email', 'company_city'] as const) {
    if (all[f]) out[f] = all[f];
  }
  return out;
}

/** The body create and update send: trimmed as the server stores it; the image is passed through unchanged. */
export function toCompanyBody(values: CompanyFormValues, img = ''): CompanyBody {
  const parsed = companyInputSchema.parse({ ...values, company_img: img });
  return parsed as CompanyBody;
}

/** Field errors in the form's order, for the alert above the form. */
export function orderedErrors(errors: Record<string, unknown>): [CompanyField, string][] {
  const out: [CompanyField, string][] = [];
  for (const f of COMPANY_FIELD_ORDER) {
    const e = errors[f];
    if (typeof e === 'string' && e) out.push([f, e]);
  }
  return out;
}
