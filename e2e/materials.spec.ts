import type { Locator, Page } from '@playwright/test';
import { createMaterial } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The e2e browser runs in tr-TR and the app's default language is Turkish, so the texts are Turkish.
const TR = {
  categoryRequired: 'Lütfen Kategori Seçiniz',
  groupRequired: 'Lütfen Grup Seçiniz',
  centerRequired: 'Operasyon Birimi Seçiniz',
  materialCreated: 'Malzeme oluşturuldu',
  movementCreated: 'Stok hareketi oluşturuldu',
  movementDeleteConfirm: 'Stok hareketini silmek istiyor musunuz ?',
  materialDeleteConfirm: 'Malzemeyi silmek istiyor musunuz ?',
  hasMovements: 'Stok hareketi olan Malzeme Silinemez..',
  negative: 'Dikkat: stok eksiye düşüyor.',
};

const rows = (page: Page) => page.locator('table tbody tr');

/** Picks an option of a Mantine Select by its visible text. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

interface Movement { type: 'Giriş' | 'Çıkış'; center?: string; qty: string; price: string; description?: string }

/** Fills the open stock-operation dialog; without a centre the save is expected to be refused. */
async function fillMovement(page: Page, m: Movement) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Yeni stok işlemi')).toBeVisible();
  await dialog.locator('label', { hasText: m.type }).click();
  if (m.center) await choose(page, dialog.getByLabel('Operasyon birimi'), m.center);
  await dialog.locator('input[name="qty"]').fill(m.qty);
  await dialog.locator('input[name="price"]').fill(m.price);
  if (m.description) await dialog.locator('textarea[name="description"]').fill(m.description);
}

async function saveMovement(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).click();
}

