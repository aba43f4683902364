import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addMaterialStock, createMaterial } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app's default language is Turkish, so the texts are Turkish.
const TR = {
  created: 'Satın alma talebi oluşturuldu',
  updated: 'Satın alma güncellendi',
  deleteConfirm: 'Satın almayı silmek istiyor musunuz?',
  materialRequired: 'Malzeme seçiniz.',
};

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}
const parseTr = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

test('a purchase request taken to Completed raises the material stock on its page', async ({ page, admin, tag }) => {
  // Its own material with a stock of 5: a demo material's stock may be moved by another test meanwhile.
  const material = await createMaterial(admin, `${tag} Satın Alma Malzemesi`);
  await addMaterialStock(admin, material._id, { qty: 5 });
  const note = `${tag} E2E satın alma`;
  await loginAs(page, `/material/${material._id}`);
  const before = parseTr(await page.getByTestId('stock-balance').innerText());
  expect(before).toBe(5);

  await page.goto('/buyings');
  await expect(page.getByRole('heading', { name: 'Satın Alma Talepleri' })).toBeVisible();
  // Seeded requests of status 0 are listed with their totals.
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('buying-sum-tl')).toContainText('₺');

  // New request: without a material the save is refused with the message under the picker.
  await page.getByTestId('buying-actions').click();
  await page.getByTestId('buying-add').click();
  const modal = page.getByTestId('buying-modal').getByRole('dialog');
  await expect(modal.getByText('Yeni satın alma talebi')).toBeVisible();
  await expect(modal.locator('input[name="material_qty"]')).toHaveValue('1');
  await expect(modal.locator('input[name="material_unit"]')).toHaveValue('Adet');
  // Rates come from the stored (demo) bulletin.
  // Shown in the Turkish format and valid (issue 23: "42.3038" was marked 'use a comma for decimals').
  await expect(modal.getByTestId('buying-usd')).toHaveValue(/^\d{1,3}(\.\d{3})*,\d{1,4}$/);
  await expect(modal.getByTestId('buying-eur')).toHaveValue(/^\d{1,3}(\.\d{3})*,\d{1,4}$/);
  await expect(modal.getByText('Ondalık için virgül kullanın', { exact: false })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Kaydet' }).click();
  await expect(modal.getByText(TR.materialRequired)).toBeVisible();

  await modal.getByRole('button', { name: 'Malzeme seç' }).click();
  const picker = page.getByTestId('material-picker').getByRole('dialog');
  await picker.getByTestId('material-picker-search').fill(material.material_name);
  await picker.getByRole('row').filter({ hasText: material.material_name }).first().click();
  await expect(modal.getByTestId('buying-material')).toHaveText(material.material_name);
  await modal.locator('input[name="material_qty"]').fill('7');
  await modal.locator('textarea[name="siparis_notu"]').fill(note);
  // A supplier from the companies of category Suppliers; its e-mail fills in.
  await modal.getByTestId('supplier-picker').click();
  const option = page.getByRole('option').first();
  const supplier = (await option.innerText()).trim();
  await option.click();
  await expect(modal.locator('input[name="tedarikci_eposta"]')).not.toHaveValue('');
  await modal.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(TR.created)).toBeVisible();
  await expect(page.getByTestId('buying-modal').getByRole('dialog')).toBeHidden();

  // Open it from the list (status 0 Request) and take it to Completed.
  await page.getByPlaceholder('Malzeme, tedarikçi, sipariş no, not, kişi ara').fill(note);
  const row = page.locator('table tbody tr').filter({ hasText: note });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('7,00');
  await expect(row).toContainText(supplier);
  await expect(row.getByTestId('buying-mail')).toHaveAttribute('href', /^mailto:[^?]+@[^?]+\?subject=.+&body=.*E2E/);
  await row.getByTestId('buying-open').click();
  await expect(modal.getByText('Satın alma talebi', { exact: true })).toBeVisible();
  await modal.getByTestId('buying-status-3').click();
  await modal.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(TR.updated)).toBeVisible();

  // Now listed under Completed, and no longer deletable from the modal.
  await page.getByTestId('buying-filter-3').click();
  await expect(row).toHaveCount(1);
  await row.getByTestId('buying-open').click();
  await expect(modal.getByTestId('buying-status-0')).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Sil', exact: true })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Vazgeç' }).click();

  await page.goto(`/material/${material._id}`);
  await expect(page.getByTestId('stock-balance')).toContainText(new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(before + 7));
  await expect(page.locator('table tbody tr').filter({ hasText: 'Satın alma' }).first()).toBeVisible();
});

