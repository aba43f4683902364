import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from '@playwright/test';

/** A PDF's text as pdftotext reads it (its layout kept, runs of blanks folded to one space). */
export function pdfText(bytes: Buffer | Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-pdf-')), 'document.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

/** The bytes of a browser download. */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