async function addMovement(page: Page, m: Movement) {
  await page.getByRole('button', { name: 'Yeni stok işlemi' }).click();
  await fillMovement(page, m);
  await saveMovement(page);
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('the admin filters materials, creates one, keeps its stock and goes negative', async ({ page, tag }) => {
  // One long story on a busy two-core machine.
  test.setTimeout(150_000);
  await loginAs(page, '/materials');
  await expect(page.getByRole('heading', { name: 'Malzemeler' })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByText(/^Toplam \d+ malzeme$/)).toBeVisible();

  // Filter by a category in use: every row belongs to it.
  await choose(page, page.getByTestId('material-category-filter'), 'Akü');
  await expect(page).toHaveURL(/category=Ak%C3%BC/);
  await expect(rows(page).filter({ hasNotText: 'Akü' })).toHaveCount(0);
  await expect(rows(page).first()).toContainText('Akü');

  // Search on the server as one types (inside the filter).
  await page.getByRole('searchbox').fill('kutusu');
  // The old rows stay on screen until the search answers: wait for the expected one, then count.
  await expect(rows(page).first()).toContainText('Akü Kutusu ABS');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('searchbox').fill('');
  await choose(page, page.getByTestId('material-category-filter'), 'Tüm kategoriler');
  await expect(rows(page)).toHaveCount(10);

  // Add: saving without category and group is refused with the spec's messages under the fields.
  await page.getByRole('link', { name: 'Malzeme ekle' }).click();
  await expect(page).toHaveURL(/\/material\/new$/);
  const name = `E2E Malzeme ${tag}`;
  const category = `E2E Kategori ${tag}`;
  await page.locator('input[name="material_name"]').fill(name);
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
  await expect(page.getByText(TR.categoryRequired).first()).toBeVisible();
  await expect(page.getByText(TR.groupRequired).first()).toBeVisible();
  await expect(page).toHaveURL(/\/material\/new$/);

  // A new category is created inline; the group is an existing one.
  await page.locator('input[name="material_category"]').fill(category);
  await page.getByRole('option', { name: `Yeni kategori oluştur: ${category}` }).click();
  await expect(page.locator('input[name="material_category"]')).toHaveValue(category);
  await page.locator('input[name="material_group"]').fill('Sürü');
  await page.getByRole('option', { name: 'Sürücü', exact: true }).click();
  await page.locator('input[name="material_price"]').fill('12,5');
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
  await expect(page.getByText(TR.materialCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/material\/(?!new)[^/]+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Bu malzemenin henüz stok hareketi yok')).toBeVisible();

  // The QC tab says honestly that no questions are defined.
  await page.getByRole('tab', { name: 'Kalite kontrol' }).click();
  await expect(page.getByText('Kalite kontrol sorusu tanımlı değil')).toBeVisible();
  await page.getByRole('tab', { name: 'Detay' }).click();

  // A stock movement without a centre is refused with the spec's message; choosing one saves it.
  await page.getByRole('button', { name: 'Yeni stok işlemi' }).click();
  await fillMovement(page, { type: 'Giriş', qty: '100', price: '2', description: 'E2E giriş' });
  await saveMovement(page);
  await expect(page.getByRole('dialog').getByText(TR.centerRequired)).toBeVisible();
  await choose(page, page.getByRole('dialog').getByLabel('Operasyon birimi'), 'Fatura');
  await saveMovement(page);
  await expect(page.getByText(TR.movementCreated)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('stock-total-in')).toContainText('100,00');
  await expect(page.getByTestId('stock-total-out')).toContainText('0,00');
  await expect(page.getByTestId('stock-balance')).toContainText('100,00');

  // An exit: in, out, balance and the running total (newest first).
  await addMovement(page, { type: 'Çıkış', center: 'Üretim', qty: '30', price: '2' });
  await expect(page.getByTestId('stock-balance')).toContainText('70,00');
  await expect(page.getByTestId('stock-total-out')).toContainText('30,00');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(0)).toContainText('-30,00');
  await expect(rows(page).nth(0)).toContainText('70,00');
  await expect(rows(page).nth(1)).toContainText('+100,00');
  await expect(rows(page).nth(1)).toContainText('100,00');

  // An exit bigger than the stock: the dialog warns, the balance goes negative and is shown in red with a warning.
  await page.getByRole('button', { name: 'Yeni stok işlemi' }).click();
  await fillMovement(page, { type: 'Çıkış', center: 'Fire', qty: '150', price: '2' });
  await expect(page.getByTestId('movement-balance-after')).toContainText(TR.negative);
  await saveMovement(page);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('stock-balance')).toContainText('-80,00');
  await expect(page.getByTestId('stock-balance').getByTestId('negative-stock-warning')).toBeVisible();
  await expect(page.getByTestId('negative-stock-alert')).toBeVisible();

  // Delete that manual movement after the confirmation: the balance is restored.
  await rows(page).nth(0).getByRole('button', { name: 'Sil' }).click();
  await expect(page.getByText(TR.movementDeleteConfirm)).toBeVisible();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByTestId('stock-balance')).toContainText('70,00');
  await expect(page.getByTestId('negative-stock-alert')).toBeHidden();
  await expect(rows(page)).toHaveCount(2);

  // A material with movements cannot be deleted: the server's reason is shown.
  await page.getByRole('button', { name: 'Sil', exact: true }).first().click();
  await expect(page.getByText(TR.materialDeleteConfirm)).toBeVisible();
  await page.getByRole('button', { name: 'Evet' }).click();
  await expect(page.getByText(TR.hasMovements)).toBeVisible();

  // 'Update stock' from the list's row menu opens the same dialog right there.
  await page.getByRole('button', { name: 'Kapat', exact: true }).click();
  await expect(page).toHaveURL(/\/materials/);
  await page.getByRole('searchbox').fill(name);
  await expect(rows(page).first()).toContainText('70,00');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('12,5000 $');
  await rows(page).first().getByRole('button', { name: `${name} işlemleri` }).click();
  await page.getByRole('menuitem', { name: 'Stok güncelle' }).click();
  await fillMovement(page, { type: 'Giriş', center: 'İthalat', qty: '5', price: '1' });
  await saveMovement(page);
  await expect(page.getByText(TR.movementCreated)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(rows(page).first()).toContainText('75,00');
  await expect(page).toHaveURL(/\/materials/);
});

test("a material's stock movement may be booked to the 'teslimat' centre (spec 001 4.3)", async ({ page, admin, tag }) => {
  const material = await createMaterial(admin, `E2E Teslimat Malzemesi ${tag}`);
  await loginAs(page, `/material/${material._id}`);
  await page.getByRole('button', { name: 'Yeni stok işlemi' }).click();
  await fillMovement(page, { type: 'Çıkış', center: 'Teslimat', qty: '4', price: '1' });
  await saveMovement(page);
  await expect(page.getByText(TR.movementCreated)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(rows(page).first()).toContainText('Teslimat');
  await expect(rows(page).first()).toContainText('-4,00');
});
