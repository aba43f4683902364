import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of the app (ADR 0011): scripts only from our own origin (the built app has no inline
 * script), styles from our origin and inline (Mantine and Emotion write style attributes and <style> tags), images
 * and fonts from our origin and data:/blob: URLs (previews of picked files), connections to our origin (the API and
 * the live socket), no plugins, no framing by other sites.
 */
export const APP_CSP = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets WebAssembly compile (no JS eval): the PDF report's layout engine (yoga, in @react-pdf) is WASM.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // data: for the layout engine's WebAssembly, which @react-pdf fetches from a data: URL in the browser (the PDF
  // pages and reports); a data: URL carries nothing out of the page.
  connectSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // The product may run on plain HTTP inside a plant's network: do not force HTTPS on subresources.
  upgradeInsecureRequests: null,
};

/**
 * The origin of a map tile URL template (MAP_TILE_URL, e.g. `https://{s}.tile.example.org/{z}/{x}/{y}.png`) as a CSP
 * source: scheme and host (a `{s}` subdomain becomes `*.`) and port. Null for none, or a host with other placeholders.
 */
export function tileOrigin(url: string | undefined): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(url ?? '');
  if (!m) return null;
  const host = m[2].toLowerCase().replace(/^\{s\}\./, '*.');
  if (/[{}@]/.test(host)) return null;
  return `${m[1].toLowerCase()}://${host}`;
}

/** The helmet settings of every answer; the device map's tiles load from the configured tile origin, and only from it. */
export function helmetOptions(opts: { tileUrl?: string } = {}): HelmetOptions {
  const tiles = tileOrigin(opts.tileUrl);
  const directives = tiles ? { ...APP_CSP, imgSrc: [...APP_CSP.imgSrc, tiles] } : APP_CSP;
  return { ...HELMET_OPTIONS, contentSecurityPolicy: { useDefaults: false, directives } };
}

/** The helmet settings of every answer (without map tiles). */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: APP_CSP },
  // No framing by other sites (X-Frame-Options for browsers without frame-ancestors).
  frameguard: { action: 'sameorigin' },
  referrerPolicy: { policy: 'same-origin' },
  // HTTPS deployments keep to HTTPS; browsers ignore the header on plain HTTP. Subdomains are not ours to bind.
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  crossOriginEmbedderPolicy: false,
  // Links from the app to share pages and PDFs open in new windows; keep them in their own browsing context group.
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

/**
 * What helmet does to an answer with these options (headers set, headers removed), found once by running its
 * middleware against a recording response. None of our options depends on the request, so every answer gets the same.
 */
export function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) { set.push([name, String(value)]); return res; },
    removeHeader(name: string) { removed.push(name); },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => { if (err) throw err; });
  return { set, removed };
}

/**
 * Security headers on every answer (helmet's); stored files set a stricter policy of their own. @fastify/helmet
 * built a new helmet middleware per request (parsing the CSP directives again: about 3 % of the API's CPU under the
 * list load); the headers are computed once here and written in the same hook (onRequest, on the raw response).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { tileUrl?: string }) => {
  const { set, removed } = helmetHeaders(helmetOptions(opts));
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
});
