import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { companies, logs, offers, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';

let t: TestContext;

const STALE = 'Someone else changed this record after you opened it. Reload and try again.';
const NO_PERMISSION = 'You have no permission for this action in this module.';

beforeAll(async () => { t = await createTestContext(); });
afterAll(async () => { await t?.close(); });

const logRows = () => t.database.db.select().from(logs).orderBy(asc(logs.id));
const companyCount = async () => Number((await t.database.db.select({ n: count() }).from(companies))[0].n);

/** Inserts a company directly (fast fixtures for the list tests) and answers its id. */
async function insertCompany(c: { company_name: string; company_category?: string; company_status?: boolean; company_city?: string }) {
  const id = newId();
  await t.database.db.insert(companies).values({ id, company_city: 'Ankara', company_email: 'info@example.com', ...c });
  return id;
}

/** A valid create body; override what the test is about. */
function newCompany(over: Record<string, unknown> = {}) {
  return {
    company_name: 'Yeni Firma Ltd.', company_adress: 'Atatürk Cad. No:1', company_district: 'Çankaya', company_city: 'Ankara',
    company_phone: '+90 312 000 0000', company_email: 'info@yenifirma.com.tr', company_taxoffice: 'Çankaya', company_taxno: '1234567890', ...over,
  };
}

async function readCompany(id: string) {
  const res = await t.call({ method: 'GET', url: `/api/companies/${id}`, token: t.tokens[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function updateBody(c: Record<string, unknown>, over: Record<string, unknown> = {}) {
  const { _id: _i, date: _d, ...rest } = c;
  return { ...rest, ...over };
}

const create = (payload: unknown, token = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: '/api/companies/create/', payload: payload as object, token, lang });
const update = (id: string, payload: unknown, token = t.tokens[2], lang = 'en') => t.call({ method: 'POST', url: `/api/companies/update/${id}`, payload: payload as object, token, lang });

describe('GET /api/companies/list', () => {
  // 12 companies: names A..L, every third a supplier, every fourth inactive.
  const names = ['Alfa Enerji', 'beta Solar', 'Cedar Lighting', 'Delta Kablo', 'Epsilon Optik', 'Foxtrot Metal', 'Golf Ambalaj', 'hotel Grup', 'India Lens', 'Juliet Park', 'Kilo Vida', 'Lima Akü'];
  beforeAll(async () => {
    for (const [i, company_name] of names.entries()) {
      await insertCompany({ company_name, company_category: i % 3 === 2 ? 'Suppliers' : 'Customer', company_status: i % 4 !== 3 });
    }
  });
  const list = async (query = '', token = t.tokens[2]) => {
    const res = await t.call({ method: 'GET', url: `/api/companies/list${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const nameList = (body: { companyList: { company_name: string }[] }) => body.companyList.map((c) => c.company_name);

  it('answers 10 companies a page by default with page, totalPage and totalItemCount', async () => {
    const p1 = await list();
    expect(p1).toMatchObject({ page: 1, totalPage: 2, totalItemCount: 12 });
    expect(p1.companyList).toHaveLength(10);
    const p2 = await list('?page=2');
    expect(p2).toMatchObject({ page: 2, totalPage: 2, totalItemCount: 12 });
    expect(nameList(p2)).toEqual(['Kilo Vida', 'Lima Akü']);
    const viaFilter = await list(`?filter=${encodeURIComponent(JSON.stringify({ page: 2, pageSize: 5 }))}`);
    expect(viaFilter).toMatchObject({ page: 2, totalPage: 3, totalItemCount: 12 });
    expect(nameList(viaFilter)).toEqual(names.slice(5, 10));
  });

  it('sorts by company_name in both directions, case-insensitively', async () => {
    expect(nameList(await list('?pageSize=100'))).toEqual(names);
    expect(nameList(await list('?pageSize=100&orderBy=company_name&order=desc'))).toEqual([...names].reverse());
    const viaFilter = await list(`?filter=${encodeURIComponent(JSON.stringify({ orderBy: 'company_name', order: 'desc' }))}`);
    expect(nameList(viaFilter)).toEqual([...names].reverse().slice(0, 10));
  });

  it('sorts by company_category in both directions', async () => {
    const asc = (await list('?pageSize=100&orderBy=company_category&order=asc')).companyList.map((c: { company_category: string }) => c.company_category);
    expect(asc).toEqual([...Array(8).fill('Customer'), ...Array(4).fill('Suppliers')]);
    const desc = await list(`?filter=${encodeURIComponent(JSON.stringify({ orderBy: 'company_category', order: 'desc', pageSize: 100 }))}`);
    expect(desc.companyList.map((c: { company_category: string }) => c.company_category)).toEqual([...Array(4).fill('Suppliers'), ...Array(8).fill('Customer')]);
    // Ties keep the name order.
    expect(nameList(desc).slice(0, 4)).toEqual(['Cedar Lighting', 'Foxtrot Metal', 'India Lens', 'Lima Akü']);
  });

  it('sorts by company_status in both directions', async () => {
    const asc = (await list('?pageSize=100&orderBy=company_status')).companyList.map((c: { company_status: boolean }) => c.company_status);
    expect(asc).toEqual([false, false, false, ...Array(9).fill(true)]);
    const desc = (await list('?pageSize=100&orderBy=company_status&order=desc')).companyList.map((c: { company_status: boolean }) => c.company_status);
    expect(desc).toEqual([...Array(9).fill(true), false, false, false]);
  });

  it('searches by name via ?filter=<text>, ?filter=<JSON> and ?search=', async () => {
    const text = await list('?filter=ENERJ');
    expect(nameList(text)).toEqual(['Alfa Enerji']);
    expect(text).toMatchObject({ totalItemCount: 1, totalPage: 1, page: 1 });
    const json = await list(`?filter=${encodeURIComponent(JSON.stringify({ search: 'l', page: 1, pageSize: 3, orderBy: 'company_name', order: 'desc', category: 'Suppliers' }))}`);
    // Suppliers whose name holds an 'l': Cedar Lighting, Foxtrot Metal, India Lens, Lima Akü.
    expect(nameList(json)).toEqual(['Lima Akü', 'India Lens', 'Foxtrot Metal']);
    expect(json).toMatchObject({ page: 1, totalPage: 2, totalItemCount: 4 });
    const params = await list('?search=o&category=Customer&orderBy=company_name&order=asc&pageSize=2&page=2');
    // Customers with an 'o': beta Solar, Delta Kablo, Epsilon Optik, Golf Ambalaj, hotel Grup, Kilo Vida.
    expect(nameList(params)).toEqual(['Epsilon Optik', 'Golf Ambalaj']);
    expect(params).toMatchObject({ page: 2, totalPage: 3, totalItemCount: 6 });
    // Separate query parameters win over the filter object.
    const both = await list(`?filter=${encodeURIComponent(JSON.stringify({ search: 'alfa' }))}&search=beta`);
    expect(nameList(both)).toEqual(['beta Solar']);
    const none = await list('?filter=nothing-like-this');
    expect(none).toMatchObject({ companyList: [], totalItemCount: 0, totalPage: 1, page: 1 });
    expect((await list(`?filter=${encodeURIComponent('50%')}`)).totalItemCount).toBe(0);
  });

  it('filters by status', async () => {
    expect((await list('?status=false')).totalItemCount).toBe(3);
    expect((await list(`?filter=${encodeURIComponent(JSON.stringify({ status: true }))}`)).totalItemCount).toBe(9);
  });

  it('a filter that is not valid JSON or has unknown values does not fail', async () => {
    expect((await list(`?filter=${encodeURIComponent('{"search": ')}`)).totalItemCount).toBe(12);
    expect((await list(`?filter=${encodeURIComponent(JSON.stringify({ orderBy: 'password', page: -1 }))}`)).totalItemCount).toBe(12);
  });

  it('refuses bad separate query parameters with 400', async () => {
    for (const q of ['?orderBy=company_taxno', '?order=up', '?page=0', '?category=Partner', '?pageSize=abc']) {
      const res = await t.call({ method: 'GET', url: `/api/companies/list${q}`, token: t.tokens[2] });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().fields).toBeTruthy();
    }
  });

  it('is level 2: 401 without token, 403 for role 3', async () => {
    expect((await t.call({ method: 'GET', url: '/api/companies/list' })).statusCode).toBe(401);
    const r3 = await t.call({ method: 'GET', url: '/api/companies/list', token: t.tokens[3] });
    expect(r3.statusCode).toBe(403);
    expect(r3.json()).toMatchObject({ code: 'error.forbidden', message: 'Your role does not allow this.' });
    expect((await t.call({ method: 'GET', url: '/api/companies/list', token: t.tokens[0] })).statusCode).toBe(200);
  });
});

describe('GET /api/companies/:id', () => {
  it('answers one company, 404 for an unknown id, 401/403 by role', async () => {
    const id = await insertCompany({ company_name: 'Tek Firma' });
    const c = await readCompany(id);
    expect(c).toMatchObject({ _id: id, company_name: 'Tek Firma', company_country: 'Türkiye', company_category: 'Customer', company_status: true, __v: 0 });
    const missing = await t.call({ method: 'GET', url: '/api/companies/nosuch', token: t.tokens[2], lang: 'tr' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Kayıt bulunamadı.');
    expect((await t.call({ method: 'GET', url: `/api/companies/${id}` })).statusCode).toBe(401);
    // The offer PDF (a level-3 document screen) prints the customer's address: role 3 reads one company, role 4 does not (ADR 0036).
    expect((await t.call({ method: 'GET', url: `/api/companies/${id}`, token: t.tokens[3] })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/companies/${id}`, token: t.tokens[4] })).statusCode).toBe(403);
  });
});

describe('POST /api/companies/create', () => {
  it('creates a company with the defaults, logs the change', async () => {
    const before = (await logRows()).length;
    const res = await create(newCompany({ company_name: 'Abc' }));
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ company_name: 'Abc', company_city: 'Ankara', company_country: 'Türkiye', company_category: 'Customer', company_status: true, company_notes: '', __v: 0 });
    expect(c._id).toBeTruthy();
    expect(await readCompany(c._id)).toEqual(c);
    const after = await logRows();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ person: 'Role2 Tester', person_id: t.userIds[2], form: 'companies', operation_id: c._id });
  });

  it('keeps a supplier, another country and an inactive status when given', async () => {
    const res = await create(newCompany({ company_name: 'Tedarikçi GmbH', company_country: 'Almanya', company_category: 'Suppliers', company_status: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company_country: 'Almanya', company_category: 'Suppliers', company_status: false });
  });

  it('answers each validation message of spec 5 in English and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ company_name: 'Ab' }, 'company_name', 'Company Name must be 3 characters long!'],
      [{ company_name: '   ' }, 'company_name', 'Company Name must be 3 characters long!'],
      [{ company_email: 'not-an-email' }, 'company_email', 'Email is not valid!'],
      [{ company_email: '' }, 'company_email', 'Email is not valid!'],
      [{ company_email: undefined }, 'company_email', 'Write to Email Please'],
      [{ company_city: 'An' }, 'company_city', 'Company City must be 3 characters long!'],
      [{ company_city: undefined }, 'company_city', 'Company City must be 3 characters long!'],
      [{ company_country: 'T' }, 'company_country', 'Select Company Country'],
      [{ company_country: '' }, 'company_country', 'Select Company Country'],
      [{ company_category: 'Partner' }, 'company_category', 'Select Company Category'],
      [{ company_category: '' }, 'company_category', 'Select Company Category'],
      [{ company_category: 'customer' }, 'company_category', 'Select Company Category'],
    ];
    const before = { n: await companyCount(), logs: (await logRows()).length };
    for (const [over, field, msg] of cases) {
      const res = await create(newCompany(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(over)).toBe(msg);
      expect(res.json().message).toBe(msg);
    }
    const all = await create({});
    expect(all.statusCode).toBe(400);
    expect(Object.keys(all.json().fields).sort()).toEqual(['company_city', 'company_email', 'company_name']);
    expect({ n: await companyCount(), logs: (await logRows()).length }).toEqual(before);
  });

  it('answers the messages in Turkish for a Turkish caller', async () => {
    const res = await create(newCompany({ company_name: 'A', company_email: 'x', company_city: '', company_country: 'T', company_category: 'X' }), t.tokens[2], 'tr');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      company_name: 'Firma adı en az 3 karakter olmalı!',
      company_email: 'E-posta geçerli değil!',
      company_city: 'Şehir en az 3 karakter olmalı!',
      company_country: 'Firma ülkesini seçin',
      company_category: 'Firma kategorisini seçin',
    });
  });

  it('is level 2: 401 without token, 403 for role 3 and above', async () => {
    const before = await companyCount();
    expect((await create(newCompany(), '')).statusCode).toBe(401);
    for (const role of [3, 5, 7]) expect((await create(newCompany(), t.tokens[role])).statusCode).toBe(403);
    expect((await create(newCompany({ company_name: 'Yetkili Firma' }), t.tokens[1])).statusCode).toBe(200);
    expect(await companyCount()).toBe(before + 1);
  });
});

