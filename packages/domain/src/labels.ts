/**
 * What a reader sees of stored values and log rows, in the reader's language (messages-labels.ts).
 * The stored values stay as the specification names them; these functions only translate for display.
 */
import { PRODUCT_IMAGE_DESCRIPTIONS, UNITS } from './catalogue.js';
import { LABEL_MESSAGES, LOG_MESSAGES } from './messages-labels.js';
import { translate, type Lang, type MessageKey } from './messages.js';
import { OPERATION_CENTERS, OPERATION_TYPES } from './stock-constants.js';

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

/** Translates a message key; the server passes one language's `translate`, the web client its loaded dictionary. */
export type Translator = (key: MessageKey, params?: Record<string, string | number>) => string;
const inLang = (lang: Lang): Translator => (key, params) => translate(key, lang, params);

const labelOf = (keys: Record<string, LabelKey>, value: string, t: Translator): string =>
  (Object.prototype.hasOwnProperty.call(keys, value) ? t(keys[value]) : value);

/**
 * The label functions over a translator. The web client passes its own (its messages come one language at a time,
 * so the all-language messages stay out of its download); the `...Label(value, lang)` functions below use the
 * domain's `translate`.
 */
export function labelsWith(t: Translator) {
  const unit = (u: string) => labelOf(UNIT_KEYS, u, t);
  const center = (c: string) => labelOf(CENTER_KEYS, c, t);
  /** Log values as a reader sees them: a `unit` through its label, a `center` through its label. */
  const logParams = (params: Record<string, string>): Record<string, string> => {
    const out: Record<string, string> = { ...params };
    if (typeof out.unit === 'string') out.unit = unit(out.unit);
    if (typeof out.center === 'string') out.center = center(out.center);
    return out;
  };
  return {
    unit,
    image: (description: string) => labelOf(IMAGE_KEYS, description, t),
    center,
    type: (type: string) => labelOf(TYPE_KEYS, type, t),
    logParams,
    /** A log row's title; older rows by their Turkish title, unknown ones as stored. */
    logTitle: (row: Pick<LogTextFields, 'title' | 'title_key'>): string => {
      const key = row.title_key || logTitleKeyOf(row.title);
      return key ? t(key as MessageKey) : row.title;
    },
    /** A log row's description: keyed descriptions are rebuilt from their values. */
    logDescription: (row: Pick<LogTextFields, 'description' | 'description_key' | 'params'>): string =>
      (row.description_key ? t(row.description_key as MessageKey, logParams(row.params ?? {})) : row.description),
  };
}

/** 'Adet' → 'pcs' in English; an unknown unit comes back as it is. */
export const unitLabel = (unit: string, lang: Lang): string => labelsWith(inLang(lang)).unit(unit);
/** 'Ana Görsel' → 'Main image' in English. */
export const imageDescriptionLabel = (description: string, lang: Lang): string => labelsWith(inLang(lang)).image(description);
/** 'uretim' → 'Üretim' / 'Production'. */
export const centerLabel = (center: string, lang: Lang): string => labelsWith(inLang(lang)).center(center);
/** 'giris' → 'Giriş' / 'In'. */
export const operationTypeLabel = (type: string, lang: Lang): string => labelsWith(inLang(lang)).type(type);
/** Log values as a reader sees them: a `unit` through its label, a `center` through its label. */
export const logParamsIn = (params: Record<string, string>, lang: Lang): Record<string, string> => labelsWith(inLang(lang)).logParams(params);

const TITLE_KEY_BY_TEXT = new Map<string, LogTitleKey>(
  (Object.keys(LOG_MESSAGES) as (keyof typeof LOG_MESSAGES)[]).filter((k): k is LogTitleKey => k.startsWith('log.')).map((k) => [LOG_MESSAGES[k].tr, k]),
);

/** The key of a stored Turkish title (rows written before titles were keys). */
export function logTitleKeyOf(title: string): LogTitleKey | null {
  return TITLE_KEY_BY_TEXT.get(title) ?? null;
}

export interface LogTextFields { title: string; title_key?: string | null; description: string; description_key?: string | null; params?: Record<string, string> | null }

/** A log row's title in the reader's language; older rows by their Turkish title, unknown ones as stored. */
export const logTitle = (row: Pick<LogTextFields, 'title' | 'title_key'>, lang: Lang): string => labelsWith(inLang(lang)).logTitle(row);

/** A log row's description in the reader's language: keyed descriptions are rebuilt from their values. */
export const logDescription = (row: Pick<LogTextFields, 'description' | 'description_key' | 'params'>, lang: Lang): string => labelsWith(inLang(lang)).logDescription(row);
