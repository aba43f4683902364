import type { Lang } from '@isik/domain';
import regularFont from '../../assets/fonts/DejaVuSans.ttf?url';
import boldFont from '../../assets/fonts/DejaVuSans-Bold.ttf?url';
import type { ReportSource } from '../report-source';
import { REPORT_MIME, type ReportFormat, type ReportTable } from './report-table';

export { reportFileName, type ReportFormat } from './report-table';

/** The screen's rows as a plain table, every cell as the screen's column renders it. */
export function tableOf<Row>(source: ReportSource<Row>, rows: Row[], lang: Lang, generatedAt = new Date()): ReportTable {
  return {
    title: source.title,
    subtitle: source.subtitle,
    columns: source.columns.map(({ header, width, align, decimals }) => ({ header, width, align, decimals })),
    rows: rows.map((row) => source.columns.map((c) => c.value(row))),
    generatedAt,
    lang,
  };
}

/**
 * Makes the file. Each generator (and its library: exceljs, docx, @react-pdf/renderer) is loaded only
 * when that format is asked for, so none of them weighs on the app's first load.
 */
export async function generateReport(format: ReportFormat, table: ReportTable): Promise<Blob> {
  let bytes: Uint8Array;
  if (format === 'xlsx') bytes = await (await import('./xlsx-report')).generateXlsx(table);
  else if (format === 'docx') bytes = await (await import('./docx-report')).generateDocx(table);
  else bytes = await (await import('./pdf-report')).generatePdf(table, { regular: regularFont, bold: boldFont });
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: REPORT_MIME[format] });
}

/** Hands the file to the browser as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

