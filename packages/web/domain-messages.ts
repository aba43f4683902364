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
 * language at build time, so the browser downloads only its reader's language, in the `i18n-<lang>` chunk with the
 * screens' dictionaries, instead of all three in the first download (issue 12).
 */
export function domainMessages(leaveOut: readonly string[] = []): Plugin {
  return {
    name: 'isik-domain-messages',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const lang = id.slice(PREFIX.length);
      if (!(LANGS as readonly string[]).includes(lang)) throw new Error(`no domain messages for language ${lang}`);
      return RESOLVED + lang;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const dict = domainDict(id.slice(RESOLVED.length) as Lang);
      for (const area of leaveOut) delete dict[area];
      return `export default ${JSON.stringify(dict)};`;
    },
  };
}

/**
 * The domain message areas no public screen shows (ADR 0030): the public entry leaves them out of its dictionary.
 * The server sends its errors translated; the client looks up domain keys for its own forms' checks (sign-up,
 * passwords, offer requests) and a few notices, none of them in these areas.
 */
export const BACK_OFFICE_MESSAGE_AREAS = ['doc', 'log', 'logText', 'logs', 'buying', 'stock', 'delivery', 'device', 'mycompany', 'file', 'mail', 'label', 'image', 'offerSettings', 'order', 'offer', 'import', 'purchaseOrder', 'report', 'receipt', 'planning', 'material'] as const;

/** The manual chunk of a language's domain messages (vite.config.ts), or undefined. */
export function domainMessagesChunk(id: string): string | undefined {
  return id.startsWith(RESOLVED) ? `i18n-${id.slice(RESOLVED.length)}` : undefined;
}
