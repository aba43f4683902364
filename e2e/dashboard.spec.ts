import type { Page } from '@playwright/test';
import { addMaterialStock, createMaterial } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR with the Istanbul time zone, so texts and numbers are Turkish.

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

const trNumber = (n: number, decimals = 0) => new Intl.NumberFormat('tr-TR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);

test('the admin dashboard shows the counts, and a stock-out made today appears live in materials used today and in the logs', async ({ page, admin, tag }) => {
  const material = await createMaterial(admin, `E2E Pano Malzemesi ${tag}`);
  // Other tests make records at the same time: the tiles are compared with the counts the page itself was answered.
  const seen: { counts?: Record<string, number> } = {};
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname === '/api/dashboard/counts' && res.ok()) seen.counts = (await res.json()) as Record<string, number>;
  });
  await loginAs(page);
  await expect(page).toHaveURL(/\/$/);
  // Greeting with the user's first name and today's date (Istanbul), DD.MM.YYYY.
  await expect(page.getByTestId('dashboard-greeting')).toHaveText(/^Merhaba, \S+/);
  const todayTr = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await expect(page.getByTestId('dashboard-date')).toHaveText(todayTr);
  const token = await tokenOf(page);
  const auth = { authorization: `Bearer ${token}` };

  await expect.poll(() => seen.counts?.products ?? 0).toBeGreaterThan(0);
  for (const key of ['products', 'offers', 'orders', 'orderItems', 'companies', 'users'] as const) {
    await expect.poll(async () => (await page.getByTestId(`tile-${key}-count`).textContent()) === trNumber(seen.counts![key])).toBe(true);
  }
  // Tiles lead where the admin may go.
  await expect(page.locator('a', { has: page.getByTestId('tile-products') })).toHaveAttribute('href', '/products');
  await expect(page.locator('a', { has: page.getByTestId('tile-users') })).toHaveAttribute('href', '/users');

  await expect(page.getByTestId('materials-today')).toBeVisible();

  // A manual stock-out through the API while the dashboard is open: the socket brings it without a reload.
  const description = `E2E çıkış ${tag}`;
  const res = await page.request.post('/api/stock/create', {
    headers: auth,
    data: { stock_id: material._id, operation_type: 'cikis', operation_center: 'uretim', qty: '2.5', price: '1', description },
  });
  expect(res.status()).toBe(200);

  const row = page.getByTestId('material-row').filter({ hasText: description });
  await expect(row).toBeVisible();
  // The columns of spec 000 2.5, and the row index first.
  await expect(page.getByTestId('materials-today').locator('thead th')).toHaveText(['#', 'Tarih', 'Ürün', 'Malzeme', 'Miktar', '']);
  await expect(page.getByTestId('logs-today').locator('thead th')).toHaveText(['#', 'Tarih', 'Kişi', 'Başlık', 'Açıklama', '']);
  await expect(row.locator('td').first()).toHaveText(/^\d+$/);
  await expect(row).toContainText(`${material.material_category} - ${material.material_group} - ${material.material_name}`);
  await expect(row).toContainText(`2,50 ${material.material_unit}`);
  await expect(page.getByTestId('log-row').filter({ hasText: material.material_name }).filter({ hasText: 'Stok hareketi oluşturuldu' }).first()).toBeVisible();

  // The row menu opens the material in a new window.
  await row.getByRole('button', { name: 'Aç' }).click();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('menuitem', { name: 'Malzeme' }).click()]);
  await expect(popup).toHaveURL(new RegExp(`/material/${material._id}$`));
  // Still signed in there (the session of a sign-in without remember-me lives in sessionStorage): the material's screen.
  await expect(popup.getByRole('heading', { name: material.material_name })).toBeVisible();
  await expect(popup).toHaveURL(new RegExp(`/material/${material._id}$`));
  await popup.close();
});

