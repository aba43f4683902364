import { readFileSync } from 'node:fs';
import type { Executor } from '../db/database.js';
import type { FilesService, StoredFile } from '../modules/files/files-service.js';

/**
 * Pictures of the demo catalogue (DECISIONS 1), made without the network: the brand illustrations of
 * packages/web/public/brand (and small hand-written ones for the categories they do not show) are
 * tinted per model category, rendered to PNG with sharp and stored once each in the file store.
 * Technical drawings are dimensioned line drawings; datasheets are one-page PDFs built as bytes.
 */

type Sharp = typeof import('sharp').default;
const sharp: Sharp | null = await import('sharp').then((m) => m.default, () => null);

const W = 800;
const H = 500;

/** The brand illustrations by category: street (0), flood (2), solar street lamp (3), battery pack (8). */
const BRAND_FILES: Record<number, string> = { 0: 'led-street-light.svg', 2: 'led-flood-light.svg', 3: 'solar-street-lamp.svg', 8: 'battery-pack.svg' };
const BRAND_DIR = new URL('../../../web/public/brand/', import.meta.url);

/** Hand-written illustrations for the other categories (and the fallback should the brand folder be missing). */
const OWN_SVGS: Record<number, string> = {
  // 1 urban luminaire: a post-top lantern in a park at dusk.
  1: `<rect width="800" height="500" fill="#16302b"/><circle cx="640" cy="90" r="36" fill="#f1f3f5" opacity=".8"/>
<path d="M0 400 C200 370 560 380 800 395 L800 500 L0 500 Z" fill="#2b5d34"/><path d="M0 440 L800 430 L800 500 L0 500 Z" fill="#495057"/>
<path d="M345 175 L455 175 L560 440 L240 440 Z" fill="#fff3bf" opacity=".25"/>
<rect x="392" y="190" width="16" height="250" rx="4" fill="#adb5bd"/><rect x="374" y="432" width="52" height="14" rx="3" fill="#6c757d"/>
<path d="M350 110 L450 110 L470 190 L330 190 Z" fill="#fff9db" stroke="#343a40" stroke-width="6"/>
<path d="M340 110 L400 70 L460 110 Z" fill="#343a40"/><circle cx="400" cy="64" r="8" fill="#343a40"/>
<rect x="330" y="186" width="140" height="10" rx="3" fill="#343a40"/>`,
  // 4 industrial high bay: a round high bay hanging from a hook under a hall roof.
  4: `<rect width="800" height="500" fill="#212529"/>
<g stroke="#495057" stroke-width="6"><path d="M0 60 L400 10 L800 60"/><path d="M100 48 L100 500 M700 48 L700 500"/></g>
<path d="M310 250 L490 250 L700 500 L100 500 Z" fill="#fff8e1" opacity=".22"/>
<line x1="400" y1="20" x2="400" y2="120" stroke="#adb5bd" stroke-width="4"/><circle cx="400" cy="128" r="10" fill="none" stroke="#adb5bd" stroke-width="4"/>
<rect x="360" y="136" width="80" height="40" rx="6" fill="#868e96"/>
<g fill="#495057"><rect x="300" y="176" width="200" height="60" rx="10"/></g>
<g stroke="#343a40" stroke-width="5"><path d="M320 180 V232 M345 180 V232 M370 180 V232 M395 180 V232 M420 180 V232 M445 180 V232 M470 180 V232"/></g>
<ellipse cx="400" cy="240" rx="110" ry="16" fill="#ced4da"/><ellipse cx="400" cy="242" rx="92" ry="10" fill="#fff9db"/>`,
  // 5 DC luminaire: a linear 12-24 V bulkhead next to its battery.
  5: `<rect width="800" height="500" fill="#1d2433"/><rect x="0" y="400" width="800" height="100" fill="#2c3444"/>
<path d="M170 250 L630 250 L760 500 L40 500 Z" fill="#e7f5ff" opacity=".18"/>
<rect x="150" y="170" width="500" height="80" rx="40" fill="#ced4da"/><rect x="170" y="188" width="460" height="44" rx="22" fill="#f8f9fa"/>
<g fill="#ffe066"><circle cx="220" cy="210" r="8"/><circle cx="280" cy="210" r="8"/><circle cx="340" cy="210" r="8"/><circle cx="400" cy="210" r="8"/><circle cx="460" cy="210" r="8"/><circle cx="520" cy="210" r="8"/><circle cx="580" cy="210" r="8"/></g>
<rect x="520" y="330" width="150" height="90" rx="8" fill="#343a40"/><rect x="545" y="316" width="24" height="14" fill="#e03131"/><rect x="620" y="316" width="24" height="14" fill="#1c7ed6"/>
<path d="M650 250 C700 270 700 300 657 316" stroke="#e03131" stroke-width="5" fill="none"/>`,
  // 6 LED module: an aluminium PCB with a 2 x 6 array of lensed LEDs.
  6: `<rect width="800" height="500" fill="#10262e"/>
<rect x="110" y="150" width="580" height="200" rx="12" fill="#ced4da"/><rect x="122" y="162" width="556" height="176" rx="8" fill="#e9ecef"/>
<g fill="#dee2e6" stroke="#adb5bd" stroke-width="3">
<circle cx="180" cy="210" r="32"/><circle cx="268" cy="210" r="32"/><circle cx="356" cy="210" r="32"/><circle cx="444" cy="210" r="32"/><circle cx="532" cy="210" r="32"/><circle cx="620" cy="210" r="32"/>
<circle cx="180" cy="290" r="32"/><circle cx="268" cy="290" r="32"/><circle cx="356" cy="290" r="32"/><circle cx="444" cy="290" r="32"/><circle cx="532" cy="290" r="32"/><circle cx="620" cy="290" r="32"/></g>
<g fill="#ffd43b"><circle cx="180" cy="210" r="12"/><circle cx="268" cy="210" r="12"/><circle cx="356" cy="210" r="12"/><circle cx="444" cy="210" r="12"/><circle cx="532" cy="210" r="12"/><circle cx="620" cy="210" r="12"/>
<circle cx="180" cy="290" r="12"/><circle cx="268" cy="290" r="12"/><circle cx="356" cy="290" r="12"/><circle cx="444" cy="290" r="12"/><circle cx="532" cy="290" r="12"/><circle cx="620" cy="290" r="12"/></g>
<rect x="640" y="330" width="40" height="16" rx="3" fill="#f8f9fa"/><path d="M660 346 L660 420" stroke="#e03131" stroke-width="5"/><path d="M670 346 L670 420" stroke="#212529" stroke-width="5"/>`,
  // 7 solar panel: a monocrystalline panel on its frame under the sky.
  7: `<rect width="800" height="500" fill="#4dabf7"/><circle cx="680" cy="80" r="44" fill="#ffe066"/><rect x="0" y="420" width="800" height="80" fill="#5c940d"/>
<path d="M260 330 L250 440 M560 330 L570 440" stroke="#868e96" stroke-width="10"/>
<path d="M150 140 L650 110 L690 350 L110 380 Z" fill="#dee2e6"/><path d="M162 150 L640 121 L677 341 L124 369 Z" fill="#1c3a6e"/>
<g stroke="#74c0fc" stroke-width="2" opacity=".7"><path d="M242 145 L218 364 M322 140 L311 359 M402 135 L404 355 M482 130 L497 350 M562 126 L590 345"/>
<path d="M150 224 L660 193 M137 297 L670 267"/></g>`,
};

