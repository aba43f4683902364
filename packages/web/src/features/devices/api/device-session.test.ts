import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http';
import { sessionStore } from '../../../lib/session';
import { deviceLoginFailure, deviceSessionStore } from './device-session';

describe('device login failure (spec 002 8)', () => {
  it('shows the server\'s explanation', () => {
    const err = new ApiError({ status: 401, statusText: 'Unauthorized', message: 'The e-mail or password is wrong.', code: 'auth.invalidCredentials', body: { status: 'failed', explanation: 'E-posta ya da şifre hatalı.' } });
    expect(deviceLoginFailure(err)).toBe('E-posta ya da şifre hatalı.');
  });
  it('falls back to the message when there is no explanation', () => {
    expect(deviceLoginFailure(new ApiError({ status: 429, statusText: 'Too Many', message: 'Too many requests.', code: 'error.tooMany' }))).toBe('Too many requests.');
  });
  it('says NO_RESPONSE when the service never answered', () => {
    expect(deviceLoginFailure(new ApiError({ status: 0, statusText: '', message: 'offline', code: 'network' }))).toBe('NO_RESPONSE');
    expect(deviceLoginFailure(new TypeError('Failed to fetch'))).toBe('NO_RESPONSE');
  });
});

describe('device session', () => {
  it('ends when the back-office session ends', () => {
    sessionStore.set({ token: 'back-office-token' });
    deviceSessionStore.set({ token: 'device-token' });
    sessionStore.set({ token: 'back-office-token-2' });
    expect(deviceSessionStore.get().token).toBe('device-token');
    sessionStore.set({ token: null });
    expect(deviceSessionStore.get().token).toBeNull();
  });
});
