import { Document, Font, Page, StyleSheet, Text, View, pdf } from '@react-pdf/renderer';
import { LANDSCAPE_AFTER_COLUMNS, columnAligns, relativeWidths, reportInfoLine, reportLabels, textRows, type ReportTable } from './report-table';

/** Where the TTF files are: URLs in the browser, file paths in Node. The font must carry Turkish glyphs. */
export interface ReportFonts { regular: string; bold: string }

const FAMILY = 'ReportSans';
/** Longer words may break anywhere. */
const LONG_WORD = 14;
let registered: string | null = null;

function registerFonts(fonts: ReportFonts): void {
  const key = `${fonts.regular}|${fonts.bold}`;
  if (registered === key) return;
  Font.register({ family: FAMILY, fonts: [{ src: fonts.regular, fontWeight: 'normal' }, { src: fonts.bold, fontWeight: 'bold' }] });
  // Words stay whole (no hyphenation points react-pdf invents), but a long one (an e-mail address, a code, a
  // URL) may break anywhere, so it wraps inside its cell instead of running over the next column.
  Font.registerHyphenationCallback((word) => (word.length > LONG_WORD ? Array.from(word) : [word]));
  registered = key;
}

const ACCENT = '#1c5d99';
const styles = StyleSheet.create({
  page: { fontFamily: FAMILY, fontSize: 8.5, color: '#1f2933', paddingTop: 32, paddingBottom: 42, paddingHorizontal: 30 },
  title: { fontSize: 16, fontWeight: 'bold', color: ACCENT },
  subtitle: { fontSize: 10, marginTop: 3 },
  info: { fontSize: 8, color: '#5c6b7a', marginTop: 3, marginBottom: 10 },
  headerRow: { flexDirection: 'row', backgroundColor: ACCENT, color: '#ffffff', fontWeight: 'bold' },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#d9e1ea' },
  zebra: { backgroundColor: '#f3f6fa' },
  cell: { paddingVertical: 3.5, paddingHorizontal: 4 },
  footer: { position: 'absolute', bottom: 18, left: 30, right: 30, flexDirection: 'row', justifyContent: 'space-between', fontSize: 7.5, color: '#5c6b7a' },
});

function ReportDocument({ table }: { table: ReportTable }) {
  const landscape = table.columns.length > LANDSCAPE_AFTER_COLUMNS;
  const texts = textRows(table);
  const widths = relativeWidths(table, texts).map((w) => `${(w * 100).toFixed(3)}%`);
  const aligns = columnAligns(table);
  const fontSize = table.columns.length > 9 ? 7 : table.columns.length > 6 ? 7.5 : 8.5;
  const l = reportLabels(table.lang);
  const info = reportInfoLine(table);

  return (
    <Document title={table.title} creator="Işık" producer="Işık" language={table.lang}>
      <Page size="A4" orientation={landscape ? 'landscape' : 'portrait'} style={[styles.page, { fontSize }]}>
        <Text style={styles.title}>{table.title}</Text>
        {table.subtitle ? <Text style={styles.subtitle}>{table.subtitle}</Text> : null}
        <Text style={styles.info}>{info}</Text>
        {table.columns.length > 0 && (
          <View style={styles.headerRow} fixed>
            {table.columns.map((c, i) => (
              <Text key={i} style={[styles.cell, { width: widths[i], textAlign: aligns[i] }]}>{c.header}</Text>
            ))}
          </View>
        )}
        {texts.map((row, r) => (
          <View key={r} style={r % 2 === 1 ? [styles.row, styles.zebra] : styles.row} wrap={false}>
            {row.map((text, i) => (
              <Text key={i} style={[styles.cell, { width: widths[i], textAlign: aligns[i] }]}>{text}</Text>
            ))}
          </View>
        ))}
        <View style={styles.footer} fixed>
          <Text>{table.title}</Text>
          <Text render={({ pageNumber, totalPages }) => `${l.page} ${pageNumber} / ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/**
 * The list as a PDF: A4 (landscape when more than six columns), title, filters and date, a table whose
 * header repeats on every page, zebra rows and a 'Page n / total' footer. The TTF font is embedded.
 */
export async function generatePdf(table: ReportTable, fonts: ReportFonts): Promise<Uint8Array> {
  registerFonts(fonts);
  const blob = await pdf(<ReportDocument table={table} />).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}
