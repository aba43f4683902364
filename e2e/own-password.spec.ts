import { apiSignIn } from './support/api';
import { expect, test } from './support/test';

// DECISIONS 2: everyone changes their own password, roles 4-7 too, who see only the public area.
test.use({ role: 5 });

test('a role-5 user changes their own password from the user menu on /web and signs in with it', async ({ page, user, playwright, baseURL }) => {
  await page.goto('/web');
  await page.getByRole('button', { name: 'Kullanıcı menüsü' }).click();
  // No back-office profile for this role, only the password.
  await expect(page.getByRole('menuitem', { name: 'Profil' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Şifre değiştir' }).click();
  const form = page.getByTestId('password-form');
  await form.getByLabel('Yeni şifre', { exact: true }).fill('Yeni12345!');
  await form.getByLabel('Yeni şifre (tekrar)').fill('Yeni12345!');
  await form.getByRole('button', { name: 'Şifreyi değiştir' }).click();
  await expect(page.getByText('Şifre değiştirildi')).toBeVisible();
  await expect(form).toHaveCount(0);
  // Still signed in on this page (the answer carried a new token), and the new password is the one that works.
  await expect(page).toHaveURL(/\/web/);
  const request = await playwright.request.newContext({ baseURL });
  try {
    expect((await apiSignIn(request, { email: user!.email, password: 'Yeni12345!' })).token).toBeTruthy();
    const old = await request.post('/api/auth/login', { data: { email: user!.email, password: user!.password } });
    expect(old.status()).toBe(401);
  } finally {
    await request.dispose();
  }
});
