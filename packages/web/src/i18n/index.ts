import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, type Lang } from '@isik/domain';
import { safeStorage } from '../lib/store';

export type Dict = { [key: string]: string | Dict };

/** Each language names itself, so a user who cannot read the current language still finds theirs. */
export const LANGUAGE_LABELS: Record<Lang, string> = { tr: 'Türkçe', en: 'English', es: 'Español' };
export const LOCALE_KEY = 'locale';
export const DEFAULT_LANG: Lang = 'tr';

/**
 * The shared dictionary and the feature folders' dictionaries (which join the shared namespace so
 * `t('users.title')` just works) load per language, on use: the first download carries none of them, and a page
 * loads only its reader's language (vite.config.ts puts each language's files in one chunk, `i18n-<lang>`).
 */
const sharedDicts = import.meta.glob<Dict>('./*.json', { import: 'default' });
/**
 * The public entry (ADR 0030) carries the dictionaries of its own screens (catalogue, order tracking) and of what a
 * signed-in user's header shows there (rates, to-dos, the password dialog of users); the back office every feature's.
 * The build sets ISIK_PUBLIC_ENTRY, so the other branch and its files are not in the bundle.
 */
const featureDicts =
  import.meta.env.ISIK_PUBLIC_ENTRY === 'true'
    ? import.meta.glob<Dict>('../features/{catalogue,orders,rates,todos,users}/i18n/*.json', { import: 'default' })
    : import.meta.glob<Dict>('../features/*/i18n/*.json', { import: 'default' });

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

/**
 * Domain messages (the keys zod schemas and the server use) under `msg.`, e.g. t('msg.auth.reauthFailed'): one
 * language at a time, cut from the domain's all-language messages at build time (packages/web/domain-messages.ts).
 */
const domainMessages: Record<Lang, () => Promise<{ default: Dict }>> = {
  tr: () => import('virtual:domain-messages/tr'),
  en: () => import('virtual:domain-messages/en'),
  es: () => import('virtual:domain-messages/es'),
};

/** One language's whole dictionary: shared, every feature's, and the domain messages under `msg.`. */
export async function loadDictionary(lang: Lang): Promise<Dict> {
  const own = (files: Record<string, () => Promise<Dict>>) =>
    Object.entries(files).filter(([file]) => file.endsWith(`/${lang}.json`)).map(([, load]) => load());
  const [msg, shared, ...features] = await Promise.all([domainMessages[lang]().then((m) => m.default), ...own(sharedDicts), ...own(featureDicts)]);
  const dict = mergeDict({}, shared);
  for (const feature of features) mergeDict(dict, feature);
  return mergeDict(dict, { msg });
}

const loaded = new Map<Lang, Promise<void>>();

async function ensureLanguage(lang: Lang): Promise<void> {
  let done = loaded.get(lang);
  if (!done) {
    done = loadDictionary(lang).then((dict) => { i18n.addResourceBundle(lang, 'translation', dict, true, false); });
    loaded.set(lang, done);
    done.catch(() => loaded.delete(lang));
  }
  await done;
}

function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

function storedLang(): Lang {
  const stored = safeStorage('local')?.getItem(LOCALE_KEY);
  return isLang(stored) ? stored : DEFAULT_LANG;
}

function applyLang(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // Every dictionary, the domain messages' too, joins per language (ensureLanguage) before anything renders in it.
  resources: {},
  lng: storedLang(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** Resolves when the reader's language is loaded; main.tsx renders nothing before. */
export const i18nReady: Promise<void> = ensureLanguage(currentLang()).then(() => applyLang(currentLang()));

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

export async function setLanguage(lang: Lang): Promise<void> {
  safeStorage('local')?.setItem(LOCALE_KEY, lang);
  await ensureLanguage(lang);
  await i18n.changeLanguage(lang);
  applyLang(lang);
}

/**
 * Translates a domain message key (what schemas and the server use) in the current language.
 * Text that is not a key comes back unchanged, so already-translated server messages pass through.
 */
export function tm(key: string, params: Record<string, string | number> = {}): string {
  // Only a text is a message: a key naming a group of messages (or plain text with dots) passes through.
  if (key && typeof i18n.getResource(currentLang(), 'translation', `msg.${key}`) === 'string') return i18n.t(`msg.${key}`, params);
  let text = key;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{{${k}}}`, String(v));
  return text;
}
