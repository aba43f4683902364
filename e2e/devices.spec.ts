import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { ADMIN } from './support/fixtures';

// scripts/e2e-server.mjs runs the demo gateway simulator (three gateways in Ankara) and a tile URL that refuses:
// the device admin is the back office's first admin (DEVICE_ADMIN_* default to ADMIN_*).

async function deviceLogin(page: Page) {
  await loginAs(page, '/gatewaylist');
  // No device session yet: the device login opens.
  await expect(page).toHaveURL(/\/streetlightlogin$/);
  await page.getByLabel('E-posta').fill(ADMIN.email);
  await page.getByLabel('Şifre').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Giriş' }).click();
  await expect(page).toHaveURL(/\/gatewaylist$/);
}

test('device login refuses a wrong password with the server\'s explanation, then signs in to the gateway list', async ({ page }) => {
  await loginAs(page, '/streetlightlogin');
  await page.getByLabel('E-posta').fill(ADMIN.email);
  await page.getByLabel('Şifre').fill('wrong-password');
  await page.getByRole('button', { name: 'Giriş' }).click();
  await expect(page.getByRole('alert', { name: 'Giriş başarısız' })).toContainText('E-posta ya da şifre hatalı.');
  await expect(page).toHaveURL(/\/streetlightlogin$/);
  expect(await page.evaluate(() => localStorage.getItem('deviceToken'))).toBeNull();

  await page.getByLabel('Şifre').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Giriş' }).click();
  await expect(page).toHaveURL(/\/gatewaylist$/);
  const table = page.getByRole('table');
  for (const header of ['MAC adresi', 'Cihaz adı', 'Şehir', 'Durum']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  // The three demo gateways (other tests may register more).
  await expect(table.getByRole('row').filter({ hasText: 'GW-01-' })).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: 'GW-01-0001' })).toContainText('Ankara');
  await expect(table.getByRole('row').filter({ hasText: 'GW-01-0001' })).toContainText('Çevrimiçi');
  await page.getByPlaceholder('MAC, ad ya da şehir ara').fill('0002');
  await expect(table.getByRole('row').nth(1)).toContainText('0002');
  await expect(table.getByRole('row')).toHaveCount(2);
  // The IoT menu group holds both screens.
  await page.getByRole('navigation').getByText('IoT', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Ağ Geçitleri' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sokak Lambası Haritası' })).toBeVisible();
});

test('details show the five tabs, the meter bars, and a dial change ends green in the history', async ({ page }) => {
  await deviceLogin(page);
  await page.getByRole('row').filter({ hasText: 'GW-01-0001' }).click();
  await expect(page).toHaveURL(/\/devicedetails\/\w+$/);
  for (const tab of ['Cihaz bilgisi', 'Enerji analizörü', 'Programlar', 'Geçmiş', 'Mesh cihazlar']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByTestId('sunrise')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(page.getByTestId('sunset')).toHaveText(/^\d{2}:\d{2}$/);

  await page.getByRole('tab', { name: 'Enerji analizörü' }).click();
  for (const p of ['R', 'S', 'T']) {
    await expect(page.getByTestId(`voltage-${p}`)).toHaveText(/^2[234]\d,\d V$/);
    await expect(page.getByTestId(`current-${p}`)).toHaveText(/^\d+,\d{2} A$/);
  }
  // Voltage bar width = value / 3 percent.
  const volts = Number((await page.getByTestId('voltage-R').innerText()).replace(' V', '').replace(',', '.'));
  const width = await page.getByTestId('voltage-bar-R').locator('[role="progressbar"]').getAttribute('aria-valuenow');
  expect(Number(width)).toBeCloseTo(volts / 3, 1);
  await page.screenshot({ path: 'test-results/device-meter.png' });

  await page.getByRole('tab', { name: 'Mesh cihazlar' }).click();
  const firstLight = page.getByRole('row').filter({ hasText: 'GW-01-0001-L01' });
  await expect(firstLight).toContainText('Aktif');
  const before = Number((await firstLight.getByTestId('mesh-brightness').innerText()).replace('%', ''));
  await page.screenshot({ path: 'test-results/device-mesh.png' });
  await firstLight.getByText('GW-01-0001-L01').click();
  const dial = page.getByRole('dialog').getByRole('slider');
  await dial.focus();
  // One step of the dial (5 %), sent when the key is let go.
  await page.keyboard.press(before >= 100 ? 'ArrowLeft' : 'ArrowRight');
  const target = before >= 100 ? before - 5 : before + 5;
  await expect(page.getByText(`Parlaklık %${target} gönderildi`)).toBeVisible();
  await page.keyboard.press('Escape');
  // The light reports its new brightness without a reload.
  await expect(firstLight.getByTestId('mesh-brightness')).toHaveText(`${target}%`);

  await page.getByRole('tab', { name: 'Geçmiş' }).click();
  const row = page.getByRole('row').filter({ hasText: 'set_mesh_status' }).first();
  await expect(row.locator('[data-status="completed"]')).toBeVisible();
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  // Green at the theme's shade for filled colours (8 since the contrast change in app/theme.ts: white on it 3.5:1, was 2.4:1).
  await expect(row.locator('[data-status="completed"]')).toHaveCSS('background-color', 'rgb(47, 158, 68)');
  await page.screenshot({ path: 'test-results/device-history.png' });
});

test('programs are created, edited and removed on a gateway', async ({ page }) => {
  await deviceLogin(page);
  await page.getByRole('row').filter({ hasText: 'GW-01-0002' }).click();
  await page.getByRole('tab', { name: 'Programlar' }).click();
  await page.getByRole('button', { name: 'Yeni program' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Saat').fill('21:15');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  const row = page.getByRole('row').filter({ hasText: '21:15' });
  await expect(row).toContainText('100%');
  await row.getByRole('button', { name: /Düzenle 21:15/ }).click();
  await page.getByRole('menuitem', { name: 'Düzenle' }).click();
  await page.getByRole('dialog').getByLabel('Saat').fill('22:45');
  await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).click();
  const edited = page.getByRole('row').filter({ hasText: '22:45' });
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: /Düzenle 22:45/ }).click();
  await page.getByRole('menuitem', { name: 'Sil' }).click();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByText('Henüz program yok.')).toBeVisible();
});

