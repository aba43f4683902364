import {
  DEFAULT_UNIT, DEFAULT_VAT, hasText, modelInputSchema, nameLongEnough, toPair,
  type Model, type ModelFeature, type ProductionDetail,
} from '@isik/domain';
import type { ModelBody } from '../api/models-api';

/** A download row of the form: a stored file (`file` URL) or a new one (`base64` data URL, sent with the save). */
export interface DownloadRow { name: string; size: string; type: string; file: string; base64?: string }

/** The editable model: pairs split into their Turkish and English sides. */
export interface ModelFormValues {
  name_tr: string;
  name_en: string;
  desc_tr: string;
  desc_en: string;
  model_kodu: string;
  model_birimi: string;
  model_kdv: string;
  /** '' until chosen (a new model must choose one). */
  model_kategori: string;
  model_durumu: boolean;
  model_sira: number | string;
  model_etiket: string[];
  certificates: string[];
  model_resim: string;
  ModelFeatures: ModelFeature[];
  productiondetail: ProductionDetail[];
  modelDownloads: DownloadRow[];
}

export type ModelField = 'model_adi' | 'model_kodu' | 'model_kategori' | 'model_birimi' | 'model_kdv' | 'model_sira' | 'model_aciklama';

/** The side of a pair as an input shows it: the '-' placeholder reads as empty. */
export function side(v: string | undefined | null): string {
  return hasText(v) ? v!.trim() : '';
}

export function toFormValues(model?: Model | null): ModelFormValues {
  return {
    name_tr: side(model?.model_adi[0]),
    name_en: side(model?.model_adi[1]),
    desc_tr: side(model?.model_aciklama[0]),
    desc_en: side(model?.model_aciklama[1]),
    model_kodu: model?.model_kodu ?? '',
    model_birimi: model?.model_birimi ?? DEFAULT_UNIT,
    model_kdv: model?.model_kdv ?? DEFAULT_VAT,
    model_kategori: model ? String(model.model_kategori) : '',
    model_durumu: model?.model_durumu ?? true,
    model_sira: model?.model_sira ?? 0,
    model_etiket: model?.model_etiket ?? [],
    certificates: model?.certificates ?? [],
    model_resim: model?.model_resim ?? '',
    ModelFeatures: model?.ModelFeatures ?? [],
    productiondetail: (model?.productiondetail ?? []) as ProductionDetail[],
    modelDownloads: model?.modelDownloads ?? [],
  };
}

export function toModelBody(v: ModelFormValues): ModelBody {
  return {
    model_sira: Number(v.model_sira) || 0,
    model_adi: toPair(v.name_tr, v.name_en),
    model_kodu: v.model_kodu.trim(),
    model_aciklama: toPair(v.desc_tr, v.desc_en),
    model_birimi: v.model_birimi,
    model_kdv: v.model_kdv,
    model_kategori: v.model_kategori === '' ? '' : Number(v.model_kategori),
    model_durumu: v.model_durumu,
    model_etiket: v.model_etiket,
    certificates: v.certificates,
    model_resim: v.model_resim,
    ModelFeatures: v.ModelFeatures,
    productiondetail: v.productiondetail,
    modelDownloads: v.modelDownloads,
  };
}

/** The form field a schema or server error path belongs to. */
export function fieldOf(path: string): ModelField | null {
  const head = path.split(/[.[]/)[0];
  const known: ModelField[] = ['model_adi', 'model_kodu', 'model_kategori', 'model_birimi', 'model_kdv', 'model_sira', 'model_aciklama'];
  return (known as string[]).includes(head) ? (head as ModelField) : null;
}

/**
 * Spec 001 5 with the domain schema: name in the current locale >= 4 ('model.name.short'),
 * code >= 2 ('model.code.required'), category chosen ('model.category.required'). Answers message keys.
 */
export function validateModel(v: ModelFormValues, lang: string): Partial<Record<ModelField, string>> {
  const errors: Partial<Record<ModelField, string>> = {};
  const result = modelInputSchema.safeParse(toModelBody(v));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.model_adi && !nameLongEnough(toPair(v.name_tr, v.name_en), lang)) errors.model_adi = 'model.name.short';
  return errors;
}

// ------------------------------------------------------------------ copy and paste of rows (spec 001 5)

// The clipboard is shared with the products' rows, so it lives in lib/.
export { CLIPBOARD_KEY, copyRows, pasteRows, type ClipboardKind, type PasteResult } from '../../../lib/row-clipboard';

/** Renumbers rows 1..n in their order. */
export function renumberFeatures(rows: ModelFeature[]): ModelFeature[] {
  return rows.map((r, i) => ({ ...r, no: i + 1 }));
}
export function renumberProduction(rows: ProductionDetail[]): ProductionDetail[] {
  return rows.map((r, i) => ({ ...r, No: i + 1 }));
}

/** File size in kB, Turkish format. */
export function sizeKb(size: string | number): number {
  const n = Number(size);
  return Number.isFinite(n) ? n / 1024 : 0;
}
