import type { Page } from '@playwright/test';
import { createCompany, type Api } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app's default language is Turkish, so the texts are Turkish.

/** A 2 x 2 red PNG: enough for the file service to detect, hash and resize it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVQImWP4z8DwnwGM/zMwAAAf7gP9qS/A4gAAAABJRU5ErkJggg==',
  'base64',
);

/** An offer of one item for `companyId`, made through the API (the server computes its totals). */
async function createOffer(admin: Api, companyId: string, companyName: string, itemName: string) {
  return admin.post<{ _id: string; teklif_no: string }>('/offers/create', {
    firma_id: companyId, firma_adi: companyName, firma_ulke: 'Türkiye', teklif_konu: 'E2E geçmiş', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45,
    offeritem: [{ urun_adi: itemName, urun_kodu: ['E2E', 'GCM'], urun_miktari: 3, urun_birimi: 'Adet', urun_fiyati: 100, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' }],
  });
}

async function openNewRowEditor(page: Page) {
  await page.goto('/offer/new');
  await expect(page.getByRole('heading', { name: 'Yeni Teklif' })).toBeVisible();
  await page.getByTestId('offer-add-row').click();
  return page.getByTestId('offer-item-editor').getByRole('dialog');
}

test('an item photo is uploaded from the row editor and shown in the item table; it can be removed again', async ({ page }) => {
  await loginAs(page);
  const dialog = await openNewRowEditor(page);
  await dialog.getByRole('textbox', { name: /^Ürün/ }).fill('Fotoğraflı Armatür');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Fotoğraf yükle' }).click();
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/files/upload');
  await (await chooser).setFiles({ name: 'armatur.png', mimeType: 'image/png', buffer: PNG });
  const answer = await uploaded;
  expect(answer.status(), await answer.text()).toBe(200);
  // The editor shows the stored photo (an address of the file service) and offers to remove it.
  const photo = dialog.getByRole('img', { name: 'Fotoğraflı Armatür' });
  await expect(photo).toHaveAttribute('src', /^\/api\/files\/[0-9a-f]{64}$/);
  await expect(dialog.getByRole('button', { name: 'Fotoğrafı kaldır' })).toBeVisible();
  const src = await photo.getAttribute('src');
  await dialog.getByTestId('offer-item-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('offer-item-row');
  await expect(row.locator('img')).toHaveAttribute('src', src!);

  // Removing it in the editor leaves the row without a photo.
  await row.getByRole('button', { name: 'Fotoğraflı Armatür işlemleri' }).click();
  await page.getByRole('menuitem', { name: 'Düzenle' }).click();
  const again = page.getByTestId('offer-item-editor').getByRole('dialog');
  await again.getByRole('button', { name: 'Fotoğrafı kaldır' }).click();
  await expect(again.getByRole('img', { name: 'Fotoğraflı Armatür' })).toHaveCount(0);
  await again.getByTestId('offer-item-save').click();
  await expect(row.locator('img')).toHaveCount(0);
});

test('a contact made on the contacts page is offered in the offer form and fills its e-mail and phone', async ({ page, tag }) => {
  const name = `E2E Kişi ${tag}`;
  const email = `kisi-${tag.toLowerCase()}@e2e.test`;
  await loginAs(page);
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Kişi Ekle' }).first().click();
  const modal = page.getByRole('dialog');
  // A nameless contact is refused under its field.
  await modal.getByRole('button', { name: 'Kaydet' }).click();
  await expect(modal.getByRole('textbox', { name: 'Ad Soyad' })).toHaveAttribute('aria-invalid', 'true');
  await modal.getByRole('textbox', { name: 'Ad Soyad' }).fill(name);
  await modal.getByRole('textbox', { name: 'Firma' }).fill(`E2E Firma ${tag}`);
  await modal.getByRole('textbox', { name: 'E-posta' }).fill(email);
  await modal.getByRole('textbox', { name: 'Telefon' }).fill('+90 212 555 00 11');
  await modal.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText('Kişi kaydedildi')).toBeVisible();
  await page.getByRole('searchbox').fill(tag);
  await expect(page.locator('table tbody tr').filter({ hasText: name })).toHaveCount(1);

  await page.goto('/offer/new');
  await page.getByRole('textbox', { name: 'İlgili Kişi' }).fill(`Kişi ${tag}`);
  await page.getByRole('option', { name }).click();
  await expect(page.getByRole('textbox', { name: 'İlgili Kişi' })).toHaveValue(name);
  await expect(page.getByRole('textbox', { name: 'E-posta', exact: true })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveValue('+90 212 555 00 11');
});

test("the offer settings' footer note is where a new offer starts", async ({ page, tag }) => {
  const footer = `E2E alt bilgi ${tag}: fiyatlar 30 gün geçerlidir.`;
  await loginAs(page);
  await page.goto('/offersettings');
  await expect(page.getByRole('heading', { name: 'Teklif Ayarları' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Alt bilgi' }).fill(footer);
  await page.getByTestId('offer-settings-save').click();
  await expect(page.getByText('Teklif ayarları kaydedildi')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Alt bilgi' })).toHaveValue(footer);

  await page.goto('/offer/new');
  await expect(page.getByRole('textbox', { name: 'Alt bilgi' })).toHaveValue(footer);
});

test.describe('role 3', () => {
  test.use({ role: 3 });
  test('a person without the offers level is refused the offer settings and contacts screens', async ({ page }) => {
    for (const path of ['/offersettings', '/contacts']) {
      await page.goto(path);
      await expect(page.getByTestId('error-code')).toHaveText('403');
      await expect(page.getByRole('heading', { name: /Teklif Ayarları|Kişiler/ })).toHaveCount(0);
    }
  });
});

test("the company's offer history tab lists its offers with their item lines and totals", async ({ page, admin, tag }) => {
  const companyName = `E2E Geçmiş Firması ${tag}`;
  const company = await createCompany(admin, companyName);
  const offer = await createOffer(admin, company._id, companyName, `Geçmiş Armatürü ${tag}`);
  await loginAs(page);
  await page.goto(`/companydetail/${company._id}`);
  await page.getByRole('tab', { name: 'Sipariş (teklif) geçmişi' }).click();
  const history = page.getByTestId('company-offer-history');
  await expect(history.getByRole('link', { name: offer.teklif_no })).toBeVisible();
  await expect(history).toContainText(`Geçmiş Armatürü ${tag}`);
  // 3 x 100 $ at 18 % with USD 40: 354,00 $ and 14.160,00 ₺ with VAT.
  await expect(history).toContainText('354,00 $');
  await expect(history).toContainText('14.160,00 ₺');
  // Only orders: an offer in status 0 is not one.
  await history.getByText('Siparişler', { exact: true }).click();
  await expect(history.getByText('Bu firmaya teklif yok')).toBeVisible();
  await history.getByText('Teklifler', { exact: true }).click();
  await expect(history.getByRole('link', { name: offer.teklif_no })).toBeVisible();
});
