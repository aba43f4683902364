import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, fieldErrorsOf } from './api';
import { sessionStore } from './session';

const user = { _id: 'u1', email: 'a@b.co', firstname: 'Ayşe', lastname: 'Yılmaz', role: 0, user_img: '', permissions: {} };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set({ status: 'idle', token: null, user: null, email: null, role: null, reauthing: false, error: null });
});

describe('api() and the session', () => {
  it('re-verifies once on a 401 and retries the call when the token still holds', async () => {
    sessionStore.set({ status: 'successful', token: 'tok', user, email: user.email, role: 0 });
    const calls: string[] = [];
    let first = true;
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/auth/verifytoken') return json(200, user);
      if (first) { first = false; return json(401, { message: 'expired', code: 'error.tokenInvalid' }); }
      return json(200, { ok: 1 });
    }));
    await expect(api('/things')).resolves.toEqual({ ok: 1 });
    expect(calls).toEqual(['/api/things', '/api/auth/verifytoken', '/api/things']);
    expect(sessionStore.get().status).toBe('successful');
  });

  it('ends the session with Re-Authing Failed when the re-check is refused', async () => {
    sessionStore.set({ status: 'successful', token: 'tok', user, email: user.email, role: 0 });
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { message: 'no', code: 'error.tokenInvalid' })));
    const err = (await api('/things').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(sessionStore.get()).toMatchObject({ status: 'failed', error: 'auth.reauthFailed', token: null, user: null, role: null, email: null });
  });

  it('does not re-verify without a session', async () => {
    const fetchMock = vi.fn(async () => json(401, { message: 'no', code: 'error.unauthorized' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/things')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('fieldErrorsOf', () => {
  it('answers the server field messages of a refused save, or null', () => {
    const refused = new ApiError({ status: 400, statusText: 'Bad Request', message: 'x', code: 'error.validation', fields: { company_name: 'Company Name must be 3 characters long!' } });
    expect(fieldErrorsOf(refused)).toEqual({ company_name: 'Company Name must be 3 characters long!' });
    expect(fieldErrorsOf(new ApiError({ status: 409, statusText: 'Conflict', message: 'x', code: 'error.conflict', fields: {} }))).toBeNull();
    expect(fieldErrorsOf(new ApiError({ status: 500, statusText: 'Error', message: 'x', code: 'error.internal' }))).toBeNull();
    expect(fieldErrorsOf(new Error('plain'))).toBeNull();
  });
});
