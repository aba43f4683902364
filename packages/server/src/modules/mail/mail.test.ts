import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { logs, todos, users } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { createAccountService } from '../auth/account-service.js';
import { createMailer } from '../../lib/mailer.js';
import { pdfText } from '../pdf/pdf-test-helpers.js';
import { startTestSmtp, type TestSmtp } from './test-smtp.js';

const PUBLIC_URL = 'https://office.example.test';
/** A PDF without what differs between two renders of one document (creation date, file id). */
const stable = (b: Buffer | Uint8Array) => Buffer.from(b).toString('latin1').replace(/\(D:\d{14}Z\)/g, '').replace(/\/ID \[[^\]]*\]/g, '');

/** The offer PDF as GET /api/pdf/offer/t1/{id} answers it to the same user. */
async function pdfOf(ctx: TestContext, id: string, lang: 0 | 1, role = 2) {
  const res = await ctx.call({ method: 'GET', url: `/api/pdf/offer/t1/${id}?lang=${lang}`, token: ctx.tokens[role] });
  expect(res.statusCode).toBe(200);
  return { bytes: res.rawPayload, fileName: /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))![1] };
}

let t: TestContext;
/** The same database's app without SMTP_URL. */
let bare: TestContext;
let smtp: TestSmtp;
let companyId: string;
let ipSeq = 0;
const nextIp = () => `198.51.100.${(ipSeq++ % 250) + 1}`;

const offerBody = (over: Record<string, unknown> = {}) => ({
  firma_adi: 'Registered Ltd', firma_ulke: 'Türkiye', teklif_konu: 'Otopark aydınlatması', related_person: 'Ali Veli', firma_eposta: 'ali@acme.test',
  teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 1,
  offeritem: [{ urun_adi: 'Street Light 100W', urun_kodu: ['SL'], urun_miktari: 3, urun_birimi: 'Adet', urun_fiyati: 100, urun_dovizi: '$', urun_kdv: 18, order_type: 'default' }],
  ...over,
});

async function makeOrder(ctx: TestContext, over: Record<string, unknown> = {}) {
  const res = await ctx.call({ method: 'POST', url: '/api/offers/create', payload: offerBody({ firma_id: companyId, ...over }), token: ctx.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; teklif_no: string; __v: number };
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Işık Aydınlatma <office@example.test>' }, );
  bare = await createTestContext({ PUBLIC_URL });
  const res = await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[0], payload: { company_name: 'Registered Ltd', company_city: 'İstanbul', company_country: 'Türkiye', company_email: 'info@registered.test' } });
  expect(res.statusCode, res.body).toBe(200);
  companyId = res.json()._id;
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await smtp?.close();
});

