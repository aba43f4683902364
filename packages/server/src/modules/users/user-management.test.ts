import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assignableRoles, canManageRole } from '@isik/domain';
import { users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';

/**
 * DECISIONS 2: users manage only users of a less privileged role (a larger role number), role 0 everyone;
 * nobody changes their own role nor gives a role more privileged than their own; everyone changes their own password.
 */
let t: TestContext;
let hashed: string;
beforeAll(async () => {
  t = await createTestContext();
  hashed = await hashPassword(USER_PASSWORD);
});
afterAll(async () => { await t?.close(); });

async function insertUser(role: number): Promise<string> {
  const id = newId();
  await t.database.db.insert(users).values({ id, firstname: 'Hedef', lastname: `Rol${role}`, email: `target-${id}@test.local`, role, password_hash: hashed });
  return id;
}
const dbUser = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
async function readUser(id: string) {
  const res = await t.call({ method: 'GET', url: `/api/users/${id}`, token: t.tokens[0] });
  const { _id: _i, date: _d, usercompany_name: _n, ...rest } = res.json();
  return rest as Record<string, unknown>;
}
const update = async (id: string, over: Record<string, unknown>, token: string) =>
  t.call({ method: 'POST', url: `/api/users/update/${id}`, payload: { ...(await readUser(id)), ...over }, token });
const create = (role: number, token: string) =>
  t.call({ method: 'POST', url: '/api/users/create', payload: { firstname: 'Yeni', lastname: 'Kisi', email: `new-${newId()}@test.local`, role, password: 'Secret123!' }, token });
const setPassword = (id: string, token: string) =>
  t.call({ method: 'POST', url: `/api/users/paswordchange/${id}`, payload: { password: 'Another123!' }, token });

describe('the rule in the domain package', () => {
  it('role 0 manages everyone, others only larger role numbers', () => {
    expect(assignableRoles(0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(assignableRoles(1)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(canManageRole(1, 1)).toBe(false);
    expect(canManageRole(1, 2)).toBe(true);
    expect(canManageRole(0, 0)).toBe(true);
  });
});

describe('a manager (role 1) and other users', () => {
  it('cannot set the password or the e-mail of another manager, nor edit, deactivate or delete them', async () => {
    const other = await insertUser(1);
    const before = await dbUser(other);
    expect((await setPassword(other, t.tokens[1])).statusCode).toBe(403);
    const mail = await update(other, { email: 'taken-over@test.local' }, t.tokens[1]);
    expect(mail.statusCode).toBe(403);
    expect(mail.json().message).toBe('You can only manage users of a role less privileged than yours.');
    expect((await update(other, { userstate: false }, t.tokens[1])).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/users/delete/${other}`, token: t.tokens[1] })).statusCode).toBe(403);
    expect(await dbUser(other)).toEqual(before);
  });

  it('manages a role 2 user: password, e-mail, state, delete', async () => {
    const below = await insertUser(2);
    expect((await setPassword(below, t.tokens[1])).statusCode).toBe(200);
    const mail = await update(below, { email: `moved-${below}@test.local` }, t.tokens[1]);
    expect(mail.statusCode, mail.body).toBe(200);
    expect((await update(below, { userstate: false }, t.tokens[1])).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/api/users/delete/${below}`, token: t.tokens[1] })).statusCode).toBe(200);
  });

  it('creates users of roles 2-7 only, and cannot raise a user to role 1', async () => {
    expect((await create(0, t.tokens[1])).statusCode).toBe(403);
    const same = await create(1, t.tokens[1]);
    expect(same.statusCode).toBe(403);
    expect(same.json().fields.role).toBe('You can only give a role less privileged than your own.');
    expect((await create(2, t.tokens[1])).statusCode).toBe(200);
    const below = await insertUser(3);
    const raise = await update(below, { role: 1 }, t.tokens[1]);
    expect(raise.statusCode).toBe(403);
    expect((await dbUser(below)).role).toBe(3);
    expect((await update(below, { role: 2 }, t.tokens[1])).statusCode).toBe(200);
  });

  it('edits their own profile but not their own role, state or permission grid', async () => {
    const me = t.userIds[1];
    expect((await update(me, { mobile: '+90 555 000 1122' }, t.tokens[1])).statusCode).toBe(200);
    expect((await update(me, { role: 2 }, t.tokens[1])).statusCode).toBe(403);
    const grid = await update(me, { permissions: { companies: { read: true, write: true, delete: false } } }, t.tokens[1]);
    expect(grid.statusCode).toBe(403);
    expect(grid.json().fields.permissions).toBe('You cannot change your own permissions.');
    expect((await dbUser(me)).permissions).toEqual({});
  });

  it('role 0 manages everyone, another role 0 included', async () => {
    const admin2 = await insertUser(0);
    expect((await setPassword(admin2, t.tokens[0])).statusCode).toBe(200);
    expect((await update(admin2, { lastname: 'Degisti' }, t.tokens[0])).statusCode).toBe(200);
    expect((await create(0, t.tokens[0])).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/api/users/delete/${admin2}`, token: t.tokens[0] })).statusCode).toBe(200);
  });
});

describe('own password for every role', () => {
  it('roles 4-7 change their own password (and get a fresh token), never someone else\'s', async () => {
    for (const role of [4, 5, 6, 7]) {
      const id = await insertUser(role);
      const email = (await dbUser(id)).email;
      const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: USER_PASSWORD } });
      const token = login.json().token as string;
      const own = await setPassword(id, token);
      expect(own.statusCode, `role ${role}: ${own.body}`).toBe(200);
      expect(own.json().token).toMatch(/^ey/);
      const other = await insertUser(7);
      expect((await setPassword(other, own.json().token)).statusCode).toBe(403);
    }
  });
});
