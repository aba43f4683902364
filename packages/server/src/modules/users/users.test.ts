import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { companies, logs, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';

let t: TestContext;
/** One argon2 hash of USER_PASSWORD, reused for users inserted straight into the database (hashing is slow). */
let hashed: string;
let companyId: string;

const STALE = 'Someone else changed this record after you opened it. Reload and try again.';

beforeAll(async () => {
  t = await createTestContext();
  hashed = await hashPassword(USER_PASSWORD);
  companyId = newId();
  await t.database.db.insert(companies).values({ id: companyId, company_name: 'Anadolu Aydınlatma', company_city: 'Ankara', company_email: 'info@anadolu.test' });
});
afterAll(async () => { await t?.close(); });

/** Inserts a user directly (no API, no hashing) and answers its id. */
async function insertUser(u: { firstname: string; lastname: string; email: string; role?: number; company_id?: string | null; permissions?: object }) {
  const id = newId();
  await t.database.db.insert(users).values({ id, role: 3, ...u, password_hash: hashed });
  return id;
}

async function login(email: string, password = USER_PASSWORD): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

const logRows = () => t.database.db.select().from(logs).orderBy(asc(logs.id));
const userCount = async () => Number((await t.database.db.select({ n: count() }).from(users))[0].n);
const dbUser = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

function expectNoHash(body: string) {
  expect(body).not.toMatch(/password/i);
  expect(body).not.toContain('$argon2');
}

/** A valid create body; override what the test is about. */
function newUser(over: Record<string, unknown> = {}) {
  return { firstname: 'Selin', lastname: 'Kaya', email: `selin.${newId().slice(0, 8)}@test.local`, mobile: '+90 532 000 0000', role: 3, password: 'Secret123!', ...over };
}

async function readUser(id: string, token = t.tokens[0]) {
  const res = await t.call({ method: 'GET', url: `/api/users/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The body an update sends: what it read, changed by `over`. */
function updateBody(u: Record<string, unknown>, over: Record<string, unknown> = {}) {
  const { _id: _i, date: _d, usercompany_name: _n, ...rest } = u;
  return { ...rest, ...over };
}

describe('GET /api/users/list', () => {
  const extra = [
    ['Aaron', 'Demir'], ['Berk', 'Acar'], ['Cemile', 'Zorlu'], ['Deniz', 'Kurt'], ['Zafer', 'Oral'], ['Emre', 'Bulut'], ['Fatih', 'Polat'],
  ];
  beforeAll(async () => {
    for (const [firstname, lastname] of extra) {
      await insertUser({ firstname, lastname, email: `${firstname.toLowerCase()}@list.test`, company_id: firstname === 'Deniz' ? companyId : null });
    }
  });

  it('answers 10 users a page by default with page, totalPage and totalItemCount', async () => {
    // 8 users of the helper (roles 0-7) and 7 more.
    const first = await t.call({ method: 'GET', url: '/api/users/list', token: t.tokens[1] });
    expect(first.statusCode).toBe(200);
    const p1 = first.json();
    expect(p1).toMatchObject({ page: 1, totalPage: 2, totalItemCount: 15 });
    expect(p1.users).toHaveLength(10);
    const p2 = (await t.call({ method: 'GET', url: '/api/users/list?page=2', token: t.tokens[1] })).json();
    expect(p2).toMatchObject({ page: 2, totalPage: 2, totalItemCount: 15 });
    expect(p2.users).toHaveLength(5);
    const ids = new Set([...p1.users, ...p2.users].map((u: { _id: string }) => u._id));
    expect(ids.size).toBe(15);
    const small = (await t.call({ method: 'GET', url: '/api/users/list?pageSize=4&page=4', token: t.tokens[1] })).json();
    expect(small).toMatchObject({ page: 4, totalPage: 4, totalItemCount: 15 });
    expect(small.users).toHaveLength(3);
  });

  it('never carries a password hash', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users/list?pageSize=100', token: t.tokens[0] });
    expectNoHash(res.body);
  });

  it('sorts by first name and by last name in both directions', async () => {
    const names = async (q: string, key: 'firstname' | 'lastname') => {
      const res = await t.call({ method: 'GET', url: `/api/users/list?pageSize=100&${q}`, token: t.tokens[1] });
      expect(res.statusCode).toBe(200);
      return res.json().users.map((u: Record<string, string>) => u[key].toLowerCase()) as string[];
    };
    const byFirst = await names('', 'firstname');
    expect(byFirst).toEqual([...byFirst].sort());
    expect(byFirst[0]).toBe('aaron');
    const byFirstDesc = await names('orderBy=firstname&order=desc', 'firstname');
    expect(byFirstDesc).toEqual([...byFirst].sort().reverse());
    expect(byFirstDesc[0]).toBe('zafer');
    const byLast = await names('orderBy=lastname&order=asc', 'lastname');
    expect(byLast).toEqual([...byLast].sort());
    expect(byLast[0]).toBe('acar');
    const byLastDesc = await names('orderBy=lastname&order=desc', 'lastname');
    expect(byLastDesc[0]).toBe('zorlu');
    expect(byLastDesc).toEqual([...byLast].reverse());
  });

  it('searches by first or last name, case-insensitively', async () => {
    const search = async (s: string) => (await t.call({ method: 'GET', url: `/api/users/list?search=${encodeURIComponent(s)}`, token: t.tokens[1] })).json();
    const byFirst = await search('aAr');
    expect(byFirst.users.map((u: { firstname: string }) => u.firstname)).toEqual(['Aaron']);
    expect(byFirst).toMatchObject({ totalItemCount: 1, totalPage: 1, page: 1 });
    const byLast = await search('ZORL');
    expect(byLast.users.map((u: { lastname: string }) => u.lastname)).toEqual(['Zorlu']);
    const many = await search('tester');
    expect(many.totalItemCount).toBe(7);
    const none = await search('nobody-like-this');
    expect(none).toMatchObject({ users: [], totalItemCount: 0 });
    // LIKE wildcards are text, not patterns.
    expect((await search('%')).totalItemCount).toBe(0);
  });

  it('gives usercompany_id as an array whose first item holds company_name', async () => {
    const res = (await t.call({ method: 'GET', url: '/api/users/list?search=Deniz', token: t.tokens[1] })).json();
    expect(res.users).toHaveLength(1);
    expect(res.users[0].usercompany_id).toEqual([{ _id: companyId, company_name: 'Anadolu Aydınlatma' }]);
    expect(res.users[0].usercompany_name).toBe('Anadolu Aydınlatma');
    const noCompany = (await t.call({ method: 'GET', url: '/api/users/list?search=Aaron', token: t.tokens[1] })).json();
    expect(noCompany.users[0].usercompany_id).toEqual([]);
  });

  it('is level 1: 401 without token, 403 for role 2, bad query 400', async () => {
    expect((await t.call({ method: 'GET', url: '/api/users/list' })).statusCode).toBe(401);
    const r2 = await t.call({ method: 'GET', url: '/api/users/list', token: t.tokens[2] });
    expect(r2.statusCode).toBe(403);
    expect(r2.json().message).toBe('Your role does not allow this.');
    expect((await t.call({ method: 'GET', url: '/api/users/list', token: t.tokens[0] })).statusCode).toBe(200);
    const bad = await t.call({ method: 'GET', url: '/api/users/list?orderBy=password', token: t.tokens[1] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.orderBy).toBeTruthy();
    expect((await t.call({ method: 'GET', url: '/api/users/list?page=0', token: t.tokens[1] })).statusCode).toBe(400);
  });
});

describe('GET /api/users/:id', () => {
  it('answers one user without a hash; managers read anyone, others only themselves', async () => {
    const u = await readUser(t.userIds[3], t.tokens[1]);
    expect(u).toMatchObject({ _id: t.userIds[3], firstname: 'Role3', lastname: 'Tester', email: 'r3@test.local', role: 3, userstate: true, usercompany_id: [], __v: 0 });
    const self = await t.call({ method: 'GET', url: `/api/users/${t.userIds[2]}`, token: t.tokens[2] });
    expect(self.statusCode).toBe(200);
    expectNoHash(self.body);
    expect((await t.call({ method: 'GET', url: `/api/users/${t.userIds[3]}`, token: t.tokens[2] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/users/${t.userIds[3]}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/users/${t.userIds[4]}`, token: t.tokens[4] })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users/nosuchuser', token: t.tokens[1], lang: 'tr' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Kayıt bulunamadı.');
  });
});

