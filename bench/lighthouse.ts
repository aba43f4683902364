// Lighthouse (desktop) performance and accessibility of the public pages, /web and /login (ADR 0018).
//
// `npx tsx bench/lighthouse.ts` (or `npm run bench:lighthouse`): starts the seeded end-to-end server
// (scripts/e2e-server.mjs, built web app in packages/web/dist) on LIGHTHOUSE_PORT (default 3190), or uses
// LIGHTHOUSE_URL when given, drives Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through the
// `lighthouse` package with its desktop preset, prints the scores and writes bench/results/lighthouse.json.
// Targets: performance >= 95 and accessibility >= 95 on both pages; `--check` exits 1 below them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '..');
export const LIGHTHOUSE_TARGET = 95;
const PAGES = ['/web', '/login'];

export interface LighthouseRow { page: string; performance: number; accessibility: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number }

export async function waitFor(url: string, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

export function startServer(port: number): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'scripts', 'e2e-server.mjs')], {
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function lighthouseReport(): Promise<LighthouseRow[]> {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 3190);
  const base = process.env.LIGHTHOUSE_URL ?? `http://127.0.0.1:${port}`;
  const server = process.env.LIGHTHOUSE_URL ? null : startServer(port);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const rows: LighthouseRow[] = [];
  try {
    await waitFor(`${base}/api/health`);
    for (const page of PAGES) {
      const run = () => lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, desktopConfig);
      let result = await run();
      // Lighthouse now and then fails to record the trace (NO_NAVSTART) and scores 0: one more try, then say so.
      if (result?.lhr.runtimeError) result = await run();
      if (!result) throw new Error(`lighthouse answered nothing for ${page}`);
      if (result.lhr.runtimeError) throw new Error(`lighthouse failed on ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const { categories, audits } = result.lhr;
      // The whole report, for its diagnostics (critical request chains, main-thread work).
      fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
      fs.writeFileSync(path.join(HERE, 'results', `lighthouse${page.replace(/\//g, '-')}.json`), JSON.stringify(result.lhr));
      const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
      rows.push({
        page,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        fcpMs: ms('first-contentful-paint'),
        lcpMs: ms('largest-contentful-paint'),
        tbtMs: ms('total-blocking-time'),
        cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      });
      const failing = Object.values(audits).filter((a) => a.score === 0 && result.lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id));
      if (failing.length) console.log(`  ${page} accessibility audits failing: ${failing.map((a) => a.id).join(', ')}`);
    }
  } finally {
    chrome.kill();
    server?.kill('SIGTERM');
  }
  console.log('\nLighthouse (desktop), target 95 each');
  console.log('page     performance  accessibility   FCP ms   LCP ms   TBT ms   CLS');
  for (const r of rows) {
    console.log(`${r.page.padEnd(8)} ${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}  ${String(r.fcpMs).padStart(7)}  ${String(r.lcpMs).padStart(7)}  ${String(r.tbtMs).padStart(7)}  ${r.cls}`);
  }
  fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
  fs.writeFileSync(path.join(HERE, 'results', 'lighthouse.json'), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = await lighthouseReport();
  if (process.argv.includes('--check') && rows.some((r) => r.performance < LIGHTHOUSE_TARGET || r.accessibility < LIGHTHOUSE_TARGET)) process.exit(1);
}
