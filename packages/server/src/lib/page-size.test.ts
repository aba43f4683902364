import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helper.js';

/**
 * A page size over a list's limit is refused naming the field and the limit (the validation handler fills the
 * `.max()` check's maximum into 'error.pageSize.max'), in the caller's language, for every kind of list schema.
 */
let t: TestContext;
beforeAll(async () => { t = await createTestContext(); }, 60_000);
afterAll(async () => { await t?.close(); });

describe('page size limits', () => {
  it('each list names its own limit', async () => {
    const cases: [string, string, string][] = [
      ['/api/products/list?pageSize=1001', 'tr', 'Sayfa boyutu en fazla 1000 olabilir.'],
      ['/api/offers/list?pageSize=5000', 'en', 'The page size can be at most 1000.'],
      ['/api/buying/list?page=1&pageSize=1001', 'es', 'El tamaño de página puede ser como máximo 1000.'],
      ['/api/orders/list?page=1&pageSize=1001', 'en', 'The page size can be at most 1000.'],
      ['/api/orders/overview?pageSize=101', 'en', 'The page size can be at most 100.'],
    ];
    for (const [url, lang, text] of cases) {
      const res = await t.call({ method: 'GET', url, token: t.tokens[0], lang });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'error.validation', message: text, fields: { pageSize: text } });
    }
    // At the limit the list answers.
    expect((await t.call({ method: 'GET', url: '/api/products/list?pageSize=1000', token: t.tokens[0] })).statusCode).toBe(200);
  });
});
