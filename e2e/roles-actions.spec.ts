import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { ADMIN, userOfRole } from './support/fixtures';
import { makePng } from './support/png';

// Issue 23: a screen's own users may do what it offers (the action table, ADR 0036), seen as role 3 on the production
// screens; and the device map loads its tiles from the configured tile server (scripts/e2e-server.mjs sets
// MAP_TILE_URL to http://127.0.0.1:9/..., answered here by a route).

/** Every API answer of 403 while the page is open. */
function forbiddenCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (res) => { if (res.status() === 403 && res.url().includes('/api/')) seen.push(`${res.request().method()} ${res.url()}`); });
  return seen;
}

test('role 3 raises a purchase request from a row of the component list', async ({ page }) => {
  const forbidden = forbiddenCalls(page);
  await loginAs(page, userOfRole(3), '/componentlist');
  const rowMenu = page.getByRole('button', { name: / için işlemler$/ }).first();
  await rowMenu.click();
  await page.getByRole('menuitem', { name: 'Satınalma talebi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Yeni satınalma talebi' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('request-save').click();
  await expect(page.getByText('Satınalma talebi oluşturuldu')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(forbidden).toEqual([]);
});

test('role 3 picks a product for a label on the label page', async ({ page }) => {
  const forbidden = forbiddenCalls(page);
  await loginAs(page, userOfRole(3), '/productslabels');
  await page.getByRole('button', { name: 'Ürün Seç' }).click();
  const picker = page.getByTestId('product-picker');
  await expect(picker.getByRole('row').nth(1)).toBeVisible();
  await expect(picker.getByText('Liste yüklenemedi')).toHaveCount(0);
  await picker.getByRole('row').nth(1).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('label-editor').getByText(/^Ürün:/)).not.toContainText('seçilmedi');
  expect(forbidden).toEqual([]);
});

test('the device map loads its tiles from the configured tile server and fills the page', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' && /Content Security Policy|img-src/i.test(m.text())) refused.push(m.text()); });
  const tile = makePng(256, 256, [200, 220, 200]);
  let served = 0;
  await page.route('http://127.0.0.1:9/**', (route) => { served++; return route.fulfill({ status: 200, contentType: 'image/png', body: tile }); });
  await loginAs(page, '/streetlightlogin');
  await page.getByLabel('E-posta').fill(ADMIN.email);
  await page.getByLabel('Şifre').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Giriş' }).click();
  await expect(page).toHaveURL(/\/gatewaylist$/);
  await page.getByText('Harita', { exact: true }).click();
  await expect(page).toHaveURL(/\/streetlightmap$/);
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  expect(served).toBeGreaterThan(0);
  expect(refused).toEqual([]);
  // The map takes the page below the header: to the bottom of the window, and the main area's width.
  const viewport = page.viewportSize()!;
  const box = (await page.locator('.leaflet-container').boundingBox())!;
  await page.screenshot({ path: 'test-results/device-map-tiles.png' });
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 24);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
});
