// Issue 27, ADR 0051: the product list serves a page from the client's anchor (Page-Anchor of the page it shows);
// every page reached so, forwards, backwards and from the end, is the page OFFSET serves (integer, float, numeric,
// text and date keys, with ties).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { getPage, walkAnchoredPages } from '../../test/anchored-walk.js';
import { insertModel, insertProduct } from '../catalogue/test-fixtures.js';

let t: TestContext;
const PRODUCTS = 21;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const models = [await insertModel(db, 1), await insertModel(db, 2, { model_kategori: 3 })];
  for (let i = 0; i < PRODUCTS; i++) {
    await insertProduct(db, i + 1, { id: models[i % 2], index: i % 2 + 1 }, { urun_adi: [['Işıltı', 'ışıltı', 'Çınar'][i % 3], 'Glow'], urun_sira: i % 4 });
  }
  // Powers that tie and that a float writes long (0.1 + 0.2), prices that tie.
  await db.execute(sql`update products set urun_guc = (urun_sira % 3) * 0.1 + 0.2, urun_fiyat = (urun_sira % 2) * 12.5, created_at = timestamptz '2026-01-01 00:00:00.000007+00' + (urun_sira % 2) * interval '1 minute'`);
});
afterAll(async () => { await t?.close(); });

describe('the product list by anchor', () => {
  for (const sort of ['orderBy=urun_sira', 'orderBy=urun_guc&order=desc', 'orderBy=urun_fiyat', 'orderBy=urun_adi&order=desc', 'orderBy=model_category&order=desc', 'orderBy=date']) {
    it(`${sort}: every page from every page's anchor is OFFSET's page`, async () => {
      await walkAnchoredPages(t, `/api/products/list?type=list&${sort}`, 'products', 4, PRODUCTS);
    });
  }

  it('an anchor of another sort or category is ignored', async () => {
    const want = await getPage(t, '/api/products/list?orderBy=urun_sira&category=3&pageSize=4&page=2', 'products');
    expect(want.ids).toHaveLength(4);
    const other = await getPage(t, '/api/products/list?orderBy=urun_sira&pageSize=4&page=1', 'products');
    expect((await getPage(t, `/api/products/list?orderBy=urun_sira&category=3&pageSize=4&page=2&anchor=${other.anchor}`, 'products')).ids).toEqual(want.ids);
  });
});