/** The colour of each category (0-8): the tint of its pictures and the frame of its drawings. */
export const CATEGORY_TINTS = ['#1971c2', '#2f9e44', '#0c8599', '#f08c00', '#495057', '#7048e8', '#e8590c', '#1864ab', '#2b8a3e'] as const;
/** Hue turn of a picture: none for the main image of a category's first model, then in steps. */
const hueOf = (variant: number, side: boolean) => (variant * 30 + (side ? 45 : 0)) % 360;

const brandCache = new Map<number, string>();
/** The inner drawing (without the outer svg element) of a category's illustration. */
function illustration(category: number): string {
  const cached = brandCache.get(category);
  if (cached !== undefined) return cached;
  let body = OWN_SVGS[category] ?? '';
  const file = BRAND_FILES[category];
  if (file) {
    try {
      const svg = readFileSync(new URL(file, BRAND_DIR), 'utf8');
      const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
      if (inner) body = inner.replace(/<title[^>]*>[\s\S]*?<\/title>/, '');
    } catch { /* the brand folder is not deployed: the own drawing below stands in */ }
  }
  // Fallbacks for the brand categories: the nearest own drawing.
  if (!body) body = OWN_SVGS[category === 0 ? 1 : category === 2 ? 4 : category === 3 ? 7 : 5];
  brandCache.set(category, body);
  return body;
}

