import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SimClock, SimGateway } from '@isik/gateway-sim';
import type { GatewayEnergy } from '@isik/domain';
import { createTestContext, type TestContext } from '../../server/src/test/helper.js';
import { meterReadings } from './db/schema.js';
import { until } from './test/wait.js';

/** Issue 26: street-light energy per gateway per day from the kept meter readings. */
const ADMIN = { email: 'iot-energy@test.local', password: 'DeviceAdmin123!' };
const GAP_MS = 15 * 60_000;
let t: TestContext;
let token: string;

const get = (url: string, lang = 'en', as: string | null = token) => t.call({ method: 'GET', url, token: as, lang });
async function register(mac: string, name: string): Promise<{ id: string; key: string }> {
  const res = await t.call({ method: 'POST', url: '/device-api/gateway/register', token, payload: { mac_addr: mac, device_name: name, city: 'Ankara', map_lat: 39.92, map_lng: 32.85 } });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json()._id, key: res.json().key };
}

interface Reading { at: string; power: number; brightness: number | null }
/**
 * The expected figures worked out here from the readings: each reading's power holds until the next one when that
 * comes within 15 minutes; the stretch is cut at Istanbul midnights (UTC+3 all year); full brightness scales the
 * power to 100 % while lit. Wh per day.
 */
function expected(readings: Reading[], days: string[]) {
  const out = new Map(days.map((d) => [d, { wh: 0, full: 0, secs: 0 }]));
  const sorted = [...readings].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  for (let i = 0; i + 1 < sorted.length; i++) {
    let t0 = Date.parse(sorted[i].at);
    const t1 = Date.parse(sorted[i + 1].at);
    if (t1 - t0 > GAP_MS) continue;
    const { power, brightness } = sorted[i];
    const full = brightness === null ? power : brightness > 0 ? (power * 100) / brightness : 0;
    while (t0 < t1) {
      const local = new Date(t0 + 3 * 3600_000);
      const day = local.toISOString().slice(0, 10);
      const nextMidnight = Date.parse(`${day}T00:00:00Z`) + 86_400_000 - 3 * 3600_000;
      const end = Math.min(t1, nextMidnight);
      const f = out.get(day);
      if (f) { f.wh += (power * (end - t0)) / 3600_000; f.full += (full * (end - t0)) / 3600_000; f.secs += (end - t0) / 1000; }
      t0 = end;
    }
  }
  return out;
}

beforeAll(async () => {
  t = await createTestContext({ DEVICE_ADMIN_EMAIL: ADMIN.email, DEVICE_ADMIN_PASSWORD: ADMIN.password });
  token = (await t.call({ method: 'POST', url: '/device-api/auth/login', payload: ADMIN })).json().token;
}, 180_000);
afterAll(async () => { await t?.close(); });

