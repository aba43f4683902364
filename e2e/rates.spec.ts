import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// scripts/e2e-server.mjs serves a local central-bank feed in TCMB's today.xml format with these rates
// (the bulletin of the newest expected date), fetched only when a user presses "update rates".
const FEED = { usdBuying: '42,1834', usdSelling: '42,2595', eurBuying: '48,7602', eurSelling: '48,8481' };

test('the currency dropdown shows the rates in Turkish format, updates them, and /tcmblist lists the bulletins', async ({ page }) => {
  await loginAs(page);
  const button = page.getByTestId('currency-menu');
  // Demo bulletins first: selling rates with 4 decimals, comma decimal.
  await expect(button).toHaveText(/^\$ \d{2},\d{4} · € \d{2},\d{4}$/);
  await button.click();
  const dropdown = page.getByTestId('currency-dropdown');
  await expect(dropdown.getByText('Merkez bankası kurları (TCMB)')).toBeVisible();
  await expect(dropdown.getByTestId('rates-bulletin-date')).toHaveText(/^\d{2}\.\d{2}\.\d{4} tarihli bülten/);

  await dropdown.getByRole('button', { name: 'Kurları güncelle' }).click();
  await expect(page.getByText(/Kurlar güncel(lendi)?/).first()).toBeVisible();
  await expect(button).toHaveText(`$ ${FEED.usdSelling} · € ${FEED.eurSelling}`);
  await expect(dropdown.getByTestId('rate-USD')).toContainText(`${FEED.usdSelling} ₺`);
  await expect(dropdown.getByTestId('rate-USD')).toContainText(`${FEED.usdBuying} ₺`);
  await expect(dropdown.getByTestId('rate-EUR')).toContainText(`${FEED.eurSelling} ₺`);
  await expect(dropdown.getByText('Demo')).toHaveCount(0);

  const today = await (await page.request.get('/api/tcmb/today')).json();
  const [y, m, d] = (today.bulletinDate as string).split('-');

  await dropdown.getByRole('link', { name: 'Tüm kurlar' }).click();
  await expect(page).toHaveURL(/\/tcmblist$/);
  await expect(page.getByRole('heading', { name: 'Döviz Kurları' })).toBeVisible();
  await expect(page.locator('table thead th')).toHaveText(['#', 'Tarih', 'USD satış', 'USD alış', 'EUR satış', 'EUR alış']);
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(25);
  await expect(rows.first().locator('td')).toHaveText(['1', `${d}.${m}.${y} 15:30`, `${FEED.usdSelling} ₺`, `${FEED.usdBuying} ₺`, `${FEED.eurSelling} ₺`, `${FEED.eurBuying} ₺`]);
  // The older rows are the demo bulletins, marked as such, newest first.
  await expect(rows.nth(1).locator('td').nth(1)).toHaveText(/^\d{2}\.\d{2}\.\d{4} 15:30Demo$/);
});

test.describe('role 3', () => {
  test.use({ role: 3 });
  test('a person (role 3) sees the rates and may update them, but not the list', async ({ page }) => {
    await page.goto('/');
    const button = page.getByTestId('currency-menu');
    await expect(button).toHaveText(/^\$ \d{2},\d{4} · € \d{2},\d{4}$/);
    await button.click();
    const dropdown = page.getByTestId('currency-dropdown');
    await expect(dropdown.getByRole('button', { name: 'Kurları güncelle' })).toBeVisible();
    await expect(dropdown.getByRole('link', { name: 'Tüm kurlar' })).toHaveCount(0);
  });
});
