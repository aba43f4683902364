import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveSocketProtocols } from '@isik/domain';
import { createTestContext, type TestContext } from '../../server/src/test/helper.js';
import { ManualClock } from './clock.js';

/**
 * /device-api/ws after it opened (issue 22): closed with 4401 when the session ends, as the back office's /ws is.
 * The service runs on a clock the test moves, so a 12 h token expires without waiting.
 */
const ADMIN = { email: 'iot-admin@test.local', password: 'DeviceAdmin123!' };
const clock = new ManualClock(Date.now());
let t: TestContext;
let base: string;
let admin: string;

beforeAll(async () => {
  t = await createTestContext({ DEVICE_ADMIN_EMAIL: ADMIN.email, DEVICE_ADMIN_PASSWORD: ADMIN.password, DEVICE_TOKEN_TTL: '12h' }, { deviceClock: clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  admin = await signIn(ADMIN.email, ADMIN.password);
}, 180_000);
afterAll(async () => { await t?.close(); });

async function signIn(email: string, password: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/device-api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

let n = 0;
/** A device account of its own for each test, signed in. */
async function account(): Promise<{ id: string; email: string; token: string }> {
  const email = `socket-${++n}@test.local`;
  const res = await t.call({ method: 'POST', url: '/device-api/accounts/create', token: admin, payload: { email, name: `Socket ${n}`, password: 'Socket12345!' } });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json()._id as string, email, token: await signIn(email, 'Socket12345!') };
}

/** Opens the browser socket as the web client does and keeps what it receives. */
async function open(token: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/device-api/ws`, liveSocketProtocols(token));
  const events: { entity?: string; id?: string }[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (d) => { events.push(JSON.parse(String(d))); for (const w of waiters.splice(0)) w(); });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (id: string) => new Promise<void>((resolve) => {
    const look = () => (events.some((e) => e.id === id) ? resolve() : waiters.push(look));
    look();
  });
  const s = { ws, events, closed, next };
  await new Promise<void>((resolve) => { waiters.push(resolve); });
  expect(events[0]).toMatchObject({ entity: 'hello' });
  return s;
}

/** Publishes a live event and waits until `open` received it: proof that it is still served. */
async function served(...sockets: Awaited<ReturnType<typeof open>>[]) {
  const id = `probe-${++n}`;
  t.app.devices.events.publish({ entity: 'gateways', id, action: 'changed' });
  await Promise.all(sockets.map((s) => s.next(id)));
  return id;
}

describe('/device-api/ws closes with 4401 when the session ends', () => {
  it('at sign-out, and no event reaches it afterwards', async () => {
    const a = await account();
    const s = await open(a.token);
    await served(s);
    const res = await t.call({ method: 'POST', url: '/device-api/auth/logout', token: a.token });
    expect(res.statusCode).toBe(200);
    expect(await s.closed).toBe(4401);
    const before = s.events.length;
    await served(await open(admin));
    expect(s.events).toHaveLength(before);
  });

  it('at a password change, and only that account\'s socket', async () => {
    const a = await account();
    const b = await account();
    const mine = await open(a.token);
    const theirs = await open(b.token);
    const res = await t.call({ method: 'POST', url: `/device-api/accounts/update/${a.id}`, token: admin, payload: { password: 'Changed12345!' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mine.closed).toBe(4401);
    await served(theirs);
    expect(theirs.ws.readyState).toBe(WebSocket.OPEN);
    // The new password's token opens it again.
    await served(await open(await signIn(a.email, 'Changed12345!')));
  });

  it('at deactivation', async () => {
    const a = await account();
    const s = await open(a.token);
    const res = await t.call({ method: 'POST', url: `/device-api/accounts/update/${a.id}`, token: admin, payload: { active: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await s.closed).toBe(4401);
  });

  it('when the token expires (DEVICE_TOKEN_TTL 12h, on the service\'s clock)', async () => {
    const a = await account();
    const s = await open(a.token);
    clock.advance(12 * 3_600_000 - 5_000);
    await served(s);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    clock.advance(10_000);
    expect(await s.closed).toBe(4401);
    // And the expired token opens nothing.
    const again = new WebSocket(`${base.replace('http', 'ws')}/device-api/ws`, liveSocketProtocols(a.token));
    expect(await new Promise((resolve) => again.on('close', (code) => resolve(code)))).toBe(4401);
  });
});
