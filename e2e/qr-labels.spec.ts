import type { Page } from '@playwright/test';
import { createCompany, modelByCode, type Api } from './support/api';
import { login, loginAs } from './support/auth';
import { expect, test } from './support/test';

// Issue 23: where the QR codes of the work order and the labels lead, and the label editor as the floor meets it.
// The e2e browser reads Turkish (tr-TR).

interface Line { _id: string; urun_id: string | null; Operations: { _id: string; Operation: string }[] }

/** A product of a seeded model with a Turkish and an English name (the public product page needs it active). */
async function productOf(api: Api, tag: string, extra: Record<string, unknown> = {}) {
  const model = await modelByCode(api, 'ISK-ASTRA');
  return api.post<{ _id: string; urun_kodu: string }>('/products/create', {
    urun_adi: [`${tag} Sokak Armatürü`, `${tag} Street Light`], urun_model: model._id, urun_kodu: `${tag}-SL`, urun_fiyat: '10', urun_durumu: true, ...extra,
  });
}

/** A Turkish box label for the product, stored as the editor left it before (once per tab: a reload keeps the editor's own). */
async function storeLabelOf(page: Page, id: string, tag: string) {
  await page.addInitScript(({ id, tag }) => {
    if (!sessionStorage.getItem('seeded-label')) {
      sessionStorage.setItem('seeded-label', '1');
      localStorage.setItem('isik.label', JSON.stringify({ type: 'Kutu Etiketi', Lang: 0, ProductID: id, model: 'Astra', productName: `${tag} Sokak Armatürü`, productCode: `${tag}-SL` }));
    }
  }, { id, tag });
}

/** An order (offer in status 1) of one line of `productId`: its line with the model's operations. */
async function orderLineOf(api: Api, tag: string, productId: string): Promise<Line> {
  const company = await createCompany(api, `${tag} QR Aydınlatma`);
  const offer = await api.post<{ _id: string }>('/offers/create', {
    firma_id: company._id, firma_adi: company.company_name, firma_ulke: 'Türkiye', teklif_konu: `${tag} QR`, teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
    offeritem: [{ urun_id: productId, urun_adi: `${tag} Sokak Armatürü`, urun_kodu: ['AST', '30'], urun_miktari: 2, urun_birimi: 'Adet', urun_fiyati: 10, urun_dovizi: '$', urun_kdv: 20, order_type: 'default' }],
  });
  let lines: Line[] = [];
  await expect.poll(async () => {
    lines = (await api.get<{ orders: Line[] }>(`/orders/list?type=list&filter1=1&filter2=6&offer=${offer._id}`)).orders;
    return lines.length;
  }).toBe(1);
  return lines[0];
}

test.describe('the product QR code /web/{id}', () => {
  test('opens the product page in the reader\'s language when signed out (Turkish, then English)', async ({ page, admin, tag }) => {
    const product = await productOf(admin, tag);
    await page.goto(`/web/${product._id}`);
    await expect(page).toHaveURL(new RegExp(`/web/${product._id}/0$`));
    await expect(page.getByRole('heading', { name: `${tag} Sokak Armatürü` })).toBeVisible();

    // A reader whose language is English.
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.goto(`/web/${product._id}`);
    await expect(page).toHaveURL(new RegExp(`/web/${product._id}/1$`));
    await expect(page.getByRole('heading', { name: `${tag} Street Light` })).toBeVisible();
  });

  test('opens the product page for a signed-in user too (it was the 404 page)', async ({ page, admin, tag }) => {
    const product = await productOf(admin, tag);
    await loginAs(page, `/web/${product._id}`);
    await expect(page).toHaveURL(new RegExp(`/web/${product._id}/0$`));
    await expect(page.getByRole('heading', { name: `${tag} Sokak Armatürü` })).toBeVisible();
    await expect(page.getByTestId('error-code')).toHaveCount(0);
  });
});

