import type { Locator, Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app's default language is Turkish, so the texts are Turkish.
const TR = {
  unregistered: 'Kayıtlı firma olmadan sipariş olmaz',
  created: 'Teklif oluşturuldu',
  updated: 'Teklif güncellendi',
  copied: 'Teklif kopyalandı',
};

async function pick(page: Page, input: Locator, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a free row through the large row editor. */
async function addRow(page: Page, row: { name: string; qty: string; price: string; currency: string; vat: string }) {
  await page.getByTestId('offer-add-row').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Ürün/ }).fill(row.name);
  await dialog.getByLabel('Miktar').fill(row.qty);
  await dialog.getByLabel('Fiyat').fill(row.price);
  await pick(page, dialog.getByLabel('Döviz', { exact: true }), row.currency);
  await pick(page, dialog.getByLabel('KDV %'), `% ${row.vat}`);
  await dialog.getByTestId('offer-item-save').click();
  await expect(dialog).toBeHidden();
}

async function expectTotals(page: Page) {
  await expect(page.getByTestId('offer-total-tl')).toHaveText('17.500,00 ₺');
  await expect(page.getByTestId('offer-vat-tl')).toHaveText('2.850,00 ₺');
  await expect(page.getByTestId('offer-grand-tl')).toHaveText('20.350,00 ₺');
  await expect(page.getByTestId('offer-total-doviz')).toHaveText('437,50 $');
  await expect(page.getByTestId('offer-vat-doviz')).toHaveText('71,25 $');
  await expect(page.getByTestId('offer-grand-doviz')).toHaveText('508,75 $');
  await expect(page.getByTestId('offer-item-total')).toHaveText(['12.000,00 ₺', '4.500,00 ₺', '1.000,00 ₺']);
}

test('an offer for a new company made from the offer: three items in $, € and ₺, totals in Turkish format, order refused until the company is registered', async ({ page }) => {
  const company = `E2E Aydınlatma ${Date.now() % 100000} A.Ş.`;
  await loginAs(page, '/offer/new');
  await expect(page.getByRole('heading', { name: 'Yeni Teklif' })).toBeVisible();
  // A typed-in company is not registered: the bar is red.
  await page.getByTestId('offer-company').fill(company);
  await expect(page.getByTestId('offer-company-bar')).toHaveAttribute('data-registered', 'no');
  await page.getByLabel('Konu').fill('Otopark aydınlatması');
  await pick(page, page.getByTestId('offer-country'), 'Türkiye');
  // The rates of the worked example, typed over the bulletin's.
  await page.getByTestId('offer-teklif_usdkur').fill('40');
  await page.getByTestId('offer-teklif_eurkur').fill('45');
  // Today's Turkish VAT rates (DECISIONS 3): 20, 10 and 0.
  await addRow(page, { name: 'Sokak Armatürü 100W', qty: '3', price: '100', currency: '$', vat: '20' });
  await addRow(page, { name: 'Solar Lamba', qty: '2', price: '50', currency: '€', vat: '10' });
  await addRow(page, { name: 'Montaj', qty: '1', price: '1000', currency: '₺', vat: '0' });
  await expect(page.getByTestId('offer-item-row')).toHaveCount(3);
  await expectTotals(page);

  // Status 1 with an unregistered company: refused with the spec's message, nothing saved.
  await page.getByRole('radio', { name: 'Sipariş' }).check();
  await page.getByTestId('offer-save').click();
  await expect(page.getByText(TR.unregistered).first()).toBeVisible();
  await expect(page).toHaveURL(/\/offer\/new$/);
  await page.getByRole('radio', { name: 'Teklif' }).check();

  // The company is created from the offer (spec 001 3.7) and chosen: the bar turns green.
  await page.getByRole('button', { name: 'Firma işlemleri' }).click();
  await page.getByRole('menuitem', { name: 'Yeni Firma' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByLabel('Firma Adı')).toHaveValue(company);
  await modal.getByRole('textbox', { name: /^İl( \*)?$/ }).fill('İs');
  await modal.getByRole('textbox', { name: /^E-posta/ }).fill('not-an-email');
  await modal.getByTestId('offer-company-save').click();
  await expect(modal.getByText('E-posta geçerli değil!')).toBeVisible();
  await modal.getByRole('textbox', { name: /^İl( \*)?$/ }).fill('İstanbul');
  await modal.getByRole('textbox', { name: /^E-posta/ }).fill('info@e2e-aydinlatma.test');
  await modal.getByTestId('offer-company-save').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('offer-company-bar')).toHaveAttribute('data-registered', 'yes');

  await page.getByTestId('offer-save').click();
  await expect(page.getByText(TR.created)).toBeVisible();
  await expect(page).toHaveURL(/\/offer\/[0-9a-f]{24}$/);
  const offerUrl = page.url();
  await expect(page.getByRole('heading', { name: /TKF-\d{4}-\d{4}/ })).toBeVisible();

  // Reloaded, the offer shows the same figures, the same rows, the registered company.
  await page.reload();
  await expectTotals(page);
  await expect(page.getByTestId('offer-item-row')).toHaveCount(3);
  await expect(page.getByTestId('offer-company-bar')).toHaveAttribute('data-registered', 'yes');
  await expect(page.getByTestId('offer-company')).toHaveValue(company);

  // Now it may become an order.
  await page.getByRole('radio', { name: 'Sipariş' }).check();
  await page.getByTestId('offer-save').click();
  await expect(page.getByText(TR.updated)).toBeVisible();
  await expect(page.getByTestId('offer-status').first()).toHaveText('Sipariş');
  // In status 1 rows are neither added nor deleted.
  await expect(page.getByTestId('offer-add-row')).toHaveCount(0);
  expect(page.url()).toBe(offerUrl);
});

