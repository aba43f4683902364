import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helper.js';

let t: TestContext;
beforeAll(async () => { t = await createTestContext(); });
afterAll(async () => { await t?.close(); });

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

function directives(csp: string | undefined): Record<string, string> {
  return Object.fromEntries((csp ?? '').split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...values] = d.split(/\s+/);
    return [name, values.join(' ')];
  }));
}

describe('security headers', () => {
  it('every answer carries the CSP, nosniff, a referrer policy and no framing by other sites', async () => {
    for (const [url, token] of [['/api/health', null], ['/api/users/list', t.tokens[1]], ['/api/nothing-here', null], ['/api/users/list', null]] as const) {
      const res = await t.call({ method: 'GET', url, token });
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp['script-src'], url).toBe("'self' 'wasm-unsafe-eval'");
      expect(csp['frame-ancestors'], url).toBe("'self'");
      // Connections only to our origin (and data: URLs, from which the PDF layout engine loads its WebAssembly).
      expect(csp['connect-src'], url).toBe("'self' data:");
      expect(csp['object-src'], url).toBe("'none'");
      expect(csp['default-src'], url).toBe("'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('the OpenAPI page stays public and works under its CSP', async () => {
    const page = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBeDefined();
    // Its scripts are files of our origin, allowed by script-src 'self'.
    const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)];
    expect(inline).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('the web app\'s index.html (and the built pages, index.html and public.html, when present) have no inline script', () => {
    for (const file of ['index.html', 'dist/index.html', 'dist/public.html'].map((f) => path.join(webRoot, f))) {
      if (!fs.existsSync(file)) continue;
      const html = fs.readFileSync(file, 'utf8');
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0]);
      expect(inline, file).toEqual([]);
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });
});
