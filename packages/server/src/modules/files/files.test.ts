import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { files } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { dataUrl, makeDocx, makeGif, makeJpeg, makePdf, makePng, makeWebp, makeZip, multipartBody } from './test-files.js';

let t: TestContext;
let png: Buffer;
let jpeg: Buffer;
let smallPng: Buffer;
const pdf = makePdf();
const LIMIT = 'The file is too large. The limit is 1 MB.';

// A 1 MB limit keeps the over-the-limit cases small and fast.
beforeAll(async () => {
  t = await createTestContext({ FILE_MAX_MB: '1' });
  [png, jpeg, smallPng] = await Promise.all([makePng(800, 600), makeJpeg(1200, 800), makePng(40, 30)]);
});
afterAll(async () => { await t?.close(); });

const svc = () => t.app.services.files;
const upload = (payload: object, token: string | null = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: '/api/files/upload', payload, token, lang });
const uploadMultipart = (body: ReturnType<typeof multipartBody>, token: string | null = t.tokens[2], lang = 'en') =>
  t.call({ method: 'POST', url: '/api/files/upload', payload: body.payload, headers: body.headers, token, lang });
const rowCount = async (id: string) => Number((await t.database.db.select({ n: count() }).from(files).where(eq(files.id, id)))[0].n);
const get = (url: string, headers: Record<string, string> = {}) => t.call({ method: 'GET', url, headers });

/** What an ingest call throws, as status and fields. */
async function ingestError(value: unknown, field = 'model_resim') {
  try {
    await svc().ingest(t.database.db, value as string, field);
  } catch (e) {
    if (e instanceof AppError) return { status: e.statusCode, key: e.key, fields: e.fields };
    throw e;
  }
  throw new Error('ingest did not throw');
}

