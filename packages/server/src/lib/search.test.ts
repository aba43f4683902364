import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, images, users } from '../db/schema.js';
import { createTestContext, type TestContext } from '../test/helper.js';
import { insertMaterial, insertModel, insertProduct } from '../modules/catalogue/test-fixtures.js';
import { newId } from './ids.js';

/** Every list search folds Turkish capitals: İ/i and I/ı find each other, in capitals and small letters. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  for (const name of ['Anadolu Aydınlatma A.Ş.', 'Fırat Enerji', 'İzmir Işık Ltd.', 'Kuzey Solar']) {
    await db.insert(companies).values({ id: newId(), company_name: name, company_city: 'Ankara', company_email: 'info@example.com' });
  }
  await db.insert(users).values({ id: newId(), firstname: 'Ayşe', lastname: 'Yıldız', email: 'ayse@test.local', role: 3, password_hash: 'x' });
  await db.insert(images).values({ id: newId(), image: '/api/files/x', description: 'Işıklı Tabela', model: [{ label: 'AYDINLIK-60', value: 'm1' }] });
  const model = await insertModel(db, 1, { model_adi: ['Yıldız Sokak Armatürü', 'Star Street Light'], model_kodu: 'ISK-YILDIZ' });
  await insertProduct(db, 1, { id: model, index: 1 }, { urun_adi: ['Işıltı Projektör 50W', 'Isilti Floodlight 50W'], urun_kodu: 'IP-50', urun_durumu: true });
  await insertMaterial(db, 1, { material_name: 'Işık Diyotu' });
});
afterAll(async () => { await t?.close(); });

async function count(url: string): Promise<number> {
  const res = await t.call({ method: 'GET', url, token: t.tokens[0] });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().totalItemCount;
}
const q = (s: string) => encodeURIComponent(s);

describe('search with Turkish capitals', () => {
  it('/companies: AYDINLATMA, FIRAT and İZMİR find what aydınlatma, fırat and izmir find', async () => {
    for (const [upper, lower] of [['AYDINLATMA', 'aydınlatma'], ['FIRAT', 'fırat'], ['İZMİR', 'izmir'], ['IŞIK', 'ışık']]) {
      expect(await count(`/api/companies/list?search=${q(upper)}`), upper).toBe(1);
      expect(await count(`/api/companies/list?search=${q(lower)}`), lower).toBe(1);
    }
  });

  it('/users: YILDIZ and yıldız find the user', async () => {
    expect(await count(`/api/users/list?search=${q('YILDIZ')}`)).toBe(1);
    expect(await count(`/api/users/list?search=${q('yıldız')}`)).toBe(1);
    expect(await count(`/api/users/list?search=${q('AYŞE')}`)).toBe(1);
  });

  it('/imagemanagment: description and model code in either spelling', async () => {
    expect(await count(`/api/images/list/none?search=${q('IŞIKLI')}`)).toBe(1);
    expect(await count(`/api/images/list/none?search=${q('ışıklı')}`)).toBe(1);
    expect(await count(`/api/images/list/none?search=${q('aydınlık')}`)).toBe(1);
  });

  it('models, products, materials and the public catalogue fold the same way', async () => {
    for (const s of ['YILDIZ', 'yıldız']) expect(await count(`/api/models/list?search=${q(s)}`), s).toBe(1);
    for (const s of ['IŞILTI', 'ışıltı']) expect(await count(`/api/products/list?search=${q(s)}`), s).toBe(1);
    for (const s of ['IŞIK DİYOTU', 'ışık diyotu']) expect(await count(`/api/materials/list?search=${q(s)}`), s).toBe(1);
    for (const s of ['IŞILTI', 'ışıltı']) expect(await count(`/api/web/products?search=${q(s)}`), s).toBe(1);
  });
});