test('a purchase request in status Request is deleted after the Turkish confirmation', async ({ page, admin, tag }) => {
  // Its own request: the count of all requests in status Request moves with every test that makes one meanwhile.
  const material = await createMaterial(admin, `${tag} Silinecek Malzeme`);
  const made = await admin.post<{ _id: string }>('/buying/create', { material_id: material._id, material_qty: 1, siparis_notu: `${tag} silinecek`, USD_Kur: 40, EUR_Kur: 45 });
  await loginAs(page, `/buyings?status=0&search=${tag}`);
  const rows = page.locator('table tbody tr').filter({ hasText: `${tag} silinecek` });
  await expect(rows).toHaveCount(1);
  await rows.getByTestId('buying-open').click();
  const modal = page.getByTestId('buying-modal').getByRole('dialog');
  await modal.getByRole('button', { name: 'Sil', exact: true }).click();
  await expect(page.getByText(TR.deleteConfirm)).toBeVisible();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByText('Satın alma silindi')).toBeVisible();
  await expect(rows).toHaveCount(0);
  const res = await page.request.get(`/api/buying/${made._id}`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status()).toBe(404);
});

test('the Excel report of the purchase requests holds every request of the chosen status and search, not just the page', async ({ page, admin, tag }) => {
  // Its own seven requests in status 1 (found by its tag): the demo's status-1 requests change with other tests.
  for (let i = 1; i <= 7; i++) {
    const material = await createMaterial(admin, `${tag} Rapor Malzemesi ${i}`);
    await admin.post('/buying/create', { material_id: material._id, material_qty: i, satinalma_durumu: 1, siparis_notu: `${tag} rapor ${i}`, USD_Kur: 40, EUR_Kur: 45 });
  }
  await loginAs(page, `/buyings?status=1&pageSize=6&search=${tag}`);
  const all = await apiGet<{ material_name: string; siparis_no: string }[]>(page, `/buying/list?filter1=1&filter2=1&search=${tag}`);
  expect(all).toHaveLength(7);
  await expect(page.locator('table tbody tr')).toHaveCount(6);
  await expect(page.getByTestId('reports-menu')).toBeEnabled();
  await page.getByTestId('reports-menu').click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /Excel/ }).click();
  const download = await downloading;
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-buying-')), download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/^purchase-requests-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file) as unknown as Parameters<typeof wb.xlsx.load>[0]);
  const sheet = wb.worksheets[0];
  expect(sheet.getCell('A1').value).toBe('Satın Alma Talepleri');
  expect(sheet.rowCount - 4).toBe(all.length);
  const names = Array.from({ length: all.length }, (_, i) => String(sheet.getRow(5 + i).getCell(4).value));
  expect(names.sort()).toEqual(all.map((b) => b.material_name).sort());
});

test('a link to /buyings?open={id} (log rows) opens that purchase request', async ({ page }) => {
  await loginAs(page);
  const [first] = await apiGet<{ _id: string; material_name: string }[]>(page, '/buying/list?filter1=2&filter2=2');
  await page.goto(`/buyings?open=${first._id}`);
  const modal = page.getByRole('dialog', { name: 'Satın alma talebi' });
  await expect(modal.getByTestId('buying-material')).toHaveText(first.material_name);
  await modal.getByRole('button', { name: 'Vazgeç' }).click();
  await expect(modal).toBeHidden();
  await expect(page).not.toHaveURL(/open=/);
});

test('two new purchase requests in a row: the modal opens empty again and the second is created beside the first', async ({ page }) => {
  await loginAs(page);
  const { materials } = await apiGet<{ materials: { _id: string; material_name: string }[] }>(page, '/materials/list?type=list&pageSize=50&orderBy=material_name');
  const material = materials.find((m) => /^[\p{L}\d ]+$/u.test(m.material_name)) ?? materials[0];
  const tag = `E2E ardışık ${Date.now()}`;
  await page.goto('/buyings');
  const modal = page.getByTestId('buying-modal').getByRole('dialog');
  for (const n of [1, 2]) {
    await page.getByTestId('buying-actions').click();
    await page.getByTestId('buying-add').click();
    await expect(modal.getByText('Yeni satın alma talebi')).toBeVisible();
    // A fresh form each time: no material, no note from the request saved before.
    await expect(modal.getByTestId('buying-material')).toHaveCount(0);
    await expect(modal.locator('textarea[name="siparis_notu"]')).toHaveValue('');
    await modal.getByRole('button', { name: 'Malzeme seç' }).click();
    const picker = page.getByTestId('material-picker').getByRole('dialog');
    await picker.getByTestId('material-picker-search').fill(material.material_name);
    await picker.getByRole('row').filter({ hasText: material.material_name }).first().click();
    await modal.locator('textarea[name="siparis_notu"]').fill(`${tag} ${n}`);
    await modal.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByTestId('buying-modal').getByRole('dialog')).toBeHidden();
  }
  await page.getByPlaceholder('Malzeme, tedarikçi, sipariş no, not, kişi ara').fill(tag);
  const rows = page.locator('table tbody tr').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `${tag} 1` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `${tag} 2` })).toHaveCount(1);
});
