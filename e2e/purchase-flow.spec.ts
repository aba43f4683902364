import { createCompany, createMaterial, createProduct } from './support/api';
import { loginAs } from './support/auth';
import { createOrder, recordOperation } from './support/orders';
import { downloadBytes, pdfText } from './support/pdf';
import { expect, test } from './support/smtp-server';

/**
 * Issue 25's whole purchase flow as its people do it, in Chromium (the issue's "Quality": shortage → suggested request
 * → order PDF → e-mail to a real SMTP server → two partial receipts → stock and cost → margin). This spec runs its own
 * e2e server whose mail goes to an SMTP server in the test (support/smtp-server.ts); the browser reads Turkish.
 *
 * Numbers: the order takes 6 units x 2 = 12 of the material; 5 in stock (bought before at 10 ₺), so 7 short,
 * bought in 25s: 25 suggested, ordered at 14 ₺ = 350,00 ₺. Received 15 then 10: the moving-average cost goes
 * (5 x 10 + 15 x 14) / 20 = 13,00 ₺, then (260 + 10 x 14) / 30 = 13,33 ₺. Making the 6 units takes 12 at that cost,
 * 160,00 ₺, against a price of 6 x 80 $ x 40 = 19.200,00 ₺: a margin of 19.040,00 ₺ = 476,00 $.
 */