describe('POST /api/users/create', () => {
  const create = (payload: unknown, token = t.tokens[1], lang = 'en') => t.call({ method: 'POST', url: '/api/users/create/', payload: payload as object, token, lang });

  it('creates a user, logs the change and answers it without a hash', async () => {
    const before = (await logRows()).length;
    // A first name of 2 characters is enough (only shorter than 2 is refused).
    const body = newUser({ firstname: 'Al', email: 'Al.Yilmaz@Test.Local', usercompany_id: companyId });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({ firstname: 'Al', lastname: 'Kaya', email: 'al.yilmaz@test.local', role: 3, userstate: true, __v: 0, usercompany_id: [{ _id: companyId, company_name: 'Anadolu Aydınlatma' }] });
    expect(u._id).toBeTruthy();
    expectNoHash(res.body);
    const after = await logRows();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ person: 'Role1 Tester', person_id: t.userIds[1], form: 'users', operation_id: u._id });
    // The new user can sign in with the password given.
    await login('al.yilmaz@test.local', 'Secret123!');
  });

  it('gives new users role 7 by default', async () => {
    const { role: _r, ...body } = newUser();
    const res = await create(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe(7);
  });

  it('answers each validation message of the spec in English', async () => {
    const cases: [Record<string, unknown>, string, RegExp | string][] = [
      [{ firstname: 'A' }, 'firstname', 'User Name must be 3 characters long!'],
      [{ firstname: '' }, 'firstname', 'User Name must be 3 characters long!'],
      [{ lastname: 'Ab' }, 'lastname', 'Lastname must be 3 characters long!'],
      [{ email: 'not-an-email' }, 'email', 'Email is not valid!'],
      [{ email: 'a@b' }, 'email', 'Email is not valid!'],
      [{ password: 'short12' }, 'password', /\b8\b/],
      [{ role: 9 }, 'role', 'Role must be between 0 and 7.'],
      [{ usercompany_id: 'nosuchcompany' }, 'usercompany_id', 'The chosen company does not exist.'],
    ];
    const before = await userCount();
    for (const [over, field, msg] of cases) {
      const res = await create(newUser(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      const body = res.json();
      if (typeof msg === 'string') expect(body.fields[field]).toBe(msg);
      else expect(body.fields[field]).toMatch(msg);
      expect(body.message).toBe(body.fields[field]);
    }
    expect((await create(newUser({ password: 'short12' }))).json().fields.password).toBe('Password must be at least 8 characters long!');
    expect(await userCount()).toBe(before);
  });

  it('answers the messages in Turkish for a Turkish caller', async () => {
    const res = await create(newUser({ firstname: 'A', lastname: 'Ab', email: 'x' }), t.tokens[1], 'tr');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      firstname: 'Kullanıcı adı en az 3 karakter olmalı!',
      lastname: 'Soyadı en az 3 karakter olmalı!',
      email: 'E-posta geçerli değil!',
    });
    const pw = await create(newUser({ password: '123' }), t.tokens[1], 'tr-TR,tr;q=0.9');
    expect(pw.json().fields.password).toBe('Şifre en az 8 karakter olmalı!');
  });

  it('refuses a duplicate e-mail with 409 and fields.email, whatever its case', async () => {
    const before = (await logRows()).length;
    const res = await create(newUser({ email: 'R2@TEST.local' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'user.email.taken', fields: { email: 'A user with this e-mail already exists.' } });
    expect((await logRows()).length).toBe(before);
  });

  it('refuses two simultaneous creates with one e-mail once, never with a 500', async () => {
    const body = newUser({ email: 'twin@test.local' });
    const results = await Promise.all(Array.from({ length: 4 }, () => create(body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().fields.email).toBe('A user with this e-mail already exists.');
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'twin@test.local'));
    expect(rows).toHaveLength(1);
    // Two users renamed to one e-mail at the same moment: one wins, the other is told why.
    const ids = [await insertUser({ firstname: 'Ikiz', lastname: 'Bir', email: 'ikiz1@test.local' }), await insertUser({ firstname: 'Ikiz', lastname: 'Iki', email: 'ikiz2@test.local' })];
    for (let round = 0; round < 3; round++) {
      const target = `same${round}@test.local`;
      const bodies = await Promise.all(ids.map(async (id) => updateBody(await readUser(id), { email: target })));
      const res = await Promise.all(ids.map((id, i) => t.call({ method: 'POST', url: `/api/users/update/${id}`, payload: bodies[i], token: t.tokens[1] })));
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([200, 409]);
      expect(res.find((r) => r.statusCode === 409)!.json().fields.email).toBe('A user with this e-mail already exists.');
    }
  });

  it('lets nobody give a role more privileged than their own', async () => {
    const before = await userCount();
    const res = await create(newUser({ role: 0 }));
    expect(res.statusCode).toBe(403);
    expect(res.json().fields.role).toBe('You can only give a role less privileged than your own.');
    expect(await userCount()).toBe(before);
    // Nor their own role: a manager could not manage the user afterwards.
    const same = await create(newUser({ role: 1 }));
    expect(same.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
    const below = await create(newUser({ role: 2 }));
    expect(below.statusCode).toBe(200);
    expect(below.json().role).toBe(2);
  });

  it('is level 1: 401 without token, 403 for roles 2 and above', async () => {
    const before = await userCount();
    expect((await create(newUser(), '')).statusCode).toBe(401);
    for (const role of [2, 3, 7]) {
      const res = await create(newUser(), t.tokens[role]);
      expect(res.statusCode).toBe(403);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/users/update/:id', () => {
  let id: string;
  let token: string;
  beforeAll(async () => {
    id = await insertUser({ firstname: 'Kemal', lastname: 'Sunal', email: 'kemal@test.local', role: 3 });
    token = await login('kemal@test.local');
  });
  const update = (uid: string, payload: unknown, tok = t.tokens[1], lang = 'en') => t.call({ method: 'POST', url: `/api/users/update/${uid}`, payload: payload as object, token: tok, lang });

  it('updates with the version read, answers the new version and logs the change', async () => {
    const u = await readUser(id);
    const before = (await logRows()).length;
    const res = await update(id, updateBody(u, { lastname: 'Sunalp', mobile: '555', usercompany_id: companyId }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lastname: 'Sunalp', mobile: '555', __v: u.__v + 1, usercompany_id: [{ _id: companyId, company_name: 'Anadolu Aydınlatma' }] });
    expectNoHash(res.body);
    const after = await logRows();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ person: 'Role1 Tester', form: 'users', operation_id: id });
    // The list shape (usercompany_id as an array of objects) is accepted back as it is.
    const again = await update(id, updateBody(res.json()));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().usercompany_id[0]._id).toBe(companyId);
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const u = await readUser(id);
    const before = (await logRows()).length;
    const res = await update(id, updateBody(u, { __v: u.__v - 1, firstname: 'Changed' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STALE);
    expect(await readUser(id)).toEqual(u);
    expect((await logRows()).length).toBe(before);
    const malformed = await update(id, updateBody(u, { __v: null }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.__v).toBeTruthy();
  });

  it('keeps role, state and permissions that an update does not send', async () => {
    const perms = { users: { read: true, write: false, delete: false } };
    const u = await readUser(id);
    const set = await update(id, updateBody(u, { permissions: perms }));
    expect(set.statusCode).toBe(200);
    const { role: _r, userstate: _s, permissions: _p, ...partial } = updateBody(set.json());
    const res = await update(id, partial);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 3, userstate: true, permissions: perms });
    // Clean up for the next tests.
    expect((await update(id, updateBody(res.json(), { permissions: {} }))).statusCode).toBe(200);
  });

  it('validates like create, in the caller language', async () => {
    const u = await readUser(id);
    const en = await update(id, updateBody(u, { firstname: 'K', lastname: 'Su', email: 'bad@' }));
    expect(en.statusCode).toBe(400);
    expect(en.json().fields).toMatchObject({ firstname: 'User Name must be 3 characters long!', lastname: 'Lastname must be 3 characters long!', email: 'Email is not valid!' });
    const tr = await update(id, updateBody(u, { lastname: 'Su' }), t.tokens[1], 'tr');
    expect(tr.json().fields.lastname).toBe('Soyadı en az 3 karakter olmalı!');
    expect(await readUser(id)).toEqual(u);
  });

  it('refuses an e-mail of another user with 409', async () => {
    const u = await readUser(id);
    const res = await update(id, updateBody(u, { email: 'r2@test.local' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.email).toBe('A user with this e-mail already exists.');
    expect(await readUser(id)).toEqual(u);
  });

  it('answers 404 for an unknown user', async () => {
    const u = await readUser(id);
    expect((await update('nosuchuser', updateBody(u))).statusCode).toBe(404);
  });

  it('lets nobody give a role more privileged than their own', async () => {
    const u = await readUser(id);
    const res = await update(id, updateBody(u, { role: 0 }));
    expect(res.statusCode).toBe(403);
    expect(res.json().fields.role).toBe('You can only give a role less privileged than your own.');
    expect((await readUser(id)).role).toBe(3);
  });

  it('lets nobody change their own role, not even role 0', async () => {
    for (const role of [0, 1]) {
      const me = await readUser(t.userIds[role]);
      const res = await update(t.userIds[role], updateBody(me, { role: role + 1 }), t.tokens[role]);
      expect(res.statusCode).toBe(403);
      expect(res.json().fields.role).toBe('You cannot change your own role.');
      expect((await readUser(t.userIds[role])).role).toBe(role);
    }
    // Changing other fields of oneself is fine.
    const me = await readUser(t.userIds[1]);
    const ok = await update(t.userIds[1], updateBody(me, { mobile: '+90 555 111 2233' }), t.tokens[1]);
    expect(ok.statusCode).toBe(200);
  });

  it('keeps a manager from editing a more privileged user', async () => {
    const admin = await readUser(t.userIds[0]);
    const res = await update(t.userIds[0], updateBody(admin, { lastname: 'Hacked' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only manage users of a role less privileged than yours.');
    expect(await readUser(t.userIds[0])).toEqual(admin);
  });

  it('refuses deactivating oneself', async () => {
    const me = await readUser(t.userIds[1]);
    const res = await update(t.userIds[1], updateBody(me, { userstate: false }), t.tokens[1]);
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.userstate).toBe('You cannot deactivate your own account.');
    expect((await readUser(t.userIds[1])).userstate).toBe(true);
  });

  it('is level 1: 401 without token, 403 for role 2', async () => {
    const u = await readUser(id);
    expect((await update(id, updateBody(u, { lastname: 'Nope' }), '')).statusCode).toBe(401);
    expect((await update(id, updateBody(u, { lastname: 'Nope' }), t.tokens[2])).statusCode).toBe(403);
    // Not even on oneself.
    const me = await readUser(t.userIds[2]);
    expect((await update(t.userIds[2], updateBody(me, { lastname: 'Nope' }), t.tokens[2])).statusCode).toBe(403);
    expect(await readUser(id)).toEqual(u);
  });

  it('deactivating a user ends their session at once and their login says the account is inactive', async () => {
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token })).statusCode).toBe(200);
    const u = await readUser(id);
    const res = await update(id, updateBody(u, { userstate: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json().userstate).toBe(false);
    const after = await t.call({ method: 'GET', url: '/api/auth/verifytoken', token });
    expect(after.statusCode).toBe(401);
    const again = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'kemal@test.local', password: USER_PASSWORD } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ status: 'failed', message: "This user account is inactive or waiting for a manager's approval.", explanation: "This user account is inactive or waiting for a manager's approval." });
    // Reactivated, they can sign in again.
    expect((await update(id, updateBody(res.json(), { userstate: true }))).statusCode).toBe(200);
    token = await login('kemal@test.local');
  });
});

describe('POST /api/users/paswordchange/:id', () => {
  const change = (uid: string, password: string, token: string, lang = 'en') =>
    t.call({ method: 'POST', url: `/api/users/paswordchange/${uid}`, payload: { id: uid, password }, token, lang });

  it('a self change answers a fresh token; the old one stops working', async () => {
    const id = await insertUser({ firstname: 'Pelin', lastname: 'Self', email: 'pelin@test.local', role: 3 });
    const old = await login('pelin@test.local');
    const before = (await logRows()).length;
    const res = await change(id, 'NewSecret99', old);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.token).toMatch(/^ey/);
    expectNoHash(res.body);
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token: old })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token: body.token })).statusCode).toBe(200);
    const after = await logRows();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ person: 'Pelin Self', form: 'users', operation_id: id });
    const oldPw = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'pelin@test.local', password: USER_PASSWORD } });
    expect(oldPw.statusCode).toBe(401);
    await login('pelin@test.local', 'NewSecret99');
  });

  it('a manager changing another user\'s password revokes that user\'s tokens', async () => {
    const id = await insertUser({ firstname: 'Okan', lastname: 'Other', email: 'okan@test.local', role: 3 });
    const theirs = await login('okan@test.local');
    const res = await change(id, 'ManagerSet1', t.tokens[1]);
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token: theirs })).statusCode).toBe(401);
    // The manager's own session is untouched.
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token: t.tokens[1] })).statusCode).toBe(200);
    await login('okan@test.local', 'ManagerSet1');
  });

  it('refuses a too short password with a message naming the minimum, and changes nothing', async () => {
    const id = t.userIds[3];
    const hashBefore = (await dbUser(id)).password_hash;
    const res = await change(id, 'abc', t.tokens[3]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBe('Password must be at least 8 characters long!');
    const tr = await change(id, '1234567', t.tokens[1], 'tr');
    expect(tr.statusCode).toBe(400);
    expect(tr.json().message).toBe('Şifre en az 8 karakter olmalı!');
    expect((await dbUser(id)).password_hash).toBe(hashBefore);
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token: t.tokens[3] })).statusCode).toBe(200);
  });

  it('names a configured minimum above 8 in the message', async () => {
    const strict = await createTestContext({ PASSWORD_MIN: '12' });
    try {
      for (const password of ['abc', 'Secret12345']) {
        const res = await strict.call({ method: 'POST', url: `/api/users/paswordchange/${strict.userIds[3]}`, payload: { password }, token: strict.tokens[3] });
        expect(res.statusCode, password).toBe(400);
        expect(res.json().fields.password).toBe('Password must be at least 12 characters long!');
      }
      const created = await strict.call({ method: 'POST', url: '/api/users/create', payload: newUser({ password: 'Secret12345' }), token: strict.tokens[1], lang: 'tr' });
      expect(created.statusCode).toBe(400);
      expect(created.json().fields.password).toBe('Şifre en az 12 karakter olmalı!');
      expect((await strict.call({ method: 'POST', url: `/api/users/paswordchange/${strict.userIds[3]}`, payload: { password: 'Secret123456' }, token: strict.tokens[3] })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('only a manager changes another user\'s password, never a more privileged one\'s', async () => {
    const before = (await logRows()).length;
    const r2 = await change(t.userIds[3], 'Whatever123', t.tokens[2]);
    expect(r2.statusCode).toBe(403);
    const up = await change(t.userIds[0], 'Whatever123', t.tokens[1]);
    expect(up.statusCode).toBe(403);
    expect((await change(t.userIds[3], 'Whatever123', '')).statusCode).toBe(401);
    // Roles 4-7 change only their own password.
    expect((await change(t.userIds[6], 'Whatever123', t.tokens[5])).statusCode).toBe(403);
    expect((await change('nosuchuser', 'Whatever123', t.tokens[1])).statusCode).toBe(404);
    expect((await logRows()).length).toBe(before);
    expect((await t.call({ method: 'GET', url: '/api/auth/verifytoken', token: t.tokens[0] })).statusCode).toBe(200);
  });
});

describe('GET and DELETE /api/users/delete/:id', () => {
  it('deletes with GET and with DELETE, logs it, and the user is gone', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const id = await insertUser({ firstname: 'Silinecek', lastname: method, email: `del-${method.toLowerCase()}@test.local` });
      const before = (await logRows()).length;
      const res = await t.call({ method, url: `/api/users/delete/${id}`, token: t.tokens[1] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect((await t.call({ method: 'GET', url: `/api/users/${id}`, token: t.tokens[1] })).statusCode).toBe(404);
      const after = await logRows();
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toMatchObject({ person: 'Role1 Tester', form: 'users', operation_id: id });
      expect((await t.call({ method, url: `/api/users/delete/${id}`, token: t.tokens[1] })).statusCode).toBe(404);
    }
  });

  it('refuses deleting oneself and a more privileged user', async () => {
    const before = await userCount();
    const self = await t.call({ method: 'DELETE', url: `/api/users/delete/${t.userIds[1]}`, token: t.tokens[1] });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot delete your own account.');
    const adminSelf = await t.call({ method: 'GET', url: `/api/users/delete/${t.userIds[0]}`, token: t.tokens[0], lang: 'tr' });
    expect(adminSelf.statusCode).toBe(409);
    expect(adminSelf.json().message).toBe('Kendi hesabınızı silemezsiniz.');
    const higher = await t.call({ method: 'GET', url: `/api/users/delete/${t.userIds[0]}`, token: t.tokens[1] });
    expect(higher.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('is level 1: 401 without token, 403 for role 2', async () => {
    const id = await insertUser({ firstname: 'Kalacak', lastname: 'Kisi', email: 'stay@test.local' });
    expect((await t.call({ method: 'GET', url: `/api/users/delete/${id}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: `/api/users/delete/${id}`, token: t.tokens[2] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/users/delete/${id}`, token: t.tokens[3] })).statusCode).toBe(403);
    expect((await readUser(id)).firstname).toBe('Kalacak');
  });
});

describe('module permission grid', () => {
  let token: string;
  let victim: string;
  beforeAll(async () => {
    await insertUser({
      firstname: 'Kisitli', lastname: 'Yonetici', email: 'limited@test.local', role: 1,
      permissions: { users: { read: true, write: false, delete: false } },
    });
    token = await login('limited@test.local');
    victim = await insertUser({ firstname: 'Hedef', lastname: 'Kisi', email: 'target@test.local' });
  });
  const NO_PERMISSION = 'You have no permission for this action in this module.';

  it('users.write=false refuses create and update with 403', async () => {
    const before = await userCount();
    const created = await t.call({ method: 'POST', url: '/api/users/create', payload: newUser(), token });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(NO_PERMISSION);
    const u = await readUser(victim);
    const updated = await t.call({ method: 'POST', url: `/api/users/update/${victim}`, payload: updateBody(u, { lastname: 'Degisti' }), token });
    expect(updated.statusCode).toBe(403);
    expect(updated.json().message).toBe(NO_PERMISSION);
    expect(await readUser(victim)).toEqual(u);
    expect(await userCount()).toBe(before);
    const tr = await t.call({ method: 'POST', url: '/api/users/create', payload: newUser(), token, lang: 'tr' });
    expect(tr.json().message).toBe('Bu modülde bu işlem için izniniz yok.');
  });

  it('users.delete=false refuses delete with 403', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.call({ method, url: `/api/users/delete/${victim}`, token });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NO_PERMISSION);
    }
    expect((await readUser(victim)).firstname).toBe('Hedef');
  });

  it('users.write=false refuses setting another user\'s password, but not one\'s own', async () => {
    const hashBefore = (await dbUser(victim)).password_hash;
    const other = await t.call({ method: 'POST', url: `/api/users/paswordchange/${victim}`, payload: { password: 'Another123' }, token });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(NO_PERMISSION);
    expect((await dbUser(victim)).password_hash).toBe(hashBefore);
    const me = (await t.call({ method: 'GET', url: '/api/auth/verifytoken', token })).json();
    const own = await t.call({ method: 'POST', url: `/api/users/paswordchange/${me._id}`, payload: { password: USER_PASSWORD }, token });
    expect(own.statusCode).toBe(200);
    token = own.json().token;
  });

  it('can still list', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users/list', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalItemCount).toBeGreaterThan(0);
  });
});

describe('users write routes: malformed and wrongly typed bodies', () => {
  it('checks the session and role before the body: 401 and 403 say nothing about the rules', async () => {
    const before = await userCount();
    for (const payload of [{}, { firstname: 1 }, []]) {
      const none = await t.call({ method: 'POST', url: '/api/users/create', payload });
      expect(none.statusCode).toBe(401);
      expect(none.json().fields).toBeUndefined();
      const low = await t.call({ method: 'POST', url: `/api/users/update/${t.userIds[3]}`, payload, token: t.tokens[2] });
      expect(low.statusCode).toBe(403);
      expect(low.json().fields).toBeUndefined();
    }
    expect(await userCount()).toBe(before);
  });

  it('a text with a NUL character answers 400 with the field, never 500', async () => {
    const before = await userCount();
    const res = await t.call({ method: 'POST', url: '/api/users/create', payload: newUser({ lastname: 'Ka\u0000ya' }), token: t.tokens[1] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.lastname).toBe('The data entered is not valid.');
    const search = await t.call({ method: 'GET', url: `/api/users/list?search=${encodeURIComponent('a\u0000')}`, token: t.tokens[1], lang: 'tr' });
    expect(search.statusCode).toBe(400);
    expect(search.json().fields.search).toBe('Girilen bilgiler hatalı.');
    expect(await userCount()).toBe(before);
  });

  it('a HEAD request never deletes', async () => {
    const id = await insertUser({ firstname: 'Head', lastname: 'Istek', email: 'head@test.local' });
    const res = await t.call({ method: 'HEAD', url: `/api/users/delete/${id}`, token: t.tokens[1] });
    expect(res.statusCode).toBe(404);
    expect((await readUser(id)).firstname).toBe('Head');
  });

  it('answers query errors in the caller language', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users/list?order=sideways', token: t.tokens[1], lang: 'tr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.order).toBe('Girilen bilgiler hatalı.');
  });

  const routes = () => [
    { url: '/api/users/create', token: t.tokens[1] },
    { url: `/api/users/update/${t.userIds[3]}`, token: t.tokens[1] },
    { url: `/api/users/paswordchange/${t.userIds[3]}`, token: t.tokens[3] },
  ];

  async function snapshot() {
    const list = (await t.call({ method: 'GET', url: '/api/users/list?pageSize=100', token: t.tokens[0] })).json();
    return { list, logs: (await logRows()).length, hash: (await dbUser(t.userIds[3])).password_hash };
  }

  it('malformed JSON answers 400 error.malformedJson', async () => {
    const before = await snapshot();
    for (const r of routes()) {
      for (const payload of ['{"firstname": "Ali",', '{bad json}', '']) {
        const res = await t.call({ method: 'POST', url: r.url, token: r.token, payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${r.url} ${payload}`).toBe(400);
        expect(res.json().code).toBe('error.malformedJson');
      }
      const tr = await t.call({ method: 'POST', url: r.url, token: r.token, payload: '{', headers: { 'content-type': 'application/json' }, lang: 'tr' });
      expect(tr.json().message).toBe('İstek gövdesi geçerli JSON değil.');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an array, null or missing body answers 400 with fields, never 500', async () => {
    const before = await snapshot();
    for (const r of routes()) {
      for (const payload of ['[]', '[{"firstname":"Ali"}]', 'null', '"text"', '42']) {
        const res = await t.call({ method: 'POST', url: r.url, token: r.token, payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${r.url} ${payload}`).toBe(400);
        expect(Object.keys(res.json().fields ?? {}).length, `${r.url} ${payload}`).toBeGreaterThan(0);
      }
      const none = await t.call({ method: 'POST', url: r.url, token: r.token });
      expect(none.statusCode).toBe(400);
      expect(none.json().fields).toBeTruthy();
      const form = await t.call({ method: 'POST', url: r.url, token: r.token, payload: 'firstname=Ali', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.statusCode).toBeGreaterThanOrEqual(400);
      expect(form.statusCode).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('wrong field types answer 400 with the field named', async () => {
    const before = await snapshot();
    const u = await readUser(t.userIds[3]);
    const base = updateBody(u);
    const cases: [Record<string, unknown>, string][] = [
      [{ userstate: 'yes' }, 'userstate'],
      [{ userstate: 'false' }, 'userstate'],
      [{ firstname: 123 }, 'firstname'],
      [{ lastname: ['Kaya'] }, 'lastname'],
      [{ email: { a: 1 } }, 'email'],
      [{ role: 'boss' }, 'role'],
      [{ role: 1.5 }, 'role'],
      [{ mobile: 5551234 }, 'mobile'],
      [{ permissions: { users: 'all' } }, 'permissions.users'],
      [{ permissions: 'all' }, 'permissions'],
      [{ usercompany_id: 42 }, 'usercompany_id'],
    ];
    for (const [over, field] of cases) {
      for (const [url, body] of [['/api/users/create', newUser(over)], [`/api/users/update/${t.userIds[3]}`, { ...base, ...over }]] as const) {
        const res = await t.call({ method: 'POST', url, payload: body, token: t.tokens[1] });
        expect(res.statusCode, `${url} ${JSON.stringify(over)}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json().fields).some((k) => k === field || k.startsWith(`${field}.`)), `${JSON.stringify(over)} -> ${res.body}`).toBe(true);
      }
    }
    const v = await t.call({ method: 'POST', url: `/api/users/update/${t.userIds[3]}`, payload: { ...base, __v: 'abc' }, token: t.tokens[1] });
    expect(v.statusCode).toBe(400);
    expect(v.json().fields.__v).toBeTruthy();
    const pw = await t.call({ method: 'POST', url: `/api/users/paswordchange/${t.userIds[3]}`, payload: { password: 12345678 }, token: t.tokens[3] });
    expect(pw.statusCode).toBe(400);
    expect(pw.json().fields.password).toBeTruthy();
    const long = await t.call({ method: 'POST', url: '/api/users/create', payload: newUser({ firstname: 'x'.repeat(5000) }), token: t.tokens[1] });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.firstname).toBe('This field is too long.');
    // An id longer than ids can be: refused before any work (414 from the router beyond 100 characters).
    for (const len of [65, 200]) {
      const longId = await t.call({ method: 'POST', url: `/api/users/update/${'x'.repeat(len)}`, payload: base, token: t.tokens[1] });
      expect([400, 414]).toContain(longId.statusCode);
      expect(longId.json().message).toBeTruthy();
    }
    expect(await snapshot()).toEqual(before);
  });
});
