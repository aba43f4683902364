import type { Page } from '@playwright/test';
import { modelByCode } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app's default language is Turkish, so the texts are Turkish.
const TR = {
  nameShort: 'Model Adı Çok Kısa',
  codeRequired: 'Model Kodunu Yazınız',
  categoryRequired: 'Model Kategorisini Seçiniz',
  created: 'Model oluşturuldu',
  updated: 'Model güncellendi',
  deleted: 'Model silindi',
  confirm: 'Modeli Silmek istiyor musunuz ?',
  inUse: 'Ürünü olan Model Silinemez..',
};

const rows = (page: Page) => page.locator('table tbody tr');
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`).first();
const save = (page: Page) => page.getByRole('button', { name: 'Kaydet', exact: true }).click();

test('the admin filters, searches and opens models, then creates, edits and deletes one', async ({ page, tag }) => {
  await loginAs(page, '/models');
  await expect(page.getByRole('heading', { name: 'Modeller' })).toBeVisible();
  // Other tests add models meanwhile: the seeded ones are there, and at least nine rows.
  await expect(rows(page).filter({ hasText: 'ISK-' }).first()).toBeVisible();
  const all = await rows(page).count();
  expect(all).toBeGreaterThanOrEqual(9);

  // Filter by a category (server side): only solar panels.
  await page.getByTestId('models-category-filter').getByText('Solar Panel', { exact: true }).click();
  await expect(page).toHaveURL(/category=7/);
  await expect(rows(page)).not.toHaveCount(all);
  for (const row of await rows(page).all()) await expect(row).toContainText('Solar Panel');
  await page.getByTestId('models-category-filter').getByText('Tümü', { exact: true }).click();
  await expect(page).not.toHaveURL(/category=/);

  // Search as one types.
  await page.getByRole('searchbox').fill('astra');
  // The old rows stay on screen until the search answers: wait for the expected one, then count.
  await expect(rows(page).first()).toContainText('ISK-ASTRA');
  await expect(rows(page)).toHaveCount(1);

  // Open a model: its tabs show the stored data.
  await rows(page).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/model\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: 'Astra LED Yol Armatürü' })).toBeVisible();
  await expect(field(page, 'model_kodu')).toHaveValue('ISK-ASTRA');
  await page.getByRole('tab', { name: /Özellikler/ }).click();
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('tab', { name: /Üretim/ }).click();
  await expect(rows(page).first()).toContainText('Dizgi');

  // The Astra model has products: deleting it is refused with the server's reason.
  await page.getByRole('button', { name: 'Sil', exact: true }).click();
  await expect(page.getByText(TR.confirm)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Evet', exact: true }).click();
  await expect(page.getByText(TR.inUse)).toBeVisible();
  await expect(page).toHaveURL(/\/model\/[0-9a-f]{24}$/);

  // Create a new model.
  await page.getByRole('link', { name: 'Modeller' }).first().click();
  await page.getByRole('link', { name: 'Yeni Model' }).click();
  await expect(page).toHaveURL(/\/model\/new$/);

  // Validation on the way: a short name, no code and no category are refused under the fields.
  await field(page, 'name_tr').fill('Ab');
  await save(page);
  await expect(page.getByText(TR.nameShort)).toBeVisible();
  await expect(page.getByText(TR.codeRequired)).toBeVisible();
  await expect(page.getByText(TR.categoryRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/model\/new$/);

  const code = `E2E-${tag}`.toUpperCase();
  await field(page, 'name_tr').fill('E2E Test Armatürü');
  await field(page, 'name_en').fill('E2E Test Luminaire');
  await field(page, 'model_kodu').fill(code);
  await page.getByRole('textbox', { name: 'Kategori' }).click();
  await page.getByRole('option', { name: 'LED Projektör' }).click();
  await expect(page.getByText(TR.nameShort)).toHaveCount(0);

  // A spec row.
  await page.getByRole('tab', { name: /Özellikler/ }).click();
  await page.getByTestId('spec-add').click();
  await page.getByTestId('spec-label-tr').fill('Koruma Sınıfı');
  await page.getByTestId('spec-label-en').fill('Protection');
  await page.getByTestId('spec-feature-tr').fill('IP66');
  await page.getByTestId('spec-feature-en').fill('IP66');
  await page.getByTestId('spec-apply').click();
  await expect(rows(page).filter({ hasText: 'Koruma Sınıfı' })).toHaveCount(1);

  // A production row: the editor opens once materials and products are loaded.
  await page.getByRole('tab', { name: /Üretim/ }).click();
  await expect(page.getByTestId('production-add')).toBeEnabled();
  await page.getByTestId('production-add').click();
  await page.getByTestId('production-description').fill('E2E dizgi');
  await page.getByTestId('production-components').click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('production-apply').click();
  await expect(rows(page).filter({ hasText: 'E2E dizgi' })).toHaveCount(1);

  await save(page);
  await expect(page.getByText(TR.created)).toBeVisible();
  await expect(page).toHaveURL(/\/model\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: 'E2E Test Armatürü' })).toBeVisible();

  // A reload shows the stored data.
  await page.reload();
  await expect(field(page, 'model_kodu')).toHaveValue(code);
  await expect(field(page, 'name_en')).toHaveValue('E2E Test Luminaire');
  await page.getByRole('tab', { name: /Özellikler/ }).click();
  await expect(rows(page).filter({ hasText: 'Koruma Sınıfı' })).toHaveCount(1);
  await page.getByRole('tab', { name: /Üretim/ }).click();
  await expect(rows(page).filter({ hasText: 'E2E dizgi' })).toHaveCount(1);

  // Update.
  await page.getByRole('tab', { name: /Detay/ }).click();
  await field(page, 'desc_tr').fill('E2E açıklama');
  await save(page);
  await expect(page.getByText(TR.updated)).toBeVisible();

  // Delete with the confirmation: back to the list, the model is gone.
  await page.getByRole('button', { name: 'Sil', exact: true }).click();
  await expect(page.getByText(TR.confirm)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Evet', exact: true }).click();
  await expect(page.getByText(TR.deleted)).toBeVisible();
  await expect(page).toHaveURL(/\/models/);
  await page.getByRole('searchbox').fill(code);
  await expect(page.getByText('Aramaya uyan model bulunamadı')).toBeVisible();
});

test('the model form checks a field when it is left, and a refused save shows the detail tab with the errors', async ({ page }) => {
  await loginAs(page, '/model/new');
  // Leaving a field checks it before any save; the fields not yet visited stay quiet.
  await field(page, 'model_kodu').fill('A');
  await field(page, 'name_tr').focus();
  await expect(page.getByText(TR.codeRequired)).toBeVisible();
  await expect(page.getByText(TR.nameShort)).toHaveCount(0);
  // Saving from another tab shows the detail tab with every rule broken.
  await page.getByRole('tab', { name: /Özellikler/ }).click();
  await expect(field(page, 'model_kodu')).toHaveCount(0);
  await save(page);
  await expect(page.getByRole('tab', { name: /Detay/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(TR.nameShort)).toBeVisible();
  await expect(page.getByText(TR.categoryRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/model\/new$/);
});

test.describe('role 2', () => {
  test.use({ role: 2 });
  test('a role-2 user cannot open the model list but can open a model', async ({ page, admin }) => {
    const model = await modelByCode(admin, 'ISK-ASTRA');
    await page.goto('/models');
    await expect(page.getByTestId('error-code')).toHaveText('403');
    await expect(page.locator('table')).toHaveCount(0);
    await page.goto(`/model/${model._id}`);
    await expect(field(page, 'model_kodu')).toHaveValue('ISK-ASTRA');
    await expect(page.getByRole('tab', { name: /Üretim/ })).toBeVisible();
  });
});