describe('POST /api/companies/update/:id', () => {
  let id: string;
  beforeAll(async () => { id = (await create(newCompany({ company_name: 'Güncellenecek A.Ş.' }))).json()._id; });

  it('updates with the version read, answers the new version and logs the change', async () => {
    const c = await readCompany(id);
    const before = (await logRows()).length;
    const res = await update(id, updateBody(c, { company_city: 'İzmir', company_category: 'Suppliers', company_notes: 'Not' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, company_city: 'İzmir', company_category: 'Suppliers', company_notes: 'Not', __v: c.__v + 1 });
    const after = await logRows();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ person: 'Role2 Tester', form: 'companies', operation_id: id });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const c = await readCompany(id);
    const before = (await logRows()).length;
    const res = await update(id, updateBody(c, { __v: c.__v - 1, company_name: 'Eski Sürüm' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STALE);
    const tr = await update(id, updateBody(c, { __v: c.__v + 5 }), t.tokens[2], 'tr');
    expect(tr.statusCode).toBe(409);
    expect(tr.json().message).toBe('Kayıt siz açtıktan sonra başkası tarafından değiştirildi. Sayfayı yenileyip tekrar deneyin.');
    expect(await readCompany(id)).toEqual(c);
    expect((await logRows()).length).toBe(before);
  });

  it('keeps category, country and status that an update does not send', async () => {
    const c = await readCompany(id);
    const set = await update(id, updateBody(c, { company_status: false, company_country: 'Yunanistan' }));
    expect(set.statusCode).toBe(200);
    const { company_status: _s, company_category: _c, company_country: _k, ...partial } = updateBody(set.json());
    const res = await update(id, partial);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ company_status: false, company_category: 'Suppliers', company_country: 'Yunanistan' });
  });

  it('validates like create and answers 404 for an unknown company', async () => {
    const c = await readCompany(id);
    const bad = await update(id, updateBody(c, { company_name: 'X', company_category: 'Other' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ company_name: 'Company Name must be 3 characters long!', company_category: 'Select Company Category' });
    const badVersion = await update(id, updateBody(c, { __v: '' }));
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().fields.__v).toBeTruthy();
    expect((await update('nosuch', updateBody(c))).statusCode).toBe(404);
    expect(await readCompany(id)).toEqual(c);
  });

  it('is level 2: 401 without token, 403 for role 3', async () => {
    const c = await readCompany(id);
    expect((await update(id, updateBody(c, { company_name: 'Yetkisiz' }), '')).statusCode).toBe(401);
    expect((await update(id, updateBody(c, { company_name: 'Yetkisiz' }), t.tokens[3])).statusCode).toBe(403);
    expect(await readCompany(id)).toEqual(c);
  });
});

