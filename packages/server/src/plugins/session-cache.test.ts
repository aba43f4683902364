import crypto from 'node:crypto';
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

/** Resolves on the next `users` live event about `id` that reaches `instance` (a sentinel, no sleeps). */
function usersEvent(instance: SecondInstance | TestContext, id: string): Promise<void> {
  return new Promise((resolve) => {
    let stop: (() => Promise<void>) | undefined;
    let seen = false;
    void instance.database.listen((payload) => {
      const e = JSON.parse(payload) as { entity?: string; id?: string };
      if (e.entity === 'users' && e.id === id && !seen) {
        seen = true;
        void stop?.();
        resolve();
      }
    }).then((s) => { stop = s; if (seen) void s(); });
  });
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
    const pub = vi.spyOn(crypto, 'createPublicKey');
    const sec = vi.spyOn(crypto, 'createSecretKey');
    try {
      for (let i = 0; i < 5; i++) expect(readToken('a-secret-of-sixteen-plus', token)?.sub).toBe('u1');
      expect(readToken('another-secret-of-16+', token)).toBeNull();
      expect(pub).not.toHaveBeenCalled();
      // Once, for the new secret only.
      expect(sec).toHaveBeenCalledTimes(1);
    } finally {
      pub.mockRestore();
      sec.mockRestore();
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
    const seen = usersEvent(t, id);
    await sql("select pg_notify('app_events', $1)", [JSON.stringify({ entity: 'users', id, action: 'updated' })]);
    await seen;
    expect((await verify(t.app, token)).json().firstname).toBe('Gizli');
  });

  it('a sign-out on instance A is refused by instance B once the event arrives, and at once by A', async () => {
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'r6@test.local', password: USER_PASSWORD } });
    const token = login.json().token as string;
    expect((await verify(second.app, token)).statusCode).toBe(200);
    expect((await verify(t.app, token)).statusCode).toBe(200);
    const onB = usersEvent(second, t.userIds[6]);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    // The instance that signed out answers 401 at once, without waiting for any event.
    expect((await verify(t.app, token)).statusCode).toBe(401);
    await onB;
    expect((await verify(second.app, token)).statusCode).toBe(401);
  });

  it('a user deactivated on instance A is refused by instance B', async () => {
    const id = t.userIds[7];
    const token = t.tokens[7];
    expect((await verify(second.app, token)).statusCode).toBe(200);
    const user = (await t.call({ method: 'GET', url: `/api/users/${id}`, token: t.tokens[0] })).json();
    const onB = usersEvent(second, id);
    const res = await t.call({ method: 'POST', url: `/api/users/update/${id}`, token: t.tokens[0], payload: { ...user, userstate: false } });
    expect(res.statusCode, res.body).toBe(200);
    await onB;
    expect((await verify(second.app, token)).statusCode).toBe(401);
  });
});
