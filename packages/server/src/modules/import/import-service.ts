/**
 * Import from Excel (issue 26). A preview reads the file, checks every row with the same schemas as the forms
 * (packages/domain) plus the import's own rules (a code once per file, a known model, a known category) and keeps the
 * checked rows under a preview id for an hour (in PostgreSQL, so any API instance commits it: ADR 0042); a commit writes them in one transaction: every row or none, or only the
 * valid ones when asked. A row whose code is already stored updates that record (only the columns the file has), so
 * importing the same file again changes nothing new. Opening stock enters through the ledger (giris, devir) when a
 * material is created; a log row names the importer, the kind, the file and the counts.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  companyInputSchema, decimalInput, IMPORT_CODE_FIELD, IMPORT_COLUMNS, IMPORT_MAX_ROWS, importCodeKey, isMessageKey, materialInputSchema,
  NAME_MIN, productInputSchema, translate, type ImportKind, type ImportPreview, type ImportResult, type Lang, type MaterialData, type MessageKey,
  type ProductData,
} from '@isik/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { addOpeningMaterialMovements } from '../stock/ledger-repository.js';
import { headerFields, readSheet, templateXlsx } from './import-files.js';
import { insertCompanies, updateCompanies, type CompanyImportValues as CompanyValues } from '../companies/companies-repository.js';
import { insertMaterials, updateImportedMaterial } from '../materials/materials-repository.js';
import { insertProducts, updateImportedProduct } from '../products/products-repository.js';
import { lockImport, modelsByCode, storedCodes, type ModelRef } from './import-repository.js';
import { dropPreview, savePreview, takePreview } from './import-previews-repository.js';

/** How long a preview waits for its commit, and how many are kept at once (the oldest go first). */
const PREVIEW_TTL_MS = 60 * 60 * 1000;
const PREVIEWS_MAX = 50;

interface RowError { field: string; key: MessageKey; params?: Record<string, string | number> }
interface CheckedRow {
  row: number;
  code: string;
  key: string;
  values: Record<string, string>;
  errors: RowError[];
  /** The schema's output (valid rows). */
  data?: unknown;
  /** Materials: the opening stock, a decimal text ('0' when none). */
  stock?: string;
  modelKey?: string;
}
interface Preview { id: string; kind: ImportKind; userId: string; fileName: string; fields: string[]; rows: CheckedRow[] }

const stockSchema = decimalInput({ places: 4, max: 1e10 });

const CATEGORY_WORDS: Record<string, 'Customer' | 'Suppliers'> = {
  customer: 'Customer', customers: 'Customer', 'müşteri': 'Customer', musteri: 'Customer', cliente: 'Customer', clientes: 'Customer',
  suppliers: 'Suppliers', supplier: 'Suppliers', 'tedarikçi': 'Suppliers', tedarikci: 'Suppliers', proveedor: 'Suppliers', proveedores: 'Suppliers',
};

/** A field of a zod issue, named as the file's column. */
function columnOf(kind: ImportKind, path: readonly PropertyKey[]): string {
  const f = String(path[0] ?? IMPORT_CODE_FIELD[kind]);
  if (kind === 'products' && f === 'urun_adi') return 'urun_adi_tr';
  if (kind === 'products' && f === 'urun_model') return 'model';
  return f;
}

function addIssues(kind: ImportKind, errors: RowError[], issues: readonly z.core.$ZodIssue[], map: Record<string, MessageKey> = {}) {
  for (const i of issues) {
    const field = columnOf(kind, i.path);
    if (errors.some((e) => e.field === field)) continue;
    errors.push({ field, key: map[field] ?? (isMessageKey(i.message) ? i.message : 'error.validation') });
  }
}

/** Only the non-empty cells: an empty cell takes the form's default (create) or keeps the stored value (update). */
function given(values: Record<string, string>, field: string): string | undefined {
  const v = values[field];
  return v === undefined || v === '' ? undefined : v;
}

