import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR: the screen, the template's columns and the row errors are Turkish.
async function upload(page: Page, name: string, lines: string[]) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n'), 'utf8') });
  await page.getByRole('button', { name: 'Önizle' }).click();
}

test('the admin downloads the companies template, imports a filled CSV with a bad row, then the corrected file updates by name', async ({ page, tag }) => {
  test.setTimeout(90_000);
  await loginAs(page, '/import');
  await expect(page.getByRole('heading', { name: "Excel'den içe aktarma" })).toBeVisible();
  // The row limit in the Turkish number format, whatever the browser's own locale.
  await expect(page.getByText('En çok 10.000 satırlık', { exact: false })).toBeVisible();

  // The template: an .xlsx whose header row is in Turkish, with an example row.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Şablonu indir' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('import-companies.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  expect(header.slice(0, 3)).toEqual(['Firma adı', 'Kategori (Customer/Suppliers)', 'E-posta']);

  // The template's columns filled in as a CSV: two good rows and one with a bad e-mail.
  const line = (name: string, email: string, city: string) => header.map((h) => ({ 'Firma adı': name, 'E-posta': email, 'Şehir': city, 'Kategori (Customer/Suppliers)': 'Customer' } as Record<string, string>)[h] ?? '').join(',');
  const rows = [line(`${tag} İthal Bir`, 'bir@example.com', 'Ankara'), line(`${tag} İthal İki`, 'iki@example.com', 'İzmir'), line(`${tag} İthal Üç`, 'bozuk-adres', 'Bursa')];
  await upload(page, 'firmalar.csv', [header.join(','), ...rows]);
  await expect(page.getByTestId('import-invalid-count')).toHaveText('1 hatalı');
  await expect(page.getByTestId('import-error')).toHaveText('E-posta: E-posta geçerli değil!');
  await expect(page.getByRole('button', { name: 'Tümünü aktar' })).toBeDisabled();

  await page.getByRole('button', { name: 'Yalnızca geçerli satırlar (2)' }).click();
  await expect(page.getByTestId('import-result')).toContainText('2 yeni, 0 güncellendi, 1 atlandı.');

  // The corrected file: the fixed row is new, the other two update the companies they made.
  await upload(page, 'firmalar.csv', [header.join(','), rows[0], line(`${tag} İthal İki`, 'iki@example.com', 'Eskişehir'), line(`${tag} İthal Üç`, 'uc@example.com', 'Bursa')]);
  await expect(page.getByTestId('import-invalid-count')).toHaveText('0 hatalı');
  await expect(page.getByText('Güncelle', { exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: 'Tümünü aktar' }).click();
  await expect(page.getByTestId('import-result')).toContainText('1 yeni, 2 güncellendi, 0 atlandı.');

  // The companies list has them once each, with the corrected city.
  await page.goto('/companies');
  await page.getByRole('searchbox').fill(`${tag} İthal`);
  await expect(page.getByText('Toplam 3 firma')).toBeVisible();
  await page.getByRole('searchbox').fill(`${tag} İthal İki`);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await expect(page.locator('table tbody tr').first()).toContainText('Eskişehir');
});
