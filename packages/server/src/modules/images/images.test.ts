import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { IMAGE_DESCRIPTIONS } from '@isik/domain';
import { images, logs, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';
import { dataUrl, makeJpeg, makePdf, makePng } from '../files/test-files.js';
import { makeModel } from '../catalogue/catalogue-factory.js';

let t: TestContext;
let png: Buffer;
let jpeg: Buffer;
const events: { entity: string; id?: string; action: string }[] = [];
let unlisten: () => Promise<void>;

const REQUIRED = 'Add an image';
const DESCRIPTION = 'Description must be one of: Ana Görsel, Yan Görsel, Teknik Resim, Renkli Resim.';
const STALE = 'Someone else changed this record after you opened it. Reload and try again.';
const NO_PERMISSION = 'You have no permission for this action in this module.';
const FILE_URL = /^\/api\/files\/[0-9a-f]{64}$/;

beforeAll(async () => {
  t = await createTestContext({ FILE_MAX_MB: '1' });
  [png, jpeg] = await Promise.all([makePng(480, 240), makeJpeg(480, 320)]);
  unlisten = await t.database.listen((p) => events.push(JSON.parse(p)));
});
afterAll(async () => { await unlisten?.(); await t?.close(); });

const model = (code: string, id = newId()) => ({ label: code, value: id });
const create = (payload: unknown, token: string | null = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: '/api/images/create/', payload: payload as object, token, lang });
const update = (id: string, payload: unknown, token: string | null = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: `/api/images/update/${id}`, payload: payload as object, token, lang });
const list = async (query: string, token = t.tokens[2]) => {
  const res = await t.call({ method: 'GET', url: `/api/images/list/${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
async function createOk(payload: Record<string, unknown>) {
  const res = await create({ description: 'Ana Görsel', image: dataUrl(png), ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A role 2 user whose permission grid switches catalogue write or delete off. */
async function tokenWith(permissions: object): Promise<string> {
  const email = `perm${newId()}@test.local`;
  await t.database.db.insert(users).values({ id: newId(), firstname: 'Perm', lastname: 'User', email, role: 2, permissions, password_hash: await hashPassword(USER_PASSWORD) });
  const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: USER_PASSWORD } });
  return res.json().token;
}

describe('POST /api/images/create', () => {
  it('stores the data URL in the file store and answers URLs, never bytes', async () => {
    const m = [model('LX-100'), model('LX-200')];
    const seen = events.length;
    const res = await create({ model: m, image: dataUrl(png), smallimage: 'data:image/png;base64,AAAA', description: 'Ana Görsel', date: '2025-03-01T10:00:00.000Z' });
    expect(res.statusCode, res.body).toBe(200);
    const img = res.json();
    expect(img).toEqual({ _id: expect.any(String), model: m, image: expect.stringMatching(FILE_URL), smallimage: `${img.image}/small`, description: 'Ana Görsel', date: '2025-03-01T10:00:00.000Z', __v: 0 });
    expect(res.body).not.toContain('base64');
    const file = await t.call({ method: 'GET', url: img.image });
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);
    expect((await t.call({ method: 'GET', url: img.smallimage })).headers['content-type']).toBe('image/webp');
    // Its log row and live event, written with the change.
    const rows = await t.database.db.select().from(logs).where(and(eq(logs.form, 'images'), eq(logs.operation_id, img._id)));
    expect(rows).toMatchObject([{ title: 'Görsel oluşturuldu', description: 'Ana Görsel - LX-100, LX-200', person: 'Role2 Tester' }]);
    await expect.poll(() => events.slice(seen)).toContainEqual({ entity: 'images', id: img._id, action: 'created' });
  });

  it('takes a stored /api/files URL as the image (upload first, save after)', async () => {
    const up = (await t.call({ method: 'POST', url: '/api/files/upload', payload: { data: dataUrl(jpeg, 'image/jpeg') }, token: t.tokens[2] })).json();
    const img = await createOk({ image: up.url, description: 'Yan Görsel' });
    expect(img).toMatchObject({ image: up.url, smallimage: up.smallUrl, description: 'Yan Görsel', model: [] });
    const small = await createOk({ image: `${up.url}/small`, description: 'Renkli Resim' });
    expect(small.image).toBe(up.url);
  });

  it('needs an image: missing or empty answers "Add an image" in the caller\'s language', async () => {
    for (const payload of [{ description: 'Ana Görsel' }, { description: 'Ana Görsel', image: '' }, { description: 'Ana Görsel', image: null }]) {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: REQUIRED, fields: { image: REQUIRED } });
    }
    const tr = await create({ description: 'Ana Görsel' }, t.tokens[2], 'tr');
    expect(tr.json().fields.image).toBe('Görsel yükleyiniz');
    const es = await create({ description: 'Ana Görsel' }, t.tokens[2], 'es');
    expect(es.json().fields.image).toBe('Añada una imagen');
  });

  it('needs one of the four descriptions, naming them', async () => {
    for (const description of [undefined, '', 'Arka Görsel', 12, null]) {
      const res = await create({ image: dataUrl(png), description });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ description: DESCRIPTION });
    }
    for (const description of IMAGE_DESCRIPTIONS) expect((await createOk({ description })).description).toBe(description);
  });

  it('refuses a malformed model list, a non-image, a bad data URL, an http URL and a file over the limit', async () => {
    for (const m of ['LX-100', [{ label: 'x' }], [{ value: '' , label: 'x' }], [null], [{ label: 1, value: 'a' }]]) {
      const res = await create({ image: dataUrl(png), description: 'Ana Görsel', model: m });
      expect(res.statusCode, JSON.stringify(m)).toBe(400);
      expect(Object.keys(res.json().fields)[0]).toMatch(/^model/);
    }
    const cases: [string, number, string][] = [
      [dataUrl(makePdf(), 'application/pdf'), 400, 'Upload an image (PNG, JPEG, WebP, GIF) for this field.'],
      [dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), 400, 'Upload an image (PNG, JPEG, WebP, GIF) for this field.'],
      ['data:image/png;base64,%%%', 400, 'The file data cannot be read (a valid base64 data URL is expected).'],
      ['http://example.com/a.png', 400, 'Upload a file or choose a stored one.'],
      [`/api/files/${'b'.repeat(64)}`, 400, 'File not found.'],
      [dataUrl(Buffer.concat([png, Buffer.alloc(1024 * 1024)])), 413, 'The file is too large. The limit is 1 MB.'],
      [dataUrl(Buffer.alloc(2 * 1024 * 1024, 5)), 413, 'The file is too large. The limit is 1 MB.'],
    ];
    for (const [image, status, message] of cases) {
      const res = await create({ image, description: 'Ana Görsel' });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().fields, image.slice(0, 40)).toEqual({ image: message });
    }
  });

  it('refuses malformed bodies with 400, never 500', async () => {
    for (const payload of ['{bad json', '[]', 'null', '"x"', JSON.stringify({ image: { a: 1 }, description: 'Ana Görsel' }), JSON.stringify({ image: dataUrl(png), description: 'Ana Görsel', date: 'not a date' })]) {
      const res = await t.call({ method: 'POST', url: '/api/images/create', payload, headers: { 'content-type': 'application/json' }, token: t.tokens[2] });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('roles and module permissions', () => {
  let id: string;
  beforeAll(async () => { id = (await createOk({ description: 'Teknik Resim' }))._id; });

  it('level 2: roles 0-2 use the library; role 3 and above get 403; no token 401', async () => {
    for (const role of [0, 1, 2]) {
      expect((await t.call({ method: 'GET', url: '/api/images/list/none', token: t.tokens[role] })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: `/api/images/${id}`, token: t.tokens[role] })).statusCode).toBe(200);
    }
    const calls = [
      { method: 'GET', url: '/api/images/list/none' }, { method: 'GET', url: `/api/images/${id}` },
      { method: 'POST', url: '/api/images/create', payload: { description: 'x' } }, { method: 'POST', url: `/api/images/update/${id}`, payload: {} },
      { method: 'GET', url: `/api/images/delete/${id}` }, { method: 'DELETE', url: `/api/images/delete/${id}` },
    ] as const;
    for (const c of calls) {
      expect((await t.call({ ...c, token: null })).statusCode, c.url).toBe(401);
      for (const role of [3, 5, 7]) expect((await t.call({ ...c, token: t.tokens[role] })).statusCode, `${role} ${c.url}`).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: `/api/images/${id}`, token: t.tokens[2] })).statusCode).toBe(200);
  });

  it('catalogue write off: no create or update (403) but reading works; delete off: no delete', async () => {
    const noWrite = await tokenWith({ catalogue: { read: true, write: false, delete: true } });
    const c = await create({ image: dataUrl(png), description: 'Ana Görsel' }, noWrite);
    expect(c.statusCode).toBe(403);
    expect(c.json().message).toBe(NO_PERMISSION);
    expect((await update(id, { __v: 0, description: 'Yan Görsel' }, noWrite)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/images/list/none', token: noWrite })).statusCode).toBe(200);
    const noDelete = await tokenWith({ catalogue: { read: true, write: true, delete: false } });
    expect((await t.call({ method: 'GET', url: `/api/images/delete/${id}`, token: noDelete })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/images/delete/${id}`, token: noDelete })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/images/${id}`, token: noDelete })).statusCode).toBe(200);
  });
});

describe('POST /api/images/update/:id', () => {
  it('updates with the version read, keeps left-out fields, and answers 409 to a stale version', async () => {
    const m = [model('ST-10')];
    const img = await createOk({ model: m, description: 'Ana Görsel' });
    const seen = events.length;
    const res = await update(img._id, { __v: img.__v, description: 'Teknik Resim' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...img, description: 'Teknik Resim', __v: img.__v + 1 });
    await expect.poll(() => events.slice(seen)).toContainEqual({ entity: 'images', id: img._id, action: 'updated' });

    const stale = await update(img._id, { __v: img.__v, description: 'Yan Görsel' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE);
    expect((await t.call({ method: 'GET', url: `/api/images/${img._id}`, token: t.tokens[2] })).json().description).toBe('Teknik Resim');

    // A new image replaces the old one; the models change.
    const next = await update(img._id, { __v: img.__v + 1, image: dataUrl(jpeg, 'image/jpeg'), model: [model('ST-20'), ...m] });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().image).not.toBe(img.image);
    expect(next.json().smallimage).toBe(`${next.json().image}/small`);
    expect(next.json().model.map((x: { label: string }) => x.label)).toEqual(['ST-20', 'ST-10']);
    const titles = (await t.database.db.select().from(logs).where(eq(logs.operation_id, img._id)).orderBy(asc(logs.id))).map((r) => r.title);
    expect(titles).toEqual(['Görsel oluşturuldu', 'Görsel güncellendi', 'Görsel güncellendi']);
  });

  it('validates like create: __v an integer when sent, image may not be emptied, description one of four; unknown id 404', async () => {
    const img = await createOk({});
    expect((await update(img._id, { description: 'Yan Görsel', __v: 'x' })).statusCode).toBe(400);
    const empty = await update(img._id, { __v: img.__v, image: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ image: REQUIRED });
    expect((await update(img._id, { __v: img.__v, description: 'Başka' })).json().fields).toEqual({ description: DESCRIPTION });
    expect((await update(img._id, { __v: img.__v, image: 'junk' })).statusCode).toBe(400);
    expect((await update('nope', { __v: 0 })).statusCode).toBe(404);
    expect((await update('x'.repeat(65), { __v: 0 })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(images).where(eq(images.id, img._id));
    expect(row.version).toBe(img.__v);
  });
});

describe('GET and DELETE /api/images/delete/:id', () => {
  it('deletes by GET and by DELETE, with log row and event; a second delete is 404', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const img = await createOk({ description: 'Renkli Resim' });
      const seen = events.length;
      const res = await t.call({ method, url: `/api/images/delete/${img._id}`, token: t.tokens[2] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect((await t.call({ method: 'GET', url: `/api/images/${img._id}`, token: t.tokens[2] })).statusCode).toBe(404);
      expect((await t.call({ method, url: `/api/images/delete/${img._id}`, token: t.tokens[2] })).statusCode).toBe(404);
      const rows = await t.database.db.select().from(logs).where(and(eq(logs.operation_id, img._id), eq(logs.title, 'Görsel silindi')));
      expect(rows).toHaveLength(1);
      await expect.poll(() => events.slice(seen)).toContainEqual({ entity: 'images', id: img._id, action: 'deleted' });
      // The file stays: other records may share it.
      expect((await t.call({ method: 'GET', url: img.image })).statusCode).toBe(200);
    }
  });
});

describe('GET /api/images/list/:id', () => {
  const modelA = model('SOKAK-60');
  const modelB = model('PARK-30');
  beforeAll(async () => {
    await t.database.db.delete(images);
    await createOk({ model: [modelA], description: 'Ana Görsel', date: '2025-01-01T00:00:00.000Z' });
    await createOk({ model: [modelA, modelB], description: 'Teknik Resim', date: '2025-02-01T00:00:00.000Z' });
    await createOk({ model: [modelB], description: 'Yan Görsel', date: '2025-03-01T00:00:00.000Z' });
    await createOk({ model: [], description: 'Renkli Resim', date: '2025-04-01T00:00:00.000Z' });
  });

  it("'none' answers every image, newest first, with URLs only", async () => {
    const r = await list('none');
    expect(r.img.map((i: { description: string }) => i.description)).toEqual(['Renkli Resim', 'Yan Görsel', 'Teknik Resim', 'Ana Görsel']);
    expect(r).toMatchObject({ page: 1, totalPage: 1, totalItemCount: 4 });
    expect(JSON.stringify(r)).not.toContain('data:');
    for (const i of r.img) expect(i.image).toMatch(FILE_URL);
  });

  it('a model id answers the images of that model', async () => {
    expect((await list(modelA.value)).img.map((i: { description: string }) => i.description)).toEqual(['Teknik Resim', 'Ana Görsel']);
    expect((await list(modelB.value)).img.map((i: { description: string }) => i.description)).toEqual(['Yan Görsel', 'Teknik Resim']);
    expect((await list(newId())).img).toEqual([]);
  });

  it('a model code answers the images of that model: of a stored model by its id, else by the refs\' code', async () => {
    const stored = await t.call({ method: 'POST', url: '/api/models/create', token: t.tokens[0], payload: { ...makeModel(401), model_kodu: 'ISK-ASTRA' } });
    expect(stored.statusCode, stored.body).toBe(200);
    const astra = { value: stored.json()._id as string, label: 'ISK-ASTRA' };
    await createOk({ model: [astra], description: 'Ana Görsel', date: '2025-05-01T00:00:00.000Z' });
    expect((await list('ISK-ASTRA')).img.map((i: { model: { value: string }[] }) => i.model[0].value)).toEqual([astra.value]);
    expect((await list('isk-astra')).totalItemCount).toBe(1);
    expect((await list(astra.value)).totalItemCount).toBe(1);
    expect((await list('SOKAK-60')).img.map((i: { description: string }) => i.description)).toEqual(['Teknik Resim', 'Ana Görsel']);
    expect((await list('ISK-NONE')).img).toEqual([]);
    await t.database.db.delete(images).where(sql`${images.model} @> ${JSON.stringify([{ value: astra.value }])}::jsonb`);
  });

  it('search matches the description or a model code, case-insensitively; LIKE wildcards are text', async () => {
    expect((await list('none?search=teknik')).img.map((i: { description: string }) => i.description)).toEqual(['Teknik Resim']);
    expect((await list('none?search=sokak')).img.map((i: { description: string }) => i.description)).toEqual(['Teknik Resim', 'Ana Görsel']);
    expect((await list(`${modelB.value}?search=Yan`)).img.map((i: { description: string }) => i.description)).toEqual(['Yan Görsel']);
    expect((await list('none?search=%25')).img).toEqual([]);
    expect((await list('none?search=')).totalItemCount).toBe(4);
  });

  it('pages with pageSize (default 100)', async () => {
    const p2 = await list('none?page=2&pageSize=3');
    expect(p2).toMatchObject({ page: 2, totalPage: 2, totalItemCount: 4 });
    expect(p2.img).toHaveLength(1);
    for (const q of ['none?page=0', 'none?pageSize=abc', `none?search=${'x'.repeat(201)}`]) {
      expect((await t.call({ method: 'GET', url: `/api/images/list/${q}`, token: t.tokens[2] })).statusCode, q).toBe(400);
    }
  });
});