test("a signed-out phone that scans an operation's QR code and signs in in another tab (the scanner's tab is its own) lands on that operation", async ({ page, context, admin, makeUser, tag }) => {
  const product = await productOf(admin, tag);
  const line = await orderLineOf(admin, tag, product._id);
  const op = line.Operations[0];
  const user = await makeUser({ role: 3 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/orderoperations/${line._id}/${op._id}`);
  await expect(page).toHaveURL(/\/web\/?$/);
  // The browser the scanner handed the link to: a tab of its own (sessionStorage is per tab).
  const other = await context.newPage();
  await other.setViewportSize({ width: 390, height: 844 });
  await login(other, user.email, user.password);
  await expect(other).toHaveURL(new RegExp(`/orderoperations/${line._id}/${op._id}$`));
  await expect(other.getByTestId(`operation-${op._id}`)).toBeVisible();
  // Used once: a later sign-in in a third tab goes to the role's home.
  await expect.poll(() => other.evaluate(() => localStorage.getItem('returnPathShared'))).toBeNull();
});

test.describe('the label editor', () => {
  test.use({ role: 2 });

  test("'Etiket editörü' on a line's production page opens the editor for that line's product, not the label stored for another", async ({ page, admin, tag }) => {
    const product = await productOf(admin, tag, { urun_guc: 30 });
    const line = await orderLineOf(admin, tag, product._id);
    // The label last made, of another product.
    await page.addInitScript(() => localStorage.setItem('isik.label', JSON.stringify({ type: 'Kutu Etiketi', ProductID: 'another', model: 'BAŞKA MODEL', productName: 'Başka Ürün', productCode: 'BASKA-1' })));
    await page.goto(`/orderproductiondetail/${line._id}`);
    await page.getByRole('button', { name: 'Satır işlemleri' }).click();
    await page.getByRole('menuitem', { name: 'Etiket editörü' }).click();
    const editor = page.getByTestId('label-editor');
    await expect(editor.getByRole('textbox', { name: 'Ürün Adı' })).toHaveValue(`${tag} Sokak Armatürü`);
    await expect(editor.getByRole('textbox', { name: 'Ürün Kodu' })).toHaveValue(`${tag}-SL`);
    await expect(editor.getByRole('textbox', { name: 'Güç' })).toHaveValue('30 W');
    await expect(editor.getByRole('textbox', { name: 'Model' })).not.toHaveValue('BAŞKA MODEL');
  });

  test('switching the language refills the label from its product, also for the label stored from before; the PDF carries it', async ({ page, admin, tag }) => {
    const product = await productOf(admin, tag);
    await storeLabelOf(page, product._id, tag);
    await page.goto('/productslabels');
    const editor = page.getByTestId('label-editor');
    await expect(editor.getByRole('textbox', { name: 'Ürün Adı' })).toHaveValue(`${tag} Sokak Armatürü`);
    await editor.getByText('English').click();
    // The label and the interface both change language (spec 002 2.7).
    await expect(editor.getByRole('textbox', { name: 'Product name' })).toHaveValue(`${tag} Street Light`);
    await expect(editor.getByText('Label language')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const [popup] = await Promise.all([page.waitForEvent('popup'), editor.getByTestId('label-create-pdf').click()]);
    await expect(popup).toHaveURL(/\/pdf\/label10x10$/);
    await expect(popup.getByTestId('pdf-viewer').getByText(`${tag} Street Light`)).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('isik.label') ?? '{}') as { Lang: number; productName: string });
    expect(stored).toMatchObject({ Lang: 1, productName: `${tag} Street Light` });
  });

  test('a language switched before the stored label\'s product has arrived refills the label when it arrives', async ({ page, admin, tag }) => {
    const product = await productOf(admin, tag);
    await storeLabelOf(page, product._id, tag);
    // The product's answer is held back until the language has been switched (a slow server, a slow network).
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(`**/api/products/${product._id}`, async (route) => { await held; await route.continue(); });
    await page.goto('/productslabels');
    const editor = page.getByTestId('label-editor');
    await expect(editor.getByRole('textbox', { name: 'Ürün Adı' })).toHaveValue(`${tag} Sokak Armatürü`);
    await editor.getByText('English').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    release();
    await expect(editor.getByRole('textbox', { name: 'Product name' })).toHaveValue(`${tag} Street Light`);
  });

  test("a battery's label takes the battery's own voltage and capacity, and no mains voltage or placeholder dimensions", async ({ page, admin, tag }) => {
    const model = await admin.post<{ _id: string }>('/models/create', { model_adi: [`${tag} Akü`, `${tag} Battery`], model_kodu: `${tag}-BAT`, model_kategori: 8 });
    const battery = await admin.post<{ _id: string }>('/products/create', {
      urun_adi: [`${tag} LiFePO4 Akü 12 Ah`, `${tag} LiFePO4 Battery 12 Ah`], urun_model: model._id, urun_kodu: `${tag}-B12`, urun_fiyat: '10',
      urun_kapasite: 12, urun_voltaj: 12.8,
    });
    await page.goto(`/productslabels?product=${battery._id}`);
    const editor = page.getByTestId('label-editor');
    await expect(editor.getByRole('textbox', { name: 'Ürün Adı' })).toHaveValue(`${tag} LiFePO4 Akü 12 Ah`);
    await editor.getByRole('textbox', { name: 'Etiket Tipi' }).click();
    await page.getByRole('option', { name: 'Pil Etiketi' }).click();
    await expect(editor.getByRole('textbox', { name: 'Kapasite' })).toHaveValue('12 Ah');
    await expect(editor.getByRole('textbox', { name: 'Gerilim' })).toHaveValue('12,8 VDC');
    await expect(editor.getByRole('textbox', { name: 'Ölçüler' })).toHaveValue('');
  });
});
