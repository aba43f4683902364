import type { Page } from '@playwright/test';
import { createProduct } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app defaults to Turkish, so the texts are Turkish.
const COMPONENT = 'ISK-MOD-50W-6530';
const rows = (page: Page) => page.locator('table tbody tr');

test("a 'Yarı Mamül' production row picks its product through the product picker and is saved", async ({ page, admin, tag }) => {
  // A product of this test's own gets the row.
  const PRODUCT = `E2E-PCK-${tag}`.toUpperCase();
  await createProduct(admin, `E2E Picker Ürünü ${tag}`, PRODUCT);
  await loginAs(page, '/products');
  await page.getByRole('searchbox').fill(PRODUCT);
  // The unsearched rows stay on screen until the search answers: open the row of this test's product.
  await expect(rows(page).first()).toContainText(PRODUCT);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().click();
  await expect(page).toHaveURL(/\/product\/(?!new$)[^/]+$/);

  await page.getByRole('tab', { name: 'Üretim' }).click();
  await page.getByRole('button', { name: 'Satır ekle' }).click();
  const row = page.getByRole('dialog', { name: 'Üretim satırı' });
  await row.getByRole('textbox', { name: 'Operasyon', exact: true }).click();
  await page.getByRole('option', { name: 'Yarı Mamül' }).click();
  // A semi-finished row names a product, not a material.
  await expect(row.getByRole('textbox', { name: 'Malzeme kategorisi' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Ürün seç' }).click();

  // The picker searches on the server by name, code or model code and pages by 10.
  const picker = page.getByRole('dialog', { name: 'Yarı Mamül Ürün Seç' });
  await expect(picker.locator('tbody tr')).toHaveCount(10);
  await picker.getByRole('searchbox').fill('ISK-MOD');
  await expect(picker.locator('tbody tr')).toHaveCount(3);
  await expect(picker.getByText('3 kayıt')).toBeVisible();
  await picker.getByRole('searchbox').fill('yokboyleurun');
  await expect(picker.getByText('Aramaya uyan kayıt yok')).toBeVisible();
  await picker.getByRole('searchbox').fill(COMPONENT);
  // The old rows stay on screen until the search answers: wait for the expected one, then count.
  await expect(picker.locator('tbody tr').first()).toContainText('70,49 $');
  await expect(picker.locator('tbody tr')).toHaveCount(1);
  await picker.getByRole('button', { name: /seç$/ }).click();
  await expect(picker).toBeHidden();

  await expect(row.getByTestId('production-row-product')).toHaveValue(`${COMPONENT} · LED Modül 3030 50 W`);
  await row.getByRole('button', { name: 'Uygula' }).click();
  const semi = rows(page).filter({ hasText: 'Yarı Mamül' }).filter({ hasText: COMPONENT });
  await expect(semi).toHaveCount(1);
  await expect(semi).toContainText('LED Modül');

  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText('Ürün güncellendi')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Üretim' }).click();
  const saved = rows(page).filter({ hasText: 'Yarı Mamül' }).filter({ hasText: COMPONENT });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('LED Modül 3030 50 W');
  await expect(saved).toContainText('70,4900 $');
});
