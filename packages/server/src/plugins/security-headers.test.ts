import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helper.js';
import { helmetHeaders, helmetOptions, tileOrigin } from './security-headers.js';

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

  it('every answer carries exactly the headers helmet sets with our options (computed once, not per request)', async () => {
    const expected = {
      'content-security-policy': "default-src 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https://tile.openstreetmap.org;font-src 'self' data:;connect-src 'self' data:;media-src 'self' data: blob:;worker-src 'self' blob:;frame-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'same-origin',
      'strict-transport-security': 'max-age=15552000',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const [url, token] of [['/api/health', null], ['/api/companies/list', t.tokens[1]], ['/api/companies/list', null], ['/api/web/products', null]] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await t.call({ method: 'GET', url, token });
        for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
        expect(res.headers['x-powered-by'], url).toBeUndefined();
      }
    }
  });

  it("lets the device map's tiles load from the configured tile origin, and from no other (issue 23)", async () => {
    // The test app runs with the default MAP_TILE_URL (OpenStreetMap's tile server).
    expect(t.config.devices.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    const page = await t.call({ method: 'GET', url: '/streetlightmap' });
    expect(directives(page.headers['content-security-policy'] as string)['img-src']).toBe("'self' data: blob: https://tile.openstreetmap.org");
    const imgSrc = (tileUrl?: string) => {
      const csp = helmetHeaders(helmetOptions({ tileUrl })).set.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1];
      return directives(csp)['img-src'];
    };
    expect(imgSrc('https://{s}.tiles.example.net:8443/styles/{z}/{x}/{y}.png?key=abc')).toBe("'self' data: blob: https://*.tiles.example.net:8443");
    expect(imgSrc('http://10.0.0.5/tiles/{z}/{x}/{y}.png')).toBe("'self' data: blob: http://10.0.0.5");
    // No tiles configured (MAP_TILE_URL=none): images stay the app's own.
    expect(imgSrc('none')).toBe("'self' data: blob:");
    expect(imgSrc(undefined)).toBe("'self' data: blob:");
    expect(tileOrigin('https://{a}.example.org/{z}/{x}/{y}.png')).toBeNull();
    expect(tileOrigin('javascript:alert(1)')).toBeNull();
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
