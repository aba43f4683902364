import { createCompany, createMaterial } from './support/api';
import { downloadBytes, pdfText } from './support/pdf';
import { expect, test } from './support/test';

// Issue 25, purchase orders (ADR 0040): requests of one supplier combined into one order from the purchase list, the
// order PDF read back with pdftotext, and the "E-mail to supplier" dialog. The e2e server runs without SMTP_URL
// (scripts/e2e-server.mjs: no real mail from these tests), so the dialog shows what people see on a server without
// mail; the real SMTP exchange with the attachment is tested on the server (modules/buying/purchase-order.test.ts)
// and end to end in purchase-flow.spec.ts.
// The e2e browser reads Turkish.
test.use({ role: 2 });

test('two requests become one order; another supplier is refused; the order prints and opens the e-mail dialog', async ({ page, api, tag }) => {
  const supplier = await createCompany(api, `Çelik Tedarik ${tag}`, { company_category: 'Suppliers', company_country: 'Türkiye', company_email: `satis.${tag}@tedarik.example.com` });
  const other = await createCompany(api, `Başka Tedarik ${tag}`, { company_category: 'Suppliers', company_country: 'Türkiye' });
  const [m1, m2, m3] = await Promise.all(['Profil', 'Sürücü', 'Vida'].map((n) => createMaterial(api, `${n} ${tag}`, { material_unit: 'Adet' })));
  const ask = (material: string, supplierId: string, qty: number, price: string) =>
    api.post<{ _id: string }>('/buying/create/', { material_id: material, tedarikci_id: supplierId, material_qty: qty, material_price: price, material_doviz: '$', siparis_notu: `E2E ${tag}` });
  const a = await ask(m1._id, supplier._id, 3, '12.3456');
  await ask(m2._id, supplier._id, 1500, '0.8333');
  await ask(m3._id, other._id, 1, '5');

  await page.goto(`/buyings?search=${encodeURIComponent(tag)}`);
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(3);
  const tick = (name: string) => rows.filter({ hasText: name }).getByTestId('buying-select').check();

  // Another supplier: the server's refusal is shown and nothing moves.
  await tick(`Profil ${tag}`);
  await tick(`Vida ${tag}`);
  await page.getByTestId('buying-create-order').click();
  await expect(page.getByText('Bir siparişteki talepler aynı tedarikçiye ait olmalıdır.')).toBeVisible();
  await expect(rows).toHaveCount(3);

  await rows.filter({ hasText: `Vida ${tag}` }).getByTestId('buying-select').uncheck();
  await tick(`Sürücü ${tag}`);
  await expect(page.getByTestId('buying-create-order')).toHaveText('Sipariş oluştur (2)');
  await page.getByTestId('buying-create-order').click();
  await expect(page.getByText(/SAS-\d{4}-\d{4,} satın alma siparişi 2 kalemle oluşturuldu\./)).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The Order list: both under one number.
  const order = await api.get<{ siparis_no: string; lines: unknown[]; totals: { doviz: string; total: number }[] }>(`/buying/order/${a._id}`);
  expect(order.lines).toHaveLength(2);
  expect(order.totals).toEqual([{ doviz: '$', total: 1286.99 }]);
  await page.getByTestId('buying-filter-1').click();
  await expect(page).toHaveURL(/status=1/);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `Sipariş no: ${order.siparis_no}` })).toHaveCount(2);

  // Print order: the PDF page renders the document; its download read back with pdftotext.
  await rows.filter({ hasText: `Profil ${tag}` }).getByTestId('buying-open').click();
  const modal = page.getByTestId('buying-modal').getByRole('dialog');
  await expect(modal.getByTestId('buying-order-no')).toHaveValue(order.siparis_no);
  const [popup] = await Promise.all([page.waitForEvent('popup'), modal.getByTestId('purchase-print').click()]);
  await expect(popup).toHaveURL(new RegExp(`/pdf/purchase/${a._id}$`));
  const viewer = popup.getByTestId('pdf-viewer');
  await expect(viewer.getByText(`SATIN ALMA SİPARİŞİ ${order.siparis_no}`)).toBeVisible();
  const link = viewer.getByRole('link', { name: 'İndir' });
  await expect(link).toHaveAttribute('download', `purchase-order-${order.siparis_no}.pdf`);
  const [download] = await Promise.all([popup.waitForEvent('download'), link.click()]);
  const text = pdfText(await downloadBytes(download));
  expect(text).toContain('SATIN ALMA SİPARİŞİ');
  expect(text).toContain(`Sipariş No ${order.siparis_no}`);
  expect(text).toContain(`Çelik Tedarik ${tag}`);
  expect(text).toMatch(/3 Adet 12,3456 \$ 37,04/);
  expect(text).toMatch(/1\.500 Adet 0,8333 \$ 1\.249,95/);
  expect(text).toContain('TOPLAM ($) 1.286,99 $');
  await popup.close();

  // E-mail to supplier: prefilled in the supplier's language; without SMTP the server says so and a mailto link is offered.
  await modal.getByTestId('purchase-email').click();
  const mail = page.getByTestId('purchase-email-form');
  await expect(mail.getByLabel('Alıcı')).toHaveValue(`satis.${tag}@tedarik.example.com`);
  await expect(mail.getByLabel('Konu')).toHaveValue(`Satın alma siparişi ${order.siparis_no}`);
  await expect(mail.getByLabel('Mesaj')).toHaveValue(new RegExp(`^Sayın Çelik Tedarik ${tag},`));
  await mail.getByTestId('purchase-email-send').click();
  await expect(mail.getByTestId('purchase-email-unavailable')).toContainText('E-posta gönderimi ayarlanmamış (SMTP_URL).');
  await expect(mail.getByRole('link', { name: 'Bunun yerine kendi e-posta programınızla yazın' })).toHaveAttribute('href', new RegExp(`^mailto:satis\\.${tag}`));
});
