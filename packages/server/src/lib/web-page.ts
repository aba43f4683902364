import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_LEVELS } from '@isik/domain';

/** packages/web/route-preloads.ts writes this into the build. */
interface RoutePreloads {
  routes: { pattern: string; js: string[]; css: string[] }[];
  i18n: Record<string, string[]>;
}

/** The tags Vite writes for an entry: its module, its chunks' preloads, its styles (in the page's order). */
const ENTRY_TAGS = [/<script type="module" crossorigin src="[^"]*"><\/script>\s*/g, /<link rel="modulepreload" crossorigin href="[^"]*">\s*/g, /<link rel="stylesheet" crossorigin href="[^"]*">\s*/g];

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The route pattern a path opens, as React Router picks it: same number of segments, static segments equal (case
 * does not matter), the most static segments winning over parameters. Undefined when no pattern matches.
 */
export function matchRoutePattern(pathname: string, patterns: readonly string[]): string | undefined {
  const parts = pathname.split('/').filter(Boolean);
  let best: string | undefined;
  let bestScore = -1;
  for (const pattern of patterns) {
    const segments = pattern.split('/').filter(Boolean);
    if (segments.length !== parts.length) continue;
    let score = 0;
    const matches = segments.every((segment, i) => {
      if (segment.startsWith(':')) return parts[i] !== '';
      score += 1;
      return segment.toLowerCase() === parts[i].toLowerCase();
    });
    if (matches && score > bestScore) {
      best = pattern;
      bestScore = score;
    }
  }
  return best;
}

/** Screens anyone may open (ROUTE_LEVELS' open routes): no visitor is sent away from them. */
const OPEN_PATTERNS = new Set(ROUTE_LEVELS.filter((r) => r.open).map((r) => r.pattern));

/**
 * Where the back office sends a visitor without a session (spec 000 2.1: every path that is not an open route goes to
 * /web, the unknown ones too), for /boot.js to do before the back office's code is fetched: `keep` when the path is a
 * screen worth returning to after signing in (lib/return-path.ts on the client). Undefined for an open route.
 */
export function guestRedirect(pattern: string): { to: string; keep: boolean } | undefined {
  if (OPEN_PATTERNS.has(pattern)) return undefined;
  return { to: '/web', keep: pattern !== '' };
}

/** One built entry's page (index.html or public.html) with its screens' preloads. */
class EntryPage {
  private readonly pages = new Map<string, string>();
  readonly patterns: string[];

  constructor(private readonly index: string, private readonly preloads: RoutePreloads | null, private readonly backOffice: boolean) {
    this.patterns = preloads?.routes.map((r) => r.pattern) ?? [];
  }

  static load(webDist: string, htmlFile: string, preloadsFile: string, backOffice: boolean): EntryPage {
    const index = fs.readFileSync(path.join(webDist, htmlFile), 'utf8');
    let preloads: RoutePreloads | null = null;
    try {
      preloads = JSON.parse(fs.readFileSync(path.join(webDist, preloadsFile), 'utf8')) as RoutePreloads;
      // Only files the build holds: a preload of a missing one is a 404 in every visitor's console.
      const present = (files: string[]) => files.filter((f) => fs.existsSync(path.join(webDist, f)));
      preloads = {
        routes: preloads.routes.map((r) => ({ ...r, js: present(r.js), css: present(r.css) })),
        i18n: Object.fromEntries(Object.entries(preloads.i18n).map(([lang, files]) => [lang, present(files)])),
      };
    } catch {
      // An older build, or one made without the plugin: the plain page still works.
    }
    return new EntryPage(index, preloads, backOffice);
  }

  html(pattern: string): string {
    let page = this.pages.get(pattern);
    if (page === undefined) {
      page = this.render(pattern);
      this.pages.set(pattern, page);
    }
    return page;
  }

  private render(pattern: string): string {
    if (!this.preloads) return this.index;
    const boot = '<script src="/boot.js">';
    if (!this.index.includes(boot)) return this.index;
    const route = this.preloads.routes.find((r) => r.pattern === pattern);
    const links = [
      ...(route?.js ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`),
      ...(route?.css ?? []).map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttr(href)}">`),
    ];
    // /boot.js reads the meta elements, so they come before it; the screen's files come after the entry's own tags, so
    // the entry is asked for first (over HTTP/1.1 a browser fetches six files at once).
    const metas = [`<meta name="isik-i18n" content="${escapeAttr(JSON.stringify(this.preloads.i18n))}">`];
    let page = this.index;
    const guest = this.backOffice ? guestRedirect(pattern) : undefined;
    if (guest) {
      // The entry's tags and the screen's preloads leave the page for a meta element that /boot.js writes back into it
      // (document.write, so they act as if they had stood there) once it has seen that the visitor may have a
      // session; a visitor without one is sent on before the browser has asked for any of the back office's code
      // (its look-ahead fetches every script and preload it finds in the page).
      const entry = ENTRY_TAGS.flatMap((re) => page.match(re) ?? []);
      for (const tag of entry) page = page.replace(tag, '');
      metas.push(
        `<meta name="isik-guest" content="${escapeAttr(guest.to)}" data-keep="${guest.keep ? '1' : '0'}">`,
        `<meta name="isik-entry" content="${escapeAttr([...entry, ...links].join(''))}">`,
      );
    } else if (links.length) {
      page = page.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
    }
    return page.replace(boot, `${metas.join('\n    ')}\n    ${boot}`);
  }
}

/**
 * The single page app's page for a path (issue 12). The built index.html names the entry's files; this adds, for the
 * screen the path opens, its own chunks and styles (`<link rel="modulepreload">`, `<link rel="preload" as="style">`,
 * both `crossorigin` as Vite's own tags are, or the browser fetches them twice), and each language's dictionary
 * chunk in a meta element that /boot.js turns into a preload for the reader's language. The browser then fetches
 * them beside the entry instead of after it has run. Without the build's route-preloads.json the page is index.html
 * unchanged.
 *
 * A path one of the public entry's screens opens (public.html with route-preloads.public.json, ADR 0030) gets that
 * entry's page instead: the public pages do not download the back office's code. Every other path's page also says
 * where a visitor without a session goes (`isik-guest`): /boot.js sends such a visitor there before the back office's
 * code is fetched (a visitor opening / downloaded 199 KiB of it only to be sent to /web).
 */
export class WebPage {
  private constructor(private readonly office: EntryPage, private readonly publicPages: EntryPage | null) {}

  static load(webDist: string): WebPage {
    const office = EntryPage.load(webDist, 'index.html', 'route-preloads.json', true);
    const hasPublic = fs.existsSync(path.join(webDist, 'public.html')) && fs.existsSync(path.join(webDist, 'route-preloads.public.json'));
    const publicPages = hasPublic ? EntryPage.load(webDist, 'public.html', 'route-preloads.public.json', false) : null;
    return new WebPage(office, publicPages);
  }

  html(pathname: string): string {
    const open = this.publicPages ? matchRoutePattern(pathname, this.publicPages.patterns) : undefined;
    if (open !== undefined && this.publicPages) return this.publicPages.html(open);
    return this.office.html(matchRoutePattern(pathname, this.office.patterns) ?? '');
  }
}