describe('GET and DELETE /api/companies/delete/:id', () => {
  it('deletes with GET and with DELETE and logs it', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const id = await insertCompany({ company_name: `Silinecek ${method}` });
      const before = (await logRows()).length;
      const res = await t.call({ method, url: `/api/companies/delete/${id}`, token: t.tokens[2] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect((await t.call({ method: 'GET', url: `/api/companies/${id}`, token: t.tokens[2] })).statusCode).toBe(404);
      const after = await logRows();
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toMatchObject({ person: 'Role2 Tester', form: 'companies', operation_id: id });
      expect((await t.call({ method, url: `/api/companies/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(404);
    }
  });

  it('refuses with 409 while a user belongs to the company', async () => {
    const id = await insertCompany({ company_name: 'Kullanıcılı Firma' });
    await t.database.db.insert(users).values({ id: newId(), firstname: 'Bayi', lastname: 'Kisi', email: 'bayi@test.local', role: 5, company_id: id, password_hash: 'x' });
    const before = (await logRows()).length;
    const en = await t.call({ method: 'GET', url: `/api/companies/delete/${id}`, token: t.tokens[2] });
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({ code: 'company.delete.hasUsers', message: 'A company with users cannot be deleted..' });
    const tr = await t.call({ method: 'DELETE', url: `/api/companies/delete/${id}`, token: t.tokens[2], lang: 'tr' });
    expect(tr.statusCode).toBe(409);
    expect(tr.json().message).toBe('Kullanıcısı olan Firma Silinemez..');
    expect((await readCompany(id)).company_name).toBe('Kullanıcılı Firma');
    expect((await logRows()).length).toBe(before);
    // Once the user has left, the company can go.
    await t.database.db.update(users).set({ company_id: null }).where(eq(users.company_id, id));
    expect((await t.call({ method: 'GET', url: `/api/companies/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(200);
  });

  it('refuses while the company has deliveries (the deliveries area registers the guard)', async () => {
    const id = await insertCompany({ company_name: 'Teslimatlı Firma' });
    const other = await insertCompany({ company_name: 'Teslimatsız Firma' });
    const delivery = await t.call({ method: 'POST', url: '/api/deliveried/create/', token: t.tokens[2], payload: { company_id: id, productname: 'Numune', qty: 1, price: 0 } });
    expect(delivery.statusCode, delivery.body).toBe(200);
    const tr = await t.call({ method: 'GET', url: `/api/companies/delete/${id}`, token: t.tokens[2], lang: 'tr' });
    expect(tr.statusCode).toBe(409);
    expect(tr.json()).toMatchObject({ code: 'company.delete.hasDeliveries', message: 'Teslimatı olan Firma Silinemez..' });
    const en = await t.call({ method: 'DELETE', url: `/api/companies/delete/${id}`, token: t.tokens[2], lang: 'en' });
    expect(en.json().message).toBe('A company with deliveries cannot be deleted..');
    expect((await readCompany(id)).company_name).toBe('Teslimatlı Firma');
    expect((await t.call({ method: 'GET', url: `/api/companies/delete/${other}`, token: t.tokens[2] })).statusCode).toBe(200);
  });

  it('refuses while the company has offers (DECISIONS 6), and says so in the caller\'s language', async () => {
    const id = await insertCompany({ company_name: 'Teklifli Firma' });
    const offerId = newId();
    await t.database.db.insert(offers).values({ id: offerId, teklif_no: 'TKF-2026-9001', teklif_yil: 2026, teklif_sira: 9001, firma_id: id, firma_adi: 'Teklifli Firma' });
    const tr = await t.call({ method: 'GET', url: `/api/companies/delete/${id}`, token: t.tokens[2], lang: 'tr' });
    expect(tr.statusCode).toBe(409);
    expect(tr.json()).toMatchObject({ code: 'company.delete.hasOffers', message: 'Teklifi olan Firma Silinemez..' });
    expect((await t.call({ method: 'DELETE', url: `/api/companies/delete/${id}`, token: t.tokens[2], lang: 'en' })).json().message).toBe('A company with offers cannot be deleted..');
    expect((await readCompany(id)).company_name).toBe('Teklifli Firma');
    await t.database.db.delete(offers).where(eq(offers.id, offerId));
    expect((await t.call({ method: 'GET', url: `/api/companies/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(200);
  });

  it('is level 2: 401 without token, 403 for role 3', async () => {
    const id = await insertCompany({ company_name: 'Kalıcı Firma' });
    expect((await t.call({ method: 'GET', url: `/api/companies/delete/${id}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: `/api/companies/delete/${id}`, token: t.tokens[3] })).statusCode).toBe(403);
    expect((await readCompany(id)).company_name).toBe('Kalıcı Firma');
  });
});

describe('module permission grid', () => {
  let token: string;
  let id: string;
  beforeAll(async () => {
    await t.database.db.insert(users).values({
      id: newId(), firstname: 'Sinirli', lastname: 'Ofis', email: 'office-limited@test.local', role: 2,
      permissions: { companies: { read: true, write: false, delete: false } }, password_hash: await hashPassword(USER_PASSWORD),
    });
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'office-limited@test.local', password: USER_PASSWORD } });
    token = res.json().token;
    id = await insertCompany({ company_name: 'Korunan Firma' });
  });

  it('companies.write=false refuses create and update with 403', async () => {
    const before = await companyCount();
    const created = await create(newCompany(), token);
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(NO_PERMISSION);
    const c = await readCompany(id);
    const updated = await update(id, updateBody(c, { company_name: 'Değişti' }), token);
    expect(updated.statusCode).toBe(403);
    expect(updated.json().message).toBe(NO_PERMISSION);
    expect(await readCompany(id)).toEqual(c);
    expect(await companyCount()).toBe(before);
  });

  it('companies.delete=false refuses delete with 403', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.call({ method, url: `/api/companies/delete/${id}`, token, lang: 'tr' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Bu modülde bu işlem için izniniz yok.');
    }
    expect((await readCompany(id)).company_name).toBe('Korunan Firma');
  });

  it('can still list and read', async () => {
    expect((await t.call({ method: 'GET', url: '/api/companies/list', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/companies/${id}`, token })).statusCode).toBe(200);
  });
});

describe('companies write routes: malformed and wrongly typed bodies', () => {
  let id: string;
  beforeAll(async () => { id = await insertCompany({ company_name: 'Sağlam Firma' }); });

  async function snapshot() {
    const list = (await t.call({ method: 'GET', url: '/api/companies/list?pageSize=1000', token: t.tokens[2] })).json();
    return { list, logs: (await logRows()).length };
  }
  const routes = () => ['/api/companies/create', `/api/companies/update/${id}`];

  it('malformed JSON answers 400 error.malformedJson', async () => {
    const before = await snapshot();
    for (const url of routes()) {
      for (const payload of ['{"company_name": "Abc",', "{'company_name': 'Abc'}", '']) {
        const res = await t.call({ method: 'POST', url, token: t.tokens[2], payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'error.malformedJson', message: 'The request body is not valid JSON.' });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an array, null or missing body answers 400 with fields, never 500', async () => {
    const before = await snapshot();
    for (const url of routes()) {
      for (const payload of ['[]', JSON.stringify([newCompany()]), 'null', 'true', '"Abc"']) {
        const res = await t.call({ method: 'POST', url, token: t.tokens[2], payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(Object.keys(res.json().fields ?? {}).length).toBeGreaterThan(0);
      }
      const none = await t.call({ method: 'POST', url, token: t.tokens[2] });
      expect(none.statusCode).toBe(400);
      expect(none.json().fields).toBeTruthy();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('checks the session and role before the body', async () => {
    const before = await snapshot();
    expect((await t.call({ method: 'POST', url: '/api/companies/create', payload: [] })).statusCode).toBe(401);
    const low = await t.call({ method: 'POST', url: `/api/companies/update/${id}`, payload: { company_name: 1 }, token: t.tokens[3] });
    expect(low.statusCode).toBe(403);
    expect(low.json().fields).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });

  it('a text with a NUL character answers 400 with the field, never 500', async () => {
    const before = await snapshot();
    const res = await create(newCompany({ company_notes: 'a\u0000b' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.company_notes).toBeTruthy();
    const c = await readCompany(id);
    const upd = await update(id, updateBody(c, { company_name: 'Sağlam\u0000' }));
    expect(upd.statusCode).toBe(400);
    expect(upd.json().fields.company_name).toBeTruthy();
    for (const q of [`?filter=${encodeURIComponent('x\u0000')}`, `?filter=${encodeURIComponent(JSON.stringify({ search: 'x\u0000' }))}`]) {
      const list = await t.call({ method: 'GET', url: `/api/companies/list${q}`, token: t.tokens[2] });
      expect(list.statusCode, q).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a HEAD request never deletes', async () => {
    const res = await t.call({ method: 'HEAD', url: `/api/companies/delete/${id}`, token: t.tokens[2] });
    expect(res.statusCode).toBe(404);
    expect((await readCompany(id)).company_name).toBe('Sağlam Firma');
  });

  it('wrong field types answer 400 with the field named', async () => {
    const before = await snapshot();
    const c = await readCompany(id);
    const cases: [Record<string, unknown>, string][] = [
      [{ company_name: 12345 }, 'company_name'],
      [{ company_name: null }, 'company_name'],
      [{ company_name: { tr: 'Abc' } }, 'company_name'],
      [{ company_status: 'yes' }, 'company_status'],
      [{ company_status: 1 }, 'company_status'],
      [{ company_email: ['a@b.co'] }, 'company_email'],
      [{ company_city: 34 }, 'company_city'],
      [{ company_category: 7 }, 'company_category'],
      [{ company_notes: 42 }, 'company_notes'],
      [{ company_phone: true }, 'company_phone'],
      [{ company_notes: 'x'.repeat(5000) }, 'company_notes'],
    ];
    for (const [over, field] of cases) {
      for (const [url, body] of [['/api/companies/create', newCompany(over)], [`/api/companies/update/${id}`, updateBody(c, over)]] as const) {
        const res = await t.call({ method: 'POST', url, payload: body, token: t.tokens[2] });
        expect(res.statusCode, `${url} ${JSON.stringify(over).slice(0, 60)}: ${res.body}`).toBe(400);
        expect(res.json().fields[field], `${JSON.stringify(over).slice(0, 60)} -> ${res.body}`).toBeTruthy();
      }
    }
    const v = await update(id, updateBody(c, { __v: 'abc' }));
    expect(v.statusCode).toBe(400);
    expect(v.json().fields.__v).toBeTruthy();
    const neg = await update(id, updateBody(c, { __v: -1 }));
    expect(neg.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('Turkish alphabetical order', () => {
  it('sorts Ç after C, Ş after S and İ/I the Turkish way, in both directions', async () => {
    const names = ['Zeytin Ltd', 'Şahin Aydınlatma', 'Sarı Enerji', 'Çelik Yapı', 'Cam Sanayi', 'Işık Elektrik', 'İnci Solar', 'Hilal Metal'];
    for (const company_name of names) {
      const res = await t.call({ method: 'POST', url: '/api/companies/create/', token: t.tokens[0], payload: { company_name, company_city: 'İzmir', company_email: 'info@example.com.tr', company_notes: 'sort-test' } });
      expect(res.statusCode).toBe(200);
    }
    const list = await t.call({ method: 'GET', url: '/api/companies/list?pageSize=1000&orderBy=company_name', token: t.tokens[0] });
    const got = list.json().companyList.map((c: { company_name: string }) => c.company_name).filter((n: string) => names.includes(n));
    expect(got).toEqual(['Cam Sanayi', 'Çelik Yapı', 'Hilal Metal', 'Işık Elektrik', 'İnci Solar', 'Sarı Enerji', 'Şahin Aydınlatma', 'Zeytin Ltd']);
    const desc = await t.call({ method: 'GET', url: '/api/companies/list?pageSize=1000&orderBy=company_name&order=desc', token: t.tokens[0] });
    const gotDesc = desc.json().companyList.map((c: { company_name: string }) => c.company_name).filter((n: string) => names.includes(n));
    expect(gotDesc).toEqual([...got].reverse());
  });

  it('keeps the order after a rename (the stored sort key follows the name) and never answers the key', async () => {
    const made = await t.call({ method: 'POST', url: '/api/companies/create/', token: t.tokens[0], payload: { company_name: 'Çınar Ltd', company_city: 'İzmir', company_email: 'info@example.com.tr' } });
    expect(made.statusCode).toBe(200);
    const names = async () => (await t.call({ method: 'GET', url: '/api/companies/list?pageSize=1000&orderBy=company_name', token: t.tokens[0] }))
      .json().companyList.map((c: { company_name: string }) => c.company_name) as string[];
    const before = await names();
    expect(before.indexOf('Çınar Ltd')).toBe(before.indexOf('Çelik Yapı') + 1);
    const id = made.json()._id as string;
    const current = await t.call({ method: 'GET', url: `/api/companies/${id}`, token: t.tokens[0] });
    expect(current.json()).not.toHaveProperty('company_name_key');
    const renamed = await t.call({ method: 'POST', url: `/api/companies/update/${id}`, token: t.tokens[0], payload: updateBody(current.json(), { company_name: 'Ağaç Ltd' }) });
    expect(renamed.statusCode).toBe(200);
    const after = await names();
    expect(after).not.toContain('Çınar Ltd');
    expect(after.indexOf('Ağaç Ltd')).toBeLessThan(after.indexOf('Cam Sanayi'));
  });
});
