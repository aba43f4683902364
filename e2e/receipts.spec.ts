import { createMaterial } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';
import type { Page } from '@playwright/test';

// Receiving a purchase in parts (issue 25, ADR 0045). The browser runs in tr-TR: the texts are Turkish.
const parseTr = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

async function stockOnMaterialPage(page: Page, materialId: string): Promise<number> {
  await page.goto(`/material/${materialId}`);
  const balance = page.getByTestId('stock-balance');
  await expect(balance).toBeVisible();
  return parseTr(await balance.innerText());
}

test('two partial receipts on a purchase: the due figure and the material stock after each', async ({ page, admin, tag }) => {
  const material = await createMaterial(admin, `${tag} Civata`, { material_unit: 'Kg' });
  const purchase = await admin.post<{ _id: string }>('/buying/create/', {
    material_id: material._id, material_qty: 10, material_price: '1,5', material_doviz: '₺', satinalma_durumu: 1, siparis_notu: `${tag} parça parça`,
  });
  const open = `/buyings?status=1&open=${purchase._id}`;

  await loginAs(page, open);
  const modal = page.getByTestId('buying-modal').getByRole('dialog');
  const receipts = modal.getByTestId('receipts');
  await expect(receipts.getByRole('heading', { name: 'Teslim alımlar' })).toBeVisible();
  await expect(receipts.getByTestId('receipts-due')).toHaveText('10,00 Kg');
  await expect(receipts.getByText('Henüz teslim alım yok.')).toBeVisible();
  // The quantity starts at what is due; the date at today.
  await expect(receipts.getByTestId('receipt-qty')).toHaveValue('10');
  // Today in the browser's own time zone.
  const today = await page.evaluate(() => new Date().toLocaleDateString('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric' }));
  await expect(receipts.getByTestId('receipt-date')).toHaveValue(today);

  // First part: 4 Kg.
  await receipts.getByTestId('receipt-qty').fill('4');
  await receipts.getByTestId('receipt-note').fill('ilk parti');
  await receipts.getByTestId('receipt-submit').click();
  await expect(page.getByText('Teslim alındı', { exact: true })).toBeVisible();
  await expect(receipts.getByTestId('receipts-due')).toHaveText('6,00 Kg');
  await expect(receipts.getByTestId('receipts-received')).toHaveText('4,00 Kg');
  const rows = receipts.getByTestId('receipts-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('4,00 Kg');
  await expect(rows.first()).toContainText('ilk parti');
  await expect(receipts.getByTestId('receipt-qty')).toHaveValue('6');
  expect(await stockOnMaterialPage(page, material._id)).toBe(4);

  // Second part: more than is due asks first; No changes nothing.
  await page.goto(open);
  await expect(receipts.getByTestId('receipts-due')).toHaveText('6,00 Kg');
  await receipts.getByTestId('receipt-qty').fill('7');
  await receipts.getByTestId('receipt-submit').click();
  const ask = page.getByRole('dialog', { name: 'Kalandan fazla teslim alım' });
  await expect(ask).toContainText('7,00 Kg, kalan miktarı (6,00 Kg) aşıyor');
  await ask.getByRole('button', { name: 'Vazgeç' }).click();
  await expect(ask).toBeHidden();
  await expect(receipts.getByTestId('receipts-due')).toHaveText('6,00 Kg');
  // The rest: 6 Kg completes the purchase.
  await receipts.getByTestId('receipt-qty').fill('6');
  await receipts.getByTestId('receipt-submit').click();
  await expect(receipts.getByTestId('receipts-due')).toHaveText('0,00 Kg');
  await expect(receipts.getByTestId('receipts-received')).toHaveText('10,00 Kg');
  await expect(rows).toHaveCount(2);
  // Completed: the status radio shows it and the form is gone.
  await expect(modal.getByTestId('buying-status-3')).toBeChecked();
  await expect(receipts.getByTestId('receipt-submit')).toHaveCount(0);
  expect(await stockOnMaterialPage(page, material._id)).toBe(10);

  // Deleting the second receipt (after the question) takes its 6 Kg out of stock again and the purchase back to Control.
  await page.goto(open);
  await expect(receipts.getByTestId('receipts-due')).toHaveText('0,00 Kg');
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole('button', { name: 'Teslim alımı sil' }).click();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByText('Teslim alımı silindi', { exact: true })).toBeVisible();
  await expect(receipts.getByTestId('receipts-due')).toHaveText('6,00 Kg');
  await expect(rows).toHaveCount(1);
  await expect(modal.getByTestId('buying-status-2')).toBeChecked();
  // Goods received fix the purchase's price and currency.
  await expect(modal.locator('input[name="material_price"]')).toBeDisabled();
  expect(await stockOnMaterialPage(page, material._id)).toBe(4);
});
