import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, ADMIN, USER_PASSWORD, type TestContext } from '../../test/helper.js';

let t: TestContext;
beforeAll(async () => { t = await createTestContext({ LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '15' }); });
afterAll(async () => { await t.close(); });

describe('POST /api/auth/login', () => {
  it('answers status successful, a token and the user without any hash', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('successful');
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email: ADMIN.email, role: 0, firstname: 'Sistem' });
    expect(res.body).not.toMatch(/argon2|password_hash/);
  });

  it('answers failed with an explanation in the caller language for a wrong password', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'r3@test.local', password: 'nope' }, lang: 'tr' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'failed', explanation: 'E-posta ya da şifre hatalı.', code: 'auth.invalidCredentials' });
  });

  it('refuses empty credentials with the field named', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toBe('Enter your e-mail and password.');
  });

  it('refuses an e-mail for a while after repeated failures, even with the right password', async () => {
    const email = 'r5@test.local';
    for (let i = 0; i < 3; i++) {
      const r = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong' } });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: USER_PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts\. Try again in \d+ minutes\./);
  });
});

describe('GET /api/auth/verifytoken and logout', () => {
  it('answers the user of a valid token and 401 without one', async () => {
    const ok = await t.call({ method: 'GET', url: '/api/auth/verifytoken', token: t.tokens[2] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: 'r2@test.local', role: 2, firstname: 'Role2', lastname: 'Tester', user_img: '' });
    const none = await t.call({ method: 'GET', url: '/api/auth/verifytoken' });
    expect(none.statusCode).toBe(401);
    const bad = await t.call({ method: 'GET', url: '/api/auth/verifytoken', token: 'abc.def.ghi' });
    expect(bad.statusCode).toBe(401);
  });

  it('logout invalidates the token at once', async () => {
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'r6@test.local', password: USER_PASSWORD } });
    const token = login.json().token;
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token })).statusCode).toBe(401);
  });

  it('an expired token is refused (controlled clock)', async () => {
    const token = t.tokens[1];
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token })).statusCode).toBe(200);
    // Relative to the token's own expiry (12 h after it was issued in the setup, however long ago that was).
    const exp = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number }).exp * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(exp - 5_000);
      expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token })).statusCode).toBe(200);
      vi.setSystemTime(exp + 5_000);
      const res = await t.call({ method: 'GET', url: '/api/auth/verifytoken', token });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('error.tokenInvalid');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('system', () => {
  it('health answers the database state without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().database.ok).toBe(true);
  });

  it('OpenAPI lists the routes', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/login', '/api/users/list', '/api/companies/list', '/api/companies/delete/{id}']));
  });

  it('storage figures need a back-office session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/system/storage', token: t.tokens[4] })).statusCode).toBe(403);
    const res = await t.call({ method: 'GET', url: '/api/system/storage', token: t.tokens[3] });
    expect(res.statusCode).toBe(200);
    expect(res.json().databaseBytes).toBeGreaterThan(0);
  });

  it('an unknown API path answers 404 JSON in the caller language', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nothing-here', lang: 'tr' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Böyle bir adres yok.', code: 'error.routeNotFound' });
  });
});
