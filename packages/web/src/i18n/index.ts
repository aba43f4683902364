import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, type Lang } from '@isik/domain';
import { safeStorage } from '../lib/store';
import { dictionaryGroup, screenDictionaryGroups } from './first-render';

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
 * signed-in user's header shows there (rates, to-dos, the password dialog of users), each loaded with what shows it
 * (first-render.ts, ADR 0064); the back office every feature's.
 * The build sets ISIK_PUBLIC_ENTRY, so the other branch and its files are not in the bundle.
 */
const PUBLIC_ENTRY = import.meta.env.ISIK_PUBLIC_ENTRY === 'true';
const featureDicts =
  PUBLIC_ENTRY
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
/** The areas only back-office screens show (BACK_OFFICE_MESSAGE_AREAS): the back office's second tier; the public entry has none. */
const domainScreenMessages: Record<Lang, () => Promise<{ default: Dict }>> = {
  tr: () => import('virtual:domain-messages/tr/screens'),
  en: () => import('virtual:domain-messages/en/screens'),
  es: () => import('virtual:domain-messages/es/screens'),
};

/**
 * One language's feature dictionaries of one group (first-render.ts): `undefined` is the first tier (before the first
 * render), `screens` the back office's second, a feature's name the public entry's; `'*'` every second-tier group.
 */
function ownFeatureDicts(lang: Lang, group: string | undefined): Promise<Dict>[] {
  return Object.entries(featureDicts)
    .filter(([file]) => {
      if (!file.endsWith(`/${lang}.json`)) return false;
      const own = dictionaryGroup(file, PUBLIC_ENTRY);
      return group === '*' ? own !== undefined : own === group;
    })
    .map(([, load]) => load());
}

/** What one language needs before the first render: the shared dictionary, the shell's and dashboard's features, and the domain messages under `msg.` but those of the back-office areas. */
export async function loadFirstDictionary(lang: Lang): Promise<Dict> {
  const shared = Object.entries(sharedDicts).filter(([file]) => file.endsWith(`/${lang}.json`)).map(([, load]) => load());
  const [msg, ...dicts] = await Promise.all([domainMessages[lang]().then((m) => m.default), ...shared, ...ownFeatureDicts(lang, undefined)]);
  const dict: Dict = {};
  for (const d of dicts) mergeDict(dict, d);
  return mergeDict(dict, { msg });
}

/** Every other screen's feature dictionaries of one language (one group of them, or all), with the back office's domain message areas under `msg.`. */
export async function loadScreenDictionaries(lang: Lang, group = '*'): Promise<Dict> {
  const withMessages = !PUBLIC_ENTRY && (group === '*' || group === 'screens');
  const [msg, ...dicts] = await Promise.all([withMessages ? domainScreenMessages[lang]().then((m) => m.default) : Promise.resolve(undefined), ...ownFeatureDicts(lang, group)]);
  const dict: Dict = {};
  for (const d of dicts) if (d) mergeDict(dict, d);
  return msg ? mergeDict(dict, { msg }) : dict;
}

/** One language's whole dictionary: both tiers (a key defined in both is an error, as within one). */
export async function loadDictionary(lang: Lang): Promise<Dict> {
  const [first, screens] = await Promise.all([loadFirstDictionary(lang), loadScreenDictionaries(lang)]);
  return mergeDict(first, screens);
}

function once<K>(cache: Map<K, Promise<void>>, key: K, lang: Lang, load: () => Promise<Dict>): Promise<void> {
  let done = cache.get(key);
  if (!done) {
    done = load().then((dict) => { i18n.addResourceBundle(lang, 'translation', dict, true, false); });
    cache.set(key, done);
    done.catch(() => cache.delete(key));
  }
  return done;
}

const firstLoaded = new Map<Lang, Promise<void>>();
const screensLoaded = new Map<string, Promise<void>>();
/** The second-tier groups this page has needed so far: a language switch loads them in the new language. */
const wantedGroups = new Set<string>(PUBLIC_ENTRY ? [] : ['screens']);

/** The language's first-render tier (what main.tsx waits for). */
function ensureLanguage(lang: Lang): Promise<void> {
  return once(firstLoaded, lang, lang, () => loadFirstDictionary(lang));
}

/**
 * The reader's language's screen dictionaries (by default every group this page has needed: in the back office the
 * one `screens` group); the shell and the dashboard do not need them.
 */
export function screenDictionariesReady(lang: Lang = currentLang(), groups: readonly string[] = [...wantedGroups]): Promise<void> {
  return Promise.all(
    groups.map((group) => {
      wantedGroups.add(group);
      return once(screensLoaded, `${lang}:${group}`, lang, () => loadScreenDictionaries(lang, group));
    }),
  ).then(() => undefined);
}

/**
 * What a screen's loader awaits beside its code (lib/routing.tsx), so no screen renders a key: the back office's
 * second tier, or in the public entry its own feature's dictionary (the sign-in page's texts are all in the first).
 */
export function routeDictionariesReady(pattern: string): Promise<void> {
  return screenDictionariesReady(currentLang(), screenDictionaryGroups(pattern, PUBLIC_ENTRY));
}

/** What the signed-in header's lazily loaded tools await: in the public entry their dictionaries (first-render.ts). */
export function toolsDictionariesReady(): Promise<void> {
  return PUBLIC_ENTRY ? screenDictionariesReady(currentLang(), ['tools']) : Promise.resolve();
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
