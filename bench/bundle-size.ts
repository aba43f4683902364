// What each screen of the built web client downloads before its first render (ADR 0018).
//
// `npx tsx bench/bundle-size.ts [--check] [--json FILE]` reads packages/web/dist/.vite/manifest.json (written by
// `npm run build -w @isik/web`) and, for every route of packages/web/src/features/*/routes.tsx, adds up the
// gzipped JavaScript and CSS of the entry, the screen's lazily loaded module and everything they import
// statically; back-office screens also count the signed-in header tools. Prints a table; with --check exits 1
// when a budget is broken or an export library (exceljs, docx, react-pdf) is part of a first render.
// `npm run bench` calls `bundleReport()` as one of its steps.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROUTE_LEVELS } from '@isik/domain';
import { lazyRoutes } from '../packages/web/route-preloads.js';
import { screenDictionaryGroups } from '../packages/web/src/i18n/first-render.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB = path.join(HERE, '..', 'packages', 'web');
const DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(WEB, 'dist');

/** Budgets in KiB (gzip, JavaScript + CSS before the first render); README "Web client budgets". */
export const BUDGETS_KIB: Record<string, number> = { '/login': 150, '/web': 150, '/': 250 };
/** Chunks that may only be fetched on use (the Reports menu's generators). */
const ON_USE_ONLY = [/xlsx-report/, /docx-report/, /pdf-report/, /exceljs/, /[\\/]docx[\\/]/, /@react-pdf/];
const BACK_OFFICE_TOOLS = 'src/app/shell/back-office-tools.tsx';

interface ManifestChunk { file: string; src?: string; name?: string; imports?: string[]; css?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize { pattern: string; open: boolean; module: string; files: number; kib: number; budget?: number; over: boolean; onUseLeak: string[] }

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (rebuild the web client)`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

/** A lazily imported module's manifest key: its source path, or (when Vite keys it by chunk) its chunk name. */
function keyOf(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const name = path.posix.basename(module).replace(/\.[jt]sx?$/, '');
  const key = Object.keys(manifest).find((k) => manifest[k].src === module || (manifest[k].isDynamicEntry && manifest[k].name === name));
  if (!key) throw new Error(`${module} is not in the build manifest (rebuild the web client)`);
  return key;
}

const gzCache = new Map<string, number>();
function gzBytes(dist: string, file: string): number {
  let size = gzCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzCache.set(file, size);
  }
  return size;
}

function readManifest(dist: string, name: string): Manifest | null {
  const file = path.join(dist, '.vite', name);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
}

function hasModule(manifest: Manifest, module: string): boolean {
  try {
    keyOf(manifest, module);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every screen's first download. An open screen the public entry holds (public.html, ADR 0030) is measured in that
 * build, as the server sends that entry's page for it; every other screen in the back office's build.
 */
export function measureRoutes(dist = DIST): RouteSize[] {
  const office = readManifest(dist, 'manifest.json');
  if (!office) throw new Error(`${path.join(dist, '.vite', 'manifest.json')} is missing: run npm run build -w @isik/web first`);
  const publicBuild = readManifest(dist, 'manifest.public.json');
  return lazyRoutes(WEB).map(({ pattern, module }) => {
    const open = ROUTE_LEVELS.find((r) => r.pattern === pattern)?.open === true;
    const manifest = open && publicBuild && hasModule(publicBuild, module) ? publicBuild : office;
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
    if (!entry) throw new Error('the build manifest has no entry');
    // The reader's dictionary loads before the first render too (i18n/index.ts): counted in the default language,
    // with the second-tier groups the screen's loader awaits (i18n/first-render.ts).
    const groups = screenDictionaryGroups(pattern, manifest === publicBuild).map((g) => `i18n-tr-${g}`);
    const dictionary = Object.keys(manifest).filter((k) => manifest[k].name === 'i18n-tr' || groups.includes(manifest[k].name ?? ''));
    const keys = closure(manifest, [entry, ...dictionary, keyOf(manifest, module), ...(open ? [] : [keyOf(manifest, BACK_OFFICE_TOOLS)])]);
    const files = new Set<string>();
    for (const key of keys) {
      files.add(manifest[key].file);
      manifest[key].css?.forEach((c) => files.add(c));
    }
    const bytes = [...files].reduce((sum, f) => sum + gzBytes(dist, f), 0);
    const kib = Math.round((bytes / 1024) * 10) / 10;
    const budget = BUDGETS_KIB[pattern];
    const onUseLeak = [...keys].filter((k) => ON_USE_ONLY.some((re) => re.test(k) || re.test(manifest[k].file)));
    return { pattern, open, module, files: files.size, kib, budget, over: budget !== undefined && kib > budget, onUseLeak };
  });
}

export function formatRoutes(rows: RouteSize[]): string {
  const lines = ['route                          area    files  KiB gz  budget', '-'.repeat(62)];
  for (const r of [...rows].sort((a, b) => a.pattern.localeCompare(b.pattern))) {
    const budget = r.budget === undefined ? '' : `${r.budget}${r.over ? '  OVER' : '  ok'}`;
    const leak = r.onUseLeak.length ? `  loads ${r.onUseLeak.join(', ')}!` : '';
    lines.push(`${r.pattern.padEnd(30)} ${(r.open ? 'public' : 'office').padEnd(7)} ${String(r.files).padStart(5)} ${r.kib.toFixed(1).padStart(7)}  ${budget}${leak}`);
  }
  return lines.join('\n');
}

/** The bench's step: prints the table and returns the rows (for bench/results). */
export function bundleReport(): RouteSize[] {
  const rows = measureRoutes();
  console.log('\nWeb client: gzipped JS + CSS before the first render, per route');
  console.log(formatRoutes(rows));
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = bundleReport();
  const jsonAt = process.argv.indexOf('--json');
  if (jsonAt > 0 && process.argv[jsonAt + 1]) fs.writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
  if (process.argv.includes('--check')) {
    const bad = rows.filter((r) => r.over || r.onUseLeak.length);
    if (bad.length) {
      console.error(`\n${bad.length} route(s) over budget or loading an export library before use: ${bad.map((r) => r.pattern).join(', ')}`);
      process.exit(1);
    }
  }
}
