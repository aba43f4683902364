import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** One lazily loaded screen: its route pattern and its module, relative to packages/web. */
export interface LazyRoute { pattern: string; module: string }

/**
 * Every `appRoute('/pattern', () => import('./routes/x'))` of the features' routes.tsx and public-routes.tsx
 * (bench/bundle-size.ts reads them too).
 */
export function lazyRoutes(webDir: string): LazyRoute[] {
  const featuresDir = path.join(webDir, 'src', 'features');
  const out: LazyRoute[] = [];
  for (const feature of fs.readdirSync(featuresDir)) {
    for (const name of ['routes.tsx', 'public-routes.tsx']) {
      const file = path.join(featuresDir, feature, name);
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/appRoute\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
        out.push({ pattern: m[1], module: path.posix.join('src/features', feature, m[2].replace(/^\.\//, '')) + '.tsx' });
      }
    }
  }
  return out;
}

const PATTERNS_ID = 'virtual:app-route-patterns';

/**
 * `virtual:app-route-patterns`: the pattern of every screen of the product. The public entry (ADR 0030) holds only the
 * open screens but registers the others' patterns, so a signed-in user's menu on a public page lists what it lists
 * everywhere else (the menu hides links to screens that are not built).
 */
export function appRoutePatterns(webDir: string): Plugin {
  return {
    name: 'isik-app-route-patterns',
    resolveId: (id) => (id === PATTERNS_ID ? `\0${PATTERNS_ID}` : undefined),
    load: (id) => (id === `\0${PATTERNS_ID}` ? `export default ${JSON.stringify([...new Set(lazyRoutes(webDir).map((r) => r.pattern))])};` : undefined),
  };
}

/** What `route-preloads.json` holds: per route and per language, the files to fetch beside the entry. */
export interface RoutePreloads {
  routes: { pattern: string; js: string[]; css: string[] }[];
  i18n: Record<string, string[]>;
}

interface ChunkMeta { viteMetadata?: { importedCss: Set<string> } }

function staticClosure(bundle: OutputBundle, start: OutputChunk): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

/**
 * `route-preloads.json` in the build (issue 12): for every lazily loaded screen, the JavaScript and CSS its first
 * render needs beyond the entry, and each language's dictionary chunk. The server names them in the page it sends
 * for that path (`<link rel="modulepreload">`), so the screen and the dictionary download beside the entry instead of
 * after it has run: one round trip less before anything shows.
 */
export function routePreloads(webDir: string, fileName = 'route-preloads.json'): Plugin {
  return {
    name: 'isik-route-preloads',
    apply: 'build',
    // After the bundle is final: Vite drops the chunks that only carried CSS in its own generateBundle, and a preload
    // of one of them would be a 404.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const inEntry = new Set(staticClosure(bundle, entry).map((c) => c.fileName));
      const filesOf = (start: OutputChunk) => {
        const closure = staticClosure(bundle, start).filter((c) => !inEntry.has(c.fileName));
        return {
          js: closure.map((c) => `/${c.fileName}`),
          css: [...new Set(closure.flatMap((c) => [...((c as ChunkMeta).viteMetadata?.importedCss ?? [])]))].map((f) => `/${f}`),
        };
      };
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [path.relative(webDir, c.facadeModuleId!).split(path.sep).join('/'), c]));
      const preloads: RoutePreloads = { routes: [], i18n: {} };
      for (const { pattern, module } of lazyRoutes(webDir)) {
        const chunk = byModule.get(module);
        if (chunk) preloads.routes.push({ pattern, ...filesOf(chunk) });
      }
      for (const chunk of chunks) {
        const lang = /^i18n-([a-z]{2})$/.exec(chunk.name)?.[1];
        if (lang) preloads.i18n[lang] = filesOf(chunk).js;
      }
      fs.writeFileSync(path.join(options.dir ?? path.join(webDir, 'dist'), fileName), JSON.stringify(preloads));
    },
  };
}
