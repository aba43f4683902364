import type { Page } from '@playwright/test';
import { login, signIn } from './support/auth';
import { expect, test } from './support/test';

const nav = (page: Page) => page.getByRole('navigation').first();

test.describe('guards', () => {
  test('a guest is sent to /web from any protected screen and sees the guest menu', async ({ page }) => {
    for (const path of ['/', '/users', '/companies', '/companydetail/new']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/web\/?$/);
    }
    await expect(nav(page).locator('a[href="/web"]')).toHaveCount(1);
    await expect(nav(page).locator('a[href="/login"]')).toHaveCount(1);
    await expect(nav(page).locator('a[href="/users"]')).toHaveCount(0);
  });

  test("a guest's public area shows neither the back office subtitle nor the settings gear; the back office shows both", async ({ page, makeUser }) => {
    await page.goto('/web');
    await expect(page.getByRole('heading', { name: 'Ürün Kataloğu' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Yönetim paneli')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ayarlar' })).toHaveCount(0);
    await page.goto('/login');
    await expect(page.locator('input[type="password"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ayarlar' })).toHaveCount(0);

    const user = await makeUser({ role: 0 });
    await signIn(page, user);
    await page.goto('/');
    await expect(page.getByRole('banner').getByText('Yönetim paneli', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ayarlar' })).toBeVisible();
  });

  test('a dealer (role 5) may sign in but lands on the public area', async ({ page, makeUser }) => {
    const dealer = await makeUser({ role: 5 });
    // Signing in is what this test checks: through the login page.
    await login(page, dealer.email, dealer.password);
    await expect(page).toHaveURL(/\/web\/?$/);
    await page.goto('/companies');
    await expect(page).toHaveURL(/\/web\/?$/);
  });
});

test.describe('menu by role', () => {
  test.describe('role 0', () => {
    test.use({ role: 0 });
    test('sees the company group with users and companies', async ({ page }) => {
      await page.goto('/');
      await expect(nav(page).locator('a[href="/users"]')).toHaveCount(1);
      await expect(nav(page).locator('a[href="/companies"]')).toHaveCount(1);
    });
  });

  test.describe('role 1', () => {
    test.use({ role: 1 });
    test('manages users too', async ({ page }) => {
      await page.goto('/');
      await expect(nav(page).locator('a[href="/users"]')).toHaveCount(1);
    });
  });

  test.describe('role 2', () => {
    test.use({ role: 2 });
    test('gets the reduced menu without users, and /users is refused', async ({ page }) => {
      await page.goto('/');
      await expect(nav(page).locator('a[href="/"]')).toHaveCount(1);
      await expect(nav(page).locator('a[href="/users"]')).toHaveCount(0);
      await page.goto('/users');
      await expect(page.getByText('403')).toBeVisible();
    });
  });

  test.describe('role 3', () => {
    test.use({ role: 3 });
    test('gets no company or user entries and cannot open the dashboard', async ({ page }) => {
      await page.goto('/');
      await expect(nav(page)).toBeVisible();
      await expect(page.locator('a[href="/users"], a[href="/companies"]')).toHaveCount(0);
      await page.goto('/companies');
      await expect(page.getByText('403')).toBeVisible();
    });
  });
});

test.describe('session', () => {
  test('a wrong password shows the failure notice and stays on /login', async ({ page, makeUser }) => {
    // A user of its own: the failure counts towards that e-mail's lockout only, never the admin's.
    const user = await makeUser({ role: 2 });
    await page.goto('/login');
    await page.locator('input[type="email"]').fill(user.email);
    await page.locator('input[type="password"]').fill('wrong-password');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText('E-posta ya da şifre hatalı.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test.describe('signed in', () => {
    test.use({ role: 0 });
    test('signing out goes to /web and the old session no longer opens the back office', async ({ page, user }) => {
      await page.goto('/');
      await expect(page.getByTestId('user-panel')).toContainText(user!.email);
      await page.getByTestId('logout-icon').click();
      await expect(page).toHaveURL(/\/web\/?$/);
      await page.goto('/');
      await expect(page).toHaveURL(/\/web\/?$/);
    });
  });

  test('a link opened in a new tab stays signed in without remember-me, the token stays out of localStorage, and signing out ends both', async ({ context, page, makeUser }) => {
    const user = await makeUser({ role: 0 });
    await login(page, user.email, user.password);
    // A new tab of the same browser, as ctrl-click or 'open in new tab' makes it: no opener, empty sessionStorage.
    const tab = await context.newPage();
    await tab.goto('/companies');
    await expect(tab.getByRole('heading', { name: 'Firmalar' })).toBeVisible();
    await expect(tab.getByTestId('user-panel')).toContainText(user.email);
    const stored = await tab.evaluate(() => ({ local: localStorage.getItem('token'), session: sessionStorage.getItem('token') }));
    expect(stored.local).toBeNull();
    expect(stored.session).toBeTruthy();
    // Signing out in the first tab ends the session in the second at once.
    await page.getByTestId('logout-icon').click();
    await expect(tab).toHaveURL(/\/web\/?$/);
  });

  test('without remember-me the session does not outlive the tab; with it, it does', async ({ browser, makeUser }) => {
    const user = await makeUser({ role: 0, firstname: 'Remzi' });
    const context = await browser.newContext();
    const page = await context.newPage();
    await login(page, user.email, user.password);
    const stored = await page.evaluate(() => ({ local: localStorage.getItem('token'), session: sessionStorage.getItem('token') }));
    expect(stored.local).toBeNull();
    expect(stored.session).toBeTruthy();
    await context.close();

    const remembered = await browser.newContext();
    const p2 = await remembered.newPage();
    await p2.goto('/login');
    await p2.locator('input[type="email"]').fill(user.email);
    await p2.locator('input[type="password"]').fill(user.password);
    await p2.getByRole('checkbox').check();
    await p2.locator('form button[type="submit"]').click();
    await expect(p2).toHaveURL(/^https?:\/\/[^/]+\/?$/);
    const p3 = await remembered.newPage();
    await p3.goto('/');
    await expect(p3.getByText(/Merhaba, Remzi/)).toBeVisible();
    await remembered.close();
  });
});

test.describe('language', () => {
  test.use({ role: 0 });
  test('the language switch changes the whole interface and is remembered', async ({ page, user }) => {
    const name = user!.firstname;
    await page.goto('/');
    await expect(page.getByText(`Merhaba, ${name}`)).toBeVisible();
    await page.getByRole('button', { name: /Dil|Language|Idioma/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByText(`Hello, ${name}`)).toBeVisible();
    await expect(nav(page).getByText('Dashboard', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText(`Hello, ${name}`)).toBeVisible();
    await page.getByRole('button', { name: /Dil|Language|Idioma/ }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page.getByText(new RegExp(`Hola, ${name}`))).toBeVisible();
  });
});
