import type { Page } from '@playwright/test';
import { addProductStock, createProduct } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app defaults to Turkish, so the texts are Turkish.
const TR = {
  nameShort: 'Ürün Adı Çok Kısa',
  modelRequired: 'Model Kodunu Yazınız',
  priceRequired: 'Birim Fiyat Yazınız',
  centerSelect: 'Operasyon Birimi Seçiniz',
  typeSelect: 'Operasyon Tipini Seçiniz',
  pasteMismatch: 'Kopyalanan birimler uyuşmuyor',
  created: 'Ürün oluşturuldu',
  copied: 'Ürün kopyalandı',
  deleted: 'Ürün silindi',
  stockCreated: 'Stok hareketi oluşturuldu',
  deleteConfirm: 'Ürünü Silmek istiyor musunuz ?',
  hasMovements: 'Stok hareketi olan Ürün Silinemez..',
};

const CODE = 'ISK-ASTRA-30W-40AS';
const rows = (page: Page) => page.locator('table tbody tr');

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('the admin works with the product list: markup, calculation, search and copy', async ({ page, admin, tag }) => {
  // A product of this test's own that costs 46,50 $.
  const OWN = `E2E-LST-${tag}`.toUpperCase();
  await createProduct(admin, `E2E Liste Ürünü ${tag}`, OWN, { urun_fiyat: '46.5' });
  await loginAs(page, '/products');
  await expect(page.getByRole('heading', { name: 'Ürünler' })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await page.getByRole('searchbox').fill(OWN);
  await expect(rows(page).first()).toContainText(OWN);
  await expect(rows(page)).toHaveCount(1);

  // 46,50 $ with the default 30 % markup: 46,50 + 46,50 / 70 × 30 = 66,43 $.
  const marked = rows(page).first().getByTestId('marked-price');
  await expect(marked).toHaveText('66,43 $');
  const slider = page.getByRole('slider');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Kâr oranı: %35')).toBeVisible();
  // 35 %: 46,50 + 46,50 / 65 × 35 = 71,54 $
  await expect(marked).toHaveText('71,54 $');
  // Kept in this browser: a reload keeps 35 % (and the search, which lives in the address).
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId('marked-price')).toHaveText('71,54 $');

  // The calculation column switches the list to type=detaillist and shows the completeness.
  const detailList = page.waitForRequest((r) => r.url().includes('/api/products/list') && r.url().includes('type=detaillist'));
  await page.getByRole('button', { name: 'İşlemler' }).click();
  await page.getByRole('menuitem', { name: 'Hesaplama sütununu göster' }).click();
  await detailList;
  await expect(page).toHaveURL(/calc=1/);

  // Search on the server as one types: the seeded Astra 30 W is 90 % complete.
  await page.getByRole('searchbox').fill(CODE);
  // The old rows stay on screen until the search answers: wait for the expected one, then count.
  await expect(rows(page).first()).toContainText('Astra LED Yol Armatürü 30 W');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId('completeness')).toContainText('%90');

  // Copy this test's own row: a new product appears beside it. The list still shows the Astra row until the
  // search answers, so wait for this test's code in the only row before opening its menu.
  await page.getByRole('searchbox').fill(OWN);
  await expect(rows(page).first()).toContainText(OWN);
  await expect(rows(page)).toHaveCount(1);
  // Other tests' products arrive live and re-render the list, which may close an open row menu: open it again then.
  await expect(async () => {
    await rows(page).first().getByRole('button', { name: 'Satır işlemleri' }).click();
    await page.getByRole('menuitem', { name: 'Kopyala' }).click({ timeout: 3_000 });
  }).toPass();
  await expect(page.getByText(TR.copied)).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  // The copy says so in its name and code until someone edits them; the original is unchanged.
  const copyRow = rows(page).filter({ hasText: '(kopya)' });
  await expect(copyRow).toHaveCount(1);
  await expect(copyRow).toContainText(`${OWN}-KOPYA`);
  await expect(rows(page).filter({ hasNotText: '(kopya)' })).toContainText(`E2E Liste Ürünü ${tag}`);
  await page.getByRole('searchbox').fill(CODE);
  await expect(rows(page).first()).toContainText('Astra LED Yol Armatürü 30 W');
  await expect(rows(page)).toHaveCount(1);

  // Open a product from the list; the datasheet link of the 'more' menu points at the Turkish datasheet.
  await rows(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\/[^/]+$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Astra LED Yol Armatürü 30 W' })).toBeVisible();
  await page.getByRole('button', { name: 'Diğer' }).click();
  await expect(page.getByTestId('datasheet-link')).toHaveAttribute('href', `/pdf/datasheet/${id}/0`);
  await page.keyboard.press('Escape');
});

