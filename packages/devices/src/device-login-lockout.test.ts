import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../server/src/test/helper.js';
import { ManualClock } from './clock.js';

/** Counts every password hash the server verifies (both sign-ins use argon2's verify). */
const checked = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: (...args: Parameters<typeof real.verify>) => { checked.count += 1; return real.verify(...args); } };
});

// By default the device admin has the back-office admin's e-mail and password (DECISIONS 10): here too.
const ADMIN = { email: 'admin@test.local', password: 'Admin12345!' };
const clock = new ManualClock(Date.now());
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ DEVICE_ADMIN_EMAIL: ADMIN.email, DEVICE_ADMIN_PASSWORD: ADMIN.password, LOGIN_MAX_FAILURES: '5', LOGIN_LOCK_MINUTES: '15', LOGIN_MAX_FAILURES_PER_ADDRESS: '12' }, { deviceClock: clock });
}, 180_000);
afterAll(async () => { await t?.close(); });
beforeEach(() => { checked.count = 0; });

/** A device sign-in from `address` (each test its own, so no test shares another's count). */
const login = (email: string, password: string, address: string) =>
  t.call({ method: 'POST', url: '/device-api/auth/login', payload: { email, password }, remoteAddress: address });
const account = async (email: string) => {
  const admin = (await login(ADMIN.email, ADMIN.password, '10.9.9.9')).json().token as string;
  const res = await t.call({ method: 'POST', url: '/device-api/accounts/create', token: admin, payload: { email, name: 'Guess Target', password: 'Target12345!' }, remoteAddress: '10.9.9.9' });
  expect(res.statusCode, res.body).toBe(200);
};

describe('POST /device-api/auth/login under guessing', () => {
  it('checks only LOGIN_MAX_FAILURES of 20 parallel wrong passwords, refuses the rest with 429, then refuses the right one; the back office is not locked by it', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(ADMIN.email, `wrong-${i}`, '10.0.0.1')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect(checked.count).toBe(5);
    expect(answers.find((a) => a.statusCode === 429)!.json()).toMatchObject({ code: 'auth.locked', status: 'failed', message: expect.stringMatching(/Try again in 15 minutes/) });

    checked.count = 0;
    const right = await login(ADMIN.email, ADMIN.password, '10.0.0.1');
    expect(right.statusCode).toBe(429);
    // Nor from another address: the lock is the account's.
    expect((await login(ADMIN.email, ADMIN.password, '10.0.0.99')).statusCode).toBe(429);
    expect(checked.count).toBe(0);
    // Locked is the device account, not the back office's of the same e-mail (their accounts are apart).
    expect((await t.call({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).statusCode).toBe(200);

    // The lock runs on the service's clock: after LOGIN_LOCK_MINUTES the right password works again.
    clock.advance(14 * 60_000);
    expect((await login(ADMIN.email, ADMIN.password, '10.0.0.1')).statusCode).toBe(429);
    clock.advance(2 * 60_000);
    expect((await login(ADMIN.email, ADMIN.password, '10.0.0.1')).statusCode).toBe(200);
  });

  it('limits failures per address across e-mails (counted before the check); sign-ins that succeed do not count; other addresses are not limited', async () => {
    await account('spread@test.local');
    // 4 failures on each of three e-mails (none reaches its own limit of 5), with right sign-ins in between.
    for (const email of ['spread@test.local', 'nobody-1@test.local', 'nobody-2@test.local']) {
      expect((await login('spread@test.local', 'Target12345!', '10.0.0.2')).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(email, `wrong-${i}`, '10.0.0.2')).statusCode).toBe(401);
    }
    checked.count = 0;
    // The 13th failure from the address, in parallel with more: refused unchecked, whatever the e-mail.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => login(`fresh-${i}@test.local`, 'wrong', '10.0.0.2')));
    expect(burst.map((a) => a.statusCode)).toEqual(Array(10).fill(429));
    expect(burst[0].json()).toMatchObject({ code: 'auth.locked', status: 'failed' });
    expect(checked.count).toBe(0);
    // Even the right password of an unlocked account, from that address.
    expect((await login('spread@test.local', 'Target12345!', '10.0.0.2')).statusCode).toBe(429);
    // Another address is not limited.
    expect((await login('spread@test.local', 'Target12345!', '10.0.0.3')).statusCode).toBe(200);
    expect((await login('fresh-0@test.local', 'wrong', '10.0.0.3')).statusCode).toBe(401);
    // The address's window passes on the service's clock.
    clock.advance(16 * 60_000);
    expect((await login('spread@test.local', 'Target12345!', '10.0.0.2')).statusCode).toBe(200);
  });

  it('20 parallel guesses spread over 20 e-mails from one address: at most LOGIN_MAX_FAILURES_PER_ADDRESS are checked', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`spray-${i}@test.local`, 'wrong', '10.0.0.4')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(12);
    expect(codes.filter((c) => c === 429)).toHaveLength(8);
    expect(checked.count).toBe(12);
  });
});
