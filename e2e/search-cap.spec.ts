import type { Page, Route } from '@playwright/test';
import { createCompany, createProduct } from './support/api';
import { loginAs } from './support/auth';
import { createOrder } from './support/orders';
import { expect, test } from './support/test';

// ADR 0054: a search of the offer list or the order-line list counts its matches up to SEARCH_COUNT_CAP (1,000) and
// says so with total_capped. The screens show such a count as "1.000+", the offer list a note instead of its totals and
// a pager without a last page. The server's capped answers are held by packages/server/src/lib/search-cap.test.ts;
// here the real answer for the test's own search is given the flag on its way to the page (1,001 offers are not made
// through the screens' API for one check), and the same search without it shows the exact count.

/** The real answer of the list call, with `change` applied when `on` is set. */
async function passAnswer(page: Page, path: string, on: { capped: boolean }, change: (body: Record<string, unknown>) => void) {
  await page.route((url) => url.pathname === path, async (route: Route) => {
    const response = await route.fetch();
    const body = await response.json() as Record<string, unknown>;
    if (on.capped) change(body);
    await route.fulfill({ response, json: body });
  });
}

test('the offer list shows a capped count as 1.000+, no totals and no last page', async ({ page, admin, tag }) => {
  const customer = await createCompany(admin, `${tag} Arama Müşteri`);
  const product = await createProduct(admin, `${tag} Arama Ürün`, `${tag}-AR`);
  for (let i = 0; i < 2; i++) await createOrder(admin, customer, product, { qty: 2, price: 10, code: [`${tag}-AR`] });
  const on = { capped: false };
  await passAnswer(page, '/api/offers/list', on, (b) => {
    Object.assign(b, { totalItemCount: 1000, totalPage: 34, total_capped: true, totals: { tl: { tutar: 0, kdv: 0, gtoplam: 0 }, currencies: [] } });
  });
  const search = encodeURIComponent(`${tag} Arama`);
  await loginAs(page, `/offers?search=${search}&pageSize=30`);
  // The real answer: the exact count, the totals, no pager (one page).
  await expect(page.getByText('2 teklif', { exact: true })).toBeVisible();
  await expect(page.getByTestId('offer-list-totals')).toBeVisible();
  on.capped = true;
  await page.goto(`/offers?search=${search}&pageSize=30&status=1`);
  await expect(page.getByText('1.000+ teklif', { exact: true })).toBeVisible();
  await expect(page.getByTestId('offer-list-totals-capped')).toContainText('1.000 teklifin üzerinde');
  await expect(page.getByTestId('offer-list-totals')).toHaveCount(0);
  const pager = page.getByRole('navigation', { name: 'Sayfalar' });
  await expect(pager.getByRole('button', { name: 'Sonraki sayfa', exact: true })).toBeEnabled();
  await expect(pager.getByRole('button', { name: 'Son sayfa', exact: true })).toHaveCount(0);
  await expect(pager.getByTitle('Daha fazla sayfa var', { exact: true })).toHaveText('…');
  await expect(pager.getByRole('button', { name: 'Sayfa 5', exact: true })).toBeVisible();
});

test('the order-line list shows a capped status count as 1.000+', async ({ page, admin, tag }) => {
  const customer = await createCompany(admin, `${tag} Satır Müşteri`);
  const product = await createProduct(admin, `${tag} Satır Ürün`, `${tag}-SR`);
  await createOrder(admin, customer, product, { qty: 3, price: 10, code: [`${tag}-SR`] });
  const on = { capped: false };
  await passAnswer(page, '/api/orders/list', on, (b) => Object.assign(b, { status1: 1000, totalItemCount: 1000, totalPage: 84, total_capped: true }));
  const search = encodeURIComponent(`${tag} Satır`);
  await loginAs(page, `/orderitemlist?status=1&search=${search}`);
  await expect(page.getByTestId('order-count-1')).toHaveText('1');
  on.capped = true;
  await page.goto(`/orderitemlist?status=all&search=${search}`);
  await expect(page.getByTestId('order-count-1')).toHaveText('1.000+');
  await expect(page.getByTestId('order-count-all')).toHaveText('1.000+');
  await expect(page.getByTestId('order-count-2')).toHaveText('0');
  // The total and the pager (ADR 0060) say the same: a lower bound, and no last page.
  await expect(page.getByText('1.000+ satır', { exact: true })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Sayfalar' });
  await expect(pager.getByRole('button', { name: 'Sonraki sayfa', exact: true })).toBeEnabled();
  await expect(pager.getByRole('button', { name: 'Son sayfa', exact: true })).toHaveCount(0);
  await expect(pager.getByTitle('Daha fazla sayfa var', { exact: true })).toHaveText('…');
});
