import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// Issue 23, the offer screens as a new user meets them. The e2e browser runs in tr-TR: the texts are Turkish.

test('the company modal from an offer without a country shows the default Türkiye, the value it saves', async ({ page, tag }) => {
  await loginAs(page, '/offer/new');
  await expect(page.getByRole('heading', { name: 'Yeni Teklif' })).toBeVisible();
  await page.getByTestId('offer-company').fill(`${tag} Ülkesiz Ltd`);
  await page.getByRole('button', { name: 'Firma işlemleri' }).click();
  await page.getByRole('menuitem', { name: 'Yeni Firma' }).click();
  const modal = page.getByTestId('offer-company-modal').getByRole('dialog');
  await expect(modal.getByLabel('Firma Adı')).toHaveValue(`${tag} Ülkesiz Ltd`);
  await expect(modal.getByTestId('offer-company-country')).toHaveValue('Türkiye');
});

test("a new item's VAT offers the settings' rates 20, 10, 1 and 0 and starts at 20", async ({ page }) => {
  await loginAs(page, '/offer/new');
  await expect(page.getByRole('heading', { name: 'Yeni Teklif' })).toBeVisible();
  await page.getByTestId('offer-add-row').click();
  const dialog = page.getByRole('dialog');
  const vat = dialog.getByTestId('offer-item-vat');
  await expect(vat).toHaveValue('% 20');
  await vat.click();
  await expect(page.getByRole('option')).toHaveText(['% 20', '% 10', '% 1', '% 0']);
});
