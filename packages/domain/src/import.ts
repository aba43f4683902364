import { z } from 'zod';
import type { MessageKey } from './messages.js';

/**
 * Import from Excel (issue 26): companies, materials with opening stock and products with their model, from an .xlsx
 * or .csv file. The columns of each kind, in the template's order; a file's header may name a column by its label in
 * any language or by its API field name (`company_name`). `code` is the column that identifies a record: importing a
 * file again updates the records whose code is already stored instead of adding new ones.
 */
export const IMPORT_KINDS = ['companies', 'materials', 'products'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The most data rows one file may have. */
export const IMPORT_MAX_ROWS = 10_000;
/** The largest file accepted (bytes). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export interface ImportColumn { field: string; label: MessageKey; example: string; required?: boolean }

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  companies: [
    { field: 'company_name', label: 'import.col.company_name', example: 'Örnek Aydınlatma A.Ş.', required: true },
    { field: 'company_category', label: 'import.col.company_category', example: 'Customer' },
    { field: 'company_email', label: 'import.col.company_email', example: 'info@example.com', required: true },
    { field: 'company_phone', label: 'import.col.company_phone', example: '+90 312 000 00 00' },
    { field: 'company_mobilephone', label: 'import.col.company_mobilephone', example: '' },
    { field: 'company_adress', label: 'import.col.company_adress', example: 'Atatürk Cad. 1' },
    { field: 'company_district', label: 'import.col.company_district', example: 'Çankaya' },
    { field: 'company_city', label: 'import.col.company_city', example: 'Ankara', required: true },
    { field: 'company_country', label: 'import.col.company_country', example: 'Türkiye' },
    { field: 'company_taxoffice', label: 'import.col.company_taxoffice', example: 'Kavaklıdere' },
    { field: 'company_taxno', label: 'import.col.company_taxno', example: '1234567890' },
    { field: 'company_web', label: 'import.col.company_web', example: 'https://example.com' },
    { field: 'company_notes', label: 'import.col.company_notes', example: '' },
  ],
  materials: [
    { field: 'material_name', label: 'import.col.material_name', example: 'LED modül 50W', required: true },
    { field: 'material_category', label: 'import.col.material_category', example: 'Elektronik', required: true },
    { field: 'material_group', label: 'import.col.material_group', example: 'LED', required: true },
    { field: 'material_unit', label: 'import.col.material_unit', example: 'Adet' },
    { field: 'material_price', label: 'import.col.material_price', example: '12.5' },
    { field: 'material_doviz', label: 'import.col.material_doviz', example: '$' },
    { field: 'opening_stock', label: 'import.col.opening_stock', example: '100' },
  ],
  products: [
    { field: 'urun_kodu', label: 'import.col.urun_kodu', example: 'ISK-SL-050', required: true },
    { field: 'urun_adi_tr', label: 'import.col.urun_adi_tr', example: 'Sokak armatürü 50W', required: true },
    { field: 'urun_adi_en', label: 'import.col.urun_adi_en', example: 'Street light 50W' },
    { field: 'model', label: 'import.col.model', example: 'SL', required: true },
    { field: 'urun_sira', label: 'import.col.urun_sira', example: '1' },
    { field: 'urun_fiyat', label: 'import.col.urun_fiyat', example: '85' },
    { field: 'urun_doviz', label: 'import.col.urun_doviz', example: '$' },
    { field: 'urun_guc', label: 'import.col.urun_guc', example: '50' },
    { field: 'urun_lumen', label: 'import.col.urun_lumen', example: '7500' },
    { field: 'urun_voltaj', label: 'import.col.urun_voltaj', example: '220' },
  ],
};

/** The column whose value identifies a record of the kind. */
export const IMPORT_CODE_FIELD: Record<ImportKind, string> = { companies: 'company_name', materials: 'material_name', products: 'urun_kodu' };

/** Codes compare without case (İ, I, i and ı are one letter: 'IMPSL' and 'impsl' match) and surrounding or repeated spaces. */
export function importCodeKey(code: string): string {
  return code.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr').replace(/ı/g, 'i');
}

export const importKindParams = z.object({ kind: z.enum(IMPORT_KINDS, { error: 'import.kind.unknown' }) });

export const importRowSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  row: z.number(),
  code: z.string(),
  /** What a commit does with a valid row: add a record or update the stored one of the same code. */
  action: z.enum(['create', 'update']),
  values: z.record(z.string(), z.string()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  previewId: z.string(),
  kind: z.enum(IMPORT_KINDS),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  /** The columns the file's header named (API field names), in the kind's order. */
  columns: z.array(z.string()),
  rows: z.array(importRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importCommitSchema = z.object({
  previewId: z.string({ error: 'import.preview.unknown' }).trim().min(1, { error: 'import.preview.unknown' }).max(100, { error: 'import.preview.unknown' }),
  validOnly: z.boolean({ error: 'error.invalidType' }).default(false),
}, { error: 'error.invalidType' });

export const importResultSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  created: z.number(),
  updated: z.number(),
  /** Rows left out (their errors, with validOnly). */
  skipped: z.number(),
  /** Opening-stock movements written (materials). */
  movements: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
