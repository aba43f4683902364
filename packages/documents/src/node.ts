/** The documents in Node: fonts from this package's fonts/ folder, rendering to a Buffer. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactElement } from 'react';
import { renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { renderSerially, type DocumentFonts } from './fonts.js';

// src/node.ts and the compiled dist/node.js both sit one folder below the package.
const FONT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fonts');
export const NODE_FONTS: DocumentFonts = { regular: path.join(FONT_DIR, 'DejaVuSans.ttf'), bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf') };

/** The PDF bytes of a document. */
export async function renderDocument(doc: ReactElement<DocumentProps>): Promise<Buffer> {
  return renderSerially(NODE_FONTS, () => renderToBuffer(doc));
}
