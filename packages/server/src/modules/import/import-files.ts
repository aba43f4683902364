/**
 * Reading and writing the import's spreadsheets (issue 26): a template .xlsx per kind with the columns in the user's
 * language and an example row, and the rows of an uploaded .xlsx (first sheet) or .csv (UTF-8, comma or semicolon).
 */
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, LANGS, MESSAGES, translate, type ImportKind, type Lang } from '@isik/domain';
import { AppError } from '../../lib/errors.js';

/** A file's cells as text: the header row first. */
export type Sheet = string[][];

export async function templateXlsx(kind: ImportKind, lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(translate(`import.kind.${kind}`, lang).slice(0, 31));
  const cols = IMPORT_COLUMNS[kind];
  ws.columns = cols.map((c) => ({ header: translate(c.label, lang), key: c.field, width: Math.max(14, translate(c.label, lang).length + 4) }));
  ws.addRow(Object.fromEntries(cols.map((c) => [c.field, c.example])));
  ws.getRow(1).font = { bold: true };
  cols.forEach((c, i) => { if (c.required) ws.getRow(1).getCell(i + 1).font = { bold: true, color: { argb: 'FFB00020' } }; });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return v.result === undefined || v.result === null ? '' : cellText(v.result as ExcelJS.CellValue);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError(400, 'import.file.unreadable', { file: 'import.file.unreadable' });
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new AppError(400, 'import.file.empty', { file: 'import.file.empty' });
  const rows: Sheet = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, c) => { cells[c - 1] = cellText(cell.value).trim(); });
    rows[n - 1] = Array.from(cells, (x) => x ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

/** RFC 4180 CSV: quoted fields may hold the delimiter, quotes ("") and line breaks. */
export function parseCsv(text: string): Sheet {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const delim = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: Sheet = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') { field += '"'; i++; } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === delim) { row.push(field.trim()); field = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field.trim()); rows.push(row); row = []; field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) { row.push(field.trim()); rows.push(row); }
  return rows;
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The file's rows: an .xlsx is recognised by its bytes (a zip), anything else must be UTF-8 text (CSV). */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (isZip(bytes)) return readXlsx(bytes);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\u0000') || text.includes('\ufffd')) throw new AppError(400, 'import.file.unreadable', { file: 'import.file.unreadable' });
  return parseCsv(text);
}

const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr');

/**
 * The field each header cell names: a column's API field name or its label in any language (case and spaces
 * ignored); null for a column the kind does not know (left out).
 */
export function headerFields(kind: ImportKind, header: string[]): (string | null)[] {
  const names = new Map<string, string>();
  for (const c of IMPORT_COLUMNS[kind]) {
    names.set(fold(c.field), c.field);
    for (const l of LANGS) names.set(fold(MESSAGES[c.label][l]), c.field);
  }
  const seen = new Set<string>();
  return header.map((h) => {
    const f = names.get(fold(h)) ?? null;
    if (!f || seen.has(f)) return null;
    seen.add(f);
    return f;
  });
}