test('a shortage becomes a purchase order, mailed to the supplier, received in two parts; the cost reaches the material and the order line', async ({ page, admin, makeUser, smtp, tag }, testInfo) => {
  test.setTimeout(180_000);
  const mailsBefore = smtp.received;
  const supplierEmail = `satis.${tag}@tedarik.example.com`;
  const supplier = await createCompany(admin, `Işık Tedarik ${tag}`, { company_category: 'Suppliers', company_country: 'Türkiye', company_email: supplierEmail });
  const customer = await createCompany(admin, `Akış Aydınlatma ${tag}`);
  const material = await createMaterial(admin, `Sürücü Kartı ${tag}`, { material_unit: 'Adet', material_price: '12', material_doviz: '₺', purchase_multiple: '25' });
  // Bought before from the supplier (received): its stock and cost, and the supplier a new request takes.
  await admin.post('/buying/create', { material_id: material._id, material_qty: 5, material_price: '10', material_doviz: '₺', satinalma_durumu: 3, tedarikci_id: supplier._id, USD_Kur: 40, EUR_Kur: 45 });
  const product = await createProduct(admin, `Vega 80W ${tag}`, `${tag}-VEG80`, {
    production: [{ op_name: 'Dizgi', material_category: material.material_category, material_group: material.material_group, information: material._id, materialqyt: 2, op_qty: 1, StockUpdate: true }],
  });
  const offer = await createOrder(admin, customer, product, { qty: 6, price: 80, code: ['VEG', '80'], subject: `${tag} sipariş` });
  const planner = await makeUser({ role: 3, firstname: 'Planlamacı' });
  const buyer = await makeUser({ role: 2, firstname: 'Satınalmacı' });

  // 1. The planner sees the shortage with its suggested quantity and makes the request from it.
  await loginAs(page, planner, '/componentlist');
  await page.getByPlaceholder('Malzeme, kategori veya grup ara').fill(tag);
  const shortage = page.locator('table tbody tr').filter({ hasText: material.material_name });
  await expect(shortage).toHaveCount(1);
  await expect(shortage).toContainText('12,00 Adet');
  await expect(shortage.getByTestId('shortage')).toHaveText('7,00');
  await expect(shortage.getByTestId('suggested')).toHaveText('25,00');
  await shortage.getByRole('checkbox', { name: `${material.material_name} seç` }).check();
  const [made] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/buying/fromShortages') && r.request().method() === 'POST'),
    page.getByTestId('create-requests').click(),
  ]);
  await expect(page.getByTestId('requests-made')).toHaveText('1 satın alma talebi oluşturuldu');
  const { created } = (await made.json()) as { created: { _id: string }[] };
  expect(created).toHaveLength(1);
  const purchaseId = created[0]._id;
  await expect(shortage.getByTestId('suggested')).toHaveText('0,00');

  // 2. The buyer finds the request (25 from the last supplier), agrees 14 ₺ and orders it (status 1).
  await loginAs(page, buyer, `/buyings?status=0&open=${purchaseId}`);
  await expect(page.locator('table tbody tr').filter({ hasText: material.material_name })).toContainText(supplier.company_name);
  const modal = page.getByTestId('buying-modal').getByRole('dialog');
  await expect(modal.getByTestId('buying-material')).toHaveText(material.material_name);
  await expect(modal.locator('input[name="material_qty"]')).toHaveValue('25');
  await modal.locator('input[name="material_price"]').fill('14');
  await modal.getByTestId('buying-status-1').check();
  await modal.getByRole('button', { name: 'Kaydet', exact: true }).click();
  // Ordered: the modal stays open with the order number the server gave it, and the print and e-mail buttons.
  const orderNo = modal.getByTestId('buying-order-no');
  await expect(orderNo).toHaveValue(new RegExp(`^SAS-${new Date().getFullYear()}-\\d{4,}$`), { timeout: 20_000 });
  const siparisNo = await orderNo.inputValue();

  // 3. The order PDF, read back with pdftotext.
  const [popup] = await Promise.all([page.waitForEvent('popup'), modal.getByTestId('purchase-print').click()]);
  const viewer = popup.getByTestId('pdf-viewer');
  // The document is made and drawn in the browser: slower than a screen on a busy machine.
  await expect(viewer.getByText(`SATIN ALMA SİPARİŞİ ${siparisNo}`)).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([popup.waitForEvent('download'), viewer.getByRole('link', { name: 'İndir' }).click()]);
  const text = pdfText(await downloadBytes(download));
  expect(text).toContain(`Sipariş No ${siparisNo}`);
  expect(text).toContain(`Işık Tedarik ${tag}`);
  expect(text).toContain(material.material_name);
  expect(text).toMatch(/25 Adet 14(,0+)? ₺ 350,00/);
  expect(text).toContain('TOPLAM (₺) 350,00 ₺');
  await popup.close();

  // 4. E-mailed from the screen: the SMTP server gets one message to the supplier with the order PDF attached.
  await modal.getByTestId('purchase-email').click();
  const mailForm = page.getByTestId('purchase-email-form');
  await expect(mailForm.getByLabel('Alıcı')).toHaveValue(supplierEmail);
  await expect(mailForm.getByLabel('Konu')).toHaveValue(`Satın alma siparişi ${siparisNo}`);
  // Kept in the test's output folder, to look at.
  await page.screenshot({ path: testInfo.outputPath('purchase-mail-dialog.png') });
  await mailForm.getByTestId('purchase-email-send').click();
  await expect(page.getByText(`${siparisNo} satın alma siparişi ${supplierEmail} adresine gönderildi.`)).toBeVisible();
  await expect(mailForm).toHaveCount(0);
  const mail = await smtp.next();
  expect(smtp.received - mailsBefore).toBe(1);
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([supplierEmail]);
  expect(mail.subject).toBe(`Satın alma siparişi ${siparisNo}`);
  expect(mail.text).toMatch(new RegExp(`^Sayın Işık Tedarik ${tag},`));
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`purchase-order-${siparisNo}.pdf`, 'application/pdf']]);
  expect(pdfText(mail.attachments[0].content)).toContain(`Sipariş No ${siparisNo}`);

  // 5. Two partial receipts: 15, then the 10 still due.
  const receipts = modal.getByTestId('receipts');
  await expect(receipts.getByTestId('receipts-due')).toHaveText('25,00 Adet');
  await receipts.getByTestId('receipt-qty').fill('15');
  await receipts.getByTestId('receipt-submit').click();
  await expect(receipts.getByTestId('receipts-due')).toHaveText('10,00 Adet');
  await expect(receipts.getByTestId('receipts-received')).toHaveText('15,00 Adet');
  // A part received leaves the order at 1 (ADR 0045: Control is the office's step).
  await expect(modal.getByTestId('buying-status-1')).toBeChecked();
  await receipts.getByTestId('receipt-qty').fill('10');
  await receipts.getByTestId('receipt-submit').click();
  await expect(receipts.getByTestId('receipts-due')).toHaveText('0,00 Adet');
  await expect(receipts.getByTestId('receipts-table').locator('tbody tr')).toHaveCount(2);
  await expect(modal.getByTestId('buying-status-3')).toBeChecked();

  // 6. The material page: 30 in stock at the moving-average cost, each receipt in its history.
  await loginAs(page, `/material/${material._id}`);
  await expect(page.getByTestId('stock-balance')).toContainText('30,00');
  await page.getByTestId('material-cost-tab').click();
  await expect(page.getByTestId('material-cost-current')).toHaveText('13,33');
  await expect(page.getByTestId('material-cost-stock')).toHaveText('30,00');
  await expect(page.getByTestId('material-cost-value')).toHaveText('400,00');
  const history = page.getByTestId('material-cost-history').locator('tbody tr');
  // Newest first: quantity, unit cost, stock before, average before, average after.
  const day = /^\d{2}\.\d{2}\.\d{4}$/;
  await expect(history).toHaveCount(3);
  await expect(history.nth(0).locator('td')).toHaveText([day, 'Satın alma girişi', '10,00', '14,0000', '20,00', '13,0000', '13,3333']);
  await expect(history.nth(1).locator('td')).toHaveText([day, 'Satın alma girişi', '15,00', '14,0000', '5,00', '10,0000', '13,0000']);
  await expect(history.nth(2).locator('td')).toHaveText([day, 'Satın alma girişi', '5,00', '10,0000', '0,00', '—', '10,0000']);

  // 7. The floor makes the 6 units (recorded through the API); the order line shows their cost and its margin.
  const lineId = await recordOperation(admin, offer._id, 'Dizgi', 6);
  await page.goto(`/orderitemdetail/${lineId}`);
  await expect(page.getByTestId('line-cost-cost')).toContainText('160,00 ₺');
  await expect(page.getByTestId('line-cost-price')).toContainText('19.200,00 ₺');
  await expect(page.getByTestId('line-cost-margin')).toContainText('19.040,00 ₺');
  await expect(page.getByTestId('line-cost-margin')).toContainText('476,00 $');
});