describe('POST /offers/email/{id}', () => {
  it('sends the order with the offer PDF attached and the tracking link that opens the tracking call; a log row says who sent what to whom', async () => {
    const offer = await makeOrder(t);
    const res = await t.call({ method: 'POST', url: `/api/offers/email/${offer._id}`, token: t.tokens[2], payload: { to: 'Buyer@Customer.test', subject: `Teklif ${offer.teklif_no}`, message: 'Sayın Ali Veli,\n\nTeklifimiz ektedir.' } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.next();
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('buyer@customer.test');
    expect(mail.from?.text).toContain('office@example.test');
    expect(mail.replyTo?.text).toBe('r2@test.local');
    expect(mail.subject).toBe(`Teklif ${offer.teklif_no}`);
    expect(mail.text).toContain('Teklifimiz ektedir.');
    // The attachment is exactly the PDF the PDF module makes for this offer, in the offer's language, approved by the sender.
    expect(mail.attachments).toHaveLength(1);
    const expected = await pdfOf(t, offer._id, 0);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(mail.attachments[0].filename).toBe(expected.fileName);
    expect(stable(mail.attachments[0].content)).toBe(stable(expected.bytes));
    expect(pdfText(mail.attachments[0].content)).toContain(offer.teklif_no);
    // The link: PUBLIC_URL/ordertracking/{offerId}/{companyId}/{token}; its ids and token open the tracking call.
    const link = mail.text!.match(/https:\/\/office\.example\.test\/ordertracking\/\S+/)?.[0];
    expect(link).toBe(res.json().trackingUrl);
    const [, , offerId, company, token] = new URL(link!).pathname.split('/');
    expect([offerId, company]).toEqual([offer._id, companyId]);
    const tracked = await t.call({ method: 'GET', url: `/api/offers/${offerId}/${company}/${token}`, token: null });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toMatchObject({ _id: offer._id, teklif_no: offer.teklif_no });
    const rows = await t.database.db.select().from(logs).where(eq(logs.operation_id, offer._id));
    const sent = rows.find((r) => r.title_key === 'log.offer.emailed');
    expect(sent).toMatchObject({ person: 'Role2 Tester', form: 'offers' });
    expect(sent!.description).toContain(offer.teklif_no);
    expect(sent!.description).toContain('buyer@customer.test');
  });

  it('writes the tracking line in English for a foreign customer and attaches the English PDF', async () => {
    const offer = await makeOrder(t, { firma_ulke: 'Germany' });
    const res = await t.call({ method: 'POST', url: `/api/offers/email/${offer._id}`, token: t.tokens[1], payload: { to: 'buyer@customer.test', subject: 'Offer', message: 'Dear Ali' } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.next();
    expect(mail.text).toContain('You can follow your order here: https://office.example.test/ordertracking/');
    const expected = await pdfOf(t, offer._id, 1, 1);
    expect(stable(mail.attachments[0].content)).toBe(stable(expected.bytes));
  });

  it('refuses an offer that is not an order (409), a bad recipient or empty subject (400), roles above the offer screen (403); nothing is sent or logged', async () => {
    const draft = await makeOrder(t, { teklif_durumu: 0 });
    const before = smtp.received;
    const notOrder = await t.call({ method: 'POST', url: `/api/offers/email/${draft._id}`, token: t.tokens[2], payload: { to: 'a@b.test', subject: 'S', message: '' } });
    expect(notOrder.statusCode).toBe(409);
    expect(notOrder.json().message).toBe('Only offers in status Order are sent by e-mail.');
    const order = await makeOrder(t);
    const bad = await t.call({ method: 'POST', url: `/api/offers/email/${order._id}`, token: t.tokens[2], payload: { to: 'not-an-address', subject: ' ', message: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ to: 'Email is not valid!', subject: 'Write a subject.' });
    const role3 = await t.call({ method: 'POST', url: `/api/offers/email/${order._id}`, token: t.tokens[3], payload: { to: 'a@b.test', subject: 'S', message: '' } });
    expect(role3.statusCode).toBe(403);
    const missing = await t.call({ method: 'POST', url: '/api/offers/email/nope', token: t.tokens[2], payload: { to: 'a@b.test', subject: 'S', message: '' } });
    expect(missing.statusCode).toBe(404);
    expect(smtp.received).toBe(before);
    const rows = await t.database.db.select().from(logs).where(eq(logs.operation_id, order._id));
    expect(rows.some((r) => r.title_key === 'log.offer.emailed')).toBe(false);
  });

  it('when the mail server refuses: 503 with a clear message, nothing logged and the offer unchanged', async () => {
    const offer = await makeOrder(t);
    smtp.refuse(true);
    try {
      const res = await t.call({ method: 'POST', url: `/api/offers/email/${offer._id}`, token: t.tokens[2], lang: 'tr', payload: { to: 'a@b.test', subject: 'S', message: 'M' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'mail.failed', message: expect.stringContaining('E-posta sunucusu iletiyi kabul etmedi') });
    } finally {
      smtp.refuse(false);
    }
    const rows = await t.database.db.select().from(logs).where(eq(logs.operation_id, offer._id));
    expect(rows.some((r) => r.title_key === 'log.offer.emailed')).toBe(false);
    const after = (await t.call({ method: 'GET', url: `/api/offers/${offer._id}`, token: t.tokens[2] })).json();
    expect(after.__v).toBe(offer.__v);
  });

  it('without SMTP_URL: 503 saying so in the caller language, nothing logged', async () => {
    const res0 = await bare.call({ method: 'POST', url: '/api/companies/create', token: bare.tokens[0], payload: { company_name: 'Registered Ltd', company_city: 'İstanbul', company_country: 'Türkiye', company_email: 'info@registered.test' } });
    const offer = await bare.call({ method: 'POST', url: '/api/offers/create', payload: offerBody({ firma_id: res0.json()._id }), token: bare.tokens[2] });
    const id = offer.json()._id;
    const res = await bare.call({ method: 'POST', url: `/api/offers/email/${id}`, token: bare.tokens[2], payload: { to: 'a@b.test', subject: 'S', message: 'M' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'mail.notConfigured', message: 'Sending e-mail is not set up (SMTP_URL). You can send the e-mail from your own mail program.' });
    const rows = await bare.database.db.select().from(logs).where(eq(logs.operation_id, id));
    expect(rows.some((r) => r.title_key === 'log.offer.emailed')).toBe(false);
  });
});

const forgot = (ctx: TestContext, email: string, ip = nextIp(), lang = 'en') =>
  ctx.call({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email }, remoteAddress: ip, lang });
const reset = (ctx: TestContext, token: string, password: string, ip = nextIp()) =>
  ctx.call({ method: 'POST', url: '/api/auth/resetpassword', payload: { token, password }, remoteAddress: ip });
const login = (ctx: TestContext, email: string, password: string) =>
  ctx.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const tokenOf = (text: string) => new URL(text.match(/https:\/\/office\.example\.test\/resetpassword\?token=\S+/)![0]).searchParams.get('token')!;

async function addUser(ctx: TestContext, email: string, over: Record<string, unknown> = {}) {
  const res = await ctx.call({ method: 'POST', url: '/api/users/create', token: ctx.tokens[0], payload: { firstname: 'Reset', lastname: 'Person', email, password: 'Old-password-1', role: 3, ...over } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()._id as string;
}

describe('forgot and reset password', () => {
  it('mails a reset link to a known address; the link sets the password once and only once, and ends the old sessions', async () => {
    await addUser(t, 'reset.me@test.local');
    const session = (await login(t, 'reset.me@test.local', 'Old-password-1')).json().token;
    const res = await forgot(t, 'Reset.Me@test.local', nextIp(), 'tr');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const mail = await smtp.next();
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('reset.me@test.local');
    expect(mail.subject).toBe('Şifre sıfırlama');
    expect(mail.text).toContain('Bağlantı bir saat geçerlidir');
    const token = tokenOf(mail.text!);

    const used = await reset(t, token, 'New-password-22');
    expect(used.statusCode, used.body).toBe(200);
    expect((await login(t, 'reset.me@test.local', 'New-password-22')).statusCode).toBe(200);
    expect((await login(t, 'reset.me@test.local', 'Old-password-1')).statusCode).toBe(401);
    // The session of before the reset is over.
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token: session })).statusCode).toBe(401);
    // Once only.
    const again = await reset(t, token, 'Another-password-3');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'auth.reset.invalid', fields: { token: expect.any(String) } });
    expect((await login(t, 'reset.me@test.local', 'New-password-22')).statusCode).toBe(200);
  });

  it('answers an unknown address exactly as a known one and sends nothing', async () => {
    await addUser(t, 'known.one@test.local');
    const known = await forgot(t, 'known.one@test.local');
    await smtp.next();
    const before = smtp.received;
    const unknown = await forgot(t, 'nobody.here@test.local');
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    // Another known address's mail arrives after the unknown one's would have: none came in between.
    await addUser(t, 'known.two@test.local');
    await forgot(t, 'known.two@test.local');
    const next = await smtp.next();
    expect(next.to && !Array.isArray(next.to) ? next.to.text : '').toBe('known.two@test.local');
    expect(smtp.received).toBe(before + 1);
  });

  it('refuses a new password shorter than the users module allows, and a forged or altered token', async () => {
    await addUser(t, 'rules@test.local');
    await forgot(t, 'rules@test.local');
    const token = tokenOf((await smtp.next()).text!);
    const short = await reset(t, token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe('Password must be at least 8 characters long!');
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await reset(t, forged, 'Long-enough-pw-1')).statusCode).toBe(400);
    expect((await reset(t, 'garbage', 'Long-enough-pw-1')).statusCode).toBe(400);
    // Still valid after the refusals.
    expect((await reset(t, token, 'Long-enough-pw-1')).statusCode).toBe(200);
  });

  it('a link works within the hour and not after it (clock injected)', async () => {
    await addUser(t, 'clock@test.local');
    let now = Date.parse('2026-03-01T10:00:00Z');
    const account = createAccountService({
      db: t.database.db, mailer: createMailer({ smtpUrl: smtp.url, from: 'office@example.test' }), secret: () => t.config.jwtSecret,
      publicUrl: PUBLIC_URL, passwordMin: 8, now: () => now,
    });
    const r1 = await account.forgot('192.0.2.1', 'clock@test.local', 'en');
    await r1.sent;
    const late = tokenOf((await smtp.next()).text!);
    const r2 = await account.forgot('192.0.2.1', 'clock@test.local', 'en');
    await r2.sent;
    const inTime = tokenOf((await smtp.next()).text!);
    now += 60 * 60 * 1000;
    await expect(account.reset('192.0.2.1', late, 'After-the-hour-1')).rejects.toMatchObject({ statusCode: 400, key: 'auth.reset.invalid' });
    now -= 1;
    await expect(account.reset('192.0.2.1', inTime, 'Just-in-time-1')).resolves.toEqual({ status: 'ok' });
    expect((await login(t, 'clock@test.local', 'Just-in-time-1')).statusCode).toBe(200);
  });

  it('limits one address to 5 requests in 15 minutes (429), other addresses go on', async () => {
    const ip = '203.0.113.77';
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await forgot(t, `nobody${i}@test.local`, ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await forgot(t, 'nobody@test.local')).statusCode).toBe(200);
  });

  it('without SMTP_URL: 503 telling the user to ask an administrator, for any address; nothing changes', async () => {
    const res = await forgot(bare, 'admin@test.local', nextIp(), 'en');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'auth.reset.unavailable', message: 'A password reset e-mail cannot be sent right now. Ask an administrator to reset your password.' });
    expect((await forgot(bare, 'nobody@test.local')).json().code).toBe('auth.reset.unavailable');
  });
});

