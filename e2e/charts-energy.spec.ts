import type { Page } from '@playwright/test';
import { createCompany } from './support/api';
import { loginAs } from './support/auth';
import { ADMIN } from './support/fixtures';
import { expect, test } from './support/test';

// Issue 26: the promised date on order lines, the dashboard's charts and the street-light energy. The browser runs
// in tr-TR with the Istanbul time zone, so the texts and numbers are Turkish.

const trNumber = (n: number, decimals = 0) => new Intl.NumberFormat('tr-TR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);

async function deviceLogin(page: Page, path: string) {
  await loginAs(page, '/streetlightlogin');
  await page.getByLabel('E-posta').fill(ADMIN.email);
  await page.getByLabel('Şifre').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Giriş' }).click();
  await expect(page).toHaveURL(/\/gatewaylist$/);
  await page.goto(path);
}

test('an order line\'s promised date shows on its card, and the line editor clears it', async ({ page, admin, tag }) => {
  const company = await createCompany(admin, `${tag} Söz Aydınlatma`);
  const offer = await admin.post<{ _id: string }>('/offers/create/', {
    firma_id: company._id, firma_adi: company.company_name, firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
    offeritem: [{ urun_adi: `${tag} Kablo`, urun_kodu: [], urun_miktari: 5, urun_birimi: 'Adet', urun_fiyati: 3, urun_dovizi: '$', urun_kdv: 18, order_type: 'material' }],
  });
  const [line] = (await admin.get<{ orders: { _id: string; __v: number }[] }>(`/orders/list?type=list&filter1=1&filter2=6&offer=${offer._id}`)).orders;
  await admin.post(`/orders/updateitem/${line._id}`, { promised_date: '2027-03-15', __v: line.__v });

  await loginAs(page, `/orderitemlist?search=${tag}`);
  const card = page.getByTestId(`order-card-${line._id}`);
  await expect(card.getByTestId('order-promised')).toHaveText('15.03.2027');
  await expect(card).toContainText('Söz verilen tarih');

  await page.goto(`/orderitemdetail/${line._id}`);
  const input = page.getByTestId('editor-promised-date');
  await expect(input).toHaveValue('15.03.2027');
  await input.fill('');
  await input.blur();
  await expect(input).toHaveValue('');
  await page.getByTestId('editor-save').click();
  await expect.poll(async () => (await admin.get<{ promised_date: string | null }>(`/orders/item/${line._id}`)).promised_date).toBeNull();
  await page.goto(`/orderitemlist?search=${tag}`);
  await expect(page.getByTestId(`order-card-${line._id}`)).toBeVisible();
  await expect(page.getByTestId(`order-card-${line._id}`).getByTestId('order-promised')).toHaveCount(0);
});

test('the dashboard draws its two charts with the figures the server answered', async ({ page }) => {
  const seen: { charts?: { month: { thisMonth: number | null; lastMonth: number | null }[]; week: { lines: number }[] } } = {};
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname === '/api/dashboard/charts' && res.ok()) seen.charts = await res.json();
  });
  await loginAs(page);
  const orders = page.getByTestId('dashboard-chart-orders');
  const production = page.getByTestId('dashboard-chart-production');
  // The charts' chunk loads after the page (a busy machine takes a while).
  await expect(orders.locator('.recharts-line')).toHaveCount(2, { timeout: 30_000 });
  await expect(production.locator('.recharts-bar')).toHaveCount(1);
  await expect.poll(() => seen.charts).toBeTruthy();
  const c = seen.charts!;
  const last = (k: 'thisMonth' | 'lastMonth') => c.month.reduce((n, r) => (r[k] === null ? n : r[k]!), 0);
  await expect(page.getByTestId('dashboard-chart-orders-totals')).toContainText(`: ${trNumber(last('thisMonth'))} · `);
  await expect(page.getByTestId('dashboard-chart-orders-totals')).toContainText(`: ${trNumber(last('lastMonth'))}`);
  await expect(page.getByTestId('dashboard-chart-production-total')).toHaveText(`Bu hafta ${trNumber(c.week.reduce((n, w) => n + w.lines, 0))} satır tamamlandı`);
  // Seven weekday labels, Monday first.
  // (recharts 3 draws the tick labels in a layer of their own, outside the axis's group.)
  const days = production.locator('.recharts-cartesian-axis-tick-value').filter({ hasText: /^(Pzt|Sal|Çar|Per|Cum|Cmt|Paz) \d{2}\.\d{2}$/ });
  await expect(days).toHaveCount(7);
  await expect(days.first()).toContainText(/^Pzt \d{2}\.\d{2}$/);
  await expect(days.last()).toContainText(/^Paz \d{2}\.\d{2}$/);
  await page.screenshot({ path: 'test-results/dashboard-charts.png', fullPage: true });
});

test('a gateway\'s energy: a tab of its details with the days\' figures, and a chart in the map\'s side panel', async ({ page }) => {
  await deviceLogin(page, '/gatewaylist');
  await page.getByRole('row').filter({ hasText: 'GW-01-0001' }).click();
  await expect(page).toHaveURL(/\/devicedetails\/\w+$/);
  const id = page.url().split('/').pop()!;
  await page.getByRole('tab', { name: 'Enerji', exact: true }).click();
  const chart = page.getByTestId('energy-chart');
  await expect(chart.locator('.recharts-bar')).toHaveCount(2);
  await expect(page.getByTestId('energy-table').locator('tbody tr')).toHaveCount(7);
  const token = await page.evaluate(() => localStorage.getItem('deviceToken'));
  const answered = await (await page.request.get(`/device-api/gateway/energy/${id}`, { headers: { authorization: `Bearer ${token}` } })).json() as { total: { kwh: number } };
  await expect(page.getByTestId('energy-total')).toHaveText(/^\d+(\.\d{3})*,\d{1,3} kWh$/);
  expect(answered.total.kwh).toBeGreaterThanOrEqual(0);
  await page.getByTestId('energy-period').getByText('30 gün').click();
  await expect(page.getByTestId('energy-table').locator('tbody tr')).toHaveCount(30);
  await page.screenshot({ path: 'test-results/device-energy.png', fullPage: true });

  await page.goto('/streetlightmap');
  await page.locator('.leaflet-marker-icon[title="GW-01-0001"]').click();
  const panel = page.getByTestId('map-energy-panel');
  await expect(panel).toContainText('Enerji: GW-01-0001');
  await expect(panel.locator('.recharts-bar')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/map-energy.png' });
  await panel.getByRole('button', { name: 'Paneli kapat' }).click();
  await expect(panel).toHaveCount(0);
});
