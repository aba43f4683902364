import type { Locator } from '@playwright/test';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// A filled Mantine button shows its colour: Mantine's reset of every button (UnstyledButton) must come before the
// Button's own rules in the page's stylesheet (mantine-styles.ts; the entries import the base styles first).
const fill = (button: Locator) => button.evaluate((el) => {
  const style = getComputedStyle(el);
  return { background: style.backgroundColor, color: style.color };
});
const PRIMARY = 'rgb(25, 113, 194)'; // Mantine's blue 8 (#1971c2), the theme's primary filled colour
const WHITE = 'rgb(255, 255, 255)';

test('the sign-in button (public entry) is filled with the primary colour and written in white', async ({ page }) => {
  await page.goto('/login');
  const submit = page.locator('form button[type=submit]');
  await expect(submit).toBeVisible();
  expect(await fill(submit)).toEqual({ background: PRIMARY, color: WHITE });
});

test('a filled button of the back office (the purchase requests\' actions) is filled too', async ({ page }) => {
  await loginAs(page, '/buyings');
  const actions = page.getByTestId('buying-actions');
  await expect(actions).toBeVisible();
  expect(await fill(actions)).toEqual({ background: PRIMARY, color: WHITE });
});