test('the admin creates a product, adds a spec row and a stock movement, then deletes it', async ({ page, tag }) => {
  await loginAs(page, '/products');
  await page.getByRole('link', { name: 'Ürün ekle' }).click();
  await expect(page).toHaveURL(/\/product\/new$/);

  // Saving a too short name without a model shows the spec's messages under the fields.
  await page.getByLabel('Ürün adı (Türkçe)').fill('Ab');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(TR.nameShort).first()).toBeVisible();
  await expect(page.getByText(TR.modelRequired).first()).toBeVisible();

  await page.getByLabel('Ürün adı (Türkçe)').fill('E2E Deneme Armatürü');
  await page.getByLabel('Ürün adı (İngilizce)').fill('E2E Test Light');
  await choose(page, 'Model', /^ISK-ASTRA — /);
  await expect(page.getByText(TR.nameShort)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Kategori', exact: true })).toHaveValue('Yol Aydınlatma');
  await page.getByLabel('Ürün kodu').fill(`E2E-ASTRA-${tag}`.toUpperCase());
  await page.getByRole('textbox', { name: 'Fiyat', exact: true }).fill('123,45');

  // A spec row through the row dialog.
  await page.getByRole('tab', { name: 'Özellikler' }).click();
  await page.getByRole('button', { name: 'Satır ekle' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Özellik (TR)').fill('Renk');
  await dialog.getByLabel('Özellik (EN)').fill('Colour');
  await dialog.getByLabel('Açıklama (TR)').fill('Gri');
  await dialog.getByRole('button', { name: 'Uygula' }).click();
  await expect(rows(page).filter({ hasText: 'Renk' })).toHaveCount(1);

  // Copied spec rows paste only as specs: on the production tab the spec's mismatch message (spec 001 5).
  await page.getByRole('button', { name: 'Satırları kopyala' }).click();
  await page.getByRole('tab', { name: 'Üretim' }).click();
  await page.getByRole('button', { name: 'Yapıştır' }).click();
  await expect(page.getByText(TR.pasteMismatch)).toBeVisible();
  await page.getByRole('tab', { name: 'Özellikler' }).click();
  await page.getByRole('button', { name: 'Yapıştır' }).click();
  await expect(rows(page).filter({ hasText: 'Renk' })).toHaveCount(2);

  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(TR.created)).toBeVisible();
  await expect(page).toHaveURL(/\/product\/(?!new$)[^/]+$/);
  await expect(page.getByRole('heading', { name: 'E2E Deneme Armatürü' })).toBeVisible();

  // Stock: a movement without a price is refused with the spec's message; giris 5 raises in and balance.
  await page.getByRole('tab', { name: 'Stok işlemleri' }).click();
  await expect(page.getByTestId('stock-in')).toHaveText('0,00');
  await page.getByRole('button', { name: 'Yeni stok hareketi' }).click();
  const movement = page.getByRole('dialog');
  // The defaults of spec 001 4.3; saving them as they are names the centre, the type and the price (spec 5).
  await expect(movement.getByLabel('Açıklama')).toHaveValue('Manuel Stok Hareketi');
  await expect(movement.getByLabel('Miktar')).toHaveValue('1');
  await movement.getByRole('button', { name: 'Kaydet' }).click();
  await expect(movement.getByText(TR.centerSelect)).toBeVisible();
  await expect(movement.getByText(TR.typeSelect)).toBeVisible();
  await expect(movement.getByText(TR.priceRequired)).toBeVisible();
  await choose(page, 'İşlem tipi', 'Giriş');
  await choose(page, 'Operasyon birimi', 'Fatura');
  await movement.getByLabel('Miktar').fill('5');
  await movement.getByRole('button', { name: 'Kaydet' }).click();
  await expect(movement.getByText(TR.priceRequired)).toBeVisible();
  await movement.getByLabel('Birim fiyat').fill('10');
  await movement.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText(TR.stockCreated)).toBeVisible();
  await expect(page.getByTestId('stock-in')).toHaveText('5,00');
  await expect(page.getByTestId('stock-balance')).toHaveText('5,00');
  await expect(rows(page).filter({ hasText: 'Manuel Stok Hareketi' })).toHaveCount(1);

  // Deleting a product with movements is refused by the server, with its message.
  await page.getByRole('button', { name: 'Sil', exact: true }).click();
  await expect(page.getByText(TR.deleteConfirm)).toBeVisible();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByText(TR.hasMovements)).toBeVisible();

  // After the manual movement is deleted, the product can go.
  await rows(page).filter({ hasText: 'Manuel Stok Hareketi' }).getByRole('button', { name: 'Satır işlemleri' }).click();
  await page.getByRole('menuitem', { name: 'Sil' }).click();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByTestId('stock-balance')).toHaveText('0,00');
  await page.getByRole('button', { name: 'Sil', exact: true }).click();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByText(TR.deleted)).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
});

