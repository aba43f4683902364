// A relative import: the Vite and Vitest configs are bundled for Node, which cannot load the domain package's TypeScript.
import { LANGS, MESSAGES, type Lang } from '../domain/src/messages.js';
import type { Plugin } from 'vite';

/** A dictionary as i18next takes it: texts nested by the dots of their keys. */
export type Dict = { [key: string]: string | Dict };

/** Domain messages of one language nested by their dotted keys (the web client reads them as `msg.<key>`). */
export function domainDict(lang: Lang): Dict {
  const root: Dict = {};
  for (const [key, entry] of Object.entries(MESSAGES)) {
    const parts = key.split('.');
    let node = root;
    for (const p of parts.slice(0, -1)) {
      const next = node[p];
      if (next === undefined) node[p] = {};
      else if (typeof next === 'string') throw new Error(`domain message ${key} clashes with a shorter key`);
      node = node[p] as Dict;
    }
    node[parts[parts.length - 1]] = (entry as Record<Lang, string>)[lang];
  }
  return root;
}

const PREFIX = 'virtual:domain-messages/';
const RESOLVED = '\0domain-messages:';

/**
 * `virtual:domain-messages/<lang>`: the domain's messages (every language in one object, for the server) cut to one
 * language at build time, so the browser downloads only its reader's language, in the `i18n-<lang>` chunk before the
 * first render, instead of all three in the first download (issue 12). The areas only back-office screens show
 * (BACK_OFFICE_MESSAGE_AREAS) are `virtual:domain-messages/<lang>/screens`, in the back office's second tier
 * (`i18n-<lang>-screens`, which every screen's loader awaits, ADR 0064); the public entry has none of them.
 */
export function domainMessages(publicEntry = false): Plugin {
  return {
    name: 'isik-domain-messages',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [lang, part] = id.slice(PREFIX.length).split('/');
      if (!(LANGS as readonly string[]).includes(lang) || (part !== undefined && part !== 'screens')) throw new Error(`no domain messages ${id}`);
      return RESOLVED + id.slice(PREFIX.length);
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [lang, part] = id.slice(RESOLVED.length).split('/');
      const all = domainDict(lang as Lang);
      const dict: Dict = {};
      for (const [area, texts] of Object.entries(all)) {
        // The public entry: no back-office area at all. The back office: the home dashboard's few before the first render.
        const later = (BACK_OFFICE_MESSAGE_AREAS as readonly string[]).includes(area) && (publicEntry || !(DASHBOARD_MESSAGE_AREAS as readonly string[]).includes(area));
        if (part === 'screens' ? later && !publicEntry : !later) dict[area] = texts;
      }
      return `export default ${JSON.stringify(dict)};`;
    },
  };
}

/**
 * The domain message areas no public screen and no first render shows (ADR 0030, ADR 0064): the public entry leaves
 * them out of its dictionary, the back office loads them with its screens' dictionaries.
 * The server sends its errors translated; the client looks up domain keys for its own forms' checks (sign-up,
 * passwords, offer requests) and a few notices, none of them in these areas.
 */
export const BACK_OFFICE_MESSAGE_AREAS = ['doc', 'log', 'logText', 'logs', 'buying', 'stock', 'delivery', 'device', 'mycompany', 'file', 'mail', 'label', 'image', 'offerSettings', 'order', 'offer', 'import', 'purchaseOrder', 'report', 'receipt', 'planning', 'material'] as const;

/**
 * The back-office areas the home dashboard shows (its today tables: log titles and descriptions, units, lib/labels.ts):
 * the back office keeps them in its first tier, as the dashboard renders without the screens' tier.
 */
export const DASHBOARD_MESSAGE_AREAS = ['log', 'logText', 'label'] as const;

/** The manual chunk of a language's domain messages (vite.config.ts), or undefined. */
export function domainMessagesChunk(id: string, publicEntry = false): string | undefined {
  if (!id.startsWith(RESOLVED)) return undefined;
  const [lang, part] = id.slice(RESOLVED.length).split('/');
  return part === 'screens' && !publicEntry ? `i18n-${lang}-screens` : `i18n-${lang}`;
}
