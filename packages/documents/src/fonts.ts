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

/**
 * Registers the document font family afresh. A font object shared by two renders loses text-layer characters in the
 * second (@react-pdf 4.9: a glyph met first in the regular face comes out without its Unicode mapping in the bold
 * face of a later document, e.g. 'Wei ht'), so every render gets new font objects: the family is dropped and
 * registered again (other families, such as the reports' font, stay).
 */
export function registerDocumentFonts(fonts: DocumentFonts): void {
  delete (Font.getRegisteredFonts() as Record<string, unknown>)[DOC_FONT];
  Font.register({ family: DOC_FONT, fonts: [{ src: fonts.regular, fontWeight: 'normal' }, { src: fonts.bold, fontWeight: 'bold' }] });
  Font.registerHyphenationCallback((word) => (word.length > LONG_WORD ? Array.from(word) : [word]));
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs renders one after another, each with freshly registered fonts (see registerDocumentFonts): a render's fonts are
 * never replaced while it runs. Rendering is CPU work on one thread anyway, so queueing costs no throughput.
 */
export function renderSerially<T>(fonts: DocumentFonts, render: () => Promise<T>): Promise<T> {
  const run = queue.then(() => {
    registerDocumentFonts(fonts);
    return render();
  });
  queue = run.catch(() => undefined);
  return run;
}
