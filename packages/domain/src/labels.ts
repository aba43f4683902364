/**
 * What a reader sees of stored values and log rows, in the reader's language (messages-labels.ts).
 * The stored values stay as the specification names them; these functions only translate for display.
 */
import { PRODUCT_IMAGE_DESCRIPTIONS, UNITS } from './catalogue.js';
import { LABEL_MESSAGES, LOG_MESSAGES } from './messages-labels.js';
import { translate, type Lang } from './messages.js';
import { OPERATION_CENTERS, OPERATION_TYPES } from './stock.js';

export type LogTitleKey = Extract<keyof typeof LOG_MESSAGES, `log.${string}`>;
export type LogTextKey = Extract<keyof typeof LOG_MESSAGES, `logText.${string}`>;
type LabelKey = keyof typeof LABEL_MESSAGES;

const UNIT_KEYS: Record<(typeof UNITS)[number], LabelKey> = {
  Adet: 'label.unit.adet', Kg: 'label.unit.kg', Metre: 'label.unit.metre', Takım: 'label.unit.takim', Paket: 'label.unit.paket',
};
const IMAGE_KEYS: Record<(typeof PRODUCT_IMAGE_DESCRIPTIONS)[number], LabelKey> = {
  'Ana Görsel': 'label.image.main', 'Yan Görsel': 'label.image.side', 'Teknik Resim': 'label.image.drawing', 'Renkli Resim': 'label.image.colour',
};
const CENTER_KEYS = Object.fromEntries(OPERATION_CENTERS.map((c) => [c, `label.center.${c}` as LabelKey])) as Record<string, LabelKey>;
const TYPE_KEYS = Object.fromEntries(OPERATION_TYPES.map((c) => [c, `label.type.${c}` as LabelKey])) as Record<string, LabelKey>;

function labelOf(keys: Record<string, LabelKey>, value: string, lang: Lang): string {
  return Object.prototype.hasOwnProperty.call(keys, value) ? translate(keys[value], lang) : value;
}

/** 'Adet' → 'pcs' in English; an unknown unit comes back as it is. */
export const unitLabel = (unit: string, lang: Lang): string => labelOf(UNIT_KEYS, unit, lang);
/** 'Ana Görsel' → 'Main image' in English. */
export const imageDescriptionLabel = (description: string, lang: Lang): string => labelOf(IMAGE_KEYS, description, lang);
/** 'uretim' → 'Üretim' / 'Production'. */
export const centerLabel = (center: string, lang: Lang): string => labelOf(CENTER_KEYS, center, lang);
/** 'giris' → 'Giriş' / 'In'. */
export const operationTypeLabel = (type: string, lang: Lang): string => labelOf(TYPE_KEYS, type, lang);

/** Log values as a reader sees them: a `unit` through its label, a `center` through its label. */
export function logParamsIn(params: Record<string, string>, lang: Lang): Record<string, string> {
  const out: Record<string, string> = { ...params };
  if (typeof out.unit === 'string') out.unit = unitLabel(out.unit, lang);
  if (typeof out.center === 'string') out.center = centerLabel(out.center, lang);
  return out;
}

const TITLE_KEY_BY_TEXT = new Map<string, LogTitleKey>(
  (Object.keys(LOG_MESSAGES) as (keyof typeof LOG_MESSAGES)[]).filter((k): k is LogTitleKey => k.startsWith('log.')).map((k) => [LOG_MESSAGES[k].tr, k]),
);

/** The key of a stored Turkish title (rows written before titles were keys). */
export function logTitleKeyOf(title: string): LogTitleKey | null {
  return TITLE_KEY_BY_TEXT.get(title) ?? null;
}

export interface LogTextFields { title: string; title_key?: string | null; description: string; description_key?: string | null; params?: Record<string, string> | null }

/** A log row's title in the reader's language; older rows by their Turkish title, unknown ones as stored. */
export function logTitle(row: Pick<LogTextFields, 'title' | 'title_key'>, lang: Lang): string {
  const key = row.title_key || logTitleKeyOf(row.title);
  return key ? translate(key, lang) : row.title;
}

/** A log row's description in the reader's language: keyed descriptions are rebuilt from their values. */
export function logDescription(row: Pick<LogTextFields, 'description' | 'description_key' | 'params'>, lang: Lang): string {
  if (!row.description_key) return row.description;
  return translate(row.description_key, lang, logParamsIn(row.params ?? {}, lang));
}
