import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.js';
import { buildApp } from '../app.js';
import { ADMIN, createTestContext, type TestContext } from '../test/helper.js';
import { loggableUrl } from './logging.js';

/** The app with its log at level info written into `lines`, as a production start would write it. */
const lines: string[] = [];
let app: FastifyInstance;
let t: TestContext;
let token: string;
const logText = () => lines.join('');

beforeAll(async () => {
  const config = loadConfig({ JWT_SECRET: 'test-secret-0123456789abcdef', LOG_LEVEL: 'info', SEED_DEMO: 'false', RATES_JOB: 'false', TCMB_URL: 'http://127.0.0.1:9/none' });
  // The test database of this file; the app under test is a second one on it, with its log at info.
  t = await createTestContext();
  app = await buildApp({ config, database: t.database, logStream: { write: (line) => { lines.push(line); } } });
  await app.ready();
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  token = res.json().token;
  if (!token) throw new Error(`sign-in failed: ${res.body}`);
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('the server log', () => {
  it('writes requests at info, without passwords, bearer tokens or socket tokens', async () => {
    // A wrong password, a right one, a password change body, bearer calls and a token in a query.
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: 'Wrong-Password-Guess-9' } });
    await app.inject({ method: 'GET', url: '/api/auth/verifytoken', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'GET', url: `/api/companies/list?page=1&token=${token}`, headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'GET', url: `/api/auth/verifytoken?access_token=${token}` });

    // The live socket, opened the old way (token in the URL) and the new way (subprotocol).
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    for (const [url, protocols] of [[`ws://127.0.0.1:${port}/ws?token=${token}`, []], [`ws://127.0.0.1:${port}/ws`, ['isik.live', `bearer.${token}`]]] as const) {
      const ws = new WebSocket(url, [...protocols]);
      await new Promise<void>((resolve) => { ws.once('close', () => resolve()); ws.once('message', () => ws.close()); });
    }

    const text = logText();
    expect(text).toContain('"url":"/api/auth/verifytoken"');
    expect(text).toContain('"url":"/ws"');
    expect(text).toContain('token=%5Bredacted%5D');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[2]);
    expect(text).not.toContain(ADMIN.password);
    expect(text).not.toContain('Wrong-Password-Guess-9');
  });

  it('redacts headers and body fields that code logs on purpose', () => {
    lines.length = 0;
    app.log.info({ req: { headers: { authorization: `Bearer ${token}`, 'sec-websocket-protocol': `isik.live, bearer.${token}` } }, body: { password: 'Body-Password-7' }, token }, 'something');
    const text = logText();
    expect(text).toContain('something');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(token);
    expect(text).not.toContain('Body-Password-7');
  });
});

describe('loggableUrl', () => {
  it('drops the query of sensitive paths and redacts secret parameters elsewhere', () => {
    expect(loggableUrl('/ws?token=abc')).toBe('/ws');
    expect(loggableUrl('/api/auth/login?x=1')).toBe('/api/auth/login');
    expect(loggableUrl('/api/products/list?page=2&search=led')).toBe('/api/products/list?page=2&search=led');
    expect(loggableUrl('/api/files/x?password=p&page=1')).toBe('/api/files/x?password=%5Bredacted%5D&page=1');
  });
});
