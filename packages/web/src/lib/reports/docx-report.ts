import {
  AlignmentType, BorderStyle, Document, Footer, HeadingLevel, Packer, PageNumber, PageOrientation, Paragraph, ShadingType,
  Table, TableCell, TableLayoutType, TableRow, TextRun, WidthType,
} from 'docx';
import { LANDSCAPE_AFTER_COLUMNS, columnAligns, relativeWidths, reportInfoLine, reportLabels, textRows, type ReportTable } from './report-table';

const FONT = 'Calibri';
const BORDER = { style: BorderStyle.SINGLE, size: 4, color: 'C9D3DF' } as const;
// A4 in twips, less 1.5 cm margins on each side.
const A4_SHORT = 11906;
const A4_LONG = 16838;
const MARGIN = 850;

/**
 * The list as a Word document: title, the filters and date, then a table whose header row repeats on
 * every page. More than six columns turn the page sideways.
 */
export async function generateDocx(table: ReportTable): Promise<Uint8Array> {
  const landscape = table.columns.length > LANDSCAPE_AFTER_COLUMNS;
  const usable = (landscape ? A4_LONG : A4_SHORT) - 2 * MARGIN;
  const texts = textRows(table);
  const widths = relativeWidths(table, texts).map((w) => Math.round(w * usable));
  const aligns = columnAligns(table);
  const small = table.columns.length > 8 ? 16 : 18; // half-points
  const l = reportLabels(table.lang);

  const cell = (text: string, i: number, header: boolean, zebra: boolean) => new TableCell({
    width: { size: widths[i], type: WidthType.DXA },
    shading: header ? { type: ShadingType.CLEAR, color: 'auto', fill: 'E7EEF7' } : zebra ? { type: ShadingType.CLEAR, color: 'auto', fill: 'F6F8FB' } : undefined,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
    children: [new Paragraph({
      alignment: aligns[i] === 'right' ? AlignmentType.RIGHT : AlignmentType.LEFT,
      children: [new TextRun({ text, bold: header, size: small, font: FONT })],
    })],
  });

  const headerRow = new TableRow({
    tableHeader: true,
    cantSplit: true,
    children: table.columns.map((c, i) => cell(c.header, i, true, false)),
  });
  const bodyRows = texts.map((row, r) => new TableRow({
    cantSplit: true,
    children: row.map((text, i) => cell(text, i, false, r % 2 === 1)),
  }));

  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, spacing: { after: 80 }, children: [new TextRun({ text: table.title, bold: true, size: 32, font: FONT })] }),
  ];
  if (table.subtitle) children.push(new Paragraph({ spacing: { after: 40 }, children: [new TextRun({ text: table.subtitle, size: 20, font: FONT })] }));
  children.push(new Paragraph({ spacing: { after: 200 }, children: [new TextRun({ text: reportInfoLine(table), size: 16, color: '5C6B7A', font: FONT })] }));
  if (table.columns.length > 0) {
    children.push(new Table({
      rows: [headerRow, ...bodyRows],
      width: { size: usable, type: WidthType.DXA },
      columnWidths: widths,
      layout: TableLayoutType.FIXED,
      borders: { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, insideHorizontal: BORDER, insideVertical: BORDER },
    }));
  }

  const doc = new Document({
    creator: 'Işık',
    title: table.title,
    styles: { default: { document: { run: { font: FONT, size: 20 } } } },
    sections: [{
      properties: {
        page: {
          size: { width: A4_SHORT, height: A4_LONG, orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT },
          margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
        },
      },
      footers: {
        default: new Footer({
          children: [new Paragraph({
            alignment: AlignmentType.RIGHT,
            children: [new TextRun({ size: 16, color: '5C6B7A', font: FONT, children: [`${l.page} `, PageNumber.CURRENT, ' / ', PageNumber.TOTAL_PAGES] })],
          })],
        }),
      },
      children,
    }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}
