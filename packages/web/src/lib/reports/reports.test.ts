import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { generateDocx } from './docx-report';
import { generatePdf } from './pdf-report';
import { generateXlsx } from './xlsx-report';
import { reportFileName, type ReportTable } from './report-table';

const fontDir = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));
const fonts = { regular: join(fontDir, 'DejaVuSans.ttf'), bold: join(fontDir, 'DejaVuSans-Bold.ttf') };

const table: ReportTable = {
  title: 'Firmalar Listesi',
  subtitle: 'Kategori: Müşteri',
  columns: [{ header: 'Firma Adı' }, { header: 'Şehir' }, { header: 'Fiyat' }, { header: 'Adet' }, { header: 'Tarih' }],
  rows: [
    ['Işık Aydınlatma Ltd. Şti.', 'İstanbul', 1234.5, 12, '05.03.2026'],
    ['Güneş Çözümleri A.Ş.', 'Muğla', 99.99, 3, '17.11.2026'],
    ['Özgür Enerji', 'Çanakkale', null, 1500, ''],
  ],
  generatedAt: new Date(2026, 10, 22, 9, 30),
  lang: 'tr',
};

async function readWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as Parameters<typeof wb.xlsx.load>[0]);
  return wb;
}

describe('xlsx report', () => {
  it('keeps the title, a header row and the rows, numbers as numbers with the Turkish format', async () => {
    const bytes = await generateXlsx(table);
    const wb = await readWorkbook(bytes);
    const sheet = wb.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('Firmalar Listesi');
    expect(String(sheet.getCell('A2').value)).toContain('Kategori: Müşteri');
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual(['Firma Adı', 'Şehir', 'Fiyat', 'Adet', 'Tarih']);
    expect(sheet.getRow(4).font?.bold).toBe(true);
    expect(sheet.getCell('A5').value).toBe('Işık Aydınlatma Ltd. Şti.');
    expect(sheet.getCell('B6').value).toBe('Muğla');
    expect(sheet.getCell('C5').value).toBe(1234.5);
    expect(sheet.getCell('C5').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('C5').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('D7').value).toBe(1500);
    expect(sheet.getCell('D7').numFmt).toBe('#,##0');
    expect(sheet.getCell('C7').value).toBeNull();
    expect(sheet.getCell('E5').value).toBe('05.03.2026');
    expect(sheet.getCell('E5').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.rowCount).toBe(7);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(sheet.autoFilter).toBe('A4:E7');
    expect(sheet.getColumn(1).width).toBeGreaterThan(sheet.getColumn(4).width!);
  });

  it('gives a valid file with only the header row when the list is empty', async () => {
    const bytes = await generateXlsx({ ...table, rows: [] });
    const wb = await readWorkbook(bytes);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual(['Firma Adı', 'Şehir', 'Fiyat', 'Adet', 'Tarih']);
    expect(sheet.rowCount).toBe(4);
  });
});

async function documentXml(bytes: Uint8Array): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  return zip.file('word/document.xml')!.async('string');
}

describe('docx report', () => {
  it('has the title and a table with a repeated header row and the Turkish cell texts', async () => {
    const xml = await documentXml(await generateDocx(table));
    for (const text of ['Firmalar Listesi', 'Kategori: Müşteri', 'Firma Adı', 'Şehir', 'Işık Aydınlatma Ltd. Şti.', 'İstanbul', 'Güneş Çözümleri A.Ş.', '1.234,50', '1.500', '17.11.2026']) {
      expect(xml).toContain(`>${text}<`);
    }
    expect(xml).toContain('<w:tblHeader');
    expect(xml.match(/<w:tr>|<w:tr /g)).toHaveLength(4);
    // Five columns: portrait.
    expect(xml).not.toContain('w:orient="landscape"');
  });

  it('turns the page sideways for many columns and still writes an empty table', async () => {
    const wide: ReportTable = { ...table, rows: [], columns: Array.from({ length: 8 }, (_, i) => ({ header: `Sütun ${i + 1}` })) };
    const xml = await documentXml(await generateDocx(wide));
    expect(xml).toContain('w:orient="landscape"');
    expect(xml).toContain('>Sütun 8<');
    expect(xml.match(/<w:tr>|<w:tr /g)).toHaveLength(1);
  });
});

function pdfText(bytes: Uint8Array, layout = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
  const file = join(dir, 'r.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('pdf report', () => {
  it('prints the Turkish texts with the embedded font, the date and the page footer', async () => {
    const bytes = await generatePdf(table, fonts);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const word of ['Firmalar Listesi', 'Kategori: Müşteri', 'Firma Adı', 'Şehir', 'Işık Aydınlatma Ltd. Şti.', 'İstanbul', 'Güneş Çözümleri A.Ş.', 'Özgür Enerji', 'Çanakkale', '1.234,50', '1.500', 'Oluşturulma: 22.11.2026 09:30', 'Sayfa 1 / 1']) {
      expect(text).toContain(word);
    }
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/FontFile2/);
  });

  it('repeats the header on every page of a long list and numbers the pages', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Çağrı Şirketi ${i + 1}`, 'Iğdır', i * 10.25, i, '01.01.2026']);
    const text = pdfText(await generatePdf({ ...table, rows }, fonts));
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('Firma Adı');
      expect(page).toContain(`Sayfa ${i + 1} / ${pages.length}`);
    }
    expect(text).toContain('Çağrı Şirketi 120');
  });

  it('wraps a long e-mail address inside its narrow column instead of running into the next one', async () => {
    const email = 'info@akdeniz-solar-sistemleri.com.tr';
    const wide: ReportTable = {
      ...table,
      columns: Array.from({ length: 8 }, (_, i) => ({ header: `Kolon ${i}`, width: 1 })),
      rows: [Array.from({ length: 8 }, (_, i) => (i === 6 ? email : `Kısa ${i}`))],
    };
    const lines = pdfText(await generatePdf(wide, fonts)).split('\n');
    const first = lines.find((l) => l.includes('Kısa 0'))!;
    // The address starts in its column, goes on under it, and 'Kısa 7' keeps its own space.
    expect(first).toMatch(/info@akdeniz\S*\s{2,}Kısa 7/);
    expect(first).not.toContain(email);
    expect(lines[lines.indexOf(first) + 1]).toMatch(/com\.tr/);
  });

  it('gives a valid file with the header row when the list is empty', async () => {
    const text = pdfText(await generatePdf({ ...table, rows: [] }, fonts));
    expect(text).toContain('Firma Adı');
    expect(text).toContain('Sayfa 1 / 1');
  });
});

describe('report file name', () => {
  it('is <fileName>-YYYY-MM-DD.<ext>', () => {
    expect(reportFileName('companies', 'xlsx', new Date(2026, 0, 5, 23, 59))).toBe('companies-2026-01-05.xlsx');
  });
});
