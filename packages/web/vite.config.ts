import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, transformWithEsbuild, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { domainMessages, domainMessagesChunk } from './domain-messages';
import { mantineStyles } from './mantine-styles';
import { appRoutePatterns, routePreloads } from './route-preloads';
import { dictionaryGroup } from './src/i18n/first-render';

// Resolve against this file so the build lands in packages/web/dist whether it runs from the
// package (npm run build -w @isik/web) or from the repository root.
const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

function proxy() {
  return {
      '/api': { target: apiTarget, changeOrigin: false },
      // The live socket; Vite's own HMR socket lives on another path, so the two never clash.
      '/ws': { target: apiTarget, ws: true, changeOrigin: false },
      // The device service (its API and its browser socket /device-api/ws).
      '/device-api': { target: apiTarget, ws: true, changeOrigin: false },
  };
}

/**
 * The public entry (public.html, ADR 0030) runs the same components on Preact's React compatibility layer: the
 * public pages' first download is then within its budget. Only the open screens are built into it.
 */
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The self-hosted fonts declare a face per script (Fontsource). The product's languages (tr, en, es) need Latin and
 * Latin Extended, and customer and supplier names may be Cyrillic; the Greek, Hebrew, Vietnamese, math and symbol
 * faces only lengthened every page's stylesheet (ADR 0030). Text in those scripts falls back to the system's fonts.
 */
function fontSubsets(): Plugin {
  const unused = /-(greek|greek-ext|hebrew|vietnamese|math|symbols|cyrillic-ext)-wght-/;
  return {
    name: 'isik-font-subsets',
    enforce: 'pre',
    transform(code, id) {
      if (!/@fontsource-variable\/[^/]+\/[^/]+\.css$/.test(id)) return null;
      return { code: code.replace(/@font-face\s*\{[^}]*\}/g, (face) => (unused.test(face) ? '' : face)), map: null };
    },
  };
}

/**
 * A plugin that points one bare import of matching library files at a module of our own (src/lib/…), so the library
 * stays out of the chunks that only needed one small piece of it.
 */
function ownImport(name: string, source: string, importer: RegExp, ownFile: string): Plugin {
  const own = fileURLToPath(new URL(ownFile, import.meta.url));
  return {
    name,
    enforce: 'pre',
    resolveId(id, from) {
      return id === source && from && importer.test(from) ? own : null;
    },
  };
}

/**
 * Mantine's ScrollArea (in every table) imports only `useMergeRefs` from Floating UI; pointing that one import at our
 * own hook (src/lib/merge-refs.ts) keeps Floating UI out of the screens that have no menu, tooltip or select before
 * their first render (ADR 0030).
 */
const scrollAreaRefs = () => ownImport('isik-scroll-area-refs', '@floating-ui/react',
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/, './src/lib/merge-refs.ts');

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll only for a class name
 * (`RemoveScroll.classNames.zeroRight`); pointing those imports at src/lib/remove-scroll-classes.ts keeps the library
 * (the scroll lock of modals and drawers, which still import it) out of every page's first download (ADR 0064).
 */
const appShellScrollClasses = () => ownImport('isik-app-shell-scroll-classes', 'react-remove-scroll',
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/, './src/lib/remove-scroll-classes.ts');

/**
 * The public build starts from the same index.html (one copy of the page and its plain top bar) with the public
 * entry's script, and writes it as public.html beside the back office's index.html.
 */
function publicPage(): Plugin {
  return {
    name: 'isik-public-page',
    apply: 'build',
    // After Vite's own HTML plugin has put the page into the bundle.
    enforce: 'post',
    transformIndexHtml: { order: 'pre', handler: (html) => html.replace('/src/main.tsx', '/src/public-main.tsx') },
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: 'public.html', source: page.source });
    },
  };
}

/**
 * The last step of `npm run build` (the public build runs after the back office's into the same folder): /boot.js,
 * copied from public/ as written (its comments explain it), is minified; then every script, style sheet and picture
 * of the folder gets a .br and a .gz beside it, which the server sends to browsers that take them
 * (@fastify/static preCompressed).
 */
function distFiles(): Plugin {
  let outDir = '';
  return {
    name: 'isik-dist-files',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    async closeBundle() {
      const boot = path.join(outDir, 'boot.js');
      if (fs.existsSync(boot)) fs.writeFileSync(boot, (await transformWithEsbuild(fs.readFileSync(boot, 'utf8'), boot, { minify: true, loader: 'js' })).code);
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|css|svg)$/.test(f) && !f.startsWith('.vite'));
      for (const f of files) {
        const file = path.join(outDir, f);
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
      }
    },
  };
}

