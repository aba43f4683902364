import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The text layer of a PDF as pdftotext (poppler) reads it, in physical layout. */
export function pdfText(bytes: Buffer | Uint8Array, opts: { layout?: boolean } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdftext-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, bytes);
    return execFileSync('pdftotext', [...(opts.layout === false ? [] : ['-layout']), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Page count, the first page's size and every page's size (points, "595.28 x 841.89 pts (A4)") as pdfinfo reports them. */
export function pdfInfo(bytes: Buffer | Uint8Array): { pages: number; size: string; sizes: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfinfo-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, bytes);
    const out = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const each = execFileSync('pdfinfo', ['-f', '1', '-l', '100000', file], { encoding: 'utf8' });
    const sizes = [...each.matchAll(/^Page\s+\d+ size:\s+([^\n]+)/gm)].map((m) => m[1].trim());
    return { pages: Number(/Pages:\s+(\d+)/.exec(out)?.[1] ?? 0), size: /Page size:\s+([^\n]+)/.exec(out)?.[1]?.trim() ?? '', sizes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Page `page` of a PDF as a PNG (pdftoppm at `dpi`). */
export function pdfPng(bytes: Buffer | Uint8Array, dpi = 300, page = 1): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfpng-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, bytes);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, path.join(dir, 'out')]);
    return fs.readFileSync(path.join(dir, 'out.png'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
