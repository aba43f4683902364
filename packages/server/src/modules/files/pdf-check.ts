import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, type PDFObject } from 'pdf-lib';
import type { MessageKey } from '@isik/domain';

/** Dictionary keys that run something when a PDF is opened or used (ISO 32000: actions, scripts, launches). */
const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'OpenAction', 'AA', 'Launch']);
/** Action types (`/S`) that run code or programs. */
const ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch', 'ImportData', 'Rendition', 'SubmitForm']);

function nameOf(o: PDFObject | undefined): string | null {
  return o instanceof PDFName ? o.decodeText() : null;
}

/** Whether a dictionary (or a stream's) carries an active key or action, looking into nested arrays and dictionaries. */
function active(o: PDFObject | undefined, depth = 0): boolean {
  if (!o || depth > 32) return false;
  const dict = o instanceof PDFDict ? o : o instanceof PDFStream || o instanceof PDFRawStream ? o.dict : null;
  if (dict) {
    for (const [key, value] of dict.entries()) {
      if (ACTIVE_KEYS.has(key.decodeText())) return true;
      if (key.decodeText() === 'S' && ACTIVE_ACTIONS.has(nameOf(value) ?? '')) return true;
      if (active(value, depth + 1)) return true;
    }
    return false;
  }
  if (o instanceof PDFArray) return o.asArray().some((v) => active(v, depth + 1));
  return false;
}

/**
 * Checks what follows `%PDF-` (DECISIONS 8, issue 8): a real PDF (version header, objects, end-of-file marker,
 * parsable by pdf-lib, which also opens compressed object streams and decodes `#xx` escapes in names) without
 * JavaScript, open or additional actions or launches. Answers the message key of the problem, or null.
 */
export async function pdfProblem(bytes: Buffer): Promise<MessageKey | null> {
  if (!/^%PDF-[12]\.\d/.test(bytes.subarray(0, 16).toString('latin1'))) return 'file.pdfInvalid';
  if (!bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1').includes('%%EOF')) return 'file.pdfInvalid';
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    return 'file.pdfInvalid';
  }
  const objects = doc.context.enumerateIndirectObjects();
  if (objects.length === 0) return 'file.pdfInvalid';
  for (const [, o] of objects) if (active(o)) return 'file.pdfScript';
  if (active(doc.context.trailerInfo.Root) || active(doc.catalog)) return 'file.pdfScript';
  return null;
}
