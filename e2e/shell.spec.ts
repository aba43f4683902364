import { expect, test, type Page } from '@playwright/test';
import { login, loginAs } from './support/auth';
import { ADMIN, userOfRole } from './support/fixtures';

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

  test('a dealer (role 5) may sign in but lands on the public area', async ({ page }) => {
    await loginAs(page, userOfRole(5));
    await expect(page).toHaveURL(/\/web\/?$/);
    await page.goto('/companies');
    await expect(page).toHaveURL(/\/web\/?$/);
  });
});

test.describe('menu by role', () => {
  test('role 0 sees the company group with users and companies', async ({ page }) => {
    await loginAs(page, ADMIN);
    await expect(nav(page).locator('a[href="/users"]')).toHaveCount(1);
    await expect(nav(page).locator('a[href="/companies"]')).toHaveCount(1);
  });

  test('role 1 manages users too', async ({ page }) => {
    await loginAs(page, userOfRole(1));
    await expect(nav(page).locator('a[href="/users"]')).toHaveCount(1);
  });

  test('role 2 gets the reduced menu without users, and /users is refused', async ({ page }) => {
    await loginAs(page, userOfRole(2));
    await expect(nav(page).locator('a[href="/"]')).toHaveCount(1);
    await expect(nav(page).locator('a[href="/users"]')).toHaveCount(0);
    await page.goto('/users');
    await expect(page.getByText('403')).toBeVisible();
  });

  test('role 3 gets no company or user entries and cannot open the dashboard', async ({ page }) => {
    await loginAs(page, userOfRole(3));
    await expect(page.locator('a[href="/users"], a[href="/companies"]')).toHaveCount(0);
    await page.goto('/companies');
    await expect(page.getByText('403')).toBeVisible();
  });
});

test.describe('session', () => {
  test('a wrong password shows the failure notice and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[type="email"]').fill(ADMIN.email);
    await page.locator('input[type="password"]').fill('wrong-password');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText('E-posta ya da şifre hatalı.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('signing out goes to /web and the old session no longer opens the back office', async ({ page }) => {
    await loginAs(page, ADMIN);
    await expect(page.getByTestId('user-panel')).toContainText(ADMIN.email);
    await page.getByTestId('logout-icon').click();
    await expect(page).toHaveURL(/\/web\/?$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/web\/?$/);
  });

  test('without remember-me the session does not outlive the tab; with it, it does', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await login(page, ADMIN.email, ADMIN.password);
    const stored = await page.evaluate(() => ({ local: localStorage.getItem('token'), session: sessionStorage.getItem('token') }));
    expect(stored.local).toBeNull();
    expect(stored.session).toBeTruthy();
    await context.close();

    const remembered = await browser.newContext();
    const p2 = await remembered.newPage();
    await p2.goto('/login');
    await p2.locator('input[type="email"]').fill(ADMIN.email);
    await p2.locator('input[type="password"]').fill(ADMIN.password);
    await p2.getByRole('checkbox').check();
    await p2.locator('form button[type="submit"]').click();
    await expect(p2).toHaveURL(/^https?:\/\/[^/]+\/?$/);
    const p3 = await remembered.newPage();
    await p3.goto('/');
    await expect(p3.getByText(/Merhaba, Sistem/)).toBeVisible();
    await remembered.close();
  });
});

test('the language switch changes the whole interface and is remembered', async ({ page }) => {
  await loginAs(page, ADMIN);
  await expect(page.getByText('Merhaba, Sistem')).toBeVisible();
  await page.getByRole('button', { name: /Dil|Language|Idioma/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('Hello, Sistem')).toBeVisible();
  await expect(nav(page).getByText('Dashboard')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Hello, Sistem')).toBeVisible();
  await page.getByRole('button', { name: /Dil|Language|Idioma/ }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByText(/Hola, Sistem/)).toBeVisible();
});