/** A #rgb or #rrggbb colour with its hue turned by `deg` (greys stay grey). */
export function turnHue(hex: string, deg: number): string {
  const h = hex.length === 4 ? hex.slice(1).split('').map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((k) => parseInt(h.slice(k, k + 2), 16) / 255);
  const max = Math.max(r, g, b); const min = Math.min(r, g, b); const l = (max + min) / 2; const d = max - min;
  if (d === 0 || deg % 360 === 0) return `#${h.toLowerCase()}`;
  const sat = d / (1 - Math.abs(2 * l - 1));
  let hue = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  hue = (((hue * 60 + deg) % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * sat; const x = c * (1 - Math.abs(((hue / 60) % 2) - 1)); const m = l - c / 2;
  const [r1, g1, b1] = hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return `#${[r1, g1, b1].map((v) => Math.round(Math.min(1, Math.max(0, v + m)) * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** Every hex colour of an SVG text with its hue turned (cheaper than an SVG filter when rendering). */
const turnHues = (svg: string, deg: number) => (deg % 360 === 0 ? svg : svg.replace(/#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b/g, (c) => turnHue(c, deg)));

/**
 * The SVG of a product picture: the category's illustration, hue-turned per model (variant = the
 * model's place among the models of its category), with a tinted wash and a band in the category
 * colour. The side picture ('Yan Görsel') is a closer view, turned further.
 */
export function pictureSvg(category: number, variant: number, side: boolean): string {
  const tint = CATEGORY_TINTS[category % CATEGORY_TINTS.length];
  const hue = hueOf(variant, side);
  const zoom = side ? ` transform="translate(${-0.3 * W / 2} ${-0.3 * H / 2}) scale(1.3)"` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<g${zoom}><svg x="0" y="0" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${turnHues(illustration(category), hue)}</svg></g>
<rect width="${W}" height="${H}" fill="${tint}" opacity="${side ? 0.2 : 0.12}"/>
<rect y="${H - 12}" width="${W}" height="12" fill="${tint}"/>
</svg>`;
}

const xmlText = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** Width, depth and height in mm of a 'L-W-H mm' dimension text, or defaults. */
export function parseDimensions(text: string): [number, number, number] {
  const n = /^(\d+)-(\d+)-(\d+)/.exec(text);
  return n ? [Number(n[1]), Number(n[2]), Number(n[3])] : [500, 200, 80];
}

/** A dimensioned line drawing (front and side view) of a model, titled with its code. */
export function drawingSvg(category: number, code: string, dims: readonly [number, number, number]): string {
  const [l, w, h] = dims;
  const tint = CATEGORY_TINTS[category % CATEGORY_TINTS.length];
  // Front view (length x width) on the left, side view (height x width) on the right, to one scale.
  const scale = Math.min(420 / l, 260 / Math.max(w, 1), 160 / Math.max(h, 1));
  const fl = Math.round(l * scale); const fw = Math.round(w * scale); const sh = Math.max(Math.round(h * scale), 12);
  const fx = 70; const fy = 110;
  const sx = 600; const sy = fy;
  const round = category === 4 || category === 1 ? Math.round(fw / 2) : 10;
  const arrow = (x1: number, y1: number, x2: number, y2: number) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" marker-start="url(#a)" marker-end="url(#a)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><marker id="a" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z" fill="#1d3557"/></marker></defs>
<rect width="${W}" height="${H}" fill="#ffffff"/>
<g stroke="#dbe4f0" stroke-width="1">${Array.from({ length: 15 }, (_, k) => `<line x1="${k * 56}" y1="0" x2="${k * 56}" y2="${H}"/>`).join('')}${Array.from({ length: 9 }, (_, k) => `<line x1="0" y1="${k * 56}" x2="${W}" y2="${k * 56}"/>`).join('')}</g>
<rect x="6" y="6" width="${W - 12}" height="${H - 12}" fill="none" stroke="${tint}" stroke-width="4"/>
<g fill="none" stroke="#1d3557" stroke-width="3">
<rect x="${fx}" y="${fy}" width="${fl}" height="${fw}" rx="${round}"/>
<rect x="${fx + 14}" y="${fy + 14}" width="${Math.max(fl - 28, 4)}" height="${Math.max(fw - 28, 4)}" rx="${Math.max(round - 14, 0)}" stroke-dasharray="10 6" stroke-width="2"/>
<rect x="${sx}" y="${sy}" width="${sh}" height="${fw}" rx="6"/>
</g>
<g stroke="#1d3557" stroke-width="1.5">
${arrow(fx, fy + fw + 30, fx + fl, fy + fw + 30)}
${arrow(fx - 30, fy, fx - 30, fy + fw)}
${arrow(sx, fy + fw + 30, sx + sh, fy + fw + 30)}
<line x1="${fx}" y1="${fy + fw}" x2="${fx}" y2="${fy + fw + 38}"/><line x1="${fx + fl}" y1="${fy + fw}" x2="${fx + fl}" y2="${fy + fw + 38}"/>
<line x1="${sx}" y1="${fy + fw}" x2="${sx}" y2="${fy + fw + 38}"/><line x1="${sx + sh}" y1="${fy + fw}" x2="${sx + sh}" y2="${fy + fw + 38}"/>
</g>
<g font-family="DejaVu Sans, Arial, sans-serif" font-size="20" fill="#1d3557" text-anchor="middle">
<text x="${fx + fl / 2}" y="${fy + fw + 56}">${l} mm</text>
<text x="${fx - 40}" y="${fy + fw / 2}" transform="rotate(-90 ${fx - 40} ${fy + fw / 2})">${w} mm</text>
<text x="${sx + sh / 2}" y="${fy + fw + 56}">${h} mm</text>
</g>
<g font-family="DejaVu Sans, Arial, sans-serif" fill="#1d3557">
<rect x="520" y="400" width="262" height="82" fill="#ffffff" stroke="#1d3557" stroke-width="2"/>
<text x="534" y="432" font-size="22" font-weight="700">${xmlText(code)}</text>
<text x="534" y="462" font-size="16">Teknik Resim · ölçüler mm</text>
</g>
</svg>`;
}

/** A one-page PDF with the given lines (Latin-1; other characters are dropped), built with a correct xref table. */
export function minimalPdf(lines: readonly string[]): Buffer {
  const clean = (s: string) => s.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (c) => `\\${c}`);
  const content = ['BT', '/F1 20 Tf', '72 760 Td', ...lines.map((l, i) => `${i === 0 ? '' : '0 -28 Td '}(${clean(l)}) Tj${i === 0 ? ' /F1 12 Tf' : ''}`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Whether pictures can be made here (sharp loads). */
export const canRenderPictures = (): boolean => sharp !== null;

/** An SVG rendered to an 800 px wide PNG. */
export async function renderPng(svg: string): Promise<Buffer> {
  if (!sharp) throw new Error('sharp is not available');
  return sharp(Buffer.from(svg)).resize(W).png().toBuffer();
}

/**
 * Stores the demo pictures through the file store, each distinct one once: `picture`, `drawing` and
 * `pdf` answer the stored URL, rendering on first use and reusing the URL afterwards.
 */
export function createDemoImages(files: FilesService, tx: Executor) {
  const stored = new Map<string, Promise<StoredFile>>();
  const once = (key: string, make: () => Promise<Buffer>, field: string): Promise<StoredFile> => {
    let file = stored.get(key);
    if (!file) {
      file = make().then((bytes) => files.storeBytes(tx, bytes, field));
      stored.set(key, file);
    }
    return file;
  };
  return {
    /** A category's picture (main or side) in the model's variant; answers its URL. */
    picture: async (category: number, variant: number, side = false) =>
      (await once(`p:${category}:${variant}:${side ? 1 : 0}`, () => renderPng(pictureSvg(category, variant, side)), 'productImages')).url,
    /** A model's technical drawing; answers its URL. */
    drawing: async (category: number, code: string, dims: readonly [number, number, number]) =>
      (await once(`d:${code}`, () => renderPng(drawingSvg(category, code, dims)), 'technicalDrawing')).url,
    /** A one-page PDF by key; answers the stored file (URL and size). */
    pdf: (key: string, lines: readonly string[]) => once(`f:${key}`, () => Promise.resolve(minimalPdf(lines)), 'productDownloads'),
    /** How many distinct files were stored. */
    get count() { return stored.size; },
  };
}
export type DemoImages = ReturnType<typeof createDemoImages>;
