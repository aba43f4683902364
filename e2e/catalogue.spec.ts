import { expect, test, type Page } from '@playwright/test';

// A guest (no sign-in) browses the public catalogue (spec 001 2.7, 2.8). The e2e browser runs in tr-TR
// and the app defaults to Turkish; the product page's language follows its URL (0 Turkish, 1 English).

interface Card { _id: string; urun_kodu: string; urun_adi: [string, string]; model_adi: [string, string]; model_category: number; urun_guc: number }
interface ListAnswer { products: Card[]; page: number; totalPage: number; totalItemCount: number }

const cards = (page: Page) => page.getByTestId('product-card');
const range = (page: Page) => page.getByTestId('range-text');

async function publicList(page: Page, query: string): Promise<ListAnswer> {
  const res = await page.request.get(`/api/web/products${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ListAnswer;
}

/** The catalogue's filters are the browser's own selects (ADR 0030). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

/**
 * The answer the catalogue page itself gets for its next list call whose query matches: other tests add and
 * delete products meanwhile, so the screen is compared with what the server told it, not with an earlier count.
 */
function nextList(page: Page, want: { search?: string; category?: string; orderBy?: string; page?: string }): Promise<ListAnswer> {
  return page.waitForResponse((r) => {
    const u = new URL(r.url());
    if (u.pathname !== '/api/web/products' || r.request().method() !== 'GET') return false;
    const q = u.searchParams;
    return (q.get('search') ?? '') === (want.search ?? '') && (q.get('category') ?? '') === (want.category ?? '')
      && (want.orderBy === undefined ? q.get('orderBy') !== 'urun_guc' : q.get('orderBy') === want.orderBy) && (q.get('page') ?? '1') === (want.page ?? '1');
  }).then(async (r) => (await r.json()) as ListAnswer);
}

test('a guest searches, filters, sorts and pages the catalogue, then opens a product in both languages', async ({ page }) => {
  let listed = nextList(page, {});
  await page.goto('/web');
  const all = await listed;
  expect(all.totalItemCount).toBeGreaterThan(18);
  await expect(page.getByRole('heading', { name: 'Ürün Kataloğu' })).toBeVisible();
  await expect(cards(page)).toHaveCount(9);
  await expect(range(page)).toHaveText(`1–9 / ${all.totalItemCount} ürün`);

  // Search by a model name, case-insensitively, as one types.
  // (A seeded model's name: the first page may hold only other tests' products, newest first.)
  const word = 'Astra';
  const lower = word.toLocaleLowerCase('tr-TR');
  listed = nextList(page, { search: lower });
  await page.getByRole('searchbox').fill(lower);
  const found = await listed;
  await expect(page).toHaveURL(/search=/);
  await expect(range(page)).toHaveText(`1–${Math.min(9, found.totalItemCount)} / ${found.totalItemCount} ürün`);
  // Every product found has the word in its model's or its own name or code (a card shows the product's name and
  // code, not its model's: another test's product of that model may be among them), and the cards are those products.
  for (const p of found.products) expect([...p.model_adi, ...p.urun_adi, p.urun_kodu].join(' ').toLocaleLowerCase('tr-TR')).toContain(lower);
  await expect(cards(page).getByTestId('product-code')).toHaveText(found.products.slice(0, 9).map((p) => p.urun_kodu));
  // Back to the whole list (the cached answer may be shown, so only its shape is checked).
  await page.getByRole('searchbox').fill('');
  // The search leaves the address when the typing pause is over (a search with more than 9 products already showed
  // "1–9 / N"; a page asked for before then was reset by it).
  await expect(page).not.toHaveURL(/search=/);
  await expect(range(page)).toHaveText(/^1–9 \/ \d+ ürün$/);

  // Filtering by a category from page 2 goes back to page 1; solar panels show power only, in Wp.
  await page.getByRole('button', { name: 'Sayfa 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  listed = nextList(page, { category: '7' });
  await choose(page, 'Kategori', 'Solar Panel');
  const panels = await listed;
  await expect(page).toHaveURL(/category=7/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(range(page)).toHaveText(`1–${panels.totalItemCount} / ${panels.totalItemCount} ürün`);
  await expect(cards(page)).toHaveCount(panels.totalItemCount);
  await expect(cards(page).first()).toContainText('Wp');
  await expect(cards(page).first()).not.toContainText(' lm');
  await expect(cards(page).first().getByTestId('category-ribbon')).toHaveText(/solar panel/i);
  await choose(page, 'Kategori', 'Tüm kategoriler');
  await expect(page).not.toHaveURL(/category=/);
  await expect(range(page)).toHaveText(/^1–9 \/ \d+ ürün$/);

  // Sort by power on the server; then page 2.
  listed = nextList(page, { orderBy: 'urun_guc' });
  await choose(page, 'Sıralama', 'Güç');
  const byPower = await listed;
  await expect(page).toHaveURL(/orderBy=urun_guc/);
  await expect(cards(page).first().getByTestId('product-code')).toHaveText(byPower.products[0].urun_kodu);
  listed = nextList(page, { orderBy: 'urun_guc', page: '2' });
  await page.getByRole('button', { name: 'Sayfa 2', exact: true }).click();
  const byPower2 = await listed;
  await expect(page).toHaveURL(/page=2/);
  await expect(range(page)).toHaveText(`10–18 / ${byPower2.totalItemCount} ürün`);
  await expect(cards(page).first().getByTestId('product-code')).toHaveText(byPower2.products[0].urun_kodu);

  // Open the first card: the Turkish page of the product.
  const product = byPower2.products[0];
  await cards(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/web/${product._id}/0$`));
  await expect(page.getByRole('heading', { name: product.urun_adi[0] })).toBeVisible();
  for (const tab of ['Genel özellikler', 'Elektriksel özellikler', 'Görseller', 'İndirmeler']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(page.getByTestId('datasheet-link')).toHaveAttribute('href', `/pdf/datasheet/${product._id}/0`);
  await expect(page.getByTestId('datasheet-link')).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId('detail-table')).toContainText('Kod');
  await expect(page).toHaveTitle(new RegExp(product.urun_adi[0]));

  // The English page switches the interface to English.
  await page.goto(`/web/${product._id}/1`);
  await expect(page.getByRole('heading', { name: product.urun_adi[1] })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'General specs' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Electrical specs' })).toBeVisible();
  await expect(page.getByTestId('detail-table')).toContainText('Code');
  await expect(page.getByRole('button', { name: 'Request offer' })).toBeVisible();
  await expect(page.getByTestId('datasheet-link')).toHaveAttribute('href', `/pdf/datasheet/${product._id}/1`);

  // Share links carry the page's own address.
  const encoded = encodeURIComponent(page.url());
  await expect(page.locator('[data-share="facebook"]')).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
  await expect(page.locator('[data-share="linkedin"]')).toHaveAttribute('href', new RegExp(encoded.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

  // An unknown product: a friendly card with the way back.
  await page.goto('/web/no-such-product/0');
  await expect(page.getByText('Ürün bulunamadı')).toBeVisible();
  await page.getByRole('link', { name: 'Kataloğa dön' }).click();
  await expect(page).toHaveURL(/\/web$/);
});

test('the public API shows no stock, cost or production fields', async ({ page }) => {
  const list = await publicList(page, '?pageSize=100');
  const allowed = [
    '_id', 'image', 'model_adi', 'model_category', 'model_kodu', 'product_dimensions', 'product_weight', 'urun_adi', 'urun_aku', 'urun_cct',
    'urun_doviz', 'urun_fiyat', 'urun_guc', 'urun_kapasite', 'urun_kodu', 'urun_lumen', 'urun_optik', 'urun_panel', 'urun_voltaj',
  ];
  for (const p of list.products) {
    for (const key of Object.keys(p)) expect(allowed, key).toContain(key);
  }
  const detail = await page.request.get(`/api/web/products/${list.products[0]._id}`);
  expect(detail.status()).toBe(200);
  const text = await detail.text();
  for (const key of ['stockSum', 'stockIn', 'stockOut', 'production', 'materialprice', 'rowTotal', 'productiondetail', 'urun_durumu', '__v']) {
    expect(text, key).not.toContain(`"${key}"`);
  }
  expect((await page.request.get('/api/web/products/no-such-product')).status()).toBe(404);
});
