import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

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

/** Security headers on every answer (@fastify/helmet); stored files set a stricter policy of their own. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
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
  });
});
