import type { Page } from '@playwright/test';
import { addProductStock, createCompany, createProduct } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app's default language is Turkish, so the texts are Turkish.
const TR = {
  qtyRequired: 'Miktarı Yazınız',
  priceInvalid: 'Ürün Fiyatı Hatalıdır',
  created: 'Teslimat kaydedildi',
  updated: 'Teslimat güncellendi',
  deleteConfirm: 'Teslimatı Silmek istiyor musunuz ?',
  hasDeliveries: 'Teslimatı olan Firma Silinemez..',
  companyDeleteConfirm: 'Firmayı silmek istiyor musunuz ?',
};

/** The signed-in user's token, to read figures through the API as a second witness. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

const parseTr = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));

test('company deliveries: validation, product delivery out of stock, status, delete with reversal, company delete refused', async ({ page, admin, tag }) => {
  // A customer of this test's own with one earlier delivery (a free-text sample), and a product of its own with 10 in stock.
  const company = await createCompany(admin, `${tag} Teslimat Müşterisi`);
  await admin.post('/deliveried/create', { company_id: company._id, component_type: 'default', productname: 'E2E numune', qty: '1', price: '1' });
  const PRODUCT_SEARCH = `E2E-TSL-${tag}`.toUpperCase();
  const made = await createProduct(admin, `E2E Teslimat ${PRODUCT_SEARCH}`, PRODUCT_SEARCH, { urun_fiyat: '46.5' });
  await addProductStock(admin, made._id, 10);
  await loginAs(page, `/companydetail/${company._id}`);
  await page.getByRole('tab', { name: 'Teslimatlar' }).click();
  const rows = page.getByRole('tabpanel').locator('table tbody tr');
  const before = (await apiGet<unknown[]>(page, `/deliveried/list/${company._id}`)).length;
  expect(before).toBeGreaterThan(0);
  await expect(rows).toHaveCount(before);

  // New delivery: an empty quantity and a cleared price are refused with the spec's messages.
  await page.getByRole('button', { name: 'Yeni teslimat' }).click();
  const dialog = page.getByTestId('delivery-dialog').getByRole('dialog');
  await expect(dialog.getByText('Yeni teslimat')).toBeVisible();
  // Spec 000 4 defaults: qty 1, Adet, price 1, today, the signed-in user as deliverer.
  await expect(dialog.locator('input[name="qty"]')).toHaveValue('1');
  await expect(dialog.locator('input[name="price"]')).toHaveValue('1');
  await expect(dialog.locator('input[name="unit"]')).toHaveValue('Adet');
  await expect(dialog.locator('input[name="deliverer"]')).toHaveValue('Sistem Yöneticisi');
  await expect(dialog.getByLabel('Tarih')).toHaveValue(new Date().toLocaleDateString('tr-TR', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric' }));
  await dialog.locator('input[name="qty"]').fill('');
  await dialog.locator('input[name="price"]').fill('');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog.getByText(TR.qtyRequired)).toBeVisible();
  await expect(dialog.getByText(TR.priceInvalid)).toBeVisible();

  // Pick a product: it fills name, price, currency and the stock limit; qty goes back to 1.
  await dialog.getByRole('button', { name: 'Ürün', exact: true }).click();
  const picker = page.getByTestId('product-picker');
  await picker.getByTestId('product-picker-search').fill(PRODUCT_SEARCH);
  await expect(picker.locator('tbody tr').first()).toContainText(PRODUCT_SEARCH);
  await picker.locator('tbody tr').first().click();
  await expect(dialog.getByTestId('delivery-picked')).toContainText(PRODUCT_SEARCH);
  await expect(dialog.locator('input[name="qty"]')).toHaveValue('1');
  const stockText = (await dialog.getByText(/^Stok: /).textContent()) ?? '';
  const stockBefore = parseTr(stockText.replace('Stok: ', '').replace(' Adet', ''));
  expect(stockBefore).toBeGreaterThanOrEqual(2);
  // Total = qty x price, recalculated as the quantity changes.
  const price = parseTr(await dialog.locator('input[name="price"]').inputValue());
  const total = dialog.getByTestId('delivery-total');
  await expect(total).toContainText((price).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  await dialog.locator('input[name="qty"]').fill('2');
  await expect(total).toContainText((price * 2).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  await dialog.locator('input[name="receiver"]').fill('E2E Teslim Alan');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(TR.created)).toBeVisible();
  await expect(rows).toHaveCount(before + 1);
  const row = rows.filter({ hasText: 'E2E Teslim Alan' });
  await expect(row).toContainText(PRODUCT_SEARCH);
  await expect(row).toContainText('2,00 Adet');
  await expect(row).toContainText('Açık');

  // The product's stock dropped by the quantity.
  const list = await apiGet<{ _id: string; product_id: string; receiver: string }[]>(page, `/deliveried/list/${company._id}`);
  const delivery = list.find((d) => d.receiver === 'E2E Teslim Alan')!;
  expect(delivery.product_id).toBe(made._id);
  const product = () => apiGet<{ stockSum: number }>(page, `/products/${delivery.product_id}`);
  expect((await product()).stockSum).toBe(stockBefore - 2);

  // On the product's stock tab the delivery's movement is locked: its row menu offers no delete (DECISIONS 5).
  await page.goto(`/product/${delivery.product_id}`);
  await page.getByRole('tab', { name: 'Stok işlemleri' }).click();
  const movement = page.getByRole('tabpanel').locator('table tbody tr').filter({ hasText: `Teslimat: ${company.company_name}` }).first();
  await movement.getByRole('button', { name: 'Satır işlemleri' }).click();
  await expect(page.getByText('Otomatik hareket')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sil' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(`/companydetail/${company._id}`);
  await page.getByRole('tab', { name: 'Teslimatlar' }).click();

  // Status: closed, collected. The description shows only once the status is not 0 (open).
  await row.getByRole('button', { name: 'Teslimat durumu' }).click();
  const statusDialog = page.getByTestId('delivery-status-dialog').getByRole('dialog');
  await expect(statusDialog.getByRole('radio', { name: 'Açık', exact: true })).toBeChecked();
  await expect(statusDialog.getByLabel('Durum açıklaması')).toHaveCount(0);
  await expect(statusDialog.getByTestId('delivery-modified')).toHaveText('Durum henüz değiştirilmedi.');
  await statusDialog.getByRole('radio', { name: 'Kapandı', exact: true }).check();
  await statusDialog.getByLabel('Durum açıklaması').click();
  await page.getByRole('option', { name: 'Tahsil edildi', exact: true }).click();
  await statusDialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(TR.updated)).toBeVisible();
  await expect(row).toContainText('Kapandı');
  await expect(row).toContainText('Tahsil edildi');
  // The change is stamped with the user (and the time) in the row and in the modal.
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\s*Sistem Yöneticisi/);
  await row.getByRole('button', { name: 'Teslimat durumu' }).click();
  await expect(statusDialog.getByTestId('delivery-modified')).toContainText(/Son değişiklik \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, Sistem Yöneticisi/);
  // Back to open: the description disappears (and the server stores 0 for it).
  await statusDialog.getByRole('radio', { name: 'Açık', exact: true }).check();
  await expect(statusDialog.getByLabel('Durum açıklaması')).toHaveCount(0);
  await statusDialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(row).toContainText('Açık');
  await expect(row).not.toContainText('Tahsil edildi');
  expect((await apiGet<{ _id: string; status: number; statusdescription: number }[]>(page, `/deliveried/list/${company._id}`)).find((d) => d._id === delivery._id))
    .toMatchObject({ status: 0, statusdescription: 0 });

  // Delete with confirmation: the stock is back.
  await row.getByRole('button', { name: 'Sil' }).click();
  await expect(page.getByText(TR.deleteConfirm)).toBeVisible();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(rows).toHaveCount(before);
  await expect(rows.filter({ hasText: 'E2E Teslim Alan' })).toHaveCount(0);
  expect((await product()).stockSum).toBe(stockBefore);

  // The company still has its demo deliveries: deleting it is refused with the spec's message.
  await page.getByRole('tab', { name: 'Firma bilgileri' }).click();
  // The delivery tab unmounts: wait for its rows (and their own 'Sil' buttons) to go.
  await expect(rows).toHaveCount(0);
  await page.getByRole('button', { name: 'Sil', exact: true }).click();
  await expect(page.getByText(TR.companyDeleteConfirm)).toBeVisible();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByText(TR.hasDeliveries)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/companydetail/${company._id}`));
});
