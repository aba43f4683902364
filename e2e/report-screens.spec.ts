import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createCompany, createMaterial, type Api } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

/**
 * The report screens (issue 26, ADR 0041): /reports/{name} draws its chart (recharts, an SVG) and its table from
 * GET /api/reports/{name}; the filters live in the URL, so a reload or a shared link shows the same report; the
 * header's Reports menu exports the table. The browser runs in tr-TR and Europe/Istanbul (playwright.config.ts).
 */

// 2041 is this file's own year: no other test writes purchases dated in it, so its figures are this test's alone.
const PERIOD = 'from=2041-01-01&to=2041-06-30';
const PURCHASES = [
  { month: '2041-02', at: '2041-02-03T09:00:00.000Z', qty: 2, price: 1500, status: 1 },
  { month: '2041-02', at: '2041-02-20T09:00:00.000Z', qty: 1, price: 800, status: 2 },
  { month: '2041-03', at: '2041-03-10T09:00:00.000Z', qty: 4, price: 250, status: 1 },
  { month: '2041-05', at: '2041-05-05T09:00:00.000Z', qty: 3, price: 1200, status: 2 },
];

/** This file's purchases, made once per test database (a retry finds them already there). */
async function ensurePurchases(api: Api, tag: string): Promise<void> {
  const now = await api.get<{ rows: unknown[] }>(`/reports/purchasing?${PERIOD}`);
  if (now.rows.length > 0) return;
  const supplier = await createCompany(api, `${tag} Rapor Tedarikçisi`, { company_category: 'Suppliers' });
  const material = await createMaterial(api, `${tag} Rapor malzemesi`, { material_price: 1, material_doviz: '₺' });
  for (const p of PURCHASES) {
    await api.post('/buying/create/', {
      material_id: material._id, tedarikci_id: supplier._id, material_qty: p.qty, material_price: p.price, material_doviz: '₺',
      satinalma_durumu: p.status, siparis_tarihi: p.at,
    });
  }
}

const tableRows = (page: Page) => page.locator('table tbody tr');
const chart = (page: Page) => page.getByTestId('report-chart');

test('the purchasing report draws its chart and table, keeps its filters over a reload and exports the table', async ({ page, admin, tag }) => {
  test.setTimeout(120_000);
  await ensurePurchases(admin, tag);
  await loginAs(page, `/reports/purchasing?${PERIOD}&by=month`);

  // The table: one row per month with purchases, amounts in the Turkish format.
  await expect(tableRows(page)).toHaveCount(3);
  await expect(tableRows(page).nth(0)).toContainText('02.2041');
  await expect(tableRows(page).nth(0)).toContainText('3.800,00');
  await expect(tableRows(page).nth(1)).toContainText('1.000,00');
  await expect(tableRows(page).nth(2)).toContainText('3.600,00');
  // The chart: an SVG with every month of the period on its axis and a bar for each month with purchases.
  await expect(chart(page).locator('svg.recharts-surface[role="application"]')).toBeVisible();
  for (const month of ['01.2041', '02.2041', '03.2041', '04.2041', '05.2041', '06.2041']) await expect(chart(page).getByText(month, { exact: true })).toBeVisible();
  await expect(chart(page).locator('.recharts-bar-rectangle path')).toHaveCount(3);
  await expect(page.getByTestId('report-from')).toHaveValue('01.01.2041');
  await expect(chart(page)).toHaveScreenshot('purchasing-chart.png');

  // Grouping by supplier changes the URL; a reload shows the same report.
  await page.getByTestId('report-by').getByText('Tedarikçi').click();
  await expect(page).toHaveURL(/by=supplier/);
  await expect(tableRows(page).filter({ hasText: `${tag} Rapor Tedarikçisi` })).toContainText('8.400,00');
  await page.reload();
  await expect(page).toHaveURL(/from=2041-01-01/);
  await expect(page.getByTestId('report-from')).toHaveValue('01.01.2041');
  await expect(page.getByTestId('report-to')).toHaveValue('30.06.2041');
  await expect(tableRows(page).filter({ hasText: `${tag} Rapor Tedarikçisi` })).toContainText('8.400,00');
  await expect(chart(page).locator('.recharts-bar-rectangle path')).not.toHaveCount(0);

  // The header's Reports menu exports the table on screen.
  await page.goto(`/reports/purchasing?${PERIOD}&by=month`);
  await expect(tableRows(page)).toHaveCount(3);
  await page.getByTestId('reports-menu').click();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: /Excel/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^report-purchasing-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-report-screen-')), download.suggestedFilename());
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file) as unknown as Parameters<typeof wb.xlsx.load>[0]);
  const values = wb.worksheets[0].getSheetValues().flat().map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v));
  expect(values).toEqual(expect.arrayContaining(['02.2041', 3800, '03.2041', 1000, '05.2041', 3600]));
});

