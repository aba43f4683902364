import type { Locator, Page } from '@playwright/test';
import { createModel } from './support/api';
import { loginAs } from './support/auth';
import { makePng } from './support/png';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app's default language is Turkish, so the texts are Turkish.
const TR = {
  title: 'Görsel Kütüphanesi',
  add: 'Görsel ekle',
  success: 'Başarılı',
  created: 'Görsel oluşturuldu',
  updated: 'Görsel güncellendi',
  deleted: 'Görsel silindi',
  confirm: 'Görseli silmek istiyor musunuz ?',
  saveHint: 'Kaydetmek için bir görsel ekleyin.',
  noMatch: 'Görsel bulunamadı',
};

// ------------------------------------------------------------------ helpers

const rows = (page: Page) => page.locator('table tbody tr');
const modal = (page: Page) => page.getByRole('dialog');

/** The green success notice (title 'Success' in Turkish) with this message. */
async function expectNotice(page: Page, message: string) {
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: message });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(TR.success);
}

async function chooseDescription(page: Page, label: string) {
  await page.getByTestId('image-description').click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(page.getByTestId('image-description')).toHaveValue(label);
}

/** True once the <img> has really loaded (a broken image has naturalWidth 0). */
async function expectLoaded(img: Locator) {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

test('the admin adds, finds, edits and deletes an image', async ({ page, admin, tag }) => {
  // The image belongs to a model of this test's own, so parallel tests never see it.
  const CODE = `E2E-IMG-${tag}`.toUpperCase();
  await createModel(admin, `E2E Görsel Modeli ${tag}`, CODE);
  await loginAs(page, '/imagemanagment');
  await expect(page.getByRole('heading', { name: TR.title })).toBeVisible();
  // The menu entry appears once the screen is registered.
  await expect(page.getByRole('link', { name: 'Görseller' })).toBeVisible();

  // The modal: without an image there is no Save button (spec 000 2.10).
  await page.getByTestId('image-add').click();
  await expect(modal(page)).toBeVisible();
  await expect(modal(page).getByText(TR.saveHint)).toBeVisible();
  await expect(page.getByTestId('image-save')).toHaveCount(0);
  await expect(modal(page).getByRole('button', { name: 'Kaydet' })).toHaveCount(0);

  // Upload a PNG: a preview with its size in kB, and Save appears.
  const png = makePng(320, 240, [25, 113, 194]);
  await modal(page).locator('input[type="file"]').setInputFiles({ name: 'astra-teknik.png', mimeType: 'image/png', buffer: png });
  const preview = page.getByTestId('image-preview');
  await expect(preview).toBeVisible();
  await expect(preview).toContainText('astra-teknik.png');
  await expect(page.getByTestId('image-size')).toHaveText(`${Math.round(png.length / 1000)} kB`);
  await expectLoaded(preview.locator('img'));
  await expect(page.getByTestId('image-save')).toBeVisible();

  // Removing the image hides Save again; choose it once more.
  await page.getByTestId('image-remove').click();
  await expect(page.getByTestId('image-save')).toHaveCount(0);
  await modal(page).locator('input[type="file"]').setInputFiles({ name: 'astra-teknik.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('image-save')).toBeVisible();

  // A model from the catalogue (label = its code) and the description.
  await page.getByTestId('image-models').click();
  await page.getByTestId('image-models').fill(CODE);
  await page.getByRole('option', { name: CODE, exact: true }).click();
  await page.keyboard.press('Escape');
  await chooseDescription(page, 'Teknik Resim');

  await page.getByTestId('image-save').click();
  await expectNotice(page, TR.created);
  await expect(modal(page)).toBeHidden();

  // The new row: its thumbnail is the server's small image and it loads.
  const row = rows(page).filter({ hasText: 'Teknik Resim' }).filter({ hasText: CODE });
  await expect(row).toHaveCount(1);
  const thumb = row.getByTestId('image-thumb').locator('img');
  await expect(thumb).toHaveAttribute('src', /^\/api\/files\/[0-9a-f]{64}\/small$/);
  await expectLoaded(thumb);
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}/);

  // The thumbnail opens the full image.
  await row.getByTestId('image-thumb').click();
  const full = page.getByTestId('image-lightbox-img');
  await expect(full).toBeVisible();
  await expect(full).toHaveAttribute('src', /^\/api\/files\/[0-9a-f]{64}$/);
  await expectLoaded(full);
  await page.keyboard.press('Escape');
  await expect(full).toBeHidden();

  // Search by description as one types.
  const search = page.getByRole('searchbox');
  await search.fill('Teknik');
  await expect(page).toHaveURL(/search=Teknik/);
  await expect(rows(page).filter({ hasText: CODE })).toHaveCount(1);
  await search.fill(`Renkli ${tag}`);
  await expect(page.getByText(TR.noMatch)).toBeVisible();
  await search.fill('');
  await expect(row).toHaveCount(1);

  // Edit: a stored image is there, so Save shows at once; change the description.
  await row.getByTestId('image-edit').click();
  await expect(modal(page)).toBeVisible();
  await expect(page.getByTestId('image-save')).toBeVisible();
  await expect(page.getByTestId('image-description')).toHaveValue('Teknik Resim');
  await chooseDescription(page, 'Renkli Resim');
  await page.getByTestId('image-save').click();
  await expectNotice(page, TR.updated);
  await expect(modal(page)).toBeHidden();
  const edited = rows(page).filter({ hasText: 'Renkli Resim' }).filter({ hasText: CODE });
  await expect(edited).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'Teknik Resim' }).filter({ hasText: CODE })).toHaveCount(0);
  await search.fill('Renkli');
  await expect(edited).toHaveCount(1);

  // Delete asks first (Turkish text); No keeps the image, Yes deletes it.
  await edited.getByTestId('image-delete').click();
  await expect(page.getByText(TR.confirm)).toBeVisible();
  await page.getByRole('button', { name: 'Hayır' }).click();
  await expect(edited).toHaveCount(1);
  await edited.getByTestId('image-delete').click();
  await expect(page.getByText(TR.confirm)).toBeVisible();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expectNotice(page, TR.deleted);
  await expect(edited).toHaveCount(0);
});

test.describe('role 2', () => {
  test.use({ role: 2 });
  test('an office person (role 2) opens the library', async ({ page }) => {
    await page.goto('/');
    // Role 2's reduced menu has the images entry (spec 000 section 6).
    const entry = page.getByRole('navigation').first().locator('a[href="/imagemanagment"]');
    await expect(entry).toHaveCount(1);
    await entry.click();
    await expect(page).toHaveURL(/\/imagemanagment$/);
    await expect(page.getByRole('heading', { name: TR.title })).toBeVisible();
    await expect(page.getByTestId('image-add')).toBeEnabled();
  });
});

test.describe('role 3', () => {
  test.use({ role: 3 });
  test('a person (role 3) gets the forbidden page (the route is level 2)', async ({ page }) => {
    await page.goto('/imagemanagment');
    await expect(page.getByTestId('error-code')).toHaveText('403');
    await expect(page.getByRole('heading', { name: TR.title })).toHaveCount(0);
  });
});
