import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { createCompany, createModel, createProduct, type Api } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR, so the app (and its reports) speak Turkish.
const rows = (page: Page) => page.locator('table tbody tr');
const reportsButton = (page: Page) => page.getByTestId('reports-menu');

/** Reports → the format's item; answers the captured download saved to a temporary file. */
async function exportAs(page: Page, item: RegExp): Promise<{ download: Download; file: string }> {
  await expect(reportsButton(page)).toBeEnabled();
  await reportsButton(page).click();
  // The PDF renderer loads on first use and renders in the browser: on a busy machine that takes a while.
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: item }).click();
  const download = await downloading;
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-report-')), download.suggestedFilename());
  await download.saveAs(file);
  return { download, file };
}

/** Today as the browser sees it (playwright.config.ts runs it in Europe/Istanbul), not the test runner's (UTC) day. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

test('the Excel report of the companies holds every row the filter selects, not only the page on screen', async ({ page, admin, tag }) => {
  test.setTimeout(120_000);
  // Fourteen companies of this test's own (twelve customers, two suppliers), found by the tag in their names.
  for (let i = 1; i <= 14; i++) {
    await createCompany(admin, `${tag} Rapor Firması ${String(i).padStart(2, '0')}`, { company_category: i > 12 ? 'Suppliers' : 'Customer' });
  }
  await loginAs(page, `/companies?search=${tag}`);
  await expect(rows(page)).toHaveCount(10);

  // Filter by category: the screen's own list call tells how many rows the filter selects.
  const listed = page.waitForResponse((r) => r.url().includes('/api/companies/list') && r.url().includes('category=Customer'));
  await page.getByLabel('Kategori').getByText('Müşteri', { exact: true }).click();
  const answer = (await (await listed).json()) as { totalItemCount: number; totalPage: number; companyList: { company_name: string }[] };
  expect(answer.totalPage).toBeGreaterThan(1);
  await expect(rows(page)).toHaveCount(10);
  const headers = (await page.locator('table thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
  // A customer sorted onto the second page, so not on screen now.
  expect(answer.totalItemCount).toBe(12);
  const onPage = answer.companyList.map((c) => c.company_name);
  const offPage = Array.from({ length: 12 }, (_, i) => `${tag} Rapor Firması ${String(i + 1).padStart(2, '0')}`).find((n) => !onPage.includes(n))!;
  expect(offPage).toBeTruthy();

  const { file } = await exportAs(page, /Excel/);
  expect(file.endsWith(`companies-${today()}.xlsx`)).toBe(true);
  await expect(page.getByText(/Rapor indirildi/)).toBeVisible();

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file) as unknown as Parameters<typeof wb.xlsx.load>[0]);
  const sheet = wb.worksheets[0];
  expect(sheet.getCell('A1').value).toBe('Firmalar');
  expect(String(sheet.getCell('A2').value)).toContain('Kategori: Müşteri');
  const headerRow = (sheet.getRow(4).values as unknown[]).slice(1);
  expect(headerRow).toEqual(headers);
  const dataRows = sheet.rowCount - 4;
  expect(dataRows).toBe(answer.totalItemCount);
  const names = Array.from({ length: dataRows }, (_, i) => String(sheet.getRow(5 + i).getCell(1).value));
  expect(names).toContain(offPage);
  expect(names).toContain(onPage[0]);
  // Only customers: the category column says so on every row.
  const categories = new Set(Array.from({ length: dataRows }, (_, i) => String(sheet.getRow(5 + i).getCell(2).value)));
  expect([...categories]).toEqual(['Müşteri']);
});

/**
 * Every list screen (DECISIONS 9): the Excel file holds exactly the rows the screen's own list call counts for
 * the filter in the address, and those run over more than one page, so a report of page 1 alone, or one that
 * dropped the filter, fails here. Products and models are searched by records of the test's own (other tests
 * add and delete those lists' rows meanwhile); the seeded 'Elektronik' materials are changed by no test.
 */
