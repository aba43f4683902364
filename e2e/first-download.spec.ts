import type { Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

/**
 * What a page's first render downloads (ADR 0064, docs/web-client.md §7): the scripts asked for before the app's
 * `isik-first-render` mark (app-layout.tsx), read as text. A screen's own texts come with it, not with every page.
 */
async function scriptsBeforeFirstRender(page: Page, path: string, ready: string, heldBack?: RegExp): Promise<string> {
  const bodies = new Map<string, Promise<string>>();
  page.on('response', (res) => {
    if (/\.js(\?|$)/.test(res.url())) bodies.set(res.url(), res.text().catch(() => ''));
  });
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible();
  // The browser's own timings: every script whose request started before the mark.
  const before = await page.evaluate(() => {
    const mark = performance.getEntriesByName('isik-first-render')[0]?.startTime ?? Infinity;
    return performance.getEntriesByType('resource').filter((e) => e.startTime < mark && /\.js(\?|$)/.test(e.name)).map((e) => e.name);
  });
  const read = before.filter((url) => !heldBack?.test(url));
  expect(read.length).toBeGreaterThan(0);
  return (await Promise.all(read.map(async (url) => {
    await expect.poll(() => bodies.has(url)).toBe(true);
    return bodies.get(url)!;
  }))).join('\n');
}

// Texts only one screen shows, in Turkish (the e2e browser's language).
const CATALOGUE_TEXT = 'projektörler, solar aydınlatma';
const ORDER_STATUS = 'Kontrolde';
// The to-do list's, which only a signed-in user's header shows.
const TODO_TEXT = 'Yapılacak iş yok. Yeni işler burada görünür.';
// react-remove-scroll-bar's own class name: the modals' scroll lock, which no first render needs.
const SCROLL_LOCK = 'with-scroll-bars-hidden';

test('the sign-in page downloads neither the catalogue\'s, the order tracking\'s nor the header tools\' texts, nor the modals\' scroll lock', async ({ page }) => {
  const code = await scriptsBeforeFirstRender(page, '/login', 'form input[type=password]');
  expect(code).toContain('Şifremi unuttum');
  expect(code).not.toContain(CATALOGUE_TEXT);
  expect(code).not.toContain(ORDER_STATUS);
  expect(code).not.toContain(TODO_TEXT);
  expect(code).not.toContain(SCROLL_LOCK);
});

test('the catalogue downloads its own texts before its first render, but not the order tracking\'s', async ({ page }) => {
  const code = await scriptsBeforeFirstRender(page, '/web', '[data-testid=category-filter]');
  expect(code).toContain(CATALOGUE_TEXT);
  expect(code).not.toContain(ORDER_STATUS);
  expect(code).not.toContain(TODO_TEXT);
  expect(code).not.toContain(SCROLL_LOCK);
  await expect(page.getByRole('heading', { name: 'Ürün Kataloğu' })).toBeVisible();
});

test('the signed-in dashboard renders without the back-office screens\' texts, which come in their own chunk', async ({ page }) => {
  await loginAs(page);
  // The screens' dictionary chunk is held back until the dashboard has rendered: it must not need it.
  const screens = /\/assets\/i18n-tr-screens-[^/]+\.js$/;
  let release = () => {};
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(screens, async (route) => { await released; await route.continue(); });
  const code = await scriptsBeforeFirstRender(page, '/', '[data-testid=dashboard-greeting]', screens);
  // Its own texts and the log titles of its today tables are there; the import's and the documents' messages are not.
  expect(code).toContain('Merhaba, {{name}}');
  expect(code).toContain('Firma oluşturuldu');
  expect(code).not.toContain('İçe aktarma türü companies');
  expect(code).not.toContain('Belge hazırlanıyor');
  release();
  // Once it is in, a back-office screen shows its texts.
  await page.goto('/buyings');
  await expect(page.getByRole('heading', { name: 'Satın Alma Talepleri' })).toBeVisible();
});

test('a signed-in user on the public catalogue gets the header tools with their texts', async ({ page }) => {
  await loginAs(page, '/web');
  await page.getByTestId('todo-bell').click();
  const dropdown = page.getByTestId('todo-dropdown');
  await expect(dropdown.getByText('Yapılacaklar', { exact: true })).toBeVisible();
  await expect(dropdown).not.toContainText('todos.');
  // The currency tool too: its rates, labelled in Turkish.
  await expect(page.getByTestId('app-shell')).not.toContainText('rates.');
});
