import { createCompany, uniqueTag } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// Issue 13: the forgot-password and sign-up forms and the offer's E-mail dialog as a user sees them. The e2e server
// runs without SMTP_URL (scripts/e2e-server.mjs removes it: no real mail from tests), so these tests see what people
// see on a server without mail; the real SMTP exchange is tested on the server (packages/server/src/modules/mail) and
// end to end, with a purchase order, in purchase-flow.spec.ts.

test('forgot password without mail: the form checks the address, then says to ask an administrator', async ({ page }) => {
  await page.goto('/forgotpassword');
  const form = page.getByTestId('forgot-form');
  await form.getByLabel('E-posta').fill('not-an-address');
  await form.getByRole('button', { name: 'Şifreyi sıfırla' }).click();
  await expect(form.getByText('E-posta geçerli değil!')).toBeVisible();
  await form.getByLabel('E-posta').fill(`${uniqueTag('nobody')}@example.com`);
  await form.getByRole('button', { name: 'Şifreyi sıfırla' }).click();
  await expect(page.getByTestId('forgot-unavailable')).toHaveText('Şifre sıfırlama e-postası şu anda gönderilemiyor. Şifrenizi sıfırlaması için yöneticinize başvurun.');
  await expect(page.getByTestId('forgot-sent')).toHaveCount(0);
});

test('a reset link that is not valid says so and offers a new one', async ({ page }) => {
  await page.goto('/resetpassword?token=abc.def.ghi');
  const form = page.getByTestId('reset-form');
  await form.getByLabel('Yeni şifre', { exact: true }).fill('Yeni12345!');
  await form.getByLabel('Yeni şifre (tekrar)').fill('Yeni12345!');
  await form.getByRole('button', { name: 'Yeni şifreyi kaydet' }).click();
  await expect(page.getByTestId('reset-invalid')).toContainText('Bu şifre sıfırlama bağlantısı geçersiz, kullanılmış ya da süresi dolmuş.');
  await page.getByRole('link', { name: 'Yeni bağlantı isteyin' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
});

test('sign-up makes an account that waits for a manager: the sign-in says so, the managers get a to-do', async ({ page, admin, tag }) => {
  const email = `${tag}@example.com`;
  await page.goto('/signup');
  const form = page.getByTestId('signup-form');
  await form.getByRole('button', { name: 'Kayıt ol' }).click();
  // The users module's rules, under the fields.
  await expect(form.getByText('Kullanıcı adı en az 3 karakter olmalı!')).toBeVisible();
  await form.getByLabel('Ad', { exact: true }).fill('Deniz');
  await form.getByLabel('Soyad').fill(`Yılmaz ${tag}`);
  await form.getByLabel('E-posta').fill(email);
  await form.getByLabel('Şifre', { exact: true }).fill('Uye12345!');
  await form.getByLabel('Şifre (tekrar)').fill('Uye12346!');
  await form.getByRole('button', { name: 'Kayıt ol' }).click();
  await expect(form.getByText('Şifreler aynı değil')).toBeVisible();
  await form.getByLabel('Şifre (tekrar)').fill('Uye12345!');
  await form.getByRole('button', { name: 'Kayıt ol' }).click();
  await expect(page.getByTestId('signup-done')).toHaveText('Teşekkürler. Hesabınız oluşturuldu ve yönetici onayı bekliyor; onaylandığında giriş yapabilirsiniz.');

  // Before approval the sign-in refuses with a clear message.
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill('Uye12345!');
  await page.getByRole('main').getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page.getByText('Kullanıcı hesabı pasif ya da yönetici onayı bekliyor.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // An inactive role-7 account, and the managers' to-do pointing at it.
  const users = await admin.get<{ users: { email: string; role: number; userstate: boolean }[] }>(`/users/list?search=${encodeURIComponent(email)}`);
  expect(users.users).toEqual([expect.objectContaining({ email, role: 7, userstate: false })]);
  const todos = await admin.get<{ Todolist: { task: string; link: string }[] }>('/todo/list');
  expect(todos.Todolist.filter((x) => x.task.includes(email))).toEqual([expect.objectContaining({ link: `/users?search=${encodeURIComponent(email)}` })]);
});

test('the E-mail button of an order opens the dialog in the offer language; without mail it offers a mailto link', async ({ page, admin, tag }) => {
  const company = await createCompany(admin, `${tag} Mail Ltd`, { company_country: 'Germany' });
  const offer = await admin.post<{ _id: string; teklif_no: string }>('/offers/create', {
    firma_id: company._id, firma_adi: company.company_name, firma_ulke: 'Germany', related_person: 'Hans Weber', firma_eposta: `buyer@${tag}.example.com`,
    orderTrackingEmail: `tracking@${tag}.example.com`, teklif_konu: 'Street lights', teklif_durumu: 1, teklif_dovizi: '€', teklif_usdkur: 40, teklif_eurkur: 45,
    offeritem: [{ urun_adi: 'Street Light 100W', urun_kodu: ['SL'], urun_miktari: 2, urun_birimi: 'Adet', urun_fiyati: 120, urun_dovizi: '€', urun_kdv: 20, order_type: 'default' }],
  });
  await loginAs(page);
  await page.goto(`/offer/${offer._id}`);
  await page.getByTestId('offer-email').click();
  const dialog = page.getByRole('dialog');
  // A German customer: the English subject and text; the order-tracking address first.
  await expect(dialog.getByLabel('Alıcı')).toHaveValue(`tracking@${tag}.example.com`);
  await expect(dialog.getByLabel('Konu')).toHaveValue(`Offer ${offer.teklif_no}`);
  await expect(dialog.getByLabel('Mesaj')).toHaveValue(new RegExp(`^Dear Hans Weber,\\n\\nPlease find our offer ${offer.teklif_no} attached\\.`));
  await dialog.getByLabel('Konu').fill(`Offer ${offer.teklif_no} – street lights`);
  await dialog.getByRole('button', { name: 'Gönder' }).click();
  await expect(page.getByTestId('offer-email-unavailable')).toContainText('E-posta gönderimi ayarlanmamış (SMTP_URL).');
  const mailto = page.getByTestId('offer-email-mailto');
  await expect(mailto).toHaveAttribute('href', new RegExp(`^mailto:tracking%40${tag}\\.example\\.com\\?subject=Offer%20${offer.teklif_no}%20%E2%80%93%20street%20lights&body=Dear%20Hans%20Weber`));
});
