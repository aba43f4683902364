import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@isik/domain';
import { i18n, tm } from '../i18n';
import { ApiError, request } from './http';
import { notifyFailure } from './notify';
import { queryClient } from './query-client';
import { isOpenPath } from './open-paths';
import { createSessionShare, type SessionShare } from './session-share';
import { createStore, safeStorage, useStore } from './store';

export type SessionStatus = 'idle' | 'pending' | 'successful' | 'failed';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  email: string | null;
  user: SessionUser | null;
  role: number | null;
  /** True while a stored token is being checked with the server. */
  reauthing: boolean;
  /** A domain message key or an already translated text; show it with tm(). */
  error: string | null;
}

export const TOKEN_KEY = 'token';
export const REAUTH_FAILED = 'auth.reauthFailed';

function storedToken(): string | null {
  return safeStorage('local')?.getItem(TOKEN_KEY) ?? safeStorage('session')?.getItem(TOKEN_KEY) ?? null;
}

/** remember-me keeps the token across browser restarts; without it the token dies with the tab. */
function storeToken(token: string, remember: boolean): void {
  forgetToken();
  safeStorage(remember ? 'local' : 'session')?.setItem(TOKEN_KEY, token);
}

function forgetToken(): void {
  safeStorage('local')?.removeItem(TOKEN_KEY);
  safeStorage('session')?.removeItem(TOKEN_KEY);
}

const token = typeof window === 'undefined' ? null : storedToken();
export const sessionStore = createStore<SessionState>({
  status: 'idle',
  token,
  email: null,
  user: null,
  role: null,
  // Set before the first render so the router never judges access before the stored token is checked.
  reauthing: token !== null,
  error: null,
});

export function useSession(): SessionState;
export function useSession<S>(selector: (s: SessionState) => S): S;
export function useSession<S>(selector?: (s: SessionState) => S): S | SessionState {
  return useStore(sessionStore, selector);
}

/**
 * Login and verifytoken answer the user either bare or inside `user`; older fields may be missing. The server has
 * already shaped the answer with the domain's response schema, so this only normalises it, without zod: the session
 * check comes before every signed-in page's first render (ADR 0030), and zod is 27 KiB.
 */
export async function toSessionUser(body: unknown): Promise<SessionUser | null> {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const u = (typeof b.user === 'object' && b.user !== null ? b.user : b) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : null);
  const id = String(u._id ?? u.id ?? '');
  const role = typeof u.role === 'string' && u.role.trim() !== '' ? Number(u.role) : u.role;
  const [firstname, lastname, userImg] = [text(u.firstname), text(u.lastname), text(u.user_img)];
  if (typeof u.email !== 'string' || typeof role !== 'number' || !Number.isFinite(role) || firstname === null || lastname === null || userImg === null) return null;
  const permissions = typeof u.permissions === 'object' && u.permissions !== null && !Array.isArray(u.permissions) ? (u.permissions as SessionUser['permissions']) : {};
  return { _id: id, email: u.email, firstname, lastname, role, user_img: userImg, permissions };
}

function clearSession(keepStoredToken = false): void {
  if (!keepStoredToken) forgetToken();
  sessionStore.set({ status: 'idle', token: null, email: null, user: null, role: null, reauthing: false, error: null });
  // Cached lists belong to the previous user; the next one must never see them.
  queryClient.clear();
}

let verifying: Promise<boolean> | null = null;
/** While signing out the server revokes the token at once; the 401s and socket closes that follow are expected. */
let signingOut = false;

/**
 * Checks the current token with the server (at start and after any 401). Concurrent callers share
 * one check. A refused token ends the session; anything short of a refusal (an unreachable server, a
 * 5xx, an answer cut off, the check interrupted because the page is being left) ends it too but keeps
 * the stored token, so the next page or a reload once the server is back signs the user in again.
 * Only the server's own refusal (a 4xx) forgets the stored token: a tab left while the answer was still
 * arriving must not sign the next page out.
 */
export function reverifySession(): Promise<boolean> {
  if (verifying) return verifying;
  const current = sessionStore.get().token;
  if (!current || signingOut) return Promise.resolve(false);
  sessionStore.set({ reauthing: true });
  verifying = (async () => {
    try {
      const body = await request<unknown>('/auth/verifytoken', { token: current });
      const user = await toSessionUser(body);
      if (!user) throw new Error('verifytoken answered no user');
      sessionStore.set({ status: 'successful', user, email: user.email, role: user.role, reauthing: false, error: null });
      return true;
    } catch (err) {
      // The token was replaced while we checked (e.g. a password change answered a fresh one): keep the session.
      if (sessionStore.get().token !== current) {
        sessionStore.set({ reauthing: false });
        return true;
      }
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      clearSession(!refused);
      sessionStore.set({ status: 'failed', error: REAUTH_FAILED });
      notifyFailure(tm(REAUTH_FAILED));
      return false;
    } finally {
      verifying = null;
    }
  })();
  return verifying;
}

