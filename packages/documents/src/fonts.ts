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

interface ParsedFace { _glyphs?: Record<number, unknown> }
interface RegisteredSource { src: string; data: ParsedFace | null }

/**
 * Registers the document font family once per set of files, and makes every render start from fresh glyphs.
 * @react-pdf 4.9 (through fontkit) keeps each face's glyph objects in a cache keyed by glyph id; a glyph first made
 * without its code points (e.g. met in the bold face while laying out one document) is reused by the next document and
 * comes out without its Unicode mapping in the text layer ('Wei ht'). Clearing that cache before each render gives
 * every document the glyphs a freshly parsed face would, while the parsed tables (cmap, glyf, GSUB: the costly part,
 * about a fifth of an offer's render when the faces were parsed afresh) stay.
 */
export function registerDocumentFonts(fonts: DocumentFonts): void {
  const family = (Font.getRegisteredFonts() as Record<string, { sources: RegisteredSource[] } | undefined>)[DOC_FONT];
  const srcs = family?.sources.map((x) => x.src).sort().join('|');
  if (family && srcs === [fonts.regular, fonts.bold].sort().join('|')) {
    for (const source of family.sources) if (source.data?._glyphs) source.data._glyphs = {};
    return;
  }
  delete (Font.getRegisteredFonts() as Record<string, unknown>)[DOC_FONT];
  Font.register({ family: DOC_FONT, fonts: [{ src: fonts.regular, fontWeight: 'normal' }, { src: fonts.bold, fontWeight: 'bold' }] });
  Font.registerHyphenationCallback((word) => (word.length > LONG_WORD ? Array.from(word) : [word]));
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs renders one after another, each starting from fresh glyphs (see registerDocumentFonts): a render's fonts are
 * never touched while it runs. Rendering is CPU work on one thread anyway, so queueing costs no throughput.
 */
export function renderSerially<T>(fonts: DocumentFonts, render: () => Promise<T>): Promise<T> {
  const run = queue.then(() => {
    registerDocumentFonts(fonts);
    return render();
  });
  queue = run.catch(() => undefined);
  return run;
}
