import type { Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { createCompany, createMaterial, modelByCode } from './support/api';
import { expect, test } from './support/test';

// The shared number field (ADR 0019) and lists that fit a 1280 px screen (docs/web-client.md).

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

interface ProductRow { _id: string; urun_fiyat: number; urun_kodu: string }

test('number fields read what the app writes: a product price 1.234,56 and a stock quantity 1.500', async ({ page, admin, tag }) => {
  // Its own product: the first product of the list may be another test's, whose stock that test moves meanwhile.
  const model = await modelByCode(admin, 'ISK-ASTRA');
  const product = await admin.post<{ _id: string }>('/products/create', {
    urun_adi: [`${tag} Sayı Armatürü`, `${tag} Number Light`], urun_model: model._id, urun_kodu: `${tag}-NUM`, urun_fiyat: '10', urun_durumu: true,
  });
  await loginAs(page, `/product/${product._id}`);
  const price = page.getByRole('textbox', { name: 'Fiyat', exact: true });
  await expect(price).toBeVisible();

  // A dot that is not a thousands group is refused with a reason next to the field, not read as 1,23 or 123456.
  await price.fill('1234.56');
  await price.blur();
  await expect(page.getByText('Ondalık için virgül kullanın; nokta binlikleri ayırır (1.234,56).')).toBeVisible();

  await price.fill('1.234,56');
  await price.blur();
  await expect(price).toHaveValue('1.234,56');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect.poll(async () => (await apiGet<ProductRow>(page, `/products/${product._id}`)).urun_fiyat).toBe(1234.56);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Fiyat', exact: true })).toHaveValue('1.234,56');

  // A stock movement of 1.500 pieces adds 1500, not 1,5.
  await page.getByRole('tab', { name: 'Stok işlemleri' }).click();
  const stockIn = page.getByTestId('stock-in');
  await expect(stockIn).toBeVisible();
  const before = Number((await stockIn.textContent())!.replace(/\./g, '').replace(',', '.'));
  await page.getByRole('button', { name: 'Yeni stok hareketi' }).click();
  const movement = page.getByRole('dialog');
  await choose(page, 'İşlem tipi', 'Giriş');
  await choose(page, 'Operasyon birimi', 'Fatura');
  await movement.getByLabel('Miktar').fill('1.500');
  await movement.getByLabel('Birim fiyat').fill('10');
  await movement.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText('Stok hareketi oluşturuldu')).toBeVisible();
  const expected = (before + 1500).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(stockIn).toHaveText(expected);
});

test('a delivery keeps the quantity typed and says why it is too much; its price reads 1.234,56', async ({ page, admin, tag }) => {
  // Its own company: another worker's test may be deleting whichever company a list shows first.
  const company = await createCompany(admin, `${tag} Teslimat Firması`, { company_category: 'Customer' });
  await loginAs(page, `/companydetail/${company._id}`);
  await page.getByRole('tab', { name: 'Teslimatlar' }).click();
  await page.getByRole('button', { name: 'Yeni teslimat' }).click();
  const dialog = page.getByTestId('delivery-dialog').getByRole('dialog');
  await dialog.getByRole('button', { name: 'Ürün', exact: true }).click();
  const picker = page.getByTestId('product-picker');
  await picker.getByTestId('product-picker-search').fill('Titan');
  // The unsearched rows (other tests' products among them) stay until the search answers: pick a Titan row.
  await picker.locator('tbody tr').filter({ hasText: 'Titan' }).first().click();
  await expect(dialog.getByTestId('delivery-picked')).toBeVisible();
  const stockText = ((await dialog.getByText(/^Stok: /).textContent()) ?? '').replace('Stok: ', '').replace(/ \S+$/, '');
  const stock = Number(stockText.replace(/\./g, '').replace(',', '.'));
  const tooMany = String(Math.floor(stock) + 8);

  const qty = dialog.locator('input[name="qty"]');
  await qty.fill(tooMany);
  await qty.blur();
  // Not lowered to the stock: the value stays as typed and the field says why.
  await expect(qty).toHaveValue(tooMany);
  await expect(dialog.getByText(`En fazla ${stock.toLocaleString('tr-TR', { maximumFractionDigits: 2 })} olabilir.`)).toBeVisible();

  await qty.fill('1');
  const price = dialog.locator('input[name="price"]');
  await price.fill('1.234,56');
  await price.blur();
  await expect(price).toHaveValue('1.234,56');
  await dialog.locator('input[name="receiver"]').fill('E2E Sayı Alanı');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText('Teslimat kaydedildi')).toBeVisible();
  const deliveries = await apiGet<{ receiver: string; price: string | number }[]>(page, `/deliveried/list/${company._id}`);
  const saved = deliveries.find((d) => d.receiver === 'E2E Sayı Alanı');
  expect(Number(saved?.price)).toBe(1234.56);
});