test("the product image dialog names only the image types it takes, and the product's stock shows two decimals", async ({ page, admin, tag }) => {
  const product = await createProduct(admin, `E2E Görsel Ürünü ${tag}`, `E2E-IMGD-${tag}`.toUpperCase());
  await addProductStock(admin, product._id, 3);
  await loginAs(page, `/product/${product._id}`);
  await page.getByRole('tab', { name: 'Görseller' }).click();
  await page.getByRole('button', { name: 'Satır ekle' }).click();
  const hint = page.getByRole('dialog').getByTestId('drop-hint');
  await expect(hint).toHaveText(/^Görsel \(PNG, JPEG, WebP ya da GIF\); en fazla \d+ MB$/);
  await expect(hint).not.toContainText('ZIP');
  await page.keyboard.press('Escape');

  // Quantities show two decimals everywhere (spec 000 9), as the materials do.
  await page.getByRole('tab', { name: 'Stok işlemleri' }).click();
  await expect(page.getByTestId('stock-in')).toHaveText('3,00');
  await expect(page.getByTestId('stock-balance')).toHaveText('3,00');
  await expect(rows(page).filter({ hasText: 'Manuel Stok Hareketi' })).toContainText('+3,00 Adet');
  await page.goto(`/products?search=${tag}`);
  await expect(rows(page).first()).toContainText('3,00');
  await expect(rows(page)).toHaveCount(1);
});

test('in RTL mode a price keeps its currency after the number, in reading order', async ({ page, admin, tag }) => {
  await createProduct(admin, `E2E RTL Ürünü ${tag}`, `E2E-RTL-${tag}`.toUpperCase(), { urun_fiyat: '46.5' });
  await page.addInitScript(() => window.localStorage.setItem('settings', JSON.stringify({ rtl: true })));
  await loginAs(page, `/products?search=${tag}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const price = rows(page).first().getByTestId('marked-price');
  await expect(price).toHaveText('66,43 $');
  // Where the first digit and the '$' are drawn: the '$' must be to the right of the number, not before it.
  const drawn = await price.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const node = walker.nextNode() as Text;
    const x = (i: number) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect().left; };
    return { digit: x(0), unit: x(node.data.indexOf('$')) };
  });
  expect(drawn.unit).toBeGreaterThan(drawn.digit);
});
