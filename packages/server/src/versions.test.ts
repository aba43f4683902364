import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from './seed/factory.js';
import { makeMaterial, makeModel, makeProduct } from './modules/catalogue/catalogue-factory.js';
import { PNG_DATA_URL } from './modules/catalogue/test-fixtures.js';
import { createTestContext, type TestContext } from './test/helper.js';

/**
 * The version field on every update route (DECISIONS 1): a client written only against spec section 7 sends no
 * `__v` and its update applies; a stale `__v` answers 409 and changes nothing; a malformed one answers 400 naming
 * `__v` and changes nothing.
 */
let t: TestContext;

interface Kind {
  name: string;
  /** Creates a record and answers it. */
  create(): Promise<Record<string, unknown>>;
  updateUrl(id: string): string;
  readUrl(id: string): string;
  /** A change the update applies, and how to see it in the answer. */
  change: Record<string, unknown>;
  /** Updates of this record send the whole record (as a section 7 client does: the form's object). */
  whole?: boolean;
  changed(r: Record<string, unknown>): unknown;
  expected: unknown;
}

const post = async (url: string, payload: unknown) => {
  const res = await t.call({ method: 'POST', url, payload: payload as object, token: t.tokens[0] });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json() as Record<string, unknown>;
};
const read = async (url: string) => {
  const res = await t.call({ method: 'GET', url, token: t.tokens[0] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};

let seq = 0;
const kinds: Kind[] = [
  {
    name: 'company', create: () => post('/api/companies/create', { ...makeCompany(900 + ++seq), company_name: `Sürüm Firma ${seq}` }),
    updateUrl: (id) => `/api/companies/update/${id}`, readUrl: (id) => `/api/companies/${id}`,
    change: { company_city: 'İzmir' }, whole: true, changed: (r) => r.company_city, expected: 'İzmir',
  },
  {
    name: 'user', create: () => post('/api/users/create', { firstname: 'Sürüm', lastname: `Kişi ${++seq}`, email: `v${seq}@test.local`, password: 'Sürüm12345!', role: 3 }),
    updateUrl: (id) => `/api/users/update/${id}`, readUrl: (id) => `/api/users/${id}`,
    change: { lastname: 'Değişti' }, whole: true, changed: (r) => r.lastname, expected: 'Değişti',
  },
  {
    name: 'material', create: () => post('/api/materials/create', { ...makeMaterial(900 + ++seq), material_name: `Sürüm Malzeme ${seq}` }),
    updateUrl: (id) => `/api/materials/update/${id}`, readUrl: (id) => `/api/materials/${id}`,
    change: { material_group: 'Sürüm' }, changed: (r) => r.material_group, expected: 'Sürüm',
  },
  {
    name: 'model', create: () => post('/api/models/create', { ...makeModel(900 + ++seq), model_kodu: `VER-${seq}` }),
    updateUrl: (id) => `/api/models/update/${id}`, readUrl: (id) => `/api/models/${id}`,
    change: { model_sira: 77 }, changed: (r) => r.model_sira, expected: 77,
  },
  {
    name: 'product', create: async () => {
      const m = await post('/api/models/create', { ...makeModel(950 + ++seq), model_kodu: `VERP-${seq}` });
      return post('/api/products/create', { ...makeProduct(900 + seq, { id: m._id as string, index: 950 + seq }), urun_kodu: `VERP-${seq}-1` });
    },
    updateUrl: (id) => `/api/products/update/${id}`, readUrl: (id) => `/api/products/${id}`,
    change: { urun_sira: 55 }, changed: (r) => r.urun_sira, expected: 55,
  },
  {
    name: 'image', create: () => post('/api/images/create', { image: PNG_DATA_URL, description: 'Ana Görsel', model: [] }),
    updateUrl: (id) => `/api/images/update/${id}`, readUrl: (id) => `/api/images/${id}`,
    change: { description: 'Teknik Resim' }, changed: (r) => r.description, expected: 'Teknik Resim',
  },
  {
    name: 'delivery', create: async () => {
      const c = await post('/api/companies/create', { ...makeCompany(950 + ++seq), company_name: `Teslim Firma ${seq}` });
      return post('/api/deliveried/create', { company_id: c._id, component_type: 'default', productname: 'Numune', qty: '1', price: '0' });
    },
    updateUrl: (id) => `/api/deliveried/update/${id}`, readUrl: (id) => `/api/deliveried/${id}`,
    change: { receiver: 'Ayşe Yılmaz' }, changed: (r) => r.receiver, expected: 'Ayşe Yılmaz',
  },
  {
    name: 'material movement', create: async () => {
      const m = await post('/api/materials/create', { ...makeMaterial(970 + ++seq), material_name: `Hareket Malzeme ${seq}` });
      return post('/api/stock/create', { stock_id: m._id, operation_center: 'uretim', operation_type: 'giris', qty: '5', price: '1' });
    },
    updateUrl: (id) => `/api/stock/update/${id}`, readUrl: (id) => `/api/stock/${id}`,
    change: { description: 'Sayım farkı' }, changed: (r) => r.description, expected: 'Sayım farkı',
  },
];

/** The update body: the change, on top of the record read (without its own `__v`) where the route needs it whole. */
function body(k: Kind, rec: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { _id: _i, date: _d, __v: _v, usercompany_name: _n, ...fields } = rec;
  return { ...(k.whole ? fields : {}), ...k.change, ...extra };
}

beforeAll(async () => {
  t = await createTestContext();
  await post('/api/company/create', { sirket_adi: 'Işık LED', sirket_ulke: 'Türkiye' });
}, 60_000);
afterAll(() => t.close());

describe.each(kinds)('update of a $name', (k) => {
  it('applies without __v (a client written against spec section 7) and answers the next version', async () => {
    const rec = await k.create();
    const res = await t.call({ method: 'POST', url: k.updateUrl(rec._id as string), payload: body(k, rec), token: t.tokens[0] });
    expect(res.statusCode, res.body).toBe(200);
    expect(k.changed(res.json())).toEqual(k.expected);
    expect(res.json().__v).toBe((rec.__v as number) + 1);
  });

  it('answers 409 to a stale __v and changes nothing', async () => {
    const rec = await k.create();
    const id = rec._id as string;
    const before = await read(k.readUrl(id));
    const res = await t.call({ method: 'POST', url: k.updateUrl(id), payload: body(k, rec, { __v: (rec.__v as number) + 3 }), token: t.tokens[0] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Someone else changed this record after you opened it. Reload and try again.');
    expect(await read(k.readUrl(id))).toEqual(before);
  });

  it('refuses a __v that is not a non-negative integer with 400 naming the field, and changes nothing', async () => {
    const rec = await k.create();
    const id = rec._id as string;
    const before = await read(k.readUrl(id));
    for (const bad of [true, '', null, [0], '0', -1, 1.5, { v: 0 }]) {
      const res = await t.call({ method: 'POST', url: k.updateUrl(id), payload: body(k, rec, { __v: bad }), token: t.tokens[0] });
      expect(res.statusCode, `${JSON.stringify(bad)}: ${res.body}`).toBe(400);
      expect(res.json().fields.__v).toBe('The version (__v) must be a whole number of 0 or more.');
    }
    expect(await read(k.readUrl(id))).toEqual(before);
  });
});

describe('update of the own company', () => {
  it('applies without __v, answers 409 to a stale one and 400 to a malformed one', async () => {
    const before = await read('/api/company/1');
    const stale = await t.call({ method: 'POST', url: '/api/company/update/1', payload: { sirket_tel: '1', __v: (before.__v as number) + 2 }, token: t.tokens[0] });
    expect(stale.statusCode).toBe(409);
    const bad = await t.call({ method: 'POST', url: '/api/company/update/1', payload: { sirket_tel: '1', __v: [0] }, token: t.tokens[0] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('__v');
    expect(await read('/api/company/1')).toEqual(before);
    const ok = await t.call({ method: 'POST', url: '/api/company/update/1', payload: { sirket_tel: '+90 312 000 00 00' }, token: t.tokens[0] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ sirket_tel: '+90 312 000 00 00', __v: (before.__v as number) + 1 });
  });
});
