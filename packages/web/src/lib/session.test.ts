import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapSession, reverifySession, sessionStore, TOKEN_KEY } from './session';
import { createSessionShare } from './session-share';
import { memoryStorage } from '../test/memory-storage';

const user = { _id: 'u1', email: 'a@b.co', firstname: 'Ayşe', lastname: 'Yılmaz', role: 0, user_img: '', permissions: {} };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A 200 whose body breaks off after the headers, as when the tab is left while the answer is still arriving. */
function cutOff(): Response {
  const body = new ReadableStream({ start: (c) => c.error(new TypeError('network error')) });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

let session: Storage;

beforeEach(() => {
  session = memoryStorage();
  vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: session });
  session.setItem(TOKEN_KEY, 'tok');
  sessionStore.set({ status: 'idle', token: 'tok', user: null, email: null, role: null, reauthing: true, error: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set({ status: 'idle', token: null, user: null, email: null, role: null, reauthing: false, error: null });
});

describe('checking the stored token', () => {
  it('signs in with a token the server accepts', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, user)));
    await expect(reverifySession()).resolves.toBe(true);
    expect(sessionStore.get()).toMatchObject({ status: 'successful', role: 0, email: 'a@b.co', reauthing: false });
    expect(session.getItem(TOKEN_KEY)).toBe('tok');
  });

  it('forgets the stored token the server refuses', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { message: 'no', code: 'error.tokenInvalid' })));
    await expect(reverifySession()).resolves.toBe(false);
    expect(sessionStore.get()).toMatchObject({ status: 'failed', token: null });
    expect(session.getItem(TOKEN_KEY)).toBeNull();
  });

  it('keeps the stored token when the answer breaks off after its headers (the page is being left), so the next page is still signed in', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => cutOff()));
    await expect(reverifySession()).resolves.toBe(false);
    expect(session.getItem(TOKEN_KEY)).toBe('tok');
  });

  it('keeps the stored token when the check is aborted or the server is down', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new DOMException('The user aborted a request.', 'AbortError'); }));
    await expect(reverifySession()).resolves.toBe(false);
    expect(session.getItem(TOKEN_KEY)).toBe('tok');

    sessionStore.set({ token: 'tok' });
    vi.stubGlobal('fetch', vi.fn(async () => json(503, { message: 'down', code: 'error.unavailable' })));
    await expect(reverifySession()).resolves.toBe(false);
    expect(session.getItem(TOKEN_KEY)).toBe('tok');
  });
});

describe('toSessionUser (the signed-in user from login and verifytoken, without zod)', () => {
  it('takes the user bare or inside `user`, with a role sent as text and older fields missing', async () => {
    const { toSessionUser } = await import('./session');
    const expected = { _id: 'u1', email: 'a@b.c', firstname: 'Ayşe', lastname: '', role: 2, user_img: '', permissions: {} };
    await expect(toSessionUser({ _id: 'u1', email: 'a@b.c', firstname: 'Ayşe', role: 2 })).resolves.toEqual(expected);
    await expect(toSessionUser({ status: 'successful', user: { id: 'u1', email: 'a@b.c', firstname: 'Ayşe', role: '2' } })).resolves.toEqual(expected);
    const perms = { users: { read: true, create: false, update: false, delete: false } };
    await expect(toSessionUser({ user: { _id: 'u1', email: 'a@b.c', role: 0, permissions: perms } })).resolves.toMatchObject({ permissions: perms });
  });

  it('refuses an answer without an e-mail or a numeric role, or with fields of the wrong kind', async () => {
    const { toSessionUser } = await import('./session');
    for (const bad of [null, 'x', {}, { _id: 'u', role: 1 }, { _id: 'u', email: 'a@b.c' }, { _id: 'u', email: 'a@b.c', role: 'admin' }, { _id: 'u', email: 'a@b.c', role: 1, firstname: 5 }]) {
      await expect(toSessionUser(bad), JSON.stringify(bad)).resolves.toBeNull();
    }
  });
});

describe('sharing the session with a tab opened meanwhile', () => {
  it('a tab still checking its stored token answers a tab that asked meanwhile once the server accepts it', async () => {
    // Signing in on /login loads the back office as a new document (ADR 0030): its stored token is not yet checked
    // when a link opened in a new tab asks, so it cannot answer then; it offers the token as soon as the check is done.
    vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: session, location: { pathname: '/' }, addEventListener: () => {} });
    let accept!: () => void;
    const checked = new Promise<void>((resolve) => { accept = resolve; });
    vi.stubGlobal('fetch', vi.fn(async () => { await checked; return json(200, user); }));
    const newTab = createSessionShare({ currentToken: () => null, onSignedOut: () => {}, presence: null });
    try {
      const answer = newTab.ask(5000);
      bootstrapSession();
      // The ask reaches the loading tab while its check is still running; then the server accepts the token.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sessionStore.get().status).toBe('idle');
      accept();
      await expect(answer).resolves.toBe('tok');
    } finally {
      newTab.close();
    }
  });
});