describe('POST /api/files/upload', () => {
  it('stores PNG, JPEG and PDF sent as JSON data URLs and answers their URLs', async () => {
    for (const [bytes, mime] of [[png, 'image/png'], [jpeg, 'image/jpeg'], [pdf, 'application/pdf']] as const) {
      const res = await upload({ data: dataUrl(bytes, mime), name: `örnek.${mime.split('/')[1]}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.id).toMatch(/^[0-9a-f]{64}$/);
      expect(body).toEqual({ url: `/api/files/${body.id}`, smallUrl: `/api/files/${body.id}/small`, id: body.id, mime, size: bytes.length, name: `örnek.${mime.split('/')[1]}` });
      const got = await get(body.url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(mime);
      expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
    }
  });

  it('stores a multipart upload, with the name from the file or the name field', async () => {
    const res = await uploadMultipart(multipartBody({ bytes: jpeg, filename: 'foto.jpg', mime: 'image/jpeg' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mime: 'image/jpeg', size: jpeg.length, name: 'foto.jpg' });
    const named = await uploadMultipart(multipartBody({ bytes: pdf, filename: 'x.pdf', mime: 'application/pdf' }, { name: 'Katalog 2025.pdf' }));
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ mime: 'application/pdf', name: 'Katalog 2025.pdf' });
    const got = await get(named.json().url);
    expect(Buffer.compare(got.rawPayload, pdf)).toBe(0);
  });

  it('stores the same bytes once: JSON and multipart uploads answer the same id', async () => {
    const bytes = await makePng(300, 200, { r: 1, g: 2, b: 3 });
    const a = (await upload({ data: dataUrl(bytes) })).json();
    const b = (await upload({ data: dataUrl(bytes, 'image/x-whatever'), name: 'again.png' })).json();
    const c = (await uploadMultipart(multipartBody({ bytes, filename: 'c.png', mime: 'image/png' }))).json();
    expect(b.id).toBe(a.id);
    expect(c.id).toBe(a.id);
    expect(await rowCount(a.id)).toBe(1);
    // At the same moment too: no unique-key race answers an error.
    const fresh = await makePng(310, 200, { r: 4, g: 5, b: 6 });
    const all = await Promise.all([1, 2, 3].map(() => upload({ data: dataUrl(fresh) })));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(all.map((r) => r.json().id)).size).toBe(1);
    expect(await rowCount(all[0].json().id)).toBe(1);
  });

  it('accepts GIF, WebP, ZIP and DOCX by their content', async () => {
    const cases: [Buffer, string][] = [
      [await makeGif(), 'image/gif'], [await makeWebp(), 'image/webp'], [makeZip({ 'a.txt': 'merhaba' }), 'application/zip'],
      [makeDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ];
    for (const [bytes, mime] of cases) {
      const res = await upload({ data: dataUrl(bytes, 'application/octet-stream') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().mime).toBe(mime);
    }
  });

  it('refuses SVG, HTML, plain text and a broken image disguised as images (400 naming the field)', async () => {
    const disguised = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      Buffer.from('just some plain text, not an image'),
      Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]),
    ];
    for (const bytes of disguised) {
      // The last is a PNG by its first bytes that does not decode: refused as a broken image.
      const message = bytes === disguised[4] ? 'This image cannot be read: the file is damaged or incomplete. Save the image again and upload it.'
        : 'This file type is not supported. Upload PNG, JPEG, WebP, GIF, PDF or ZIP (DOCX, XLSX).';
      for (const mime of ['image/png', 'image/jpeg', 'image/svg+xml']) {
        const res = await upload({ data: dataUrl(bytes, mime) });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().fields).toEqual({ data: message });
      }
      const mp = await uploadMultipart(multipartBody({ bytes, filename: 'a.png', mime: 'image/png' }));
      expect(mp.statusCode, mp.body).toBe(400);
      expect(Object.keys(mp.json().fields)).toEqual(['file']);
    }
  });

  it('refuses a file over the limit with 413 naming the limit, as JSON and as multipart, and stores nothing', async () => {
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024 + 10 - png.length, 1)]);
    const before = Number((await t.database.db.select({ n: count() }).from(files))[0].n);
    const json = await upload({ data: dataUrl(big) });
    expect(json.statusCode, json.body).toBe(413);
    expect(json.json()).toMatchObject({ message: LIMIT, code: 'file.tooLarge', fields: { data: LIMIT } });
    const tr = await upload({ data: dataUrl(big) }, t.tokens[2], 'tr');
    expect(tr.json().message).toBe('Dosya çok büyük. En fazla 1 MB yükleyebilirsiniz.');
    const mp = await uploadMultipart(multipartBody({ bytes: big, filename: 'big.png', mime: 'image/png' }));
    expect(mp.statusCode, mp.body).toBe(413);
    expect(mp.json()).toMatchObject({ message: LIMIT, fields: { file: LIMIT } });
    // Far over: refused by the body limit of the route, with the same message.
    const huge = await upload({ data: dataUrl(Buffer.alloc(3 * 1024 * 1024, 2)) });
    expect(huge.statusCode, huge.body).toBe(413);
    expect(huge.json().message).toBe(LIMIT);
    expect(Number((await t.database.db.select({ n: count() }).from(files))[0].n)).toBe(before);
  });

  it('refuses bad base64, non data URLs and missing data with 400 naming the field, never 500', async () => {
    const bad = ['data:image/png;base64,@@@not base64@@@', 'data:image/png,rawtext', 'data:image/png;base64', 'data:;base64,A', 'http://example.com/a.png', 'junk', '/api/files/abc'];
    for (const data of bad) {
      const res = await upload({ data });
      expect(res.statusCode, `${data}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), data).toEqual(['data']);
    }
    for (const payload of [{}, { data: '' }, { data: 12 }, { name: 'x' }, { data: dataUrl(Buffer.alloc(0)) }]) {
      const res = await upload(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toHaveProperty('data');
    }
    const empty = await uploadMultipart(multipartBody(null, { name: 'no file' }));
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().fields).toEqual({ file: 'Upload a file.' });
    const broken = await t.call({ method: 'POST', url: '/api/files/upload', payload: '--x\r\nbroken', headers: { 'content-type': 'multipart/form-data; boundary=x' }, token: t.tokens[2] });
    expect(broken.statusCode, broken.body).toBe(400);
    const noBoundary = await t.call({ method: 'POST', url: '/api/files/upload', payload: 'abc', headers: { 'content-type': 'multipart/form-data' }, token: t.tokens[2] });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
  });

  it('needs a token (401) and the level of the screens that upload, 2 (403)', async () => {
    const body = { data: dataUrl(smallPng) };
    expect((await upload(body, null)).statusCode).toBe(401);
    expect((await upload(body, t.tokens[3])).statusCode).toBe(403);
    expect((await upload(body, t.tokens[4])).statusCode).toBe(403);
    expect((await upload(body, t.tokens[7])).statusCode).toBe(403);
    // Refused before the body is read: a multipart upload without a token stores nothing.
    const bytes = await makePng(33, 33);
    const mp = await uploadMultipart(multipartBody({ bytes, filename: 'a.png', mime: 'image/png' }), null);
    expect(mp.statusCode).toBe(401);
    expect((await upload(body, t.tokens[2])).statusCode).toBe(200);
  });
});

