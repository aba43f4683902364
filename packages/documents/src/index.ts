/**
 * The printable documents (spec 002 'PDF documents'): one definition of each, as @react-pdf components and a pure
 * function from data to the document's model. The web client renders them at the /pdf/... pages (`renderToBlob`),
 * the server at /api/pdf/... (`@isik/documents/node`).
 */
import type { ReactElement } from 'react';
import { pdf, type DocumentProps } from '@react-pdf/renderer';
import { renderSerially, type DocumentFonts } from './fonts.js';

export * from './common.js';
export * from './fonts.js';
export * from './offer.js';
export * from './labels.js';
export * from './qr.js';
export * from './pricelist.js';
export * from './datasheet.js';
export * from './orders.js';
export * from './purchase-order.js';
export * from './merge.js';

/** Renders a document in the browser (fonts given as URLs). */
export async function renderToBlob(doc: ReactElement<DocumentProps>, fonts: DocumentFonts): Promise<Blob> {
  return renderSerially(fonts, () => pdf(doc).toBlob());
}
