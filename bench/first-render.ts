/// <reference lib="dom" />
// What a browser really downloads before a page's first render (issue 12 budgets, ADR 0030), next to the build
// manifest's count (bench/bundle-size.ts): the manifest cannot see a dynamic import that the first render waits for
// (the session check of a signed-in page, for one).
//
// `npx tsx bench/first-render.ts`: starts the seeded end-to-end server (as bench/lighthouse.ts does; FIRST_RENDER_URL
// uses a running one), opens /login and /web signed out and / signed in as the seeded admin in Chromium, and sums the
// gzipped JavaScript and CSS whose request started before the page's first commit (the app's `isik-first-render`
// performance mark; the page's own element as a fallback), then everything fetched
// until the network is idle (the menus, notices and pictures' code that load after the first render).
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { BUDGETS_KIB } from './bundle-size.js';
import { startServer, waitFor } from './lighthouse.js';

/** Each budget page and the element that shows its own content has rendered. */
const PAGES = [
  { page: '/login', ready: 'form input[type=password]', signedIn: false },
  { page: '/web', ready: '[data-testid=category-filter]', signedIn: false },
  // A visitor opening the site's address: the back office's page sends them to the catalogue (/boot.js), and what
  // both documents fetched before the catalogue appears counts against the public budget.
  { page: '/', label: '/ (visitor)', budgetOf: '/web', ready: '[data-testid=category-filter]', signedIn: false },
  { page: '/', ready: '[data-testid=dashboard-greeting]', signedIn: true },
];

export interface FirstRenderRow { page: string; beforeKib: number; files: number; allKib: number; budget: number; over: boolean }

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function firstRenderReport(): Promise<FirstRenderRow[]> {
  const port = Number(process.env.FIRST_RENDER_PORT ?? 3190);
  const base = process.env.FIRST_RENDER_URL ?? `http://127.0.0.1:${port}`;
  const server = process.env.FIRST_RENDER_URL ? null : startServer(port);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const rows: FirstRenderRow[] = [];
  try {
    await waitFor(`${base}/api/health`);
    for (const { page, ready, signedIn, label = page, budgetOf = page } of PAGES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const tab = await context.newPage();
      if (signedIn) {
        await tab.goto(`${base}/login`);
        await tab.locator('input[type="email"]').fill(process.env.ADMIN_EMAIL ?? 'admin@example.com');
        await tab.locator('input[type="password"]').fill(process.env.ADMIN_PASSWORD ?? 'Admin12345!');
        await tab.locator('form button[type="submit"]').click();
        await tab.locator('[data-testid=dashboard-greeting]').waitFor();
      }
      // The moment the page's own content is in the document, taken in the page itself.
      await tab.addInitScript((selector: string) => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector(selector)) return;
          (window as unknown as { __rendered: number }).__rendered = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      }, ready);
      const sizes = new Map<string, number>();
      const reading: Promise<void>[] = [];
      // When each file was asked for, on the wall clock: a page that sends the visitor on is a second document, whose
      // own resource timings would not show what the first one fetched.
      const asked = new Map<string, number>();
      tab.on('request', (req) => { if (!asked.has(req.url())) asked.set(req.url(), Date.now()); });
      tab.on('response', (res) => {
        if (!/\.(js|css)(\?|$)/.test(res.url())) return;
        reading.push(res.body().then((body) => { sizes.set(res.url(), gzipSync(body, { level: 9 }).length); }, () => {}));
      });
      await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
      await tab.locator(ready).waitFor();
      await Promise.all(reading);
      // The app's own mark at the first commit of the page (app-layout.tsx), taken before that commit's effects ask
      // for the deferred code; the content's appearance is seen later, when the commit's whole task has run.
      const rendered = await tab.evaluate((mark) => performance.timeOrigin
        + (performance.getEntriesByName(mark)[0]?.startTime ?? (window as unknown as { __rendered: number }).__rendered), 'isik-first-render');
      const assets = [...asked].filter(([url]) => sizes.has(url)).map(([url, at]) => ({ url, at }));
      const before = assets.filter((e) => e.at < rendered);
      const sum = (list: { url: string }[]) => list.reduce((total, e) => total + (sizes.get(e.url) ?? 0), 0);
      const budget = BUDGETS_KIB[budgetOf];
      if (process.env.FIRST_RENDER_FILES) for (const e of before) console.log(`    ${label} ${kib(sizes.get(e.url) ?? 0)} ${e.url.replace(base, "")}`);
      rows.push({ page: label, beforeKib: kib(sum(before)), files: before.length, allKib: kib(sum(assets)), budget, over: kib(sum(before)) > budget });
      await context.close();
    }
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }
  console.log('\nWeb client in Chromium: gzipped JS + CSS requested before the page\'s content appeared (and until idle)');
  for (const r of rows) console.log(`  ${r.page.padEnd(13)} ${String(r.beforeKib).padStart(6)} KiB in ${r.files} files before the first render (budget ${r.budget}${r.over ? ', OVER' : ''}); ${r.allKib} KiB by the time the network is idle`);
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = await firstRenderReport();
  if (process.argv.includes('--check') && rows.some((r) => r.over)) process.exit(1);
}