describe('GET /device-api/gateway/energy/{id}', () => {
  it('integrates the readings per Istanbul day, cut at midnight, no energy over a gap, and the saving against full brightness', async () => {
    const gw = await register('aa:bb:cc:26:00:01', 'Enerji GW');
    const readings: Reading[] = [
      { at: '2026-03-09T20:50:00Z', power: 100, brightness: 50 }, // 9 March 23:50 in Istanbul
      { at: '2026-03-09T21:05:00Z', power: 200, brightness: 100 }, // 10 March 00:05: 10 minutes on the 9th, 5 on the 10th
      { at: '2026-03-09T21:10:00Z', power: 0, brightness: 0 },
      { at: '2026-03-10T09:00:00Z', power: 50, brightness: 25 }, // after a gap of almost 12 hours: nothing over it
      { at: '2026-03-10T09:14:00Z', power: 60, brightness: null }, // no lights: counts as full
      { at: '2026-03-10T09:29:00Z', power: 40, brightness: 40 }, // exactly 15 minutes: counted
      { at: '2026-03-10T20:59:00Z', power: 120, brightness: 60 }, // 10 March 23:59 to 11 March 00:01
      { at: '2026-03-10T21:01:00Z', power: 120, brightness: 60 },
    ];
    await t.database.db.insert(meterReadings).values(readings.map((r) => ({
      gateway_id: gw.id, read_at: new Date(r.at), voltage: [230, 230, 230], current: [r.power / 230, 0, 0], power_w: r.power, brightness: r.brightness,
    })));
    const res = await get(`/device-api/gateway/energy/${gw.id}?from=09.03.2026&to=2026-03-11`);
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json() as GatewayEnergy;
    expect(e).toMatchObject({ gateway_id: gw.id, time_zone: 'Europe/Istanbul', from: '2026-03-09', to: '2026-03-11' });
    const want = expected(readings, ['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(e.days.map((d) => d.date)).toEqual([...want.keys()]);
    for (const d of e.days) {
      const w = want.get(d.date)!;
      expect(d.kwh, d.date).toBeCloseTo(w.wh / 1000, 3);
      expect(d.full_kwh, d.date).toBeCloseTo(w.full / 1000, 3);
      expect(d.saving_kwh, d.date).toBeCloseTo((w.full - w.wh) / 1000, 3);
      expect(d.hours, d.date).toBeCloseTo(w.secs / 3600, 1);
    }
    // By hand: the 9th has 10 minutes at 100 W (16.67 Wh) at half brightness (full 33.33 Wh, saving 50 %).
    expect(e.days[0]).toMatchObject({ kwh: 0.017, full_kwh: 0.033, saving_kwh: 0.017, saving_percent: 50 });
    // The 11th: one minute at 120 W, 60 %.
    expect(e.days[2]).toMatchObject({ kwh: 0.002, full_kwh: 0.003, saving_percent: 40 });
    const sum = [...want.values()].reduce((s, w) => s + w.wh, 0);
    expect(e.total.kwh).toBeCloseTo(sum / 1000, 3);
  });

  it('refuses bad days with 400, the field and the reason in the caller\'s language; 404 for an unknown gateway; 401 without a device token', async () => {
    const gw = await register('aa:bb:cc:26:00:02', 'Hatalı GW');
    const bad = await get(`/device-api/gateway/energy/${gw.id}?from=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ from: 'The start day must be a real day written DD.MM.YYYY or YYYY-MM-DD.' });
    const tr = await get(`/device-api/gateway/energy/${gw.id}?to=yarın`, 'tr');
    expect(tr.statusCode).toBe(400);
    expect(tr.json().fields).toEqual({ to: 'Bitiş günü GG.AA.YYYY ya da YYYY-AA-GG biçiminde geçerli bir gün olmalı.' });
    const order = await get(`/device-api/gateway/energy/${gw.id}?from=2026-03-10&to=2026-03-09`);
    expect(order.statusCode).toBe(400);
    expect(order.json().fields).toEqual({ to: 'The end day cannot be before the start day.' });
    const long = await get(`/device-api/gateway/energy/${gw.id}?from=2025-01-01&to=2026-03-09`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ to: 'A period of at most 366 days can be asked for.' });
    expect((await get('/device-api/gateway/energy/nope')).statusCode).toBe(404);
    expect((await get(`/device-api/gateway/energy/${gw.id}`, 'en', null)).statusCode).toBe(401);
    expect((await get(`/device-api/gateway/energy/${gw.id}`, 'en', t.tokens[0])).statusCode).toBe(401);
    // Without days: the last 7 days up to today, all zero.
    const none = (await get(`/device-api/gateway/energy/${gw.id}`)).json() as GatewayEnergy;
    expect(none.days).toHaveLength(7);
    expect(none.total).toEqual({ kwh: 0, full_kwh: 0, saving_kwh: 0, saving_percent: 0, hours: 0 });
  });

  it('a simulated gateway: its readings are kept with the lights\' brightness, and its night at 60 % shows a 40 % saving', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const gw = await register('aa:bb:cc:26:00:03', 'Sim GW');
    // 2 March 2026, 21:30 in Istanbul: dark.
    const clock = new SimClock('manual', new Date('2026-03-02T18:30:00Z'));
    const sim = new SimGateway({
      linkUrl: `${base.replace('http', 'ws')}/device-api/link`, index: 1, mac: 'AA:BB:CC:26:00:03', key: gw.key, name: 'Sim GW', lat: 39.92, lng: 32.85,
      lights: 6, seed: 26, clock, timeZone: 'Europe/Istanbul', answerDelay: [0, 0], meterIntervalMs: 0,
    });
    const devices = t.app.devices;
    const stored = () => t.database.db.select().from(meterReadings).where(eq(meterReadings.gateway_id, gw.id));
    try {
      sim.start();
      // The welcome brings the lights (all at 60 %) and a first reading.
      await until(devices, async () => (await stored()).length >= 1 && (await devices.gateways.details(gw.id)).mesh_items.length === 6);
      for (let i = 1; i <= 10; i++) {
        clock.advance(60_000);
        sim.sendMeter();
        await until(devices, async () => (await stored()).length >= i + 1);
      }
      const rows = (await stored()).sort((a, b) => a.read_at.getTime() - b.read_at.getTime());
      const lit = sim.lights.filter((l) => l.connected);
      const wantPower = lit.reduce((s, l) => s + (((l as unknown as { watts: number }).watts) * 60) / 100, 0);
      for (const r of rows) {
        expect(r.brightness).toBe(60);
        expect(r.power_w).toBeCloseTo(wantPower, 0);
      }
      const e = (await get(`/device-api/gateway/energy/${gw.id}?from=2026-03-02&to=2026-03-02`)).json() as GatewayEnergy;
      const want = expected(rows.map((r) => ({ at: r.read_at.toISOString(), power: r.power_w, brightness: r.brightness })), ['2026-03-02']).get('2026-03-02')!;
      expect(e.days[0].kwh).toBeCloseTo(want.wh / 1000, 3);
      expect(e.days[0].hours).toBeCloseTo(rows.length > 1 ? (rows.length - 1) / 60 : 0, 1);
      expect(e.days[0].saving_percent).toBeCloseTo(40, 0);
    } finally {
      sim.stop();
      clock.stop();
    }
  });
});