let share: SessionShare | null = null;

/**
 * Starts the check of a stored token; called once before the first render. A tab without one asks the
 * browser's other tabs of this site for theirs (a link opened in a new tab stays signed in, lib/session-share.ts);
 * on a protected page it shows the loader meanwhile, on the public area it renders at once.
 */
export function bootstrapSession(): void {
  share = createSessionShare({
    currentToken: () => (sessionStore.get().status === 'successful' ? sessionStore.get().token : null),
    onSignedOut: (token) => {
      if (sessionStore.get().token === token) clearSession();
    },
  });
  // A tab that comes to hold a session (a sign-in, or the server accepting the stored token of a tab just loaded)
  // says so at once, so a tab opened right after waits for its answer, and offers it to any tab that asked meanwhile:
  // until then this tab does not answer (it gives away only a token the server accepted).
  let wasShareable = false;
  sessionStore.subscribe(() => {
    const shareable = sessionStore.get().status === 'successful' && !!sessionStore.get().token;
    if (shareable && !wasShareable) share?.offer();
    wasShareable = shareable;
  });
  if (sessionStore.get().token) void reverifySession();
  else if (share.available) {
    const waitForIt = !isOpenPath(window.location.pathname);
    if (waitForIt) sessionStore.set({ reauthing: true });
    void share.ask().then((shared) => {
      if (shared && !sessionStore.get().token) {
        // Kept for this tab only, as the tab it came from keeps it.
        storeToken(shared, false);
        sessionStore.set({ token: shared });
        void reverifySession();
      } else if (waitForIt && !verifying) {
        sessionStore.set({ reauthing: false });
      }
    });
  }
  // Another tab signing out (or in) with a remembered token should not leave this tab on a stale session.
  window.addEventListener('storage', (e) => {
    if (e.key !== TOKEN_KEY || e.storageArea !== safeStorage('local')) return;
    if (!e.newValue) clearSession(true);
    else if (e.newValue !== sessionStore.get().token) {
      sessionStore.set({ token: e.newValue });
      void reverifySession();
    }
  });
}

export interface LoginInput { email: string; password: string; remember: boolean }
export type LoginResult = { ok: true; user: SessionUser } | { ok: false; explanation: string | null };

interface LoginAnswer { status?: string; token?: string; user?: unknown; explanation?: string; message?: string }

/** Returns null (and does nothing) while a login is running or when e-mail or password is empty (spec 2.4). */
export async function login({ email, password, remember }: LoginInput): Promise<LoginResult | null> {
  if (sessionStore.get().status === 'pending' || !email.trim() || !password) return null;
  sessionStore.set({ status: 'pending', error: null });
  try {
    const answer = await request<LoginAnswer>('/auth/login', { method: 'POST', body: { email: email.trim(), password, remember } });
    const user = await toSessionUser(answer?.user);
    if (answer?.status !== 'successful' || !answer.token || !user) {
      throw new ApiError({ status: 200, statusText: 'OK', message: answer?.explanation ?? '', code: 'auth.failed', body: answer });
    }
    storeToken(answer.token, remember);
    sessionStore.set({ status: 'successful', token: answer.token, user, email: user.email, role: user.role, error: null });
    return { ok: true, user };
  } catch (err) {
    let explanation: string | null = null;
    if (err instanceof ApiError) {
      const body = (typeof err.body === 'object' && err.body !== null ? err.body : {}) as LoginAnswer;
      explanation = body.explanation || (err.isNetworkError ? err.message : body.message) || null;
    }
    sessionStore.set({ status: 'failed', token: null, user: null, email: null, role: null, error: explanation });
    return { ok: false, explanation };
  }
}

/** The login screen shows the failure once as a notice; afterwards the error is cleared (spec 8). */
export function clearSessionError(): void {
  sessionStore.set({ error: null });
}

/** Tells the server (so the token stops working at once), then forgets everything about the user. */
export async function logout(): Promise<void> {
  const current = sessionStore.get().token;
  signingOut = true;
  try {
    if (current) {
      share?.announceSignOut(current);
      await request('/auth/logout', { method: 'POST', token: current });
    }
  } catch {
    // Signing out must always work locally, even when the server is unreachable.
  } finally {
    clearSession();
    signingOut = false;
  }
}

/** Logout for components: signs out and goes to the public catalogue. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    await navigate('/web', { replace: true });
  }, [navigate]);
}

/** A user's display name, or the translated guest label. */
export function displayName(user: SessionUser | null): string {
  if (!user) return i18n.t('shell.guest');
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}