export function clientConfig(command: 'build' | 'serve', variant: 'office' | 'public'): UserConfig {
  const isPublic = variant === 'public';
  return {
    root,
    // i18n/index.ts: which features' dictionaries the entry carries.
    define: { 'import.meta.env.ISIK_PUBLIC_ENTRY': JSON.stringify(isPublic ? 'true' : 'false') },
    plugins: [react(), fontSubsets(), scrollAreaRefs(), appShellScrollClasses(), domainMessages(isPublic), mantineStyles(), appRoutePatterns(root), routePreloads(root, isPublic ? 'route-preloads.public.json' : 'route-preloads.json'), ...(isPublic ? [publicPage(), distFiles()] : [])],
    resolve: {
      // React Router's package sends bundlers to its development build (warnings, 30 % larger); a production
      // bundle takes the production build (ADR 0018).
      alias: [
        ...(isPublic ? PREACT_ALIASES : []),
        ...(command !== 'build' ? [] : [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]),
      ],
    },
    // The Host header is kept as the browser sent it, like a reverse proxy in production would:
    // the server's socket accepts only an Origin that matches the Host it sees.
    server: { proxy: proxy() },
    preview: { proxy: proxy() },
    // `npm start` builds with ISIK_BUILD_QUIET=1 and shows its own progress line instead of Vite's list of every
    // file; warnings and errors still print.
    logLevel: process.env.ISIK_BUILD_QUIET ? 'warn' : 'info',
    build: {
      outDir: 'dist',
      // The two chunks above 500 kB are the PDF renderer (react-pdf, 1.2 MB) and the Excel writer (exceljs, 0.9 MB):
      // each is loaded only when a user opens a PDF or exports a list, never on a screen's first load (the budgets
      // of docs/web-client.md are checked by bench/bundle-size.ts). Warn only above what those two weigh.
      chunkSizeWarningLimit: 1_300,
      // bench/bundle-size.ts reads which chunks and styles each screen needs from here.
      manifest: isPublic ? '.vite/manifest.public.json' : true,
      // The office build runs first and empties the folder; the public build adds its files beside it.
      emptyOutDir: !isPublic,
      rollupOptions: {
          // zod's builders have no side effects: a schema the client never uses (the domain package defines them
        // for the server too) is dropped instead of pulling zod into every screen's first download.
        treeshake: { preset: 'recommended', manualPureFunctions: ['z'] },
        onwarn(warning, warn) {
          // zod 4 puts explanatory comments that mention `@__PURE__` where Rollup cannot use them; Rollup drops the
          // comment and changes nothing else. Any other warning (and this one from any other package) still prints.
          if (warning.code === 'INVALID_ANNOTATION' && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? '')) return;
          warn(warning);
        },
        output: {
          // The two entries' chunks are told apart by name in the dist folder (and in the bench's table).
          ...(isPublic ? { entryFileNames: 'assets/public-[hash].js' } : {}),
          // Vendor code changes far less often than ours: React, the router and TanStack Query (needed by every
          // page) get a chunk of their own that stays cached. Mantine, icons and the rest are left to Rollup, which
          // splits them by the lazily loaded screens that use them (ADR 0018: the public area stays small).
          manualChunks(id) {
            // Two chunks per language instead of one small request per feature and language: the shared dictionary
            // with the features the shell and the home dashboard show (i18n/index.ts loads it before the first
            // render), and every other screen's (loaded right after it; each screen's loader awaits it). The public
            // entry has one second-tier chunk per feature, loaded with its screens (src/i18n/first-render.ts, ADR 0064).
            const dictionary = /\/i18n\/(tr|en|es)\.json$/.exec(id);
            if (dictionary) {
              const group = dictionaryGroup(id, isPublic);
              return group ? `i18n-${dictionary[1]}-${group}` : `i18n-${dictionary[1]}`;
            }
            const messages = domainMessagesChunk(id, isPublic);
            if (messages) return messages;
            if (!id.includes('node_modules')) return undefined;
            // The report generators' libraries (and react-pdf's own nested scheduler) stay in their lazy chunks.
            if (id.includes('@react-pdf')) return undefined;
            // Floating UI (menus, tooltips, popovers, selects) in a chunk of its own: Rollup would otherwise put code
            // that screens share with it into the same chunk, and every screen would load Floating UI (ADR 0030).
            if (/node_modules\/@floating-ui\//.test(id)) return 'floating-ui';
            if (/node_modules\/(react|react-dom|react-router|scheduler|@tanstack|preact)\//.test(id)) return 'react';
            return undefined;
          },
        },
      },
    },
  };
}

export default defineConfig(({ command }) => clientConfig(command, 'office'));
