import { createCompany } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// Issue 27: /orders shows the open orders a page at a time with a search; /ordersdashboard counts them all.
// The e2e browser runs in tr-TR, so the texts are Turkish.

test('the orders screen pages and searches the open orders; the dashboard counts them all', async ({ page, admin, tag }) => {
  test.setTimeout(120_000);
  const company = await createCompany(admin, `${tag} Sayfa Aydınlatma`);
  for (let i = 0; i < 21; i++) {
    await admin.post('/offers/create/', {
      firma_id: company._id, firma_adi: company.company_name, firma_ulke: 'Türkiye', teklif_konu: `${tag} sipariş ${i}`, teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
      offeritem: [{ urun_adi: `${tag} Kablo ${i}`, urun_kodu: ['KBL'], urun_miktari: 2, urun_birimi: 'Adet', urun_fiyati: 3, urun_dovizi: '$', urun_kdv: 18, order_type: 'material' }],
    });
  }
  await loginAs(page, '/orders');
  await page.getByTestId('orders-search').fill(tag);
  await expect(page.getByTestId('orders-range')).toHaveText('21 siparişten 1–20');
  await expect(page.locator('[data-testid^="order-group-"]')).toHaveCount(20);
  await expect(page.locator('[data-testid^="order-group-"]').first()).toContainText(`${tag} Sayfa Aydınlatma`);
  await page.getByRole('button', { name: /2/ }).filter({ hasText: /^2$/ }).click();
  await expect(page.getByTestId('orders-range')).toHaveText('21 siparişten 21–21');
  await expect(page.locator('[data-testid^="order-group-"]')).toHaveCount(1);
  await expect(page.locator('[data-testid^="order-group-"]')).toContainText(`${tag} Kablo`);

  // Other tests open orders meanwhile (the count is live): the count shown equals the server's count of the same moment.
  await page.goto('/ordersdashboard');
  const shown = page.getByTestId('overview-open-orders');
  await expect.poll(async () => {
    const all = await admin.get<{ total: number }>('/orders/overview?pageSize=1');
    return (await shown.textContent()) === new Intl.NumberFormat('tr-TR').format(all.total) && all.total >= 21;
  }, { timeout: 15_000 }).toBe(true);
});
