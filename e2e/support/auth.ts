import { expect, type Page } from '@playwright/test';
import { ADMIN, type Credentials } from './fixtures';

/**
 * Signs in through the real login page, as a user would, and waits until the
 * app has left /login. Fields are found by their input type (the labels are
 * translated; Turkish is the default language).
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

/** Signs in as one of the seeded users (see fixtures.ts); the admin by default. */
export async function loginAs(page: Page, user: Credentials = ADMIN): Promise<void> {
  await login(page, user.email, user.password);
}
