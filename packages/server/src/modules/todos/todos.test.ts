import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { logs, todos, users } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertTodo } from './todos-service.js';

let t: TestContext;
beforeAll(async () => { t = await createTestContext(); });
afterAll(async () => { await t?.close(); });

const list = async (role: number) => {
  const res = await t.call({ method: 'GET', url: '/api/todo/list/', token: t.tokens[role] });
  expect(res.statusCode).toBe(200);
  return res.json() as { Todolist: { _id: string; person: string; task: string; read: boolean; link: string; created_by: string; canDelete: boolean }[]; unread: number };
};
const create = (role: number, body: Record<string, unknown>, lang = 'en') => t.call({ method: 'POST', url: '/api/todo/create', token: t.tokens[role], payload: body, lang });

describe('to-dos', () => {
  it('an office person assigns a to-do; only that person sees it, with the creator and the unread count', async () => {
    const before = (await list(3)).unread;
    const res = await create(2, { person_id: t.userIds[3], task: 'Call the customer about the offer', link: '/offers' });
    expect(res.statusCode).toBe(200);
    const todo = res.json();
    expect(todo).toMatchObject({ person: 'Role3 Tester', person_id: t.userIds[3], task: 'Call the customer about the offer', link: '/offers', read: false, created_by: 'Role2 Tester' });
    const mine = await list(3);
    expect(mine.Todolist[0]).toMatchObject({ _id: todo._id, task: 'Call the customer about the offer', read: false, canDelete: false });
    expect(mine.unread).toBe(before + 1);
    expect((await list(1)).Todolist.map((x) => x._id)).not.toContain(todo._id);
    const [log] = await t.database.db.select().from(logs).where(eq(logs.operation_id, todo._id));
    expect(log).toMatchObject({ form: 'todos', person: 'Role2 Tester' });
  });

  it('refuses bad input with messages naming the field, in the caller language, and changes nothing', async () => {
    const count = async () => (await t.database.db.select().from(todos)).length;
    const n = await count();
    let res = await create(2, { task: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ person_id: 'Choose a person.', task: 'Write the task.' });
    res = await create(2, { person_id: t.userIds[3], task: 'x' }, 'tr');
    expect(res.statusCode).toBe(200);
    res = await create(2, { person_id: 'nobody', task: 'Something' }, 'tr');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.person_id).toBe('Seçilen kişi bulunamadı ya da aktif bir ofis kullanıcısı değil.');
    // A dealer (role 4) signs in on the public pages only and would never see it.
    res = await create(2, { person_id: t.userIds[4], task: 'Something' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.person_id).toBe('The chosen person does not exist or is not an active back-office user.');
    res = await create(2, { person_id: t.userIds[3], task: 'Something', link: 'https://evil.example/' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.link).toContain('inside the app');
    // An inactive user cannot be given a to-do.
    await t.database.db.update(users).set({ userstate: false }).where(eq(users.id, t.userIds[6]));
    res = await create(2, { person_id: t.userIds[6], task: 'Something' });
    expect(res.statusCode).toBe(400);
    expect(await count()).toBe(n + 1);
  });

  it('checks role levels: list for role <= 3, create for role <= 2, no token 401', async () => {
    expect((await create(3, { person_id: t.userIds[2], task: 'Up the chain' })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/todo/list', token: t.tokens[4] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/todo/list' })).statusCode).toBe(401);
    const people = await t.call({ method: 'GET', url: '/api/todo/people', token: t.tokens[2] });
    expect(people.statusCode).toBe(200);
    const names = people.json().people.map((p: { name: string }) => p.name);
    expect(names).toContain('Role3 Tester');
    expect(names).not.toContain('Role5 Tester');
  });

  it('marks read and unread only for its person; another user is refused and the mark stays', async () => {
    const todo = (await create(1, { person_id: t.userIds[2], task: 'Check the stock' })).json();
    const other = await t.call({ method: 'POST', url: `/api/todo/read/${todo._id}`, token: t.tokens[3], payload: { read: true } });
    expect(other.statusCode).toBe(403);
    const admin = await t.call({ method: 'POST', url: `/api/todo/read/${todo._id}`, token: t.tokens[0], payload: {} });
    expect(admin.statusCode).toBe(403);
    expect((await list(2)).Todolist.find((x) => x._id === todo._id)?.read).toBe(false);
    const unreadBefore = (await list(2)).unread;
    const own = await t.call({ method: 'POST', url: `/api/todo/read/${todo._id}`, token: t.tokens[2], payload: { read: true } });
    expect(own.statusCode).toBe(200);
    expect(own.json().read).toBe(true);
    expect((await list(2)).unread).toBe(unreadBefore - 1);
    const back = await t.call({ method: 'POST', url: `/api/todo/read/${todo._id}`, token: t.tokens[2], payload: { read: false } });
    expect(back.json().read).toBe(false);
    expect((await t.call({ method: 'POST', url: '/api/todo/read/nope', token: t.tokens[2], payload: {} })).statusCode).toBe(404);
  });

  it("office to-dos reach every user of the role level, and each of them may mark them", async () => {
    const id = await t.database.db.transaction((tx) => insertTodo(tx, null, { for_role: 2, person: 'Ofis', task: 'Web request', link: '/offer/x' }));
    for (const role of [0, 1, 2]) expect((await list(role)).Todolist.map((x) => x._id)).toContain(id);
    expect((await list(3)).Todolist.map((x) => x._id)).not.toContain(id);
    expect((await list(0)).Todolist.find((x) => x._id === id)?.created_by).toBe('web');
    expect((await t.call({ method: 'POST', url: `/api/todo/read/${id}`, token: t.tokens[3], payload: {} })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: `/api/todo/read/${id}`, token: t.tokens[1], payload: {} })).json().read).toBe(true);
  });

  it('deletes by its creator or role <= 1 (GET and DELETE), not by others', async () => {
    const a = (await create(2, { person_id: t.userIds[3], task: 'To delete' })).json();
    expect((await t.call({ method: 'GET', url: `/api/todo/delete/${a._id}`, token: t.tokens[3] })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/todo/delete/${a._id}`, token: t.tokens[2] })).statusCode).toBe(200);
    expect((await list(3)).Todolist.map((x) => x._id)).not.toContain(a._id);
    const b = (await create(2, { person_id: t.userIds[3], task: 'Manager deletes' })).json();
    expect((await t.call({ method: 'GET', url: `/api/todo/delete/${b._id}`, token: t.tokens[1] })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/todo/delete/${b._id}`, token: t.tokens[1] })).statusCode).toBe(404);
  });
});
