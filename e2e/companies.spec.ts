import type { Page } from '@playwright/test';
import { createCompany } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app's default language is Turkish, so the texts are Turkish.
const TR = {
  nameMin: 'Firma adı en az 3 karakter olmalı!',
  emailInvalid: 'E-posta geçerli değil!',
  emailWrite: 'Lütfen e-posta yazın',
  cityMin: 'Şehir en az 3 karakter olmalı!',
  created: 'Firma oluşturuldu',
  updated: 'Firma güncellendi',
  deleted: 'Firma silindi',
  confirm: 'Firmayı silmek istiyor musunuz ?',
  hasUsers: 'Kullanıcısı olan Firma Silinemez..',
};

const rows = (page: Page) => page.locator('table tbody tr');
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`).first();

/** Types into the list's search box; the list follows as one types (the assertions after it wait for it). */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox').fill(text);
}

test('the admin searches, sorts, adds, edits and deletes a company', async ({ page, admin, tag }) => {
  // One long story after making twelve companies, on a busy two-core machine.
  test.setTimeout(120_000);
  // Twelve companies of this test's own, found by its tag: two suppliers among customers.
  for (let i = 1; i <= 11; i++) {
    await createCompany(admin, `${tag} Firma ${String(i).padStart(2, '0')}`, { company_category: i % 5 === 0 ? 'Suppliers' : 'Customer' });
  }
  await createCompany(admin, `${tag} Akdeniz Sistem`);
  await loginAs(page, '/companies');
  await expect(page.getByRole('heading', { name: 'Firmalar' })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);

  // Search by name as one types.
  await search(page, tag);
  await expect(page.getByText('Toplam 12 firma')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await search(page, `${tag} akdeniz`);
  // The old rows stay on screen until the search answers: wait for the expected one, then count.
  await expect(rows(page).first()).toContainText(`${tag} Akdeniz Sistem`);
  await expect(rows(page)).toHaveCount(1);
  await search(page, tag);
  await expect(rows(page)).toHaveCount(10);

  // Sort by category on the server: ascending puts customers first, descending suppliers.
  await page.getByRole('columnheader').getByRole('button', { name: 'Kategori' }).click();
  await expect(page).toHaveURL(/orderBy=company_category/);
  await expect(rows(page).first().locator('td').nth(1)).toHaveText('Müşteri');
  await page.getByRole('columnheader').getByRole('button', { name: 'Kategori' }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(rows(page).first().locator('td').nth(1)).toHaveText('Tedarikçi');

  // Add: a new company starts with the preset errors.
  await page.getByRole('link', { name: 'Firma ekle' }).click();
  await expect(page).toHaveURL(/\/companydetail\/new$/);
  await expect(page.getByText(TR.nameMin)).toBeVisible();
  await expect(page.getByText(TR.emailWrite)).toBeVisible();
  await expect(page.getByText(TR.cityMin)).toBeVisible();

  const name = `E2E Aydınlatma ${tag}`;
  await field(page, 'company_name').fill('ab');
  await field(page, 'company_email').fill('not-an-email');
  await field(page, 'company_city').fill('Eskişehir');
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
  // Refused on the client: the errors show under the fields and as an alert above the form.
  const alert = page.getByTestId('company-form-errors');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(TR.nameMin);
  await expect(alert).toContainText(TR.emailInvalid);
  await expect(page).toHaveURL(/\/companydetail\/new$/);

  // Fix it and save.
  await field(page, 'company_name').fill(name);
  await field(page, 'company_email').fill('info@e2e-aydinlatma.com.tr');
  await expect(page.getByText(TR.nameMin)).toHaveCount(0);
  await expect(page.getByText(TR.emailInvalid)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Kategori' }).click();
  await page.getByRole('option', { name: 'Tedarikçi' }).click();
  await page.getByRole('textbox', { name: 'Ülke' }).fill('Alman');
  await page.getByRole('option', { name: 'Almanya' }).click();
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
  await expect(page.getByText(TR.created)).toBeVisible();
  await expect(page).toHaveURL(/\/companydetail\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // Edit a field, reload, and it is still there.
  await field(page, 'company_phone').fill('+90 222 333 44 55');
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
  await expect(page.getByText(TR.updated)).toBeVisible();
  await page.reload();
  await expect(field(page, 'company_phone')).toHaveValue('+90 222 333 44 55');
  await expect(page.getByRole('textbox', { name: 'Ülke' })).toHaveValue('Almanya');
  await expect(page.getByRole('textbox', { name: 'Kategori' })).toHaveValue('Tedarikçi');

  // Back to the list, where it can be found.
  await page.getByRole('button', { name: 'Kapat', exact: true }).click();
  await expect(page).toHaveURL(/\/companies/);
  await search(page, name);
  await expect(rows(page).first()).toContainText(name);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Almanya');

  // Delete it, after the confirmation.
  await rows(page).first().click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Sil', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(TR.confirm);
  await dialog.getByRole('button', { name: 'Evet', exact: true }).click();
  await expect(page.getByText(TR.deleted)).toBeVisible();
  await expect(page).toHaveURL(/\/companies/);
  await search(page, name);
  await expect(page.getByText('Aramaya uyan firma yok')).toBeVisible();
});

test('a company that has users cannot be deleted', async ({ page, admin, tag, makeUser }) => {
  const company = await createCompany(admin, `${tag} Kullanıcılı Firma`);
  await makeUser({ role: 4, companyId: company._id });
  await loginAs(page, '/companies');
  await search(page, company.company_name);
  await rows(page).filter({ has: page.getByRole('link', { name: company.company_name, exact: true }) }).click();
  await expect(page.getByRole('heading', { name: company.company_name, exact: true })).toBeVisible();
  const url = page.url();
  await page.getByRole('button', { name: 'Sil', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Evet', exact: true }).click();
  await expect(page.getByText(TR.hasUsers)).toBeVisible();
  expect(page.url()).toBe(url);
  await page.reload();
  await expect(page.getByRole('heading', { name: company.company_name, exact: true })).toBeVisible();
});

test.describe('role 3', () => {
  test.use({ role: 3 });
  test('a role 3 user cannot open the companies', async ({ page }) => {
    await page.goto('/companies');
    await expect(page.getByTestId('error-code')).toHaveText('403');
    await expect(page.locator('table')).toHaveCount(0);
    await page.goto('/companydetail/new');
    await expect(page.getByTestId('error-code')).toHaveText('403');
  });
});

test('a second company with the same name gets a warning naming the existing one before it is saved', async ({ page, admin, tag }) => {
  const existing = await createCompany(admin, `${tag} Yildiz Yapi`, { company_city: 'Kayseri' });
  await loginAs(page, '/companydetail/new');
  // Other capitals (the Turkish way: i → İ) and spaces do not make it another company.
  await field(page, 'company_name').fill(`  ${existing.company_name.toLocaleUpperCase('tr-TR')} `);
  const warning = page.getByTestId('company-duplicate-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(`${existing.company_name} (Kayseri)`);
  // Nothing was saved by the warning; another name clears it.
  await expect(page).toHaveURL(/\/companydetail\/new$/);
  await field(page, 'company_name').fill(`${tag} Başka Yapı`);
  await expect(warning).toBeHidden();
});