const LIST_SCREENS: { url: (tag: string) => string; list: string; fileName: string; title: string; filter?: { column: number; value: string }; make?: (admin: Api, tag: string) => Promise<void> }[] = [
  { url: () => '/materials?category=Elektronik', list: '/api/materials/list', fileName: 'materials', title: 'Malzemeler', filter: { column: 3, value: 'Elektronik' } },
  {
    url: (tag) => `/products?search=${tag}`, list: '/api/products/list', fileName: 'products', title: 'Ürünler',
    make: async (admin, tag) => { for (let i = 1; i <= 11; i++) await createProduct(admin, `E2E Rapor Ürünü ${tag} ${i}`, `E2E-RPR-${tag}-${i}`.toUpperCase()); },
  },
  {
    url: (tag) => `/models?pageSize=6&search=${tag}`, list: '/api/models/list', fileName: 'models', title: 'Modeller',
    make: async (admin, tag) => { for (let i = 1; i <= 7; i++) await createModel(admin, `E2E Rapor Modeli ${tag} ${i}`, `E2E-RPM-${tag}-${i}`.toUpperCase()); },
  },
];

for (const screen of LIST_SCREENS) {
  test(`the Excel report of ${screen.fileName} holds every row of its filter, all pages`, async ({ page, admin, tag }) => {
    await screen.make?.(admin, tag);
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === screen.list && new URL(r.url()).searchParams.get('page') === '1');
    await loginAs(page, screen.url(tag));
    const answer = (await (await listed).json()) as { totalItemCount: number; totalPage: number };
    expect(answer.totalPage).toBeGreaterThan(1);
    await expect(rows(page).first()).toBeVisible();
    const onScreen = await rows(page).count();
    expect(onScreen).toBeLessThan(answer.totalItemCount);

    const { file } = await exportAs(page, /Excel/);
    expect(file.endsWith(`${screen.fileName}-${today()}.xlsx`)).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(file) as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const sheet = wb.worksheets[0];
    expect(sheet.getCell('A1').value).toBe(screen.title);
    expect(sheet.rowCount - 4).toBe(answer.totalItemCount);
    if (screen.filter) {
      const { column, value } = screen.filter;
      const cells = new Set(Array.from({ length: answer.totalItemCount }, (_, i) => String(sheet.getRow(5 + i).getCell(column).value)));
      expect([...cells]).toEqual([value]);
    }
  });
}

test('the PDF report of the products carries the product names in Turkish', async ({ page, admin, tag }) => {
  await createProduct(admin, `E2E Çalışma Lambası ${tag}`, `E2E-PDF-${tag}`.toUpperCase());
  await loginAs(page, `/products?search=${tag}`);
  await expect(rows(page)).toHaveCount(1);
  const firstName = (await rows(page).first().locator('a').first().innerText()).trim();
  expect(firstName).toContain('Çalışma Lambası');

  const { file } = await exportAs(page, /PDF/);
  expect(file.endsWith(`products-${today()}.pdf`)).toBe(true);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('Ürünler');
  expect(text).toContain(firstName);
  expect(text).toMatch(/Sayfa 1 \/ \d+/);
});

test('the Word report downloads from the users list', async ({ page }) => {
  await loginAs(page, '/users');
  await expect(rows(page).first()).toBeVisible();
  const { file } = await exportAs(page, /Word/);
  expect(file.endsWith(`users-${today()}.docx`)).toBe(true);
  const xml = await (await JSZip.loadAsync(readFileSync(file))).file('word/document.xml')!.async('string');
  for (const text of ['Kullanıcılar', 'Ad', 'E-posta', 'admin@example.com', 'role1@example.com']) expect(xml).toContain(`>${text}<`);
  // The header row repeats on every page.
  expect(xml).toContain('<w:tblHeader');
});

test('a failed export says so and leaves no download', async ({ page }) => {
  await loginAs(page, '/models');
  await expect(rows(page).first()).toBeVisible();
  await page.route((url) => url.pathname === '/api/models/list' && url.searchParams.get('pageSize') === '1000', (route) => route.abort('failed'));
  let downloaded = false;
  page.on('download', () => { downloaded = true; });
  await reportsButton(page).click();
  await page.getByRole('menuitem', { name: /Excel/ }).click();
  await expect(page.getByText('Rapor oluşturulamadı')).toBeVisible();
  await expect(page.getByTestId('report-progress')).toBeHidden();
  expect(downloaded).toBe(false);
});

test('the Reports menu is disabled on a screen without a list', async ({ page }) => {
  await loginAs(page);
  await expect(reportsButton(page)).toBeVisible();
  await expect(reportsButton(page)).toBeDisabled();
  await page.getByTestId('reports-menu-disabled').hover();
  await expect(page.getByText('Bu ekranda dışa aktarılacak bir liste yok')).toBeVisible();

  // Moving to a list enables it; leaving the list disables it again.
  await page.goto('/companies');
  await expect(reportsButton(page)).toBeEnabled();
  await page.goto('/');
  await expect(reportsButton(page)).toBeDisabled();
});
