import { z } from 'zod';
import { EMAIL_RE, listEnvelope, optionalText, versionSchema } from './common.js';
import { DEFAULT_COUNTRY } from './countries.js';

export const COMPANY_CATEGORIES = ['Customer', 'Suppliers'] as const;
export type CompanyCategory = (typeof COMPANY_CATEGORIES)[number];
export const COMPANIES_PAGE_SIZE = 10;
export const COMPANY_SORTS = ['company_name', 'company_category', 'company_status'] as const;
export const ADDRESS_PREVIEW_CHARS = 30;

export const companyInputSchema = z.object({
  company_name: z.string({ error: 'company.name.min' }).trim().min(3, { error: 'company.name.min' }).max(200, { error: 'error.tooLong' }),
  company_adress: optionalText(500),
  company_district: optionalText(100),
  company_city: z.string({ error: 'company.city.min' }).trim().min(3, { error: 'company.city.min' }).max(100, { error: 'error.tooLong' }),
  company_country: z.string({ error: 'company.country.select' }).trim().min(2, { error: 'company.country.select' }).max(100, { error: 'error.tooLong' }).default(DEFAULT_COUNTRY),
  company_category: z.enum(COMPANY_CATEGORIES, { error: 'company.category.select' }).default('Customer'),
  company_phone: optionalText(40),
  company_mobilephone: optionalText(40),
  company_fax: optionalText(40),
  company_taxoffice: optionalText(100),
  company_taxno: optionalText(40),
  company_email: z.string({ error: 'company.email.write' }).trim().max(200, { error: 'error.tooLong' }).regex(EMAIL_RE, { error: 'company.email.invalid' }),
  company_web: optionalText(200),
  company_img: optionalText(500),
  company_notes: optionalText(4000),
  company_status: z.boolean({ error: 'error.invalidType' }).default(true),
});
export type CompanyInput = z.input<typeof companyInputSchema>;
/** An update that leaves out country, category or status keeps the stored ones (no silent reset or reactivation). */
export const companyUpdateSchema = companyInputSchema.extend({
  company_country: companyInputSchema.shape.company_country.unwrap().optional(),
  company_category: companyInputSchema.shape.company_category.unwrap().optional(),
  company_status: companyInputSchema.shape.company_status.unwrap().optional(),
  __v: versionSchema,
});

export const companySchema = z.object({
  _id: z.string(),
  company_name: z.string(),
  company_adress: z.string(),
  company_district: z.string(),
  company_city: z.string(),
  company_country: z.string(),
  company_category: z.string(),
  company_phone: z.string(),
  company_mobilephone: z.string(),
  company_fax: z.string(),
  company_taxoffice: z.string(),
  company_taxno: z.string(),
  company_email: z.string(),
  company_web: z.string(),
  company_img: z.string(),
  company_notes: z.string(),
  company_status: z.boolean(),
  date: z.string(),
  __v: z.number(),
});
export type Company = z.infer<typeof companySchema>;
/** GET /companies/list (spec 000 7: companyList, page, totalPage, totalItemCount). */
export const companyListSchema = listEnvelope('companyList', companySchema);
export type CompanyList = z.infer<typeof companyListSchema>;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export function emptyCompany(): CompanyInput {
  return {
    company_name: '', company_adress: '', company_district: '', company_city: '', company_country: DEFAULT_COUNTRY,
    company_category: 'Customer', company_phone: '', company_mobilephone: '', company_fax: '', company_taxoffice: '',
    company_taxno: '', company_email: '', company_web: '', company_img: '', company_notes: '', company_status: true,
  };
}

/** Two company names are the same when they differ only in case (Turkish İ/i, I/ı) or surrounding spaces. */
export function sameCompanyName(a: string, b: string): boolean {
  const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr');
  return fold(a) === fold(b);
}
