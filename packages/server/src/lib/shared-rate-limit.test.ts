import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rateLimitHits } from '../db/schema.js';
import { createTestContext, type SecondInstance, type TestContext } from '../test/helper.js';
import { insertModel, insertProduct } from '../modules/catalogue/test-fixtures.js';
import { createSharedRateLimiter } from './shared-rate-limit.js';

// Issue 27 (ADR 0042): behind the balancer one address's calls reach every API instance. The public calls' limits are
// kept in PostgreSQL, so two instances allow the limit together (5 offer requests in 10 minutes), not 5 each.
let t: TestContext;
let other: SecondInstance;
let product: string;
beforeAll(async () => {
  t = await createTestContext();
  other = await t.openSecondInstance();
  const model = await insertModel(t.database.db, 1);
  product = await insertProduct(t.database.db, 1, { id: model, index: 1 }, { urun_durumu: true });
}, 60_000);
afterAll(async () => { await t?.close(); });

const request = (app: typeof t.app, ip: string) => app.inject({
  method: 'POST', url: '/api/web/offer-requests', remoteAddress: ip, headers: { 'accept-language': 'en' },
  payload: { productId: product, lang: 'en', name: 'Ayşe Yılmaz', company: 'Yılmaz Enerji', email: 'ayse@yilmaz.com.tr', phone: '+90 555 123 45 67', quantity: 1, message: '' },
});

describe('rate limits shared by the API instances', () => {
  it('one address gets 5 offer requests in 10 minutes over two instances together; the 6th, on either, answers 429', async () => {
    const ip = '192.0.2.150';
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await request(i % 2 === 0 ? t.app : other.app, ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await request(other.app, ip);
    expect(refused.json().message).toMatch(/Too many offer requests.*try again in 10 minutes/);
    // Another address goes on.
    expect((await request(other.app, '192.0.2.151')).statusCode).toBe(200);
  });

  it('lets no more than the limit through when 20 calls of one key race on two instances', async () => {
    const a = createSharedRateLimiter(t.database.db, 'test.race', 3, 60_000);
    const b = createSharedRateLimiter(other.database.db, 'test.race', 3, 60_000);
    const waits = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).take('k')));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
    expect(waits.filter((w) => w > 0 && w <= 60_000)).toHaveLength(17);
  });

  it('counts a window: hits older than it no longer count', async () => {
    const l = createSharedRateLimiter(t.database.db, 'test.window', 2, 60_000);
    expect([await l.take('w'), await l.take('w')]).toEqual([0, 0]);
    expect(await l.take('w')).toBeGreaterThan(59_000);
    // A minute and a second later (the hits made older rather than the test waiting).
    await t.database.db.update(rateLimitHits).set({ at: sql`at - interval '61 seconds'` }).where(eq(rateLimitHits.name, 'test.window'));
    expect(await l.take('w')).toBe(0);
  });
});
