import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, type Lang } from '@isik/domain';
import { safeStorage } from '../lib/store';
import { isScreenDictionary } from './first-render';

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

/** One language's feature dictionaries of one tier (first-render.ts): before the first render, or the screens'. */
function ownFeatureDicts(lang: Lang, screens: boolean): Promise<Dict>[] {
  return Object.entries(featureDicts)
    .filter(([file]) => file.endsWith(`/${lang}.json`) && isScreenDictionary(file) === screens)
    .map(([, load]) => load());
}

/** What one language needs before the first render: the shared dictionary, the shell's and dashboard's features, and the domain messages under `msg.`. */
export async function loadFirstDictionary(lang: Lang): Promise<Dict> {
  const shared = Object.entries(sharedDicts).filter(([file]) => file.endsWith(`/${lang}.json`)).map(([, load]) => load());
  const [msg, ...dicts] = await Promise.all([domainMessages[lang]().then((m) => m.default), ...shared, ...ownFeatureDicts(lang, false)]);
  const dict: Dict = {};
  for (const d of dicts) mergeDict(dict, d);
  return mergeDict(dict, { msg });
}

/** Every other screen's feature dictionaries of one language. */
export async function loadScreenDictionaries(lang: Lang): Promise<Dict> {
  const dict: Dict = {};
  for (const d of await Promise.all(ownFeatureDicts(lang, true))) mergeDict(dict, d);
  return dict;
}

/** One language's whole dictionary: both tiers (a key defined in both is an error, as within one). */
export async function loadDictionary(lang: Lang): Promise<Dict> {
  const [first, screens] = await Promise.all([loadFirstDictionary(lang), loadScreenDictionaries(lang)]);
  return mergeDict(first, screens);
}

function once(cache: Map<Lang, Promise<void>>, lang: Lang, load: (lang: Lang) => Promise<Dict>): Promise<void> {
  let done = cache.get(lang);
  if (!done) {
    done = load(lang).then((dict) => { i18n.addResourceBundle(lang, 'translation', dict, true, false); });
    cache.set(lang, done);
    done.catch(() => cache.delete(lang));
  }
  return done;
}

const firstLoaded = new Map<Lang, Promise<void>>();
const screensLoaded = new Map<Lang, Promise<void>>();

/** The language's first-render tier (what main.tsx waits for). */
function ensureLanguage(lang: Lang): Promise<void> {
  return once(firstLoaded, lang, loadFirstDictionary);
}

/**
 * The reader's language's screen dictionaries: every screen's loader awaits this (lib/routing.tsx), so a screen never
 * renders a key; the shell and the dashboard do not need it.
 */
export function screenDictionariesReady(lang: Lang = currentLang()): Promise<void> {
  return once(screensLoaded, lang, loadScreenDictionaries);
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

/**
 * Resolves when the reader's language's first tier is loaded; main.tsx renders nothing before. The screens' tier is
 * asked for then, beside the first render instead of before it.
 */
export const i18nReady: Promise<void> = ensureLanguage(currentLang()).then(() => {
  applyLang(currentLang());
  screenDictionariesReady().catch(() => undefined);
});

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

export async function setLanguage(lang: Lang): Promise<void> {
  safeStorage('local')?.setItem(LOCALE_KEY, lang);
  await Promise.all([ensureLanguage(lang), screenDictionariesReady(lang)]);
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
