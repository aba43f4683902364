import fs from 'node:fs';
import path from 'node:path';

/** packages/web/route-preloads.ts writes this into the build. */
interface RoutePreloads {
  routes: { pattern: string; js: string[]; css: string[] }[];
  i18n: Record<string, string[]>;
}

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

/** One built entry's page (index.html or public.html) with its screens' preloads. */
class EntryPage {
  private readonly pages = new Map<string, string>();
  readonly patterns: string[];

  constructor(private readonly index: string, private readonly preloads: RoutePreloads | null) {
    this.patterns = preloads?.routes.map((r) => r.pattern) ?? [];
  }

  static load(webDist: string, htmlFile: string, preloadsFile: string): EntryPage {
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
    return new EntryPage(index, preloads);
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
    const route = this.preloads.routes.find((r) => r.pattern === pattern);
    const links = [
      ...(route?.js ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`),
      ...(route?.css ?? []).map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttr(href)}">`),
    ].join('\n    ');
    // /boot.js reads the dictionaries' meta element, so it comes first; the screen's files come after the entry's own
    // tags, so the entry is asked for first (over HTTP/1.1 a browser fetches six files at once).
    const meta = `<meta name="isik-i18n" content="${escapeAttr(JSON.stringify(this.preloads.i18n))}">\n    `;
    const boot = '<script src="/boot.js">';
    const page = this.index.includes(boot) ? this.index.replace(boot, meta + boot) : this.index;
    return links ? page.replace('</head>', `  ${links}\n  </head>`) : page;
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
 * entry's page instead: the public pages do not download the back office's code.
 */
export class WebPage {
  private constructor(private readonly office: EntryPage, private readonly publicPages: EntryPage | null) {}

  static load(webDist: string): WebPage {
    const office = EntryPage.load(webDist, 'index.html', 'route-preloads.json');
    const hasPublic = fs.existsSync(path.join(webDist, 'public.html')) && fs.existsSync(path.join(webDist, 'route-preloads.public.json'));
    const publicPages = hasPublic ? EntryPage.load(webDist, 'public.html', 'route-preloads.public.json') : null;
    return new WebPage(office, publicPages);
  }

  html(pathname: string): string {
    const open = this.publicPages ? matchRoutePattern(pathname, this.publicPages.patterns) : undefined;
    if (open !== undefined && this.publicPages) return this.publicPages.html(open);
    return this.office.html(matchRoutePattern(pathname, this.office.patterns) ?? '');
  }
}
