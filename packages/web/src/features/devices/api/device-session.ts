import { sessionUserSchema, type SessionUser } from '@isik/domain';
import { ApiError, request } from '../../../lib/http';
import { createStore, safeStorage, useStore } from '../../../lib/store';
import { sessionStore } from '../../../lib/session';

/**
 * The device-system session (spec 002 4): separate from the back-office session, its token kept in browser
 * storage, cleared on failure or logout.
 */
export interface DeviceSessionState { token: string | null; user: SessionUser | null }

export const DEVICE_TOKEN_KEY = 'deviceToken';

function stored(): string | null {
  return safeStorage('local')?.getItem(DEVICE_TOKEN_KEY) ?? null;
}

export const deviceSessionStore = createStore<DeviceSessionState>({ token: typeof window === 'undefined' ? null : stored(), user: null });

// Signing out of the back office (or its session ending) also ends the device session: the next person at this
// browser must not inherit it.
let backOfficeToken = sessionStore.get().token;
sessionStore.subscribe(() => {
  const next = sessionStore.get().token;
  if (backOfficeToken && !next) clearDeviceSession();
  backOfficeToken = next;
});

export function useDeviceSession<S>(selector: (s: DeviceSessionState) => S): S {
  return useStore(deviceSessionStore, selector);
}

export function clearDeviceSession(): void {
  safeStorage('local')?.removeItem(DEVICE_TOKEN_KEY);
  deviceSessionStore.set({ token: null, user: null });
}

/** Calls the device service with the device token; a 401 ends the device session (the gate then shows the login). */
export async function deviceApi<T>(path: string, options: Parameters<typeof request>[1] = {}): Promise<T> {
  const token = deviceSessionStore.get().token;
  try {
    return await request<T>(`/device-api${path}`, { ...options, token });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && token && deviceSessionStore.get().token === token) clearDeviceSession();
    throw err;
  }
}

/** Signs in to the device service; on failure the stored device session is cleared and the error thrown. */
export async function deviceLogin(email: string, password: string): Promise<void> {
  try {
    const res = await request<{ token: string; user: unknown }>('/device-api/auth/login', { method: 'POST', body: { email, password } });
    const user = sessionUserSchema.safeParse(res.user);
    safeStorage('local')?.setItem(DEVICE_TOKEN_KEY, res.token);
    deviceSessionStore.set({ token: res.token, user: user.success ? user.data : null });
  } catch (err) {
    clearDeviceSession();
    throw err;
  }
}

export async function deviceLogout(): Promise<void> {
  try { await deviceApi('/auth/logout', { method: 'POST' }); } catch { /* the session ends either way */ }
  clearDeviceSession();
}

/** The message of a failed device login: the server's explanation, or 'NO_RESPONSE' when it never answered (spec 002 8). */
export function deviceLoginFailure(err: unknown): string {
  if (err instanceof ApiError && !err.isNetworkError) {
    const body = err.body as { explanation?: unknown } | undefined;
    return typeof body?.explanation === 'string' && body.explanation ? body.explanation : err.message;
  }
  return 'NO_RESPONSE';
}