test("a visitor's offer request from the product page becomes a to-do in the admin's header, marked read by clicking", async ({ page, browser, tag }) => {
  const list = await (await page.request.get('/api/web/products?pageSize=1')).json();
  const product = list.products[0];
  const requester = `Deniz Test ${tag}`;

  // Signed out: the public product page.
  const visitor = await browser.newContext({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  const vp = await visitor.newPage();
  await vp.goto(`/web/${product._id}/0`);
  await vp.getByRole('button', { name: 'Teklif iste' }).click();
  const dialog = vp.getByRole('dialog');
  await dialog.getByRole('button', { name: 'İsteği gönder' }).click();
  // The form checks the server's rules before sending.
  await expect(dialog.getByText('Ad soyad yazınız.')).toBeVisible();
  await dialog.locator('input[name="name"]').fill(requester);
  await dialog.locator('input[name="company"]').fill('Deniz Enerji');
  await dialog.locator('input[name="email"]').fill('deniz@example.com');
  await dialog.locator('input[name="quantity"]').fill('25');
  await dialog.getByRole('button', { name: 'İsteği gönder' }).click();
  await expect(dialog.getByTestId('offer-sent')).toBeVisible();
  const offerNo = (await dialog.getByTestId('offer-no').textContent())?.trim() ?? '';
  expect(offerNo).toMatch(/^TKF-\d{4}-\d{4}$/);
  await visitor.close();

  await loginAs(page);
  await expect(page.getByTestId('todo-unread')).toBeVisible();
  await page.getByTestId('todo-bell').click();
  const item = page.getByTestId('todo-item').filter({ hasText: requester });
  await expect(item).toBeVisible();
  await expect(item).toContainText(offerNo);
  await expect(item).toContainText('Ofis');
  await expect(item).toHaveAttribute('data-read', 'false');
  await item.getByRole('button', { name: 'Okundu işaretle' }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(item.getByRole('button', { name: 'Okunmadı işaretle' })).toBeVisible();

  // The read mark is stored: after a reload it is still read.
  await page.reload();
  await page.getByTestId('todo-bell').click();
  await expect(page.getByTestId('todo-item').filter({ hasText: requester })).toHaveAttribute('data-read', 'true');
  // The offer request is in today's logs with a link to the offer.
  await page.keyboard.press('Escape');
  const logRow = page.getByTestId('log-row').filter({ hasText: offerNo }).filter({ has: page.getByRole('cell', { name: 'Web teklif isteği', exact: true }) });
  await expect(logRow).toBeVisible();
  await expect(logRow).toContainText('Web');
  // The link opens the draft offer (the to-do's link) in a new window; the window that would open is recorded here,
  // and the link is then followed in this page.
  const todos = await (await page.request.get('/api/todo/list/', { headers: { authorization: `Bearer ${await tokenOf(page)}` } })).json();
  const link = todos.Todolist.find((x: { task: string }) => x.task.includes(offerNo)).link as string;
  expect(link).toMatch(/^\/offer\/\w+$/);
  await page.evaluate(() => {
    const w = window as unknown as { opened: [string, string][]; open: (url: string, target: string) => null };
    w.opened = [];
    w.open = (url, target) => { w.opened.push([url, target]); return null; };
  });
  await logRow.getByRole('button', { name: 'İlgili kaydı aç' }).click();
  expect(await page.evaluate(() => (window as unknown as { opened: [string, string][] }).opened)).toEqual([[link, '_blank']]);
  // The draft opens as a real offer with the requester's name, company and e-mail, so the office can answer it.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: new RegExp(offerNo) })).toBeVisible();
  await expect(page.getByTestId('offer-company')).toHaveValue('Deniz Enerji');
  await expect(page.getByRole('textbox', { name: 'İlgili Kişi' })).toHaveValue(requester);
  await expect(page.getByRole('textbox', { name: 'E-posta' })).toHaveValue('deniz@example.com');
  await expect(page.getByTestId('offer-item-row')).toHaveCount(1);
  await expect(page.getByTestId('offer-item-row')).toContainText('25 Adet');
});

test.describe('in English', () => {
  test.use({ role: 0 });
  test("log titles, units and operation centres are shown in the reader's language", async ({ page, admin, tag }) => {
    const material = await createMaterial(admin, `E2E Log Malzemesi ${tag}`);
    await addMaterialStock(admin, material._id, { type: 'cikis', center: 'uretim', qty: 2 });
    await page.addInitScript(() => window.localStorage.setItem('locale', 'en'));
    await page.goto('/');
    await expect(page.getByText(/^Hello, /)).toBeVisible();
    const logRow = page.getByTestId('log-row').filter({ hasText: material.material_name }).filter({ hasText: 'Stock movement created' });
    await expect(logRow).toBeVisible();
    await expect(logRow).toContainText(`${material.material_name}: -2 pcs (Production)`);
    await expect(logRow).not.toContainText('Adet');
    await expect(logRow).not.toContainText('uretim');
    await expect(page.getByTestId('log-row').filter({ hasText: material.material_name }).filter({ hasText: 'Material created' })).toBeVisible();
    await expect(page.getByTestId('material-row').filter({ hasText: material.material_name })).toContainText('2,00 pcs');
  });
});
