import { expect, type Page } from '@playwright/test';
import { apiSignIn } from './api';
import { ADMIN, type Credentials } from './fixtures';

/**
 * Signs in through the real login page, as a user would, and waits until the
 * app has left /login. Fields are found by their input type (the labels are
 * translated; Turkish is the default language). Use it only where the sign-in
 * itself is what a test checks; everywhere else `loginAs`/`signIn` are faster and
 * do not count towards the per-e-mail lockout.
 */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const emailInput = page.locator('input[type="email"], input[name="email"], input[autocomplete="username"]').first();
  const passwordInput = page.locator('input[type="password"]').first();
  await emailInput.fill(email);
  await passwordInput.fill(password);
  await page.locator('form button[type="submit"]').first().click();
  await expect(page).not.toHaveURL(/\/login(\?|#|$)/);
}

/** Where the web client keeps the session token (packages/web/src/lib/session.ts, TOKEN_KEY). */
export const TOKEN_KEY = 'token';
const SEED_KEY = '__e2e_session_seed';
let seedSeq = 0;

/**
 * The admin's token is signed in once per worker and shared (no test signs the admin out or changes its password,
 * e2e/README.md); every other user is signed in anew, so a test that signs its own user out stays on its own.
 */
const adminTokens = new Map<string, Promise<string>>();
function tokenOf(page: Page, user: Pick<Credentials, 'email' | 'password'>): Promise<string> {
  const signInNow = () => apiSignIn(page.request, user).then((r) => r.token);
  if (user.email !== ADMIN.email || user.password !== ADMIN.password) return signInNow();
  let token = adminTokens.get(user.email);
  if (!token) {
    token = signInNow();
    adminTokens.set(user.email, token);
    token.catch(() => adminTokens.delete(user.email));
  }
  return token;
}

/**
 * Signs `user` in through the API and puts the token where the web client keeps it: sessionStorage
 * of this tab (a sign-in without remember-me), or localStorage with `remember: true`. Nothing is
 * loaded; the next navigation starts the app signed in. The token is put in once per tab: a later
 * sign-out in the test stays signed out, and a later `signIn` on the same page wins.
 * Other tabs of the context are not signed in by this (they get the session the way the app shares it).
 */
export async function signIn(page: Page, user: Pick<Credentials, 'email' | 'password'>, opts: { remember?: boolean } = {}): Promise<string> {
  const token = await tokenOf(page, user);
  const seq = Date.now() * 1000 + (++seedSeq % 1000);
  await page.addInitScript(({ key, seedKey, token, seq, remember }) => {
    try {
      // Put in once per tab; the newest signIn on this page wins.
      if (Number(window.sessionStorage.getItem(seedKey) ?? 0) >= seq) return;
      window.sessionStorage.setItem(seedKey, String(seq));
      window.localStorage.removeItem(key);
      window.sessionStorage.removeItem(key);
      (remember ? window.localStorage : window.sessionStorage).setItem(key, token);
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  }, { key: TOKEN_KEY, seedKey: SEED_KEY, token, seq, remember: opts.remember === true });
  return token;
}

/**
 * Signs in as `user` (the admin by default) through the API and opens `path` (default '/': the dashboard for
 * roles 0-3, the public catalogue /web for roles 4-7), then waits until the app has checked the token and shows
 * the user signed in. Same end state as a sign-in through the login page, without typing it. Open the screen a
 * test starts on here (`loginAs(page, '/products')`) rather than with a second `page.goto`: one app load, not two.
 */
export async function loginAs(page: Page, path?: string): Promise<void>;
export async function loginAs(page: Page, user: Credentials, path?: string): Promise<void>;
export async function loginAs(page: Page, userOrPath: Credentials | string = ADMIN, path = '/'): Promise<void> {
  const [user, to] = typeof userOrPath === 'string' ? [ADMIN, userOrPath] : [userOrPath, path];
  await signIn(page, user);
  await page.goto(to);
  // The header offers signing out only to a signed-in session: the token check has answered and accepted it.
  await expect(page.getByTestId('logout-icon'), `signed in as ${user.email} on ${to}`).toBeAttached();
}
