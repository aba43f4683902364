import { createCompany, createMaterial, createProduct, addMaterialStock } from './support/api';
import { loginAs } from './support/auth';
import { createOrder } from './support/orders';
import { expect, test } from './support/test';

// Issue 25, planning (ADR 0044). The e2e browser runs in tr-TR and the app's default language is Turkish.

test.describe('the component list as production staff', () => {
  test.use({ role: 3 });

  test('a shortage with a purchase multiple set on the material page: selected on the component list, made a request at the suggested quantity with the last supplier, seen in purchases', async ({ page, browser, admin, tag }) => {
    test.setTimeout(120_000);
    const supplier = await createCompany(admin, `${tag} Tedarik A.Ş.`, { company_category: 'Suppliers' });
    const customer = await createCompany(admin, `${tag} Planlama Aydınlatma`);
    const material = await createMaterial(admin, `${tag} Sürücü Kartı`);
    await addMaterialStock(admin, material._id, { qty: 3 });
    // The material's last purchase was from the supplier (received: it is stock, not an open purchase).
    await admin.post('/buying/create', { material_id: material._id, material_qty: 1, satinalma_durumu: 3, tedarikci_id: supplier._id, USD_Kur: 40, EUR_Kur: 45 });
    // Each unit also takes one semi-finished module from product stock ('Yarı Mamül').
    const module_ = await createProduct(admin, `${tag} Kompakt Modül`, `${tag}-MOD`);
    const product = await createProduct(admin, `${tag} Vega 80W`, `${tag}-VEG80`, {
      production: [
        { op_name: 'Dizgi', material_category: material.material_category, material_group: material.material_group, information: material._id, materialqyt: 2, op_qty: 1, StockUpdate: true },
        { op_name: 'Yarı Mamül', information: module_._id, materialqyt: 1, op_qty: 1, StockUpdate: true },
      ],
    });
    await createOrder(admin, customer, product, { qty: 6, price: 80, code: ['VEG', '80'], subject: `${tag} sipariş` });

    // The office sets the material's purchase multiple on its page.
    const office = await browser.newPage();
    await loginAs(office, `/material/${material._id}`);
    await office.getByTestId('purchase-multiple').fill('25');
    await office.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await expect(office.getByText('Malzeme güncellendi')).toBeVisible();

    // 6 x 2 = 12 needed, 4 in stock: 8 short, bought in 25s.
    await page.goto('/componentlist');
    await page.getByPlaceholder('Malzeme, kategori veya grup ara').fill(tag);
    const row = page.locator('table tbody tr').filter({ hasText: material.material_name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('12,00 Adet');
    await expect(row.getByTestId('shortage')).toHaveText('8,00');
    await expect(row.getByTestId('suggested')).toHaveText('25,00');
    await expect(page.getByTestId('create-requests')).toBeDisabled();
    // The module, beside the materials: 6 needed, none in stock or in production.
    const module = page.getByTestId('product-shortages').locator('tbody tr').filter({ hasText: module_.urun_adi[0] });
    await expect(module).toContainText('6,00 Adet');
    await expect(module.getByTestId('product-shortage')).toHaveText('6,00');
    await row.getByRole('checkbox', { name: `${material.material_name} seç` }).check();
    await page.getByTestId('create-requests').click();
    await expect(page.getByTestId('requests-made')).toHaveText('1 satın alma talebi oluşturuldu');
    // The list follows: the request is an open purchase now, nothing left to suggest.
    await expect(row.getByTestId('suggested')).toHaveText('0,00');
    await expect(row.getByRole('checkbox', { name: `${material.material_name} seç` })).toBeDisabled();

    // In purchases: a request (status 0) of 25 from the supplier of the last purchase.
    await office.goto('/buyings');
    await office.getByTestId('buying-filter-0').click();
    await office.getByPlaceholder('Malzeme, tedarikçi, sipariş no, not, kişi ara').fill(material.material_name);
    const request = office.locator('table tbody tr').filter({ hasText: material.material_name });
    await expect(request).toHaveCount(1);
    await expect(request).toContainText('25,00');
    await expect(request).toContainText(supplier.company_name);
    await office.close();
  });
});
