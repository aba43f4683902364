import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';

/** Counts every password the server actually checks. */
const checked = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.js')>();
  return {
    ...real,
    verifyPassword: async (hashed: string, password: string) => {
      checked.count += 1;
      return real.verifyPassword(hashed, password);
    },
  };
});

let t: TestContext;
beforeAll(async () => { t = await createTestContext({ LOGIN_MAX_FAILURES: '5', LOGIN_LOCK_MINUTES: '15' }); });
afterAll(async () => { await t.close(); });
beforeEach(() => { checked.count = 0; vi.useRealTimers(); });

const login = (email: string, password: string) => t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('sign-in lockout under parallel guesses', () => {
  it('checks no more than LOGIN_MAX_FAILURES of 100 parallel wrong passwords and refuses the rest with 429', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login('r4@test.local', `wrong-${i}`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(95);
    expect(checked.count).toBe(5);
    expect(answers.find((a) => a.statusCode === 429)!.json()).toMatchObject({ code: 'auth.locked', status: 'failed' });
  });

  it('refuses the right password inside a burst after the limit, and checks none of the burst', async () => {
    const email = 'r5@test.local';
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong')).statusCode).toBe(401);
    checked.count = 0;
    const burst = Array.from({ length: 60 }, (_, i) => login(email, i === 30 ? USER_PASSWORD : `wrong-${i}`));
    const answers = await Promise.all(burst);
    expect(answers.every((a) => a.statusCode === 429)).toBe(true);
    expect(checked.count).toBe(0);
  });

  it('lets a burst with the right password among the first guesses in, and a success starts the count again', async () => {
    const email = 'r6@test.local';
    expect((await login(email, 'wrong')).statusCode).toBe(401);
    expect((await login(email, USER_PASSWORD)).statusCode).toBe(200);
    // The count starts again: four more failures do not lock.
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong')).statusCode).toBe(401);
    expect((await login(email, USER_PASSWORD)).statusCode).toBe(200);
  });

  it('limits failures per address across e-mails, counted before they are checked (LOGIN_MAX_FAILURES_PER_ADDRESS, 30 by default)', async () => {
    const from = (address: string, email: string, password: string) => t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: address });
    // 40 parallel guesses over 40 e-mails (none reaches its own limit) from one address.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => from('10.1.0.1', `spray-${i}@test.local`, 'wrong')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect(checked.count).toBe(30);
    expect(answers.find((a) => a.statusCode === 429)!.json()).toMatchObject({ code: 'auth.locked', status: 'failed' });
    // That address is refused even a right password; another address is not.
    expect((await from('10.1.0.1', 'r1@test.local', USER_PASSWORD)).statusCode).toBe(429);
    expect((await from('10.1.0.2', 'r1@test.local', USER_PASSWORD)).statusCode).toBe(200);
  });

  it('opens the e-mail again once the lock time has passed (controlled clock)', async () => {
    const email = 'r7@test.local';
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong')).statusCode).toBe(401);
    expect((await login(email, USER_PASSWORD)).statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 14 * 60_000);
    expect((await login(email, USER_PASSWORD)).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await login(email, USER_PASSWORD)).statusCode).toBe(200);
    vi.useRealTimers();
  });
});