describe('sign-up', () => {
  const signup = (ctx: TestContext, body: Record<string, unknown>, ip = nextIp()) =>
    ctx.call({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress: ip });
  const person = (over: Record<string, unknown> = {}) => ({ firstname: 'Yeni', lastname: 'Üye', email: 'Yeni.Uye@Example.test', password: 'Sign-up-pass-1', ...over });

  it('creates an inactive role-7 account and a to-do for the managers; nobody signs in before approval', async () => {
    const res = await signup(t, person());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'yeni.uye@example.test'));
    expect(u).toMatchObject({ firstname: 'Yeni', lastname: 'Üye', role: 7, userstate: false });
    const refused = await login(t, 'yeni.uye@example.test', 'Sign-up-pass-1');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe("This user account is inactive or waiting for a manager's approval.");
    // The managers (role 1 and 0) see the to-do; role 2 does not.
    const listOf = async (role: number) => (await t.call({ method: 'GET', url: '/api/todo/list', token: t.tokens[role] })).json().Todolist as { task: string; link: string }[];
    const mine = (rows: { task: string }[]) => rows.filter((r) => r.task.includes('yeni.uye@example.test'));
    expect(mine(await listOf(1))).toEqual([expect.objectContaining({ link: '/users?search=yeni.uye%40example.test' })]);
    expect(mine(await listOf(0))).toHaveLength(1);
    expect(mine(await listOf(2))).toHaveLength(0);
    const logged = await t.database.db.select().from(logs).where(eq(logs.operation_id, u.id));
    expect(logged.map((l) => l.title_key)).toEqual(['log.user.signedUp']);
    // A manager approves: the account signs in.
    const approve = await t.call({ method: 'POST', url: `/api/users/update/${u.id}`, token: t.tokens[0], payload: { firstname: 'Yeni', lastname: 'Üye', email: u.email, userstate: true, __v: u.version } });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await login(t, 'yeni.uye@example.test', 'Sign-up-pass-1')).statusCode).toBe(200);
  });

  it('answers an address that has an account the same and changes nothing', async () => {
    const before = await t.database.db.select().from(todos);
    const res = await signup(t, person({ email: 'r3@test.local' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'r3@test.local'));
    expect(u).toMatchObject({ role: 3, userstate: true, firstname: 'Role3' });
    expect(await t.database.db.select().from(todos)).toHaveLength(before.length);
    // Only the address's holder learns of it, by mail, with the way to a new password.
    const mail = await smtp.next();
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('r3@test.local');
    expect(mail.subject).toBe('You already have an account');
    expect(mail.text).toContain('https://office.example.test/forgotpassword');
  });

  it('checks the fields with the users module rules (400 naming them) and limits one address to 5 in 15 minutes', async () => {
    const bad = await signup(t, { firstname: 'A', lastname: 'B', email: 'nope', password: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['email', 'firstname', 'lastname', 'password']);
    const ip = '203.0.113.99';
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await signup(t, person({ email: `burst${i}@example.test` }), ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('a filled honeypot is told ok and nothing is stored', async () => {
    const res = await signup(t, person({ email: 'bot@example.test', website: 'http://spam.test' }));
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'bot@example.test'))).toHaveLength(0);
  });
});