/** True when nothing on the page scrolls sideways: the page itself and every scroll area (tables). */
async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.scrollingElement!;
    if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    document.querySelectorAll<HTMLElement>('.mantine-ScrollArea-viewport').forEach((el) => {
      if (el.closest('nav, [role="dialog"]')) return;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.closest('[data-testid]')?.getAttribute('data-testid') ?? 'table'} ${el.scrollWidth} > ${el.clientWidth}`);
    });
    return out;
  });
}

/** The list screens of the back office and the public catalogue (the companies list is checked above in detail). */
const LIST_SCREENS = [
  '/products', '/materials', '/models', '/users', '/offers', '/contacts', '/buyings', '/orders', '/orderitemlist',
  '/componentlist', '/tcmblist', '/imagemanagment', '/gatewaylist', '/deviceaccounts', '/productslabels', '/web',
];

for (const width of [1280, 1440]) {
  test(`lists fit a ${width} px screen without a sideways scrollbar; long texts are cut with the full value on hover`, async ({ page, admin, tag }, testInfo) => {
    // Twenty screens, each waited on until its network is idle: more than one test's usual minute on a busy machine.
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    await loginAs(page, '/companies');
    const { companyList } = await apiGet<{ companyList: { _id: string; company_email: string }[] }>(page, '/companies/list?page=1&pageSize=30');

    await expect(page.locator('tbody tr').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await horizontalOverflow(page)).toEqual([]);
    // The e-mail column is in view, with the whole address on hover.
    const email = companyList.find((c) => c.company_email)!.company_email;
    const cell = page.getByTitle(email, { exact: true }).first();
    await expect(cell).toBeInViewport();
    await testInfo.attach(`companies-${width}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

    await page.goto('/');
    await expect(page.getByTestId('logs-today')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await horizontalOverflow(page)).toEqual([]);
    await testInfo.attach(`dashboard-${width}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

    // Its own company with a long, real-world address (a supplier's order desk, 51 characters): not whichever address
    // other tests happened to leave on the first page.
    const address = `siparis.${tag.slice(-12).padStart(12, '0')}@aydinlatma-tedarik.example.com`;
    const withEmail = await createCompany(admin, `${tag} Uzun Adresli Tedarikçi`, { company_category: 'Suppliers', company_email: address });
    await page.goto(`/companydetail/${withEmail._id}`);
    const field = page.locator('input[name="company_email"]');
    await expect(field).toHaveValue(address);
    // The whole address fits the field.
    expect(await field.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await horizontalOverflow(page)).toEqual([]);
    await testInfo.attach(`company-detail-${width}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

    // A purchase request whose every text is one long word (a code, a name without spaces): the list of requests
    // breaks or cuts it in its cell rather than growing past the screen (it did at 1280 with other tests' long tags).
    const long = (what: string) => `${what}${tag.replace(/[^A-Za-z0-9]/g, '')}Aydınlatmaelektromekanik`;
    const material = await createMaterial(admin, long('Malzeme'), { material_category: long('Kategori'), material_group: long('Grup') });
    const supplier = await createCompany(admin, long('Tedarikçi'), { company_category: 'Suppliers' });
    await admin.post('/buying/create', { material_id: material._id, material_qty: 1, tedarikci_id: supplier._id, related_person: long('Kişi'), siparis_notu: long('Not'), USD_Kur: 40, EUR_Kur: 45 });
    await page.goto(`/buyings?status=0&search=${encodeURIComponent(long('Malzeme'))}`);
    await expect(page.getByTestId('buying-open')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(await horizontalOverflow(page), 'a request of long words').toEqual([]);
    await expect(page.getByTitle(long('Kişi'), { exact: true })).toBeVisible();
    await testInfo.attach(`buyings-long-words-${width}.png`, { body: await page.screenshot(), contentType: 'image/png' });

    // Every other list screen too: the row menus at the right end stay in view (offers and products did not at 1280).
    for (const path of LIST_SCREENS) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main')).toBeVisible();
      expect(await horizontalOverflow(page), path).toEqual([]);
      await testInfo.attach(`${path.slice(1)}-${width}.png`, { body: await page.screenshot(), contentType: 'image/png' });
    }
  });
}
