import { expect, test } from '@playwright/test';
import { login } from './support/auth';
import { ADMIN } from './support/fixtures';

test('a guest opening / is sent to the public catalogue', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/web\/?$/);
});

test('the admin signs in, lands on the dashboard and sees the left menu', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/?$/);
  // The left menu is the shell's <nav> (Mantine AppShell.Navbar).
  const menu = page.getByRole('navigation').first();
  await expect(menu).toBeVisible();
  // A signed-in admin gets the role menu, not the guest's Products/Login menu.
  await expect(menu.locator('a[href="/login"]')).toHaveCount(0);
});
