import { createCompany, createMaterial, createProduct } from './support/api';
import { loginAs } from './support/auth';
import { createOrder, recordOperation } from './support/orders';
import { expect, test } from './support/test';

/**
 * Issue 25, Costs: two purchases received move a material's moving-average cost, shown on the material page's Cost
 * tab with its history and on /stockvalue; an order line that consumed it shows its cost and margin, the offer the sum.
 */
test('purchases move the material cost; the stock value and an order line\'s margin show it', async ({ page, admin, tag }, testInfo) => {
  test.setTimeout(150_000);
  // Screenshots kept in the test's output folder (to look at) and attached to the report.
  const shot = async (name: string) => {
    const path = testInfo.outputPath(name);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  };
  const mat = await createMaterial(admin, `Maliyet Malzeme ${tag}`, { material_price: '1', material_doviz: '$' });
  const receive = async (qty: number, price: string, doviz: string, usd: number, eur: number) => {
    const b = await admin.post<{ _id: string }>('/buying/create', { material_id: mat._id, material_qty: qty, material_price: price, material_doviz: doviz, USD_Kur: usd, EUR_Kur: eur });
    await admin.post(`/buying/update/${b._id}`, { satinalma_durumu: 3 });
  };
  // 10 at 2 $ x 40 = 80 ₺; then 10 at 3 € x 45 = 135 ₺: (10 x 80 + 10 x 135) / 20 = 107,50 ₺.
  await receive(10, '2', '$', 40, 45);
  await receive(10, '3', '€', 40, 45);

  await loginAs(page, `/material/${mat._id}`);
  await page.getByTestId('material-cost-tab').click();
  await expect(page.getByTestId('material-cost-current')).toHaveText('107,50');
  await expect(page.getByTestId('material-cost-stock')).toHaveText('20,00');
  await expect(page.getByTestId('material-cost-value')).toHaveText('2.150,00');
  const history = page.getByTestId('material-cost-history').locator('tbody tr');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText('Satın alma girişi');
  await expect(history.first()).toContainText('135,0000');
  await expect(history.first()).toContainText('107,5000');
  await shot('material-cost.png');

  await page.goto('/stockvalue');
  await expect(page.getByRole('heading', { name: 'Stok değeri' })).toBeVisible();
  await expect(page.getByTestId('stock-value-total')).toContainText('₺');
  await page.getByRole('textbox', { name: 'Ad, kategori veya grup ara' }).fill(tag);
  const row = page.locator('tbody tr', { hasText: mat.material_name });
  await expect(row).toContainText('107,5000');
  await expect(row).toContainText('2.150,00');
  await shot('stock-value.png');

  // An order of 4 units whose Dizgi takes 2 of the material each; 3 recorded take 6 at 107,50 = 645,00 ₺.
  const product = await createProduct(admin, `Maliyet Ürün ${tag}`, `MLY-${tag}`, {
    production: [{ op_name: 'Dizgi', information: mat._id, materialqyt: 2, StockUpdate: true }],
  });
  const company = await createCompany(admin, `Maliyet Firma ${tag}`);
  const offer = await createOrder(admin, company, product, { qty: 4, price: 25, code: ['MLY'] });
  const lineId = await recordOperation(admin, offer._id, 'Dizgi', 3);

  await page.goto(`/orderitemdetail/${lineId}`);
  // Price 4 x 25 $ x 40 = 4.000,00 ₺; margin 3.355,00 ₺ = 83,88 $.
  await expect(page.getByTestId('line-cost-cost')).toContainText('645,00 ₺');
  await expect(page.getByTestId('line-cost-price')).toContainText('4.000,00 ₺');
  await expect(page.getByTestId('line-cost-margin')).toContainText('3.355,00 ₺');
  await expect(page.getByTestId('line-cost-margin')).toContainText('83,88 $');
  await shot('line-cost.png');

  await page.goto(`/offer/${offer._id}`);
  await expect(page.getByTestId('offer-cost-total')).toContainText('645,00 ₺');
  await expect(page.getByTestId('offer-cost-total')).toContainText('3.355,00 ₺');
  await page.getByTestId('offer-cost').scrollIntoViewIfNeeded();
  await shot('offer-cost.png');
});
