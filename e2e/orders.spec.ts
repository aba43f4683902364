import { createCompany, createMaterial, createProduct, addMaterialStock, type Api } from './support/api';
import { login, loginAs } from './support/auth';
import { makePng } from './support/png';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app's default language is Turkish, so the texts are Turkish.

interface Line { _id: string; urun_adi: string; siparis_durumu: number; tamamlanmaOrani: number; teslim_edilmis: number; Operations: { _id: string; Operation: string }[] }
interface OfferAnswer { _id: string; __v: number; teklif_durumu: number; orderTrackingUrl?: string; firma_id: string | null }

const parseTr = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

/**
 * A company, a material with 100 in stock and a product whose bill of operations takes 2 of it per unit in
 * 'Dizgi', and an offer of 5 of that product in status 0. All named with the test's tag.
 */
async function makeOffer(admin: Api, tag: string) {
  const company = await createCompany(admin, `${tag} Sipariş Aydınlatma`);
  const material = await createMaterial(admin, `${tag} LED Kart`);
  await addMaterialStock(admin, material._id, { qty: 100 });
  const product = await createProduct(admin, `${tag} Astra 30W`, `${tag}-AST30`, {
    production: [{ op_name: 'Dizgi', material_category: material.material_category, material_group: material.material_group, information: material._id, materialqyt: 2, op_qty: 1, StockUpdate: true }],
  });
  const offer = await admin.post<OfferAnswer>('/offers/create/', {
    firma_id: company._id, firma_adi: company.company_name, firma_ulke: 'Türkiye', teklif_konu: `${tag} sipariş`, teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45,
    offeritem: [{ urun_id: product._id, urun_adi: `${tag} Astra 30W`, urun_kodu: ['AST', '30'], urun_miktari: 5, urun_birimi: 'Adet', urun_fiyati: 46.5, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' }],
  });
  return { company, material, product, offer };
}

async function linesOf(admin: Api, offerId: string): Promise<Line[]> {
  const list = await admin.get<{ orders: Line[] }>(`/orders/list?type=list&filter1=1&filter2=6&offer=${offerId}`);
  return list.orders;
}

test('an offer moved to Order creates its line; start, record, finish and reset move the material stock; the rest is delivered', async ({ page, admin, tag }) => {
  test.setTimeout(120_000);
  const { material, offer } = await makeOffer(admin, tag);
  await loginAs(page);

  // The offer becomes an order on its page: its line appears in the production list.
  await page.goto(`/offer/${offer._id}`);
  await page.getByRole('radio', { name: 'Sipariş' }).check();
  await page.getByTestId('offer-save').click();
  await expect(page.getByText('Teklif güncellendi')).toBeVisible();
  await expect(page.getByTestId('offer-tracking-url')).toHaveValue(/\/ordertracking\//);
  await expect.poll(async () => (await linesOf(admin, offer._id)).length).toBe(1);
  const [line] = await linesOf(admin, offer._id);
  // The model's operations, 'Dizgi' carrying the product's material row.
  const dizgi = line.Operations.find((o) => o.Operation === 'Dizgi')!;
  expect(dizgi).toBeTruthy();

  await page.goto(`/orderitemlist?search=${tag}`);
  const card = page.getByTestId(`order-card-${line._id}`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('order-status')).toHaveText('Bekliyor');

  // Production detail: start, record 2 (2 x 2 = 4 out of stock).
  await card.getByTestId('card-title').click();
  await expect(page.getByTestId('order-title')).toHaveText(`${tag} Astra 30W`);
  const op = page.getByTestId(`operation-${dizgi._id}`);
  await op.getByTestId('op-start').click();
  await expect(op.getByTestId('op-finish')).toBeVisible();
  await expect(op.getByTestId('op-percent')).toHaveText('5,0%');
  await op.getByTestId('op-counter').fill('2');
  await op.getByTestId('op-record').click();
  await expect(op.getByTestId('op-completed')).toContainText('2,00 / 5,00');
  await expect(op.getByTestId('op-percent')).toHaveText('40,0%');
  await expect(op.getByTestId('op-history')).toContainText('Stoktan düşüldü');

  await page.goto(`/material/${material._id}`);
  await expect.poll(async () => parseTr(await page.getByTestId('stock-balance').innerText())).toBe(96);

  // Finish takes the unrecorded rest (3 x 2 = 6): 90 left.
  await page.goto(`/orderproductiondetail/${line._id}`);
  await op.getByTestId('op-finish').click();
  await expect(op.getByTestId('op-reset')).toBeVisible();
  await expect(op.getByTestId('op-percent')).toHaveText('100,0%');
  // One of the model's five operations is done: the line is at 20 %.
  await expect(page.getByTestId('header-percent')).toHaveText('20,0%');
  await page.goto(`/material/${material._id}`);
  await expect.poll(async () => parseTr(await page.getByTestId('stock-balance').innerText())).toBe(90);

  // Reset asks first, saying what it reverses (issue 23); cancelled, nothing changes; confirmed, it gives everything back.
  await page.goto(`/orderproductiondetail/${line._id}`);
  await op.getByTestId('op-reset').click();
  const ask = page.getByTestId('op-reset-confirm');
  await expect(ask).toContainText('Dizgi: kaydedilen 5,00 üretim (2 kayıt) silinecek');
  await expect(ask).toContainText(`${tag} LED Kart: 10,00`);
  await page.getByRole('dialog').getByRole('button', { name: 'Vazgeç' }).click();
  await expect(ask).toBeHidden();
  await expect(op.getByTestId('op-percent')).toHaveText('100,0%');
  await op.getByTestId('op-reset').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sıfırla' }).click();
  await expect(op.getByTestId('op-start')).toBeVisible();
  await page.goto(`/material/${material._id}`);
  await expect.poll(async () => parseTr(await page.getByTestId('stock-balance').innerText())).toBe(100);

  // A delivery of the remaining quantity (5) from the list card.
  await page.goto(`/orderitemlist?status=all&search=${tag}`);
  await card.getByRole('button', { name: new RegExp(`${tag} Astra 30W için işlemler`) }).click();
  await page.getByRole('menuitem', { name: 'Teslimat' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('delivery-qty')).toHaveValue('5');
  await dialog.getByTestId('delivery-save').click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('order-delivered')).toHaveText('5,00');

  // The delivery is listed on the line's page; deleting it brings the delivered quantity back to 0.
  await page.goto(`/orderproductiondetail/${line._id}`);
  await expect(page.getByTestId('header-delivered')).toHaveText('5,00 Adet');
  await page.getByTestId('line-deliveries').getByRole('button', { name: 'Teslimatı sil' }).click();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByTestId('header-delivered')).toHaveText('0,00 Adet');
  await expect(page.getByTestId('line-deliveries')).toHaveCount(0);
});

test('the tracking page shows the order with the right token and only "not found" with a wrong one', async ({ browser, admin, tag }) => {
  const { offer } = await makeOffer(admin, tag);
  await admin.post<OfferAnswer>(`/offers/update/${offer._id}`, { teklif_durumu: 1, __v: offer.__v });
  const moved = await admin.get<OfferAnswer>(`/offers/${offer._id}`);
  expect(moved.orderTrackingUrl).toMatch(/\/ordertracking\/[^/]+\/[^/]+\/[^/]+$/);
  const path = new URL(moved.orderTrackingUrl!).pathname;

  // A visitor without a session.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('tracking')).toBeVisible();
  await expect(page.getByTestId('tracking-line')).toHaveCount(1);
  await expect(page.getByTestId('tracking-line')).toContainText(`${tag} Astra 30W`);
  await expect(page.locator('nav')).toHaveCount(0);

  await page.goto(`${path.replace(/\/[^/]+$/, '')}/wrong-token`);
  await expect(page.getByText('Bulunamadı')).toBeVisible();
  await expect(page.getByTestId('tracking')).toHaveCount(0);
  await expect(page.getByText(`${tag} Astra 30W`)).toHaveCount(0);
  await context.close();
});

test('role 3 signs in to the production group and lands on the production dashboard', async ({ page, makeUser }) => {
  const user = await makeUser({ role: 3 });
  await login(page, user.email, user.password);
  await expect(page).toHaveURL(/\/productionDashBoard$/);
  await expect(page.getByTestId('production-welcome')).toBeVisible();
  const nav = page.locator('nav');
  await expect(nav.locator('a[href="/productionDashBoard"]')).toHaveCount(1);
  await expect(nav.locator('a[href="/orderitemlist"]')).toHaveCount(1);
  await expect(nav.locator('a[href="/componentlist"]')).toHaveCount(1);
  await expect(nav.locator('a[href="/offers"], a[href="/users"], a[href="/"]')).toHaveCount(0);
});

test('a signed-out visitor from a QR link signs in from /web and returns to it', async ({ page, makeUser }) => {
  const user = await makeUser({ role: 3 });
  await page.goto('/app/production/orderQROptions/none');
  await expect(page).toHaveURL(/\/web\/?$/);
  await login(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/production\/orderQROptions\/none$/);
});

test.describe('on the floor', () => {
  test.use({ role: 3 });
  test('a role-3 worker opens the QR route, sees a start made elsewhere live, and records the rest in two taps', async ({ page, admin, tag }) => {
    const { offer } = await makeOffer(admin, tag);
    await admin.post(`/offers/update/${offer._id}`, { teklif_durumu: 1, __v: offer.__v });
    const [line] = await linesOf(admin, offer._id);
    const dizgi = line.Operations.find((o) => o.Operation === 'Dizgi')!;

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/orderoperations/${line._id}/${dizgi._id}`);
    const op = page.getByTestId(`operation-${dizgi._id}`);
    await expect(op.getByTestId('op-start')).toBeVisible();
    // Someone else starts it: the open page follows through the live socket, without a reload.
    await admin.post(`/orders/operations/${line._id}/${dizgi._id}/start`, {});
    await expect(op.getByTestId('op-finish')).toBeVisible();
    // Tap the produced quantity (fills the remaining 5), tap Record.
    await op.getByTestId('op-completed').click();
    await expect(op.getByTestId('op-counter')).toHaveValue('5');
    await op.getByTestId('op-record').click();
    await expect(op.getByTestId('op-completed')).toContainText('5,00 / 5,00');
    await expect(op.getByTestId('op-reset')).toBeVisible();
  });
});

test('the component list shows what an open line needs and a purchase request from it counts as on order', async ({ page, admin, tag }) => {
  const { offer, material } = await makeOffer(admin, tag);
  await admin.post(`/offers/update/${offer._id}`, { teklif_durumu: 1, __v: offer.__v });
  await loginAs(page);
  await page.goto('/componentlist');
  await page.getByPlaceholder('Malzeme, kategori veya grup ara').fill(tag);
  const row = page.locator('table tbody tr').filter({ hasText: material.material_name });
  await expect(row).toHaveCount(1);
  // 5 units x 2 per unit in 'Dizgi'; 100 in stock, nothing short.
  await expect(row).toContainText('10,00 Adet');
  await expect(row).toContainText('100,00');
  await row.getByRole('button', { name: `${material.material_name} için işlemler` }).click();
  await page.getByRole('menuitem', { name: 'Satınalma talebi' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('request-qty').fill('7');
  await dialog.getByTestId('request-save').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('on-order')).toHaveText('7,00');
  const buyings = await admin.get<{ material_id: string; material_qty: number; satinalma_durumu: number }[]>(`/buying/list?filter1=0&filter2=4&search=${encodeURIComponent(material.material_name)}`);
  expect(buyings.filter((b) => b.material_id === material._id).map((b) => [b.material_qty, b.satinalma_durumu])).toEqual([[7, 0]]);
});

test('a new stock production made from the list, with the model code and a photo, is deleted again after the question', async ({ page, admin, tag }) => {
  const product = await createProduct(admin, `${tag} Solar 20W`, `${tag}-SOL20`);
  const whole = await admin.get<{ urun_model: { model_kodu: string } | null }>(`/products/${product._id}`);
  await loginAs(page);
  await page.goto(`/orderitemlist?search=${tag}`);
  await page.getByRole('button', { name: 'İşlemler' }).click();
  await page.getByTestId('new-stock-production').click();
  const dialog = page.getByRole('dialog', { name: 'Yeni stok üretimi' });
  await dialog.getByTestId('stock-pick-product').click();
  const picker = page.getByTestId('product-picker');
  await picker.getByTestId('product-picker-search').fill(tag);
  await expect(picker.locator('tbody tr').first()).toContainText(`${tag} Solar 20W`);
  await picker.locator('tbody tr').first().click();
  await expect(dialog.getByLabel('Ürün', { exact: true })).toHaveValue(`${tag} Solar 20W`);
  // The code parts come from the product: its model's code first (ADR 0028), not its own code cut at the dashes.
  await expect(dialog.getByLabel('Model kodu')).toHaveValue(whole.urun_model?.model_kodu ?? `${tag}-SOL20`);
  // The photo is stored by the file service; the line keeps its address.
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'stok-uretimi.png', mimeType: 'image/png', buffer: makePng(120, 90, [200, 120, 30]) });
  await expect(dialog.locator('img[src^="/api/files/"]')).toBeVisible();
  await dialog.getByTestId('stock-qty').fill('3');
  // 3 x 10 $ with the default VAT of 20 % (DECISIONS 3).
  await expect(dialog.getByTestId('stock-grand')).toHaveText('36,00 $');
  await dialog.getByTestId('stock-save').click();
  await expect(dialog).toBeHidden();

  const card = page.locator('[data-testid^="order-card-"]').filter({ hasText: `${tag} Solar 20W` });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Stok üretimi veya yarı mamül üretimi');
  const photo = await dialog.page().request.get(await card.locator('img').first().getAttribute('src') ?? '');
  expect(photo.headers()['content-type']).toMatch(/^image\//);
  await card.getByRole('button', { name: `${tag} Solar 20W için işlemler` }).click();
  await page.getByRole('menuitem', { name: 'Sil' }).click();
  await expect(page.getByText('Üretimi Silmek istiyor musunuz ?')).toBeVisible();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(card).toHaveCount(0);
});
