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

// Waiting for a live event: `app.userCache.dropped(id)` resolves once that instance has applied it (a sentinel, no
// sleeps; another listener of the channel may hear the event before the instance has).

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
    const seen = t.app.userCache.dropped(id);
    await sql("select pg_notify('app_events', $1)", [JSON.stringify({ entity: 'users', id, action: 'updated' })]);
    await seen;
    expect((await verify(t.app, token)).json().firstname).toBe('Gizli');
  });

  it('a sign-out on instance A is refused by instance B once the event arrives, and at once by A', async () => {
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'r6@test.local', password: USER_PASSWORD } });
    const token = login.json().token as string;
    expect((await verify(second.app, token)).statusCode).toBe(200);
    expect((await verify(t.app, token)).statusCode).toBe(200);
    // Instance B's own handling of the event (another listener could hear it before B has applied it).
    const onB = second.app.userCache.dropped(t.userIds[6]);
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
    const onB = second.app.userCache.dropped(id);
    const res = await t.call({ method: 'POST', url: `/api/users/update/${id}`, token: t.tokens[0], payload: { ...user, userstate: false } });
    expect(res.statusCode, res.body).toBe(200);
    await onB;
    expect((await verify(second.app, token)).statusCode).toBe(401);
  });
});
