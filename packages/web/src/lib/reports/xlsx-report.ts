import ExcelJS from 'exceljs';
import { cellText, columnDecimals, columnAligns, isNumericColumn, reportInfoLine, type ReportTable } from './report-table';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7EEF7' } };
const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FFC9D3DF' } };

/**
 * The list as an Excel workbook: the title, a line naming the filters and the date, then a bold,
 * frozen, filterable header row and the rows. Numbers stay numbers ('#,##0.00' shows them the Turkish
 * way in a Turkish Excel); dates arrive as the screen's DD.MM.YYYY text.
 */
export async function generateXlsx(table: ReportTable): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Işık';
  wb.created = table.generatedAt;
  const sheet = wb.addWorksheet(sheetName(table.title));
  const n = Math.max(1, table.columns.length);
  const numeric = table.columns.map((_, i) => isNumericColumn(table, i));
  const decimals = table.columns.map((_, i) => columnDecimals(table, i));
  const aligns = columnAligns(table);

  const title = sheet.addRow([table.title]);
  title.font = { bold: true, size: 14 };
  sheet.mergeCells(1, 1, 1, n);
  const info = sheet.addRow([[table.subtitle, reportInfoLine(table)].filter(Boolean).join(' · ')]);
  info.font = { italic: true, color: { argb: 'FF5C6B7A' }, size: 9 };
  sheet.mergeCells(2, 1, 2, n);
  sheet.addRow([]);

  const headerRow = sheet.addRow(table.columns.map((c) => c.header));
  const headerAt = headerRow.number;
  headerRow.font = { bold: true };
  headerRow.eachCell((cell, col) => {
    cell.fill = HEADER_FILL;
    cell.border = { bottom: THIN, top: THIN };
    cell.alignment = { vertical: 'middle', horizontal: aligns[col - 1] };
  });

  for (const row of table.rows) {
    const values = table.columns.map((_, i) => {
      const cell = row[i];
      if (cell === null || cell === undefined || cell === '') return null;
      return numeric[i] ? cell : cellText(cell, decimals[i]);
    });
    sheet.addRow(values);
  }

  table.columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    if (numeric[i]) column.numFmt = decimals[i] === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals[i])}`;
    column.alignment = { horizontal: aligns[i], vertical: 'top' };
    // Width from the content as shown (header and the Turkish-formatted numbers), within reason.
    let longest = c.header.length + 3; // room for the filter button
    for (const row of table.rows.slice(0, 2000)) longest = Math.max(longest, cellText(row[i], decimals[i]).length);
    column.width = Math.min(60, Math.max(8, longest + 2));
  });
  // The title rows are merged across; keep their own alignment.
  sheet.getRow(1).alignment = { horizontal: 'left' };
  sheet.getRow(2).alignment = { horizontal: 'left' };

  sheet.views = [{ state: 'frozen', ySplit: headerAt, xSplit: 0, topLeftCell: `A${headerAt + 1}`, activeCell: `A${headerAt + 1}` }];
  if (table.columns.length > 0) {
    sheet.autoFilter = { from: { row: headerAt, column: 1 }, to: { row: headerAt + table.rows.length, column: table.columns.length } };
  }
  sheet.pageSetup = { orientation: table.columns.length > 6 ? 'landscape' : 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `${headerAt}:${headerAt}` };

  const buffer = await wb.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/** Excel refuses sheet names longer than 31 characters or with []:*?/\ in them. */
function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Rapor';
}
