import type { Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app's default language is Turkish, so the texts are Turkish.
const TR = {
  title: 'Firma Bilgileri',
  missing: 'Firma bilgilerinde ülke ya da firma adı eksik',
  updated: 'Firma güncellendi',
  banksTab: 'Banka listesi',
  certificatesTab: 'Sertifikalar',
  addBank: 'Banka hesabı ekle',
  addCertificate: 'Sertifika ekle',
  apply: 'Uygula',
};
const SEEDED_NAME = 'Işık LED Aydınlatma A.Ş.';
const NEW_NAME = 'Işık LED Aydınlatma Sanayi A.Ş.';
// A valid Turkish IBAN (check digits computed), typed without spaces; the list shows it in groups of four.
const IBAN = 'TR180001500015800007291234';
const IBAN_SHOWN = 'TR18 0001 5000 1580 0007 2912 34';

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`).first();
const notice = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Kaydet', exact: true });

// The own company is one record for the whole app: this file is the only one that changes it, its
// other tests only read it and accept either name (SEEDED_NAME or NEW_NAME), and the bank count is read first.
test('the admin edits the own company: validation, a new bank account, saved across a reload', async ({ page, admin }) => {
  const stored = await admin.get<{ banks: unknown[] }>('/company/1');
  const bankCount = stored.banks.length;
  await loginAs(page, '/mycompany');
  await expect(page.getByRole('heading', { name: TR.title })).toBeVisible();
  await expect(field(page, 'sirket_adi')).toHaveValue(SEEDED_NAME);
  await expect(field(page, 'sirket_email')).toHaveValue('info@isikled.com.tr');

  // Name cleared: the spec's message, and nothing is saved.
  await field(page, 'sirket_adi').fill('');
  await saveButton(page).click();
  await expect(page.getByTestId('mycompany-errors')).toContainText(TR.missing);
  await expect(page.getByText(TR.missing).first()).toBeVisible();
  await expect(notice(page, TR.updated)).toHaveCount(0);

  await field(page, 'sirket_adi').fill(NEW_NAME);

  // A certificate file shows its size in rounded kB (size / 1000) once picked; the row is not kept.
  await page.getByRole('tab', { name: new RegExp(TR.certificatesTab) }).click();
  await expect(page.getByTestId('certificate-list').locator('tbody tr')).toHaveCount(3);
  await page.getByRole('button', { name: TR.addCertificate }).click();
  const certModal = page.getByRole('dialog');
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2600, 32), Buffer.from('\n%%EOF\n')]);
  await certModal.getByTestId('certificate-file').locator('input[type="file"]').setInputFiles({ name: 'ip66-test.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(certModal.getByTestId('certificate-file-size')).toHaveText(`${Math.round(pdf.length / 1000)} kB · ip66-test.pdf`);
  await certModal.getByRole('button', { name: 'Vazgeç' }).click();
  await expect(page.getByTestId('certificate-list').locator('tbody tr')).toHaveCount(3);

  // A new bank account in euros.
  await page.getByRole('tab', { name: new RegExp(TR.banksTab) }).click();
  const banks = page.getByTestId('bank-list').locator('tbody tr');
  await expect(banks).toHaveCount(bankCount);
  await page.getByRole('button', { name: TR.addBank }).click();
  const modal = page.getByRole('dialog');
  await modal.locator('input[name="bank"]').fill('Vakıfbank');
  await modal.locator('input[name="branch"]').fill('Sincan OSB Şubesi');
  await modal.locator('input[name="iban"]').fill('TR18 0001 5000 1580 0007 2912 35');
  await modal.locator('input[name="branch"]').click();
  await modal.getByRole('button', { name: TR.apply }).click();
  await expect(modal.getByText('IBAN geçerli değil', { exact: false })).toBeVisible();
  await modal.locator('input[name="iban"]').fill(IBAN);
  await modal.locator('.mantine-Select-input').click();
  await page.getByRole('option', { name: /€/ }).click();
  await modal.getByRole('button', { name: TR.apply }).click();
  await expect(modal).toHaveCount(0);
  await expect(banks).toHaveCount(bankCount + 1);
  await expect(banks.nth(bankCount)).toContainText('Vakıfbank');
  await expect(banks.nth(bankCount)).toContainText(IBAN_SHOWN);

  await saveButton(page).click();
  await expect(notice(page, TR.updated)).toBeVisible();

  await page.reload();
  await expect(field(page, 'sirket_adi')).toHaveValue(NEW_NAME);
  await page.getByRole('tab', { name: new RegExp(TR.banksTab) }).click();
  await expect(banks).toHaveCount(bankCount + 1);
  await expect(banks.nth(bankCount)).toContainText('Sincan OSB Şubesi');
  await expect(banks.nth(bankCount)).toContainText(IBAN_SHOWN);
  await expect(banks.nth(bankCount)).toContainText('€');

  // The other form route shows the same record; the seeded name is put back for other tests.
  await page.goto('/app/settings/myCompany/1');
  await expect(field(page, 'sirket_adi')).toHaveValue(NEW_NAME);
  await field(page, 'sirket_adi').fill(SEEDED_NAME);
  await saveButton(page).click();
  await expect(notice(page, TR.updated)).toBeVisible();

  // Someone else saves while this form has an edit: the stale save is refused (409) with the conflict alert, and
  // reloading shows the other change (the edit in progress is dropped); the web address is put back after.
  const before = await admin.get<{ sirket_web: string; sirket_fax: string; __v: number }>('/company/1');
  await expect(field(page, 'sirket_fax')).toHaveValue(before.sirket_fax);
  await field(page, 'sirket_fax').fill('0312 000 00 00');
  await admin.post('/company/update/1', { sirket_web: 'www.e2e-conflict.example', __v: before.__v });
  await saveButton(page).click();
  const conflict = page.getByTestId('mycompany-conflict');
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button').click();
  await expect(conflict).toHaveCount(0);
  await expect(field(page, 'sirket_web')).toHaveValue('www.e2e-conflict.example');
  await expect(field(page, 'sirket_fax')).toHaveValue(before.sirket_fax);
  await field(page, 'sirket_web').fill(before.sirket_web);
  await saveButton(page).click();
  await expect.poll(async () => (await admin.get<{ sirket_web: string }>('/company/1')).sirket_web).toBe(before.sirket_web);

  // QC questions: edit a row, delete a row after confirming (left unsaved: Close drops them).
  await page.getByRole('tab', { name: /KK soruları/ }).click();
  const questions = page.getByTestId('qc-list').locator('tbody tr');
  await expect(questions).toHaveCount(5);
  await questions.first().getByRole('button', { name: /^Düzenle/ }).click();
  const qcModal = page.getByRole('dialog');
  await expect(qcModal.getByText('Soruyu düzenle')).toBeVisible();
  await qcModal.locator('textarea[name="Question"]').fill('');
  await qcModal.getByRole('button', { name: TR.apply }).click();
  await expect(qcModal.getByText('Soruyu yazınız.')).toBeVisible();
  await qcModal.locator('textarea[name="Question"]').fill('E2E: Etiket okunaklı mı?');
  await qcModal.getByRole('button', { name: TR.apply }).click();
  await expect(qcModal).toHaveCount(0);
  await expect(questions.first()).toContainText('E2E: Etiket okunaklı mı?');
  const lastNo = (await questions.last().locator('td').first().textContent())!.trim();
  await questions.last().getByRole('button', { name: /^Sil/ }).click();
  await expect(page.getByText(`${lastNo} numaralı soruyu silmek istiyor musunuz?`)).toBeVisible();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(questions).toHaveCount(4);
  await expect(page.getByText('Kaydedilmemiş değişiklikler var')).toBeVisible();

  // Close goes to the dashboard.
  await page.getByRole('button', { name: 'Kapat', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('role 2', () => {
  test.use({ role: 2 });
  test('a role-2 user has no own-company menu entry and /mycompany is refused', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(page.locator('a[href="/mycompany"]')).toHaveCount(0);
    for (const path of ['/mycompany', '/app/settings/myCompany/1']) {
      await page.goto(path);
      await expect(page.getByTestId('error-code')).toHaveText(/^(403|404)$/);
      await expect(page.getByRole('heading', { name: TR.title })).toHaveCount(0);
      await expect(page.locator('[name="sirket_adi"]')).toHaveCount(0);
    }
  });
});

test.describe('role 1', () => {
  test.use({ role: 1 });
  test('a role-1 manager finds the own company in the menu and opens it', async ({ page }) => {
    await page.goto('/');
    const link = page.locator('a[href="/mycompany"]').first();
    // The menu's company group may start folded.
    await expect(page.getByRole('navigation').getByText('Firma', { exact: true })).toBeVisible();
    if (!(await link.isVisible())) await page.getByRole('navigation').getByText('Firma', { exact: true }).click();
    await link.click();
    await expect(page).toHaveURL(/\/mycompany$/);
    await expect(page.getByRole('heading', { name: TR.title })).toBeVisible();
    // The first test of this file may be renaming it right now.
    await expect(field(page, 'sirket_adi')).toHaveValue(new RegExp(`^(${SEEDED_NAME}|${NEW_NAME})$`.replace(/\./g, '\\.')));
  });
});