test('the row editor does not take a price its field refuses (no silent 0), and takes it once corrected', async ({ page }) => {
  await loginAs(page, '/offer/new');
  await page.getByTestId('offer-add-row').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Ürün/ }).fill('E2E Fiyatı Okunamayan Kalem');
  await dialog.getByLabel('Miktar').fill('2');
  await dialog.getByLabel('Fiyat').fill('12,5,0');
  await dialog.getByTestId('offer-item-save').click();
  await expect(dialog.getByText('Sayı okunamadı. Örnek: 1.234,56')).toBeVisible();
  await expect(dialog.getByTestId('offer-item-save')).toBeVisible();
  await expect(page.getByTestId('offer-item-row')).toHaveCount(0);
  await dialog.getByLabel('Fiyat').fill('12,5');
  await dialog.getByTestId('offer-item-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('offer-item-row')).toHaveCount(1);
  await expect(page.getByTestId('offer-item-row')).toContainText('12,50');
});

test('the offer list filters by status, searches, shows totals, and copies an offer as a new draft', async ({ page }) => {
  await loginAs(page, '/offers');
  await expect(page.getByRole('heading', { name: 'Teklifler' })).toBeVisible();
  // The demo holds offers in every status; the Canceled filter shows only black 'İptal' tags.
  await page.getByTestId('offer-status-filter').getByText('İptal', { exact: true }).click();
  await expect(page).toHaveURL(/status=4/);
  const tags = page.locator('tbody').getByTestId('offer-status');
  await expect(tags.filter({ hasNotText: 'İptal' })).toHaveCount(0);
  await expect(tags.first()).toHaveText('İptal');
  await expect(page.getByTestId('offer-list-totals')).toContainText('₺');

  await page.getByTestId('offer-status-filter').getByText('Tümü', { exact: true }).click();
  const first = page.locator('tbody tr').first();
  const no = (await first.locator('td').first().innerText()).trim();
  expect(no).toMatch(/^TKF-\d{4}-\d{4}$/);
  await page.getByPlaceholder('Firma, teklif no, konu ya da referans ara').fill(no);
  await expect(page.locator('tbody tr')).toHaveCount(1);

  await page.getByRole('button', { name: `${no} işlemleri` }).click();
  await page.getByRole('menuitem', { name: 'Kopyala' }).click();
  await expect(page.getByText(TR.copied)).toBeVisible();
  await expect(page).toHaveURL(/\/offer\/[0-9a-f]{24}$/);
  const heading = page.getByRole('heading', { name: /TKF-\d{4}-\d{4}/ });
  await expect(heading).toBeVisible();
  expect(await heading.innerText()).not.toContain(no);
  await expect(page.getByTestId('offer-status').first()).toHaveText('Teklif');
  await expect(page.getByTestId('offer-item-row').first()).toBeVisible();
});