test('the sales report takes its currency from the URL into its table headings and keeps it over a reload', async ({ page }) => {
  await loginAs(page, '/reports/sales?currency=USD&by=month');
  await expect(page.getByRole('tab', { name: 'Satış' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('report-currency')).toHaveValue('USD');
  await expect(page.locator('table thead')).toContainText('Teklif tutarı ($)');
  await page.reload();
  await expect(page.getByTestId('report-currency')).toHaveValue('USD');
  await expect(page.locator('table thead')).toContainText('Sipariş tutarı ($)');
});

test('the stock report below minimum shows a page with a pager, the most short first, and exports every row', async ({ page, admin, tag }) => {
  test.setTimeout(180_000);
  // 55 materials of this test's own, short by a billion and more (far beyond any other test's), so they lead the list:
  // the 50 most short on the first page, the other five first on the second.
  for (let i = 0; i < 55; i++) await createMaterial(admin, `${tag} Eksik ${String(i).padStart(2, '0')}`, { min_stock: 1_000_000_000 + i });
  await loginAs(page, '/reports/stock?view=below');
  await expect(tableRows(page)).toHaveCount(50);
  await expect(tableRows(page).nth(0)).toContainText(`${tag} Eksik 54`);
  await expect(tableRows(page).nth(49)).toContainText(`${tag} Eksik 05`);
  await expect(page.getByTestId('report-total')).toContainText('Asgari stokun altında');
  await page.screenshot({ path: test.info().outputPath('below-page-1.png'), fullPage: true });

  // The pager goes to the second page; the URL keeps it over a reload.
  const pager = page.getByRole('navigation', { name: 'Sayfalar' });
  await pager.getByRole('button', { name: 'Sayfa 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(tableRows(page).nth(0)).toContainText(`${tag} Eksik 04`);
  await expect(tableRows(page).nth(4)).toContainText(`${tag} Eksik 00`);
  await page.reload();
  await expect(tableRows(page).nth(0)).toContainText(`${tag} Eksik 04`);
  // Another view answers every row and shows no pager; back to below starts at the first page.
  await page.getByTestId('report-by').getByText('Kategoriye göre değer').click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByTestId('report-total')).toHaveCount(0);
  await expect(pager).toHaveCount(0);
  await page.getByTestId('report-by').getByText('Asgari stok altında').click();
  await expect(page).toHaveURL(/view=below/);
  await expect(tableRows(page).nth(0)).toContainText(`${tag} Eksik 54`);

  // The export holds every material below its minimum, not only the page on screen.
  await page.getByTestId('reports-menu').click();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: /Excel/ }).click();
  const download = await downloading;
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-report-below-')), download.suggestedFilename());
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file) as unknown as Parameters<typeof wb.xlsx.load>[0]);
  const values = wb.worksheets[0].getSheetValues().flat().map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v));
  const mine = values.filter((v) => typeof v === 'string' && v.startsWith(`${tag} Eksik`));
  expect(mine).toHaveLength(55);
  expect(mine.slice(0, 2)).toEqual([`${tag} Eksik 54`, `${tag} Eksik 53`]);
  expect(mine.at(-1)).toBe(`${tag} Eksik 00`);
});

test('the stock report of slow movers shows a page with a pager, the longest unmoved first, and exports every row (ADR 0057)', async ({ page, admin, tag }) => {
  test.setTimeout(180_000);
  // 52 materials of this test's own with stock last moved in 1981 (long before any other test's movements), a day
  // apart, so they lead the list: the 50 longest unmoved on the first page, the other two first on the second.
  for (let i = 0; i < 52; i++) {
    const m = await createMaterial(admin, `${tag} Durgun ${String(i).padStart(2, '0')}`);
    await admin.post('/stock/create', {
      stock_id: m._id, operation_type: 'giris', operation_center: 'fatura', qty: '3', price: '1', description: '',
      operation_date: new Date(Date.UTC(1981, 0, 1 + i, 9)).toISOString(),
    });
  }
  await loginAs(page, '/reports/stock?view=slow&days=90');
  await expect(tableRows(page)).toHaveCount(50);
  await expect(tableRows(page).nth(0)).toContainText(`${tag} Durgun 00`);
  await expect(tableRows(page).nth(49)).toContainText(`${tag} Durgun 49`);
  await expect(page.getByTestId('report-total')).toContainText('90 gündür hareket görmeyen');
  await page.screenshot({ path: test.info().outputPath('slow-page-1.png'), fullPage: true });

  const pager = page.getByRole('navigation', { name: 'Sayfalar' });
  await pager.getByRole('button', { name: 'Sayfa 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(tableRows(page).nth(0)).toContainText(`${tag} Durgun 50`);
  await expect(tableRows(page).nth(1)).toContainText(`${tag} Durgun 51`);
  // Another number of days starts at the first page again.
  await page.getByTestId('report-days').fill('120');
  await expect(page).not.toHaveURL(/page=/);
  await expect(tableRows(page).nth(0)).toContainText(`${tag} Durgun 00`);

  // The export holds every slow mover, not only the page on screen.
  await page.getByTestId('reports-menu').click();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: /Excel/ }).click();
  const download = await downloading;
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-report-slow-')), download.suggestedFilename());
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file) as unknown as Parameters<typeof wb.xlsx.load>[0]);
  const values = wb.worksheets[0].getSheetValues().flat().map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v));
  const mine = values.filter((v) => typeof v === 'string' && v.startsWith(`${tag} Durgun`));
  expect(mine).toHaveLength(52);
  expect(mine.slice(0, 2)).toEqual([`${tag} Durgun 00`, `${tag} Durgun 01`]);
  expect(mine.at(-1)).toBe(`${tag} Durgun 51`);
});
