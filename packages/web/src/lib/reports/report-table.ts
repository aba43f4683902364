import { formatDate, formatDateTime, formatNumber, type Lang } from '@isik/domain';
import type { ReportCell } from '../report-source';

/** One column of a generated report. */
export interface ReportTableColumn {
  header: string;
  /** Relative width (1 = normal). */
  width?: number;
  align?: 'left' | 'right';
  /** Decimals of a numeric column; by default 0 when every value is whole, else 2. */
  decimals?: number;
}

/** What every generator takes: the list as a plain table, independent of any screen. */
export interface ReportTable {
  title: string;
  subtitle?: string;
  columns: ReportTableColumn[];
  rows: ReportCell[][];
  generatedAt: Date;
  lang: Lang;
}

export type ReportFormat = 'xlsx' | 'docx' | 'pdf';

export const REPORT_MIME: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

/** More columns than this turn the page sideways (Word and PDF). */
export const LANDSCAPE_AFTER_COLUMNS = 6;

const LABELS: Record<Lang, { generated: string; rows: string; page: string }> = {
  tr: { generated: 'Oluşturulma', rows: 'kayıt', page: 'Sayfa' },
  en: { generated: 'Generated', rows: 'rows', page: 'Page' },
  es: { generated: 'Generado', rows: 'filas', page: 'Página' },
};

export function reportLabels(lang: Lang) {
  return LABELS[lang] ?? LABELS.tr;
}

/** The line under the title: the filters in use (if any), when it was made and how many rows. */
export function reportInfoLine(table: ReportTable): string {
  const l = reportLabels(table.lang);
  return `${l.generated}: ${formatDateTime(table.generatedAt)} · ${formatNumber(table.rows.length, 0)} ${l.rows}`;
}

/** A column is numeric when it has at least one number and nothing but numbers or blanks. */
export function isNumericColumn(table: ReportTable, index: number): boolean {
  let seen = false;
  for (const row of table.rows) {
    const cell = row[index];
    if (cell === null || cell === undefined || cell === '') continue;
    if (typeof cell !== 'number' || !Number.isFinite(cell)) return false;
    seen = true;
  }
  return seen;
}

export function columnDecimals(table: ReportTable, index: number): number {
  const given = table.columns[index]?.decimals;
  if (given !== undefined) return given;
  return table.rows.every((r) => typeof r[index] !== 'number' || Number.isInteger(r[index])) ? 0 : 2;
}

/** The cell as text, numbers in Turkish format (1.234,50). */
export function cellText(cell: ReportCell, decimals = 2): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return formatNumber(cell, decimals);
  return cell;
}

/** Each column's text alignment: as given, else right for numeric columns. */
export function columnAligns(table: ReportTable): ('left' | 'right')[] {
  return table.columns.map((c, i) => c.align ?? (isNumericColumn(table, i) ? 'right' : 'left'));
}

/** Every cell as text, as the Word and PDF documents print them. */
export function textRows(table: ReportTable): string[][] {
  const decimals = table.columns.map((_, i) => columnDecimals(table, i));
  return table.rows.map((row) => table.columns.map((_, i) => cellText(row[i], decimals[i])));
}

/**
 * Relative column widths for Word and PDF: the given width, else from the longest text in the column
 * (header included), bounded so one long address cannot squeeze everything else.
 */
export function relativeWidths(table: ReportTable, texts = textRows(table)): number[] {
  const raw = table.columns.map((c, i) => {
    if (c.width !== undefined) return c.width * 12;
    const longest = Math.max(c.header.length, ...texts.slice(0, 500).map((r) => r[i].length));
    return Math.min(40, Math.max(6, longest));
  });
  const sum = raw.reduce((a, b) => a + b, 0) || 1;
  return raw.map((w) => w / sum);
}

/** `<fileName>-YYYY-MM-DD.<ext>` in local time. */
export function reportFileName(fileName: string, format: ReportFormat, at: Date): string {
  const day = formatDate(at).split('.').reverse().join('-');
  return `${fileName}-${day}.${format}`;
}
