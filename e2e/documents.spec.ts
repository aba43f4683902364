import { createCompany } from './support/api';
import { expect, test } from './support/test';

// The e2e browser reads Turkish (tr-TR): the PDF pages' texts are Turkish.
test.use({ role: 2 });

test('the offer PDF opens from the offer list: a loading indicator, then the full-screen viewer with the rendered document', async ({ page, api, tag }) => {
  const offer = await api.post<{ _id: string; teklif_no: string }>('/offers/create', {
    firma_adi: `Çağlar Işık ${tag}`, firma_ulke: 'Türkiye', teklif_konu: `Otopark ${tag}`, teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45,
    offeritem: [{ urun_adi: 'Sokak Armatürü 100W', urun_miktari: 3, urun_birimi: 'Adet', urun_fiyati: 100, urun_dovizi: '$', urun_kdv: 18 }],
  });
  await page.goto('/offers');
  await page.getByPlaceholder('Firma, teklif no, konu ya da referans ara').fill(tag);
  const menu = page.getByRole('button', { name: `${offer.teklif_no} işlemleri` });
  await menu.click();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('menuitem', { name: 'PDF' }).click()]);
  await expect(popup).toHaveURL(new RegExp(`/pdf/offer/t1/${offer._id}$`));
  const viewer = popup.getByTestId('pdf-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(`Otopark ${tag} ${offer.teklif_no}`)).toBeVisible();
  const frame = viewer.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  // The download is the PDF the browser made.
  const link = viewer.getByRole('link', { name: 'İndir' });
  await expect(link).toHaveAttribute('download', `offer-${offer.teklif_no}.pdf`);
  const [download] = await Promise.all([popup.waitForEvent('download'), link.click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(10_000);
});

test('a box label from the label editor: the type resets the form to the box defaults, create PDF opens the label page with the viewer', async ({ page, tag }) => {
  await page.goto('/productslabels');
  const editor = page.getByTestId('label-editor');
  await expect(editor.getByRole('textbox', { name: 'Gerilim' })).toHaveValue('180-265 V AC 50Hz');
  // Another type and back: the form starts again from the box defaults.
  await editor.getByRole('textbox', { name: 'Etiket Tipi' }).click();
  await page.getByRole('option', { name: 'Pil Etiketi' }).click();
  await expect(editor.getByRole('textbox', { name: 'Kapasite' })).toHaveValue(' Ah');
  await editor.getByRole('textbox', { name: 'Etiket Tipi' }).click();
  await page.getByRole('option', { name: 'Kutu Etiketi' }).click();
  await expect(editor.getByRole('textbox', { name: 'Güç' })).toHaveValue(' W');
  await editor.getByRole('textbox', { name: 'Model' }).fill(`ASTRA ${tag}`);
  await editor.getByRole('textbox', { name: 'Ürün Adı' }).fill('Astra Sokak Armatürü');
  await editor.getByRole('textbox', { name: 'Güç' }).fill('100 W');
  const [popup] = await Promise.all([page.waitForEvent('popup'), editor.getByTestId('label-create-pdf').click()]);
  await expect(popup).toHaveURL(/\/pdf\/label10x10$/);
  const viewer = popup.getByTestId('pdf-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(`ASTRA ${tag} Astra Sokak Armatürü`)).toBeVisible();
  await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/);
});

test("an order's work order and delivery form open from the order page in the viewer", async ({ page, api, tag }) => {
  // An order of a registered company with a free-text line (no product, so no operations): status 1 makes its line.
  const company = await createCompany(api, `Ege Sipariş ${tag}`);
  const offer = await api.post<{ _id: string; teklif_no: string }>('/offers/create', {
    firma_id: company._id, firma_adi: company.company_name, firma_ulke: 'Türkiye', teklif_konu: `İş emri ${tag}`, teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
    offeritem: [{ urun_adi: `Park Armatürü ${tag}`, urun_miktari: 4, urun_birimi: 'Adet', urun_fiyati: 80, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' }],
  });
  await page.goto(`/order/${offer._id}`);
  await expect(page.getByTestId('order-no')).toHaveText(new RegExp(offer.teklif_no));
  const [work] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('print-work-order').click()]);
  await expect(work).toHaveURL(new RegExp(`/pdf/order/t1/${offer._id}$`));
  const viewer = work.getByTestId('pdf-viewer');
  await expect(viewer.getByText(`# İŞ EMRİ # ${offer.teklif_no}`)).toBeVisible();
  await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/);
  await expect(viewer.getByRole('link', { name: 'İndir' })).toHaveAttribute('download', `workorder-${offer.teklif_no}.pdf`);

  const [delivery] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('print-delivery-form').click()]);
  const dv = delivery.getByTestId('pdf-viewer');
  await expect(dv.getByText(`# TESLİMAT FORMU # ${offer.teklif_no}`)).toBeVisible();
  await expect(dv.locator('iframe')).toHaveAttribute('src', /^blob:/);
});
