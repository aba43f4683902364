import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/helper.js';

// The built web app's files as the server sends them: the compressed copies the build writes beside each file, and
// the caching of files with and without a content hash in their name.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-web-static-'));
const script = `export const x = ${JSON.stringify('ışık '.repeat(2000))};\n`;
let t: TestContext;

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script src="/boot.js"></script></head><body></body></html>');
  fs.writeFileSync(path.join(dir, 'boot.js'), '(function () {})();\n');
  fs.writeFileSync(path.join(dir, 'assets', 'app-H1.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'app-H1.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets', 'app-H1.js.gz'), gzipSync(script));
  t = await createTestContext({ WEB_DIST: dir });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the web app\'s files', () => {
  it('are sent compressed to a browser that takes brotli or gzip, as they are otherwise', async () => {
    const get = (encoding: string) => t.app.inject({ method: 'GET', url: '/assets/app-H1.js', headers: { 'accept-encoding': encoding } });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=3600, immutable');
    }
  });

  it('without a content hash in their name (/boot.js) are asked for again each time, answered 304 while unchanged', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/boot.js' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/boot.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});
