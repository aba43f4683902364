import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import 'dayjs/locale/es';
import { LANGS, MESSAGES, translate, type Lang } from '@isik/domain';
import tr from './tr.json';
import en from './en.json';
import es from './es.json';
import { safeStorage } from '../lib/store';

export type Dict = { [key: string]: string | Dict };

/** Each language names itself, so a user who cannot read the current language still finds theirs. */
export const LANGUAGE_LABELS: Record<Lang, string> = { tr: 'Türkçe', en: 'English', es: 'Español' };
export const LOCALE_KEY = 'locale';
export const DEFAULT_LANG: Lang = 'tr';

/** Feature folders bring their own dictionaries; they join the shared namespace so `t('users.title')` just works. */
const featureDicts = import.meta.glob<Dict>('../features/*/i18n/*.json', { eager: true, import: 'default' });

/** Merges `source` into `target`; a key defined twice is a bug (one feature silently overriding another). */
export function mergeDict(target: Dict, source: Dict, path = ''): Dict {
  for (const [key, value] of Object.entries(source)) {
    const at = path ? `${path}.${key}` : key;
    const existing = target[key];
    if (typeof value === 'object' && value !== null) {
      if (existing === undefined) target[key] = mergeDict({}, value, at);
      else if (typeof existing === 'object') mergeDict(existing, value, at);
      else throw new Error(`i18n key ${at} is both a text and a group`);
    } else {
      if (existing !== undefined) throw new Error(`i18n key ${at} is defined twice`);
      target[key] = value;
    }
  }
  return target;
}

/** Domain messages (the keys zod schemas and the server use) under `msg.`, e.g. t('msg.auth.reauthFailed'). */
export function domainDict(lang: Lang): Dict {
  const root: Dict = {};
  for (const [key, entry] of Object.entries(MESSAGES)) {
    const parts = key.split('.');
    let node = root;
    parts.slice(0, -1).forEach((p) => {
      const next = node[p];
      if (next === undefined) node[p] = {};
      else if (typeof next === 'string') throw new Error(`domain message ${key} clashes with a shorter key`);
      node = node[p] as Dict;
    });
    node[parts[parts.length - 1]] = (entry as Record<Lang, string>)[lang];
  }
  return root;
}

function buildResources(): Record<Lang, { translation: Dict }> {
  const shared: Record<Lang, Dict> = { tr, en, es };
  const out = {} as Record<Lang, { translation: Dict }>;
  for (const lang of LANGS) {
    const dict = mergeDict({}, shared[lang]);
    for (const [file, feature] of Object.entries(featureDicts)) {
      if (file.endsWith(`/${lang}.json`)) mergeDict(dict, feature);
    }
    mergeDict(dict, { msg: domainDict(lang) });
    out[lang] = { translation: dict };
  }
  return out;
}

function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

function storedLang(): Lang {
  const stored = safeStorage('local')?.getItem(LOCALE_KEY);
  return isLang(stored) ? stored : DEFAULT_LANG;
}

function applyLang(lang: Lang): void {
  dayjs.locale(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: storedLang(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  // Resources are bundled, so initialising synchronously lets the first render show real text.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
applyLang(currentLang());

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

export async function setLanguage(lang: Lang): Promise<void> {
  safeStorage('local')?.setItem(LOCALE_KEY, lang);
  await i18n.changeLanguage(lang);
  applyLang(lang);
}

/**
 * Translates a domain message key (what schemas and the server use) in the current language.
 * Text that is not a key comes back unchanged, so already-translated server messages pass through.
 */
export function tm(key: string, params?: Record<string, string | number>): string {
  return translate(key, currentLang(), params);
}
