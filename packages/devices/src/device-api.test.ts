import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../server/src/test/helper.js';

const DEVICE_ADMIN = { email: 'iot-admin@test.local', password: 'DeviceAdmin123!' };

let t: TestContext;
let token: string;
let gatewayId: string;

async function login(email: string, password: string) {
  return t.call({ method: 'POST', url: '/device-api/auth/login', payload: { email, password } });
}
const dev = (opts: Parameters<TestContext['call']>[0] & { as?: string }) => t.call({ ...opts, token: opts.as ?? token });

beforeAll(async () => {
  t = await createTestContext({ DEVICE_ADMIN_EMAIL: DEVICE_ADMIN.email, DEVICE_ADMIN_PASSWORD: DEVICE_ADMIN.password });
  token = (await login(DEVICE_ADMIN.email, DEVICE_ADMIN.password)).json().token;
  const reg = await dev({ method: 'POST', url: '/device-api/gateway/register', payload: { mac_addr: 'aa:bb:cc:00:00:01', device_name: 'Kızılay GW', city: 'Ankara', map_lat: 39.92, map_lng: 32.85 } });
  expect(reg.statusCode).toBe(200);
  gatewayId = reg.json()._id;
  await t.app.devices.gateways.upsertMesh(gatewayId, [
    { mac_addr: 'AA:BB:CC:00:01:01', name: 'L1', rssi: -50, version: '2.4.1', brightness: 60, connected: true, map_lat: 39.9201, map_lng: 32.8501 },
    { mac_addr: 'AA:BB:CC:00:01:02', name: 'L2', rssi: -60, version: '2.4.1', brightness: 60, connected: true, map_lat: null, map_lng: null },
  ]);
}, 180_000);
afterAll(async () => { await t?.close(); });

