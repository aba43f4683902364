import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { login } from './support/auth';
import { userOfRole } from './support/fixtures';

// Every lazily loaded screen (ADR 0018), opened as each role and signed out: a chunk that cannot load, a script
// error or a console error fails the test. The routes are read from the features' routes.tsx, so a new screen is
// walked without touching this file.

const FEATURES = path.resolve(import.meta.dirname, '../packages/web/src/features');

function lazyPatterns(): string[] {
  const out: string[] = [];
  for (const feature of fs.readdirSync(FEATURES)) {
    const file = path.join(FEATURES, feature, 'routes.tsx');
    if (!fs.existsSync(file)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/appRoute\(\s*'([^']+)',\s*\(\)\s*=>\s*import\(/g)) out.push(m[1]);
  }
  return out.sort();
}

/** A visitable path for a pattern: detail screens in their create mode, the public product page with a real product. */
function pathFor(pattern: string, publicProductId: string): string {
  if (pattern === '/web/:id/:lang') return `/web/${publicProductId}/0`;
  if (pattern === '/web/:id') return `/web/${publicProductId}`;
  if (pattern === '/app/settings/myCompany/:id') return '/app/settings/myCompany/1';
  return pattern.replace(/:id\b/, 'new');
}

interface Problem { route: string; what: string }

function watch(page: Page, problems: Problem[], current: () => string) {
  page.on('pageerror', (err) => problems.push({ route: current(), what: `script error: ${err.message}` }));
  page.on('console', (msg) => {
    // The browser's own line for any failed request; chunks are judged by the handlers below, API answers are
    // the screens' business (listed as annotations, see `answers`).
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push({ route: current(), what: `console error: ${msg.text()}` });
  });
  page.on('requestfailed', (req) => {
    // A request the page itself cancels by moving on to the next route (net::ERR_ABORTED, e.g. a font still loading)
    // is not a chunk that failed to load.
    if (/\/assets\//.test(req.url()) && req.failure()?.errorText !== 'net::ERR_ABORTED') problems.push({ route: current(), what: `chunk failed: ${req.url()} ${req.failure()?.errorText ?? ''}` });
  });
  page.on('response', (res) => {
    if (/\/assets\//.test(res.url()) && res.status() >= 400) problems.push({ route: current(), what: `chunk ${res.status()}: ${res.url()}` });
    else if (res.status() >= 400) answers.push(`${current()}: ${res.status()} ${new URL(res.url()).pathname}`);
  });
}

/** Refused API or file answers seen on the way (not failures of this test; reported as annotations). */
const answers: string[] = [];

const patterns = lazyPatterns();

test('the route list is read from the features', () => {
  expect(patterns).toContain('/login');
  expect(patterns).toContain('/web');
  expect(patterns).toContain('/');
  expect(patterns.length).toBeGreaterThanOrEqual(20);
});

// A dictionary key (namespace.group.name) in place of a text.
const RAW_KEY = /\b(?:buyings|catalogue|companies|dashboard|devices|images|import|materials|models|mycompany|offers|orders|products|profile|rates|todos|users|common|menu|shell|errors|msg)\.[a-z][A-Za-z]*\.[A-Za-z_.]+\b/g;

for (const role of [null, 0, 1, 2, 3, 4, 5, 6, 7] as const) {
  test(`every lazily loaded route opens without a console error: ${role === null ? 'signed out' : `role ${role}`}`, async ({ page, request }, testInfo) => {
    answers.length = 0;
    test.setTimeout(180_000);
    const products = await (await request.get('/api/web/products?page=1&pageSize=1')).json() as { products: { _id: string }[] };
    const productId = products.products[0]?._id ?? 'none';
    const problems: Problem[] = [];
    let route = '(sign-in)';
    watch(page, problems, () => route);
    if (role !== null) {
      const user = userOfRole(role);
      await login(page, user.email, user.password);
    }
    for (const pattern of patterns) {
      // Signing out is a route of its own for a signed-in user; /login would only send them on.
      route = pattern;
      await page.goto(pathFor(pattern, productId));
      await page.waitForLoadState('networkidle');
      // Something rendered inside the shell: the lazy chunk arrived and ran.
      await expect(page.getByTestId('app-shell')).toBeVisible();
      await expect(page.locator('main')).not.toBeEmpty();
      // Every text translated: a dictionary key on screen (e.g. 'offers.list.title') means a dictionary the screen
      // needs had not loaded when it rendered (src/i18n/first-render.ts: the screens' tier is awaited by their loader).
      const keys = (await page.locator('main').innerText()).match(RAW_KEY);
      if (keys) problems.push({ route, what: `untranslated keys: ${[...new Set(keys)].slice(0, 5).join(', ')}` });
    }
    for (const a of new Set(answers)) testInfo.annotations.push({ type: 'refused answer', description: a });
    expect(problems, problems.map((p) => `${p.route}: ${p.what}`).join('\n')).toEqual([]);
  });
}

test('a screen opened directly renders only once its texts have arrived, however late they come', async ({ page }) => {
  const admin = userOfRole(1);
  await login(page, admin.email, admin.password);
  // The offers screen's texts are in the second dictionary tier (src/i18n/first-render.ts). Hold that chunk until the
  // screen has mounted (it asks for its list then), so a screen whose loader did not wait for its texts would render
  // their keys. A screen that does wait never mounts while the chunk is held: then the hold ends after 3 s.
  let release!: () => void;
  const mounted = new Promise<void>((resolve) => { release = resolve; });
  page.on('request', (req) => { if (req.url().includes('/api/offers/list')) release(); });
  await page.route(/\/assets\/i18n-tr-screens-[^/]+\.js$/, async (route) => {
    await Promise.race([mounted, new Promise((resolve) => setTimeout(resolve, 3000))]);
    await route.continue();
  });
  // Every text the page ever shows while it loads, not only the last: a key that a later render replaces still flashed.
  await page.addInitScript((source) => {
    const re = new RegExp(source);
    const seen: string[] = [];
    (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen = seen;
    new MutationObserver(() => {
      const m = re.exec(document.body?.innerText ?? '');
      if (m) seen.push(m[0]);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, String.raw`\boffers\.[a-z][A-Za-z]*(\.[A-Za-z_]+)*\b`);
  await page.goto('/offers');
  await expect(page.getByRole('heading', { name: 'Teklifler', exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen)).toEqual([]);
});
