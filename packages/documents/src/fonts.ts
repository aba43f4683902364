import { Font } from '@react-pdf/renderer';

/**
 * Where the TTF files are: URLs in the browser, file paths in Node (./node.ts resolves them from this package's
 * fonts/ folder). DejaVu Sans carries every Turkish letter (İ ı Ş ş Ğ ğ Ç ç Ö ö Ü ü) and ₺; the files are embedded
 * (subset) in each PDF, so the text layer reads back as written.
 */
export interface DocumentFonts { regular: string; bold: string }

export const DOC_FONT = 'DocSans';
/** Longer words may break anywhere (codes, e-mail addresses, URLs). */
const LONG_WORD = 18;
let registered: string | null = null;

export function registerDocumentFonts(fonts: DocumentFonts): void {
  const key = `${fonts.regular}|${fonts.bold}`;
  if (registered === key) return;
  Font.register({ family: DOC_FONT, fonts: [{ src: fonts.regular, fontWeight: 'normal' }, { src: fonts.bold, fontWeight: 'bold' }] });
  Font.registerHyphenationCallback((word) => (word.length > LONG_WORD ? Array.from(word) : [word]));
  registered = key;
}