export function createImportService(deps: { db: Db }) {
  const { db } = deps;

  function check(kind: ImportKind, values: Record<string, string>, models: Map<string, ModelRef>): Pick<CheckedRow, 'errors' | 'data' | 'stock' | 'modelKey'> {
    const errors: RowError[] = [];
    if (kind === 'companies') {
      const cat = given(values, 'company_category');
      const r = companyInputSchema.safeParse({
        ...Object.fromEntries(IMPORT_COLUMNS.companies.map((c) => [c.field, values[c.field] ?? ''])),
        company_category: cat === undefined ? undefined : CATEGORY_WORDS[cat.toLocaleLowerCase('tr')] ?? cat,
        company_country: given(values, 'company_country'),
      });
      if (!r.success) addIssues(kind, errors, r.error.issues, { company_category: 'import.category.unknown' });
      return { errors, data: r.data };
    }
    if (kind === 'materials') {
      const r = materialInputSchema.safeParse({
        material_name: values.material_name ?? '', material_category: values.material_category ?? '', material_group: values.material_group ?? '',
        material_unit: given(values, 'material_unit'), material_price: given(values, 'material_price'), material_doviz: given(values, 'material_doviz'),
      });
      if (!r.success) addIssues(kind, errors, r.error.issues);
      const s = stockSchema.safeParse(given(values, 'opening_stock') ?? '0');
      if (!s.success) errors.push({ field: 'opening_stock', key: 'import.stock.invalid' });
      return { errors, data: r.data, stock: s.data };
    }
    const modelKey = importCodeKey(values.model ?? '');
    const model = models.get(modelKey);
    if (!modelKey) errors.push({ field: 'model', key: 'product.model.required' });
    else if (!model) errors.push({ field: 'model', key: 'import.model.unknown' });
    const tr = (values.urun_adi_tr ?? '').trim();
    if (tr.length < NAME_MIN) errors.push({ field: 'urun_adi_tr', key: 'product.name.short' });
    const r = productInputSchema.safeParse({
      urun_kodu: values.urun_kodu ?? '', urun_adi: [tr, values.urun_adi_en ?? ''], urun_model: model?.id ?? 'unknown-model',
      urun_sira: given(values, 'urun_sira'), urun_fiyat: given(values, 'urun_fiyat'), urun_doviz: given(values, 'urun_doviz'),
      urun_guc: given(values, 'urun_guc'), urun_lumen: given(values, 'urun_lumen'), urun_voltaj: given(values, 'urun_voltaj'),
    });
    if (!r.success) addIssues(kind, errors, r.error.issues);
    return { errors, data: r.data, modelKey };
  }

  function answer(p: Preview, lang: Lang, stored: Map<string, string[]>): ImportPreview {
    let invalid = 0;
    const rows = p.rows.map((r) => {
      if (r.errors.length) invalid++;
      return {
        row: r.row, code: r.code, action: stored.has(r.key) ? 'update' as const : 'create' as const, values: r.values,
        errors: r.errors.map((e) => ({ field: e.field, message: translate(e.key, lang, e.params) })),
      };
    });
    return { previewId: p.id, kind: p.kind, total: rows.length, valid: rows.length - invalid, invalid, columns: p.fields, rows };
  }

  return {
    template: (kind: ImportKind, lang: Lang) => templateXlsx(kind, lang),

    async preview(caller: Actor, kind: ImportKind, file: { bytes: Buffer; name: string }, lang: Lang): Promise<ImportPreview> {
      const sheet = await readSheet(file.bytes);
      const header = sheet[0] ?? [];
      const fields = headerFields(kind, header);
      if (!fields.some((f) => f !== null)) throw new AppError(400, 'import.file.noColumns', { file: 'import.file.noColumns' });
      const data = sheet.slice(1).map((cells, i) => ({ n: i + 2, cells })).filter((r) => r.cells.some((c) => c !== ''));
      if (data.length === 0) throw new AppError(400, 'import.file.empty', { file: 'import.file.empty' });
      if (data.length > IMPORT_MAX_ROWS) throw new AppError(400, 'import.file.tooManyRows', { file: 'import.file.tooManyRows' }, { max: IMPORT_MAX_ROWS, rows: data.length });
      const [stored, models] = await Promise.all([storedCodes(db, kind), kind === 'products' ? modelsByCode(db) : Promise.resolve(new Map<string, ModelRef>())]);
      const codeField = IMPORT_CODE_FIELD[kind];
      const firstRow = new Map<string, number>();
      const rows: CheckedRow[] = data.map(({ n, cells }) => {
        const values: Record<string, string> = {};
        fields.forEach((f, i) => { if (f) values[f] = (cells[i] ?? '').slice(0, 5000); });
        const code = (values[codeField] ?? '').trim();
        const key = importCodeKey(code);
        const checked = check(kind, values, models);
        const errors = checked.errors;
        if (!key) {
          if (!errors.some((e) => e.field === codeField)) errors.unshift({ field: codeField, key: 'import.code.required' });
        } else if (firstRow.has(key)) {
          errors.unshift({ field: codeField, key: 'import.code.duplicateInFile', params: { row: firstRow.get(key)! } });
        } else {
          firstRow.set(key, n);
          if ((stored.get(key)?.length ?? 0) > 1) errors.unshift({ field: codeField, key: 'import.code.ambiguous' });
        }
        return { row: n, code, key, values, ...checked, errors };
      });
      const p: Preview = {
        id: randomUUID(), kind, userId: caller.id, fileName: file.name.slice(0, 200), rows,
        fields: IMPORT_COLUMNS[kind].map((c) => c.field).filter((f) => fields.includes(f)),
      };
      await savePreview(db, p, PREVIEW_TTL_MS, PREVIEWS_MAX);
      return answer(p, lang, stored);
    },

    async commit(caller: Actor, kind: ImportKind, body: { previewId: string; validOnly: boolean }): Promise<ImportResult> {
      return db.transaction(async (tx) => {
        // The preview row stays locked until this transaction ends: a second commit of it (here or on another
        // instance) answers 409 meanwhile, and finds nothing once this one deleted it.
        const p = await takePreview<CheckedRow>(tx, body.previewId);
        if (p === 'busy') throw new AppError(409, 'error.conflict');
        if (!p || p.kind !== kind || p.userId !== caller.id) {
          throw new AppError(404, 'import.preview.unknown', { previewId: 'import.preview.unknown' });
        }
        const invalid = p.rows.filter((r) => r.errors.length > 0).length;
        if (invalid > 0 && !body.validOnly) throw new AppError(400, 'import.hasErrors', undefined, { count: invalid });
        // One import of a kind at a time: two files naming the same new code make one record, not two.
        await lockImport(tx, kind);
        const stored = await storedCodes(tx, kind);
        const models = kind === 'products' ? await modelsByCode(tx) : new Map<string, ModelRef>();
        const has = new Set(p.fields);
        let skipped = invalid;
        let updated = 0;
        let movements = 0;
        const creates: { id: string; r: CheckedRow }[] = [];
        const companyUpdates: { id: string; fields: CompanyValues }[] = [];
        for (const r of p.rows) {
          if (r.errors.length) continue;
          const ids = stored.get(r.key) ?? [];
          const model = r.modelKey === undefined ? undefined : models.get(r.modelKey);
          // The database changed since the preview: a code now ambiguous, or the model gone.
          if (ids.length > 1 || (kind === 'products' && !model)) {
            if (body.validOnly) { skipped++; continue; }
            throw new AppError(409, ids.length > 1 ? 'import.code.ambiguous' : 'import.model.unknown', undefined, { row: r.row });
          }
          if (ids.length === 0) { creates.push({ id: newId(), r }); continue; }
          updated++;
          if (kind === 'companies') {
            companyUpdates.push({ id: ids[0], fields: r.data as CompanyValues });
          } else if (kind === 'materials') {
            const d = r.data as MaterialData;
            await updateImportedMaterial(tx, ids[0], Object.fromEntries(Object.entries(d).filter(([k]) => has.has(k))) as Partial<MaterialData>);
          } else {
            const d = r.data as ProductData;
            const fields: Partial<ProductData> = Object.fromEntries(Object.entries(d).filter(([k]) => has.has(k)));
            fields.urun_adi = d.urun_adi;
            await updateImportedProduct(tx, ids[0], fields, model, { keepEnglishName: !has.has('urun_adi_en') });
          }
        }
        if (kind === 'companies') {
          await updateCompanies(tx, companyUpdates, p.fields as (keyof CompanyValues)[]);
          await insertCompanies(tx, creates.map(({ id, r }) => ({ id, ...(r.data as z.output<typeof companyInputSchema>) })));
        } else if (kind === 'materials') {
          await insertMaterials(tx, creates.map(({ id, r }) => ({ id, ...(r.data as MaterialData) })));
          const opening = creates.filter(({ r }) => r.stock && Number(r.stock) > 0).map(({ id, r }) => ({ stock_id: id, qty: r.stock! }));
          movements = await addOpeningMaterialMovements(tx, caller, opening, { operation_center: 'devir', description: translate('import.stock.description', 'tr') });
        } else {
          await insertProducts(tx, creates.map(({ id, r }) => ({ id, data: r.data as ProductData, model: models.get(r.modelKey!)! })));
        }
        const created = creates.length;
        await recordChange(tx, caller, {
          title: 'log.import.done', descriptionKey: 'logText.import', form: 'import',
          values: { kind, file: p.fileName, created, updated, skipped },
        }, { entity: kind, action: 'changed' });
        await dropPreview(tx, p.id);
        return { kind, created, updated, skipped, movements };
      });
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;