describe('device accounts and tokens', () => {
  it('signs in with the configured first device account and answers the back office login shape', async () => {
    const res = await login(DEVICE_ADMIN.email, DEVICE_ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'successful', token: expect.any(String), expiresAt: expect.any(String), user: { email: DEVICE_ADMIN.email, role: 0 } });
    const v = await dev({ method: 'GET', url: '/device-api/auth/verifytoken/' });
    expect(v.statusCode).toBe(200);
    expect(v.json().email).toBe(DEVICE_ADMIN.email);
  });

  it('refuses a wrong password with the explanation, in the caller\'s language', async () => {
    const res = await t.call({ method: 'POST', url: '/device-api/auth/login', payload: { email: DEVICE_ADMIN.email, password: 'wrong-password' }, lang: 'tr' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'failed', code: 'auth.invalidCredentials', explanation: 'E-posta ya da şifre hatalı.' });
  });

  it('a back-office token is not a device token, and a device token is not a back-office token', async () => {
    const res = await t.call({ method: 'GET', url: '/device-api/gateway/list', token: t.tokens[0] });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('device.notDeviceToken');
    const back = await t.call({ method: 'GET', url: '/api/auth/verifytoken', token });
    expect(back.statusCode).toBe(401);
    const none = await t.call({ method: 'GET', url: '/device-api/gateway/details/' + gatewayId });
    expect(none.statusCode).toBe(401);
  });

  it('the back office admin is no device account unless configured so', async () => {
    const res = await t.call({ method: 'POST', url: '/device-api/auth/login', payload: { email: 'admin@test.local', password: 'Admin12345!' } });
    expect(res.statusCode).toBe(401);
  });

  it('the admin creates, deactivates and re-passwords accounts; others may not manage accounts', async () => {
    const created = await dev({ method: 'POST', url: '/device-api/accounts/create', payload: { email: 'Field@Test.local', name: 'Field Tech', password: 'Field12345!' } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ email: 'field@test.local', admin: false, active: true });
    const id = created.json()._id;
    const dup = await dev({ method: 'POST', url: '/device-api/accounts/create', payload: { email: 'field@test.local', password: 'Field12345!' } });
    expect(dup.statusCode).toBe(409);
    const short = await dev({ method: 'POST', url: '/device-api/accounts/create', payload: { email: 'x@test.local', password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toMatch(/8/);

    const fieldToken = (await login('field@test.local', 'Field12345!')).json().token;
    expect((await dev({ method: 'GET', url: '/device-api/gateway/list', as: fieldToken })).statusCode).toBe(200);
    const forbidden = await dev({ method: 'GET', url: '/device-api/accounts/list', as: fieldToken });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('device.adminOnly');
    expect((await dev({ method: 'POST', url: '/device-api/gateway/register', as: fieldToken, payload: { mac_addr: 'aa:bb:cc:00:00:09', device_name: 'x' } })).statusCode).toBe(403);

    const stale = await dev({ method: 'POST', url: `/device-api/accounts/update/${id}`, payload: { active: false, __v: 99 } });
    expect(stale.statusCode).toBe(409);
    const off = await dev({ method: 'POST', url: `/device-api/accounts/update/${id}`, payload: { active: false, __v: 0 } });
    expect(off.statusCode).toBe(200);
    // Deactivation ends the account's sessions at once and stops sign-in.
    expect((await dev({ method: 'GET', url: '/device-api/gateway/list', as: fieldToken })).statusCode).toBe(401);
    expect((await login('field@test.local', 'Field12345!')).json().code).toBe('auth.inactive');

    await dev({ method: 'POST', url: `/device-api/accounts/update/${id}`, payload: { active: true, password: 'NewField12345!' } });
    expect((await login('field@test.local', 'Field12345!')).statusCode).toBe(401);
    expect((await login('field@test.local', 'NewField12345!')).statusCode).toBe(200);

    const me = (await dev({ method: 'GET', url: '/device-api/auth/verifytoken' })).json()._id;
    expect((await dev({ method: 'POST', url: `/device-api/accounts/update/${me}`, payload: { active: false } })).statusCode).toBe(409);
  });

  it('logout revokes the device token', async () => {
    const own = (await login(DEVICE_ADMIN.email, DEVICE_ADMIN.password)).json().token;
    expect((await dev({ method: 'POST', url: '/device-api/auth/logout', as: own })).statusCode).toBe(200);
    expect((await dev({ method: 'GET', url: '/device-api/auth/verifytoken', as: own })).statusCode).toBe(401);
    token = (await login(DEVICE_ADMIN.email, DEVICE_ADMIN.password)).json().token;
  });
});

describe('gateways', () => {
  it('lists 10 a page with search by MAC, name or city', async () => {
    for (let i = 2; i <= 12; i++) {
      await dev({ method: 'POST', url: '/device-api/gateway/register', payload: { mac_addr: `aa:bb:cc:00:00:${String(i).padStart(2, '0')}`, device_name: `Yenimahalle ${String(i).padStart(2, '0')}`, city: i % 2 ? 'Ankara' : 'Konya' } });
    }
    const p1 = (await dev({ method: 'GET', url: '/device-api/gateway/list' })).json();
    expect(p1.gatewayList).toHaveLength(10);
    expect(p1).toMatchObject({ page: 1, totalPage: 2, totalItemCount: 12 });
    expect(p1.gatewayList[0]).toEqual({ _id: gatewayId, mac_addr: 'AA:BB:CC:00:00:01', device_name: 'Kızılay GW', city: 'Ankara', device_status: 'offline', map_lat: 39.92, map_lng: 32.85 });
    const p2 = (await dev({ method: 'GET', url: '/device-api/gateway/list?page=2' })).json();
    expect(p2.gatewayList).toHaveLength(2);
    expect((await dev({ method: 'GET', url: '/device-api/gateway/list?search=konya' })).json().totalItemCount).toBe(6);
    expect((await dev({ method: 'GET', url: '/device-api/gateway/list?search=00:00:12' })).json().gatewayList[0].device_name).toBe('Yenimahalle 12');
    expect((await dev({ method: 'GET', url: '/device-api/gateway/list?search=%25' })).json().totalItemCount).toBe(0);
    expect((await dev({ method: 'GET', url: '/device-api/gateway/list?page=x' })).statusCode).toBe(400);
  });

  it('answers the device object with sunrise and sunset of its city and its mesh lights', async () => {
    const res = await dev({ method: 'GET', url: `/device-api/gateway/details/${gatewayId}` });
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g).toMatchObject({ mac_addr: 'AA:BB:CC:00:00:01', device_status: 'offline', eMeterVoltageValue: '', device_city_details: { name: 'Ankara' } });
    expect(g.device_city_details.sunriseTime).toMatch(/^0[5-8]:\d\d$/);
    expect(g.device_city_details.sunsetTime).toMatch(/^1[6-9]:\d\d|20:\d\d$/);
    expect(g.mesh_items.map((m: { mac_addr: string }) => m.mac_addr)).toEqual(['AA:BB:CC:00:01:01', 'AA:BB:CC:00:01:02']);
    expect((await dev({ method: 'GET', url: '/device-api/gateway/details/nope' })).statusCode).toBe(404);
  });

  it('registering an existing MAC gives a new key and keeps the gateway', async () => {
    const again = await dev({ method: 'POST', url: '/device-api/gateway/register', payload: { mac_addr: 'AA:BB:CC:00:00:01', device_name: 'Kızılay GW', city: 'Ankara', map_lat: 39.92, map_lng: 32.85 } });
    expect(again.json()).toMatchObject({ _id: gatewayId, created: false, key: expect.any(String) });
    const bad = await dev({ method: 'POST', url: '/device-api/gateway/register', payload: { mac_addr: 'nope', device_name: '', map_lat: 200 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['device_name', 'mac_addr', 'map_lat']);
  });

  it('the map carries gateways and lights with their coordinates', async () => {
    const m = (await dev({ method: 'GET', url: '/device-api/gateway/map' })).json();
    const g = m.gateways.find((x: { _id: string }) => x._id === gatewayId);
    expect(g.mesh_items).toHaveLength(2);
  });
});

describe('commands: bad values change nothing', () => {
  const cmd = (payload: unknown, extra: Record<string, unknown> = {}) => dev({ method: 'POST', url: '/device-api/gateway_commands/create/', payload: { device_id: gatewayId, command: 'set_mesh_status', payload, ...extra }, lang: 'en' });

  it.each([
    [{ macs: ['AA:BB:CC:00:01:01'], cid: 1, value: 33 }, 'payload.value'],
    [{ macs: ['AA:BB:CC:00:01:01'], cid: 1, value: 105 }, 'payload.value'],
    [{ macs: ['AA:BB:CC:00:01:01'], cid: 1, value: -5 }, 'payload.value'],
    [{ macs: ['AA:BB:CC:00:01:01'], cid: 1, value: 50.5 }, 'payload.value'],
    [{ macs: ['AA:BB:CC:00:01:01'], cid: 1, value: '50' }, 'payload.value'],
    [{ macs: ['AA:BB:CC:00:01:01'], cid: 2, value: 50 }, 'payload.cid'],
    [{ macs: [], cid: 1, value: 50 }, 'payload.macs'],
    [{ macs: ['not-a-mac'], cid: 1, value: 50 }, 'payload.macs.0'],
    [{ macs: ['AA:BB:CC:99:99:99'], cid: 1, value: 50 }, 'payload.macs'],
  ])('%j is refused on %s', async (payload, field) => {
    const res = await cmd(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty([field]);
    const list = (await dev({ method: 'GET', url: `/device-api/gateway_commands/list/${gatewayId}` })).json();
    expect(list.totalItemCount).toBe(0);
  });

  it('an unknown command, a missing device and an unknown gateway are refused', async () => {
    expect((await cmd({ macs: ['AA:BB:CC:00:01:01'], cid: 1, value: 50 }, { command: 'reboot' })).json().fields).toHaveProperty(['command']);
    expect((await cmd({ macs: ['AA:BB:CC:00:01:01'], cid: 1, value: 50 }, { device_id: undefined })).statusCode).toBe(400);
    expect((await cmd({ macs: ['AA:BB:CC:00:01:01'], cid: 1, value: 50 }, { device_id: 'nope' })).statusCode).toBe(404);
    const msg = (await cmd({ macs: ['AA:BB:CC:00:01:01'], cid: 1, value: 33 })).json().message;
    expect(msg).toBe('Brightness must be a whole number from 0 to 100 in steps of 5.');
  });

  it('a command to an offline gateway is stored as queued with its user', async () => {
    const res = await cmd({ macs: ['AA:BB:CC:00:01:01'], cid: 1, value: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'queued', user: 'Device Admin', command: 'set_mesh_status', attempts: 0 });
    const list = (await dev({ method: 'GET', url: `/device-api/gateway_commands/list/${gatewayId}` })).json();
    expect(list.commandList.map((c: { status: string }) => c.status)).toEqual(['queued']);
  });
});

describe('programs', () => {
  it('creates, edits (with __v) and removes programs; bad times and brightness are refused', async () => {
    const created = await dev({ method: 'POST', url: '/device-api/gateway_programs/create', payload: { device_id: gatewayId, user_defined_time: '19:30', brightness: 80, monday: true, friday: true } });
    expect(created.statusCode).toBe(200);
    const p = created.json();
    expect(p).toMatchObject({ user_defined_time: '19:30', brightness: 80, monday: true, tuesday: false, friday: true, __v: 0 });
    const bad = await dev({ method: 'POST', url: '/device-api/gateway_programs/create', payload: { device_id: gatewayId, user_defined_time: '24:10', brightness: 81 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['brightness', 'user_defined_time']);

    const edited = await dev({ method: 'POST', url: `/device-api/gateway_programs/update/${p._id}`, payload: { user_defined_time: '05:45', brightness: 0, sunday: true, __v: 0 } });
    expect(edited.json()).toMatchObject({ user_defined_time: '05:45', brightness: 0, monday: false, sunday: true, __v: 1 });
    const stale = await dev({ method: 'POST', url: `/device-api/gateway_programs/update/${p._id}`, payload: { user_defined_time: '06:00', brightness: 10, __v: 0 } });
    expect(stale.statusCode).toBe(409);
    const noVersion = await dev({ method: 'POST', url: `/device-api/gateway_programs/update/${p._id}`, payload: { user_defined_time: '06:00', brightness: 10 } });
    expect(noVersion.json()).toMatchObject({ user_defined_time: '06:00', __v: 2 });

    const list = (await dev({ method: 'GET', url: `/device-api/gateway_programs/list/${gatewayId}` })).json();
    expect(list.programList).toHaveLength(1);
    expect((await dev({ method: 'DELETE', url: `/device-api/gateway_programs/delete/${p._id}` })).statusCode).toBe(200);
    expect((await dev({ method: 'GET', url: `/device-api/gateway_programs/delete/${p._id}` })).statusCode).toBe(404);
    expect((await dev({ method: 'GET', url: `/device-api/gateway_programs/list/${gatewayId}` })).json().programList).toHaveLength(0);
  });
});

describe('paging limits', () => {
  it('a gateway page over 1,000 is refused with the limit named, in the caller\'s language', async () => {
    const res = await t.call({ method: 'GET', url: '/device-api/gateway/list?pageSize=1001', token, lang: 'es' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'error.validation', fields: { pageSize: 'El tamaño de página puede ser como máximo 1000.' } });
  });
});
