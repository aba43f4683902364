import { createCompany } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// ADR 0060: the production order list (/orderitemlist) shows one page of cards (the spec's sizes 6 … 100, default 12)
// with the pager of the other lists; page and size live in the URL. The test's own 19 lines are found by its search.

test('the production order list shows 12 cards a page, pages on, changes its page size and keeps the page in the URL', async ({ page, admin, tag }) => {
  const company = await createCompany(admin, `${tag} Sayfa Aydınlatma`);
  const names = Array.from({ length: 19 }, (_, i) => `${tag} Kart ${String(i + 1).padStart(2, '0')}`);
  const offer = await admin.post<{ _id: string }>('/offers/create/', {
    firma_id: company._id, firma_adi: company.company_name, firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
    offeritem: names.map((n) => ({ urun_adi: n, urun_kodu: [], urun_miktari: 1, urun_birimi: 'Adet', urun_fiyati: 3, urun_dovizi: '$', urun_kdv: 18, order_type: 'material' })),
  });
  const { orders } = await admin.get<{ orders: unknown[] }>(`/orders/list?type=list&filter1=1&filter2=6&offer=${offer._id}`);
  expect(orders).toHaveLength(19);

  // The screen asks the server for one page (not every line of the range).
  const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/orders/list');
  await loginAs(page, `/orderitemlist?status=all&orderBy=urun_adi&search=${encodeURIComponent(tag)}`);
  const query = new URL((await asked).url()).searchParams;
  expect([query.get('page'), query.get('pageSize')]).toEqual(['1', '12']);

  const cards = page.getByTestId('order-cards').getByTestId('card-title');
  const shown = () => cards.allInnerTexts();
  await expect(cards).toHaveCount(12);
  expect(await shown()).toEqual(names.slice(0, 12));
  await expect(page.getByText('19 satır', { exact: true })).toBeVisible();

  // The pager's next page: the other 7 lines; the URL keeps the page, so a reload shows it again.
  const pager = page.getByRole('navigation', { name: 'Sayfalar' });
  await expect(pager.getByRole('button', { name: 'Sayfa 2', exact: true })).toBeVisible();
  await pager.getByRole('button', { name: 'Sonraki sayfa', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(cards).toHaveCount(7);
  // The pager is below twelve cards; the next page is shown from its top (ScrollRestoration: a new URL).
  await expect(cards.first()).toBeInViewport();
  expect(await shown()).toEqual(names.slice(12));
  await page.reload();
  await expect(cards).toHaveCount(7);
  expect(await shown()).toEqual(names.slice(12));

  // The page-size choice holds the spec's sizes; 6 goes back to page 1 with 6 cards, 4 pages.
  const size = page.getByRole('textbox', { name: 'Sayfa başına' });
  await expect(size).toHaveValue('12');
  await size.click();
  await expect(page.getByRole('option')).toHaveText(['6', '12', '18', '30', '50', '100']);
  await page.getByRole('option', { name: '6', exact: true }).click();
  await expect(page).toHaveURL(/[?&]pageSize=6(&|$)/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(cards).toHaveCount(6);
  expect(await shown()).toEqual(names.slice(0, 6));
  await pager.getByRole('button', { name: 'Son sayfa', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=4(&|$)/);
  await expect(cards).toHaveCount(1);
  expect(await shown()).toEqual(names.slice(18));

  // A new sort starts again on page 1 (the size stays).
  await page.getByRole('textbox', { name: 'Sırala' }).click();
  await page.getByRole('option', { name: 'Sipariş tarihi', exact: true }).click();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page).toHaveURL(/[?&]pageSize=6(&|$)/);
  await expect(cards).toHaveCount(6);

  // 100 a page: all 19 on one page, and no pager.
  await size.click();
  await page.getByRole('option', { name: '100', exact: true }).click();
  await expect(cards).toHaveCount(19);
  await expect(pager).toHaveCount(0);
});

test('the pager answers while the list is refreshed in the background (a live change elsewhere)', async ({ page, admin, tag }) => {
  const company = await createCompany(admin, `${tag} Canlı Aydınlatma`);
  const names = Array.from({ length: 8 }, (_, i) => `${tag} Canlı ${String(i + 1).padStart(2, '0')}`);
  const order = (items: string[]) => admin.post<{ _id: string }>('/offers/create/', {
    firma_id: company._id, firma_adi: company.company_name, firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
    offeritem: items.map((n) => ({ urun_adi: n, urun_kodu: [], urun_miktari: 1, urun_birimi: 'Adet', urun_fiyati: 3, urun_dovizi: '$', urun_kdv: 18, order_type: 'material' })),
  });
  await order(names);
  await loginAs(page, `/orderitemlist?status=all&orderBy=urun_adi&pageSize=6&search=${encodeURIComponent(tag)}`);
  const cards = page.getByTestId('order-cards').getByTestId('card-title');
  await expect(cards).toHaveCount(6);

  // Every list answer from now on is held back, so the refresh a live change starts is still running at the click.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/orders/list?*', async (route) => { await held; await route.continue(); });
  // A new order elsewhere: the live socket announces it and the list refreshes (the socket may still be connecting
  // just after sign-in: another order until the refresh starts).
  const others: string[] = [];
  for (let tries = 0; tries < 5; tries++) {
    const refresh = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/orders/list', { timeout: 3_000 }).then(() => true, () => false);
    others.push(`${tag} Başka Sipariş ${tries + 1}`);
    await order([others.at(-1)!]);
    if (await refresh) break;
  }
  // The page on screen is the one asked for: its pager works during the refresh (a click is not dropped).
  await page.getByRole('navigation', { name: 'Sayfalar' }).getByRole('button', { name: 'Son sayfa', exact: true }).click({ timeout: 5_000 });
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  release();
  // Page 2 is shown, ending with the last of the eight. (The new lines, 'Başka …', sort first; whether page 2 starts
  // after the last card shown or by number with the new total depends on when the server counted: ADR 0051.)
  await expect(cards.last()).toHaveText(names[7]);
  const shown = await cards.allInnerTexts();
  expect(shown).toEqual(names.slice(8 - shown.length));
  expect(shown.length).toBeLessThan(6);
  expect(others.length).toBeGreaterThan(0);
});