test('the map shows a star for each gateway and light though no tiles can be fetched', async ({ page }) => {
  await deviceLogin(page);
  await page.getByRole('link', { name: 'Sokak Lambası Haritası' }).click();
  await expect(page).toHaveURL(/\/streetlightmap$/);
  const markers = page.locator('.leaflet-marker-icon');
  const map = await (await page.request.get('/device-api/gateway/map', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('deviceToken'))}` } })).json();
  const expected = map.gateways.reduce((n: number, g: { mesh_items: unknown[] }) => n + 1 + g.mesh_items.length, 0);
  await expect(markers).toHaveCount(expected);
  await page.locator('.leaflet-marker-icon[title="GW-01-0001"]').click();
  await expect(page.locator('.leaflet-popup')).toContainText('Ağ geçidi: GW-01-0001');
  await expect(page.locator('.leaflet-popup')).toContainText('Çevrimiçi');
  await page.screenshot({ path: 'test-results/device-map.png' });
});

test('the device admin manages device accounts and registers a gateway whose key is shown once', async ({ page }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `cihaz-${tag}@e2e.test`;
  await deviceLogin(page);

  // A new account: a too short password is refused under its field, then the account is made.
  await page.getByRole('link', { name: 'Hesaplar' }).click();
  await expect(page).toHaveURL(/\/deviceaccounts$/);
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('Yönetici');
  await page.getByRole('button', { name: 'Yeni hesap' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-posta' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Ad' }).fill('Saha Ekibi');
  await dialog.getByLabel('Şifre').fill('kisa');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog.getByText(/en az \d+ karakter/)).toBeVisible();
  await dialog.getByLabel('Şifre').fill('SahaEkibi123');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Kullanıcı');
  await expect(row).toContainText('Aktif');
  await page.screenshot({ path: 'test-results/device-accounts.png' });
  const login = (password: string) => page.request.post('/device-api/auth/login', { data: { email, password } });
  expect((await login('SahaEkibi123')).status()).toBe(200);

  // Deactivated, it can no longer sign in.
  await row.click();
  await page.getByRole('dialog').getByRole('switch', { name: 'Aktif' }).uncheck();
  await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).click();
  await expect(row).toContainText('Pasif');
  expect((await login('SahaEkibi123')).status()).toBe(401);

  // Register a gateway: the key is shown once; the gateway is listed, offline until it connects.
  await page.getByRole('button', { name: 'Ağ Geçitleri' }).or(page.getByRole('link', { name: 'Ağ Geçitleri' })).first().click();
  await expect(page).toHaveURL(/\/gatewaylist$/);
  await page.getByRole('button', { name: 'Ağ geçidi kaydet' }).click();
  const reg = page.getByRole('dialog');
  await reg.getByRole('textbox', { name: 'MAC adresi' }).fill('not-a-mac');
  await reg.getByRole('textbox', { name: 'Cihaz adı' }).fill(`E2E Geçit ${tag}`);
  await reg.getByRole('button', { name: 'Kaydet' }).click();
  await expect(reg.getByRole('textbox', { name: 'MAC adresi' })).toHaveAttribute('aria-invalid', 'true');
  const mac = Array.from({ length: 6 }, (_, i) => (i === 0 ? 'E2' : Math.floor(Math.random() * 256).toString(16).padStart(2, '0').toUpperCase())).join(':');
  await reg.getByRole('textbox', { name: 'MAC adresi' }).fill(mac);
  await reg.getByRole('button', { name: 'Kaydet' }).click();
  await expect(reg.getByText(`${mac} kaydedildi`)).toBeVisible();
  await expect(reg.getByTestId('gateway-key')).toHaveText(/^\S{20,}$/);
  await page.screenshot({ path: 'test-results/device-register.png' });
  await reg.getByRole('button', { name: 'Tamam' }).click();
  await page.getByPlaceholder('MAC, ad ya da şehir ara').fill(tag);
  const gw = page.getByRole('row').filter({ hasText: `E2E Geçit ${tag}` });
  await expect(gw).toContainText(mac);
  await expect(gw).toContainText('Çevrimdışı');
});
