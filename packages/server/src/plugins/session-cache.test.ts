import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type SecondInstance, type TestContext, USER_PASSWORD } from '../test/helper.js';
import { readToken, signToken } from '../lib/tokens.js';

let t: TestContext;
let second: SecondInstance;
beforeAll(async () => {
  t = await createTestContext();
  second = await t.openSecondInstance();
});
afterAll(async () => { await t?.close(); });

/** Listens for the next `users` live event about `id` reaching `instance`; answers a promise of it (a sentinel, no sleeps). */
async function usersEvent(instance: SecondInstance | TestContext, id: string): Promise<{ arrived: Promise<void> }> {
  let resolve!: () => void;
  const seen = new Promise<void>((r) => { resolve = r; });
  const stop = await instance.database.listen((payload) => {
    const e = JSON.parse(payload) as { entity?: string; id?: string };
    if (e.entity === 'users' && e.id === id) resolve();
  });
  // Wrapped: an async function returning a promise would wait for it.
  return { arrived: seen.then(() => stop()) };
}

const verify = (app: TestContext['app'], token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/verifytoken', headers: { authorization: `Bearer ${token}` } });

async function sql(text: string, params: unknown[] = []): Promise<void> {
  const c = new pg.Client({ connectionString: t.databaseUrl });
  await c.connect();
  try { await c.query(text, params); } finally { await c.end(); }
}

describe('session check', () => {
  it('verifies tokens with a key made once: no createPublicKey or createSecretKey per call', () => {
    const { token } = signToken('a-secret-of-sixteen-plus', { sub: 'u1', tv: 0 }, '1h');
    expect(readToken('a-secret-of-sixteen-plus', token)).toEqual({ sub: 'u1', tv: 0 });
    const verify = vi.spyOn(jwt, 'verify');
    try {
      for (let i = 0; i < 5; i++) expect(readToken('a-secret-of-sixteen-plus', token)?.sub).toBe('u1');
      expect(readToken('another-secret-of-16+', token)).toBeNull();
      // jsonwebtoken gets a KeyObject (a string makes it try createPublicKey and createSecretKey every call),
      // the same one for every call with the same secret.
      const keys = verify.mock.calls.map((c) => c[1]);
      expect(keys.every((k) => k instanceof crypto.KeyObject)).toBe(true);
      expect(new Set(keys.slice(0, 5)).size).toBe(1);
      expect(keys[5]).not.toBe(keys[0]);
    } finally {
      verify.mockRestore();
    }
  });

  it('reads a signed-in user from the cache, and from the database again after that user\'s live event', async () => {
    const id = t.userIds[5];
    const token = t.tokens[5];
    expect((await verify(t.app, token)).json().firstname).toBe('Role5');
    // A change behind the product's back, without an event: the cached user is served.
    await sql('update users set firstname = $1 where id = $2', ['Gizli', id]);
    expect((await verify(t.app, token)).json().firstname).toBe('Role5');
    // The users event (as every change through the product publishes it) drops the cached user.
    const seen = await usersEvent(t, id);
    await sql("select pg_notify('app_events', $1)", [JSON.stringify({ entity: 'users', id, action: 'updated' })]);
    await seen.arrived;
    expect((await verify(t.app, token)).json().firstname).toBe('Gizli');
  });

  it('a sign-out on instance A is refused by instance B once the event arrives, and at once by A', async () => {
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'r6@test.local', password: USER_PASSWORD } });
    const token = login.json().token as string;
    expect((await verify(second.app, token)).statusCode).toBe(200);
    expect((await verify(t.app, token)).statusCode).toBe(200);
    const onB = await usersEvent(second, t.userIds[6]);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    // The instance that signed out answers 401 at once, without waiting for any event.
    expect((await verify(t.app, token)).statusCode).toBe(401);
    await onB.arrived;
    expect((await verify(second.app, token)).statusCode).toBe(401);
  });

  it('a user deactivated on instance A is refused by instance B', async () => {
    const id = t.userIds[7];
    const token = t.tokens[7];
    expect((await verify(second.app, token)).statusCode).toBe(200);
    const user = (await t.call({ method: 'GET', url: `/api/users/${id}`, token: t.tokens[0] })).json();
    const onB = await usersEvent(second, id);
    const res = await t.call({ method: 'POST', url: `/api/users/update/${id}`, token: t.tokens[0], payload: { ...user, userstate: false } });
    expect(res.statusCode, res.body).toBe(200);
    await onB.arrived;
    expect((await verify(second.app, token)).statusCode).toBe(401);
  });
});