describe('GET /api/files/:id and /small', () => {
  let pngUrl: string;
  let pngId: string;
  beforeAll(async () => {
    const r = (await upload({ data: dataUrl(png) })).json();
    pngUrl = r.url; pngId = r.id;
  });

  it('answers the bytes without a token, cacheable forever, with ETag and nosniff', async () => {
    const res = await get(pngUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${pngId}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(Number(res.headers['content-length'])).toBe(png.length);
    const again = await get(pngUrl, { 'if-none-match': `"${pngId}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(pngUrl, { 'if-none-match': `W/"x", W/"${pngId}"` })).statusCode).toBe(304);
    expect((await get(pngUrl, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(`${pngUrl}/small`, { 'if-none-match': `"${pngId}-small"` })).statusCode).toBe(304);
  });

  it('sends images and PDF inline, archives as attachments, with ?name= as the file name', async () => {
    const p = (await upload({ data: dataUrl(pdf) })).json();
    expect((await get(`${p.url}?name=Teknik%20Resim.pdf`)).headers['content-disposition']).toBe(`inline; filename="Teknik Resim.pdf"; filename*=UTF-8''Teknik%20Resim.pdf`);
    const z = (await upload({ data: dataUrl(makeZip({ 'b.txt': 'x' })) })).json();
    const plain = await get(z.url);
    expect(plain.headers['content-type']).toBe('application/zip');
    expect(plain.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f]{16}\.zip"/);
    const named = await get(`${z.url}?name=${encodeURIComponent('../Şartname "v2".zip')}`);
    expect(named.headers['content-disposition']).toBe(`attachment; filename="_Sartname _v2_.zip"; filename*=UTF-8''_%C5%9Eartname%20_v2_.zip`);
  });

  it('answers a small image at most 400 px wide for a large image', async () => {
    const res = await get(`${pngUrl}/small`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([400, 300, 'webp']);
    expect(res.rawPayload.length).toBeLessThan(png.length);
    const j = (await upload({ data: dataUrl(jpeg, 'image/jpeg') })).json();
    const jm = await sharp((await get(j.smallUrl)).rawPayload).metadata();
    expect([jm.width, jm.height]).toEqual([400, 267]);
  });

  it('falls back to the original for a file without a small image (PDF, tiny image)', async () => {
    const p = (await upload({ data: dataUrl(pdf) })).json();
    const res = await get(p.smallUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(res.rawPayload, pdf)).toBe(0);
    const tiny = (await upload({ data: dataUrl(smallPng) })).json();
    const small = await get(tiny.smallUrl);
    expect(small.statusCode).toBe(200);
    const m = await sharp(small.rawPayload).metadata();
    expect([m.width, m.height]).toEqual([40, 30]);
  });

  it('answers 404 for unknown or malformed ids, never 500', async () => {
    for (const url of [`/api/files/${'0'.repeat(64)}`, `/api/files/${'0'.repeat(64)}/small`, '/api/files/abc', '/api/files/abc/small', `/api/files/${'Z'.repeat(64)}`, `/api/files/${'a'.repeat(99)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
    // A NUL character is refused before any lookup.
    expect((await get('/api/files/%00')).statusCode).toBe(400);
  });

  it('counts the stored bytes in the settings panel storage figure', async () => {
    const res = await t.call({ method: 'GET', url: '/api/system/storage', token: t.tokens[3] });
    expect(res.statusCode).toBe(200);
    expect(res.json().filesBytes).toBeGreaterThan(png.length + jpeg.length);
    expect(res.json().filesBytes).toBe(await svc().totalBytes());
  });
});

describe('files.ingest (contract for every image and file field)', () => {
  it('stores a data URL and answers its /api/files URL; the bytes round-trip', async () => {
    const bytes = await makePng(120, 90, { r: 9, g: 9, b: 9 });
    const url = await svc().ingest(t.database.db, dataUrl(bytes), 'model_resim');
    expect(url).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    const stored = await svc().get(url.slice('/api/files/'.length));
    expect(Buffer.isBuffer(stored?.bytes)).toBe(true);
    expect(Buffer.compare(stored!.bytes, bytes)).toBe(0);
    expect(await svc().ingest(t.database.db, dataUrl(bytes), 'model_resim')).toBe(url);
  });

  it('keeps stored file URLs and empty values unchanged; null and undefined give an empty string', async () => {
    const url = await svc().ingest(t.database.db, dataUrl(pdf, 'application/pdf'), 'technicalDrawing');
    for (const v of [url, `${url}/small`, `${url}?name=cizim.pdf`]) expect(await svc().ingest(t.database.db, v, 'technicalDrawing')).toBe(v);
    expect(await svc().ingest(t.database.db, '', 'x')).toBe('');
    expect(await svc().ingest(t.database.db, null, 'x')).toBe('');
    expect(await svc().ingest(t.database.db, undefined, 'x')).toBe('');
  });

  it('refuses other values with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      ['http://example.com/a.png', 'file.invalidValue'], ['https://cdn.example.com/x.jpg', 'file.invalidValue'], ['junk', 'file.invalidValue'],
      ['/api/files/../../etc/passwd', 'file.invalidValue'], [`/api/files/${'a'.repeat(64)}`, 'file.missing'],
      ['data:image/png;base64,!!', 'file.invalidData'], ['data:image/png,plain', 'file.invalidData'],
      [dataUrl(Buffer.from('<svg/>'), 'image/svg+xml'), 'file.unsupported'], [dataUrl(Buffer.from('hello'), 'text/plain'), 'file.unsupported'],
      [42, 'file.invalidValue'], [{ data: 'x' }, 'file.invalidValue'],
    ];
    for (const [value, key] of cases) {
      expect(await ingestError(value), String(value)).toEqual({ status: 400, key, fields: { model_resim: key } });
    }
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024, 3)]);
    expect(await ingestError(dataUrl(big), 'productImages.0.image')).toEqual({ status: 413, key: 'file.tooLarge', fields: { 'productImages.0.image': 'file.tooLarge' } });
  });

  it("only images for kind 'image'", async () => {
    await expect(svc().ingest(t.database.db, dataUrl(pdf), 'image', { kind: 'image' })).rejects.toMatchObject({ statusCode: 400, key: 'file.notImage', fields: { image: 'file.notImage' } });
    const pdfUrl = await svc().ingest(t.database.db, dataUrl(pdf), 'x');
    await expect(svc().ingest(t.database.db, pdfUrl, 'image', { kind: 'image' })).rejects.toMatchObject({ statusCode: 400, key: 'file.notImage' });
    expect(await svc().ingest(t.database.db, dataUrl(smallPng), 'image', { kind: 'image' })).toMatch(/^\/api\/files\//);
  });

  it("stores nothing when the caller's transaction rolls back", async () => {
    const bytes = await makePng(50, 50, { r: 77, g: 77, b: 77 });
    let url = '';
    await expect(t.database.db.transaction(async (tx) => {
      url = await svc().ingest(tx, dataUrl(bytes), 'model_resim');
      throw new Error('save refused');
    })).rejects.toThrow('save refused');
    expect(await rowCount(url.slice('/api/files/'.length))).toBe(0);
  });

  it('ingestMany replaces data URLs in file rows and keeps the rest', async () => {
    const rows = await t.database.db.transaction((tx) => svc().ingestMany(tx, [
      { image: dataUrl(smallPng), description: 'Ana Görsel', tempImg: '' },
      { name: 'katalog.pdf', size: pdf.length, type: 'application/pdf', base64: dataUrl(pdf), file: 'katalog.pdf' },
    ], 'productDownloads'));
    expect(rows[0]).toMatchObject({ image: expect.stringMatching(/^\/api\/files\/[0-9a-f]{64}$/), description: 'Ana Görsel', tempImg: '' });
    expect(rows[1]).toMatchObject({ name: 'katalog.pdf', base64: expect.stringMatching(/^\/api\/files\//), file: 'katalog.pdf' });
    expect(await svc().ingestMany(t.database.db, null, 'x')).toEqual([]);
    await expect(svc().ingestMany(t.database.db, [{ image: 'http://x/y.png' }], 'productImages')).rejects.toMatchObject({ fields: { 'productImages.0.image': 'file.invalidValue' } });
    await expect(svc().ingestMany(t.database.db, ['x' as never], 'productImages')).rejects.toMatchObject({ fields: { 'productImages.0': 'file.invalidValue' } });
  });
});

describe('API description', () => {
  it('documents the file and image calls in the OpenAPI document', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/files/upload', '/api/files/{id}', '/api/files/{id}/small', '/api/images/list/{id}', '/api/images/create', '/api/images/update/{id}', '/api/images/delete/{id}']) {
      expect(paths, p).toContain(p);
    }
  });
});
