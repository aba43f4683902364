import { PDFDocument } from 'pdf-lib';

/**
 * Joins PDFs made in parts into one (a long price list is made a few dozen pages at a time so the page can show its
 * progress): the pages with their links, in order, and the title of the whole.
 */
export async function mergePdfs(parts: readonly Uint8Array[], title: string): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const bytes of parts) {
    const src = await PDFDocument.load(bytes);
    for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
  }
  out.setTitle(title);
  out.setProducer('Işık');
  return out.save();
}
