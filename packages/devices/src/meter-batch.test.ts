import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createScratchDatabase } from '../../server/src/db/database.js';
import { loadDeviceConfig } from './config.js';
import { createDeviceService, type DeviceService } from './service.js';
import type { DeviceDb } from './db/types.js';

/**
 * 5,000 gateways each send a meter reading every 30 s and after each command (issue 27): the readings that come
 * together are stored in one statement, each gateway showing its last one, and one bad reading loses only itself.
 */
const GATEWAYS = 12;
let url: string;
let drop: () => Promise<void>;
let pool: pg.Pool;
let service: DeviceService;
const texts: string[] = [];

beforeAll(async () => {
  const { serverUrl, template } = inject('testDatabase');
  ({ url, drop } = await createScratchDatabase(serverUrl, 't', template));
  pool = new pg.Pool({ connectionString: url, max: 4 });
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const q = args[0] as string | { text: string };
    texts.push(typeof q === 'string' ? q : q.text);
    return query(...args);
  };
  const config = loadDeviceConfig({ DEVICE_ADMIN_EMAIL: 'iot-admin@test.local', DEVICE_ADMIN_PASSWORD: 'DeviceAdmin123!', DEVICE_JWT_SECRET: 'test-secret-0123456789abcdef' });
  service = await createDeviceService({ db: drizzle({ client: pool }) as unknown as DeviceDb, config });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await drop?.();
});

describe('meter readings', () => {
  it('readings that come together are stored in one statement; each gateway shows its last reading', async () => {
    const ids = await Promise.all(Array.from({ length: GATEWAYS }, async (_, i) => (await service.gateways.register(null, {
      mac_addr: `AA:BE:00:00:00:${(i + 1).toString(16).padStart(2, '0').toUpperCase()}`, device_name: `M${i}`, device_description: '', city: '', map_lat: null, map_lng: null, time_zone: 'Europe/Istanbul',
    }))._id));
    const before = texts.length;
    const t = Date.parse('2026-11-27T03:00:00Z');
    // Two readings of each gateway, the second heard last.
    await Promise.all(ids.flatMap((id, i) => [
      service.gateways.setMeter(id, { voltage: [230, 231, 232], current: [1, 1, 1], read_at: new Date(t + i * 1000).toISOString() }),
      service.gateways.setMeter(id, { voltage: [229, 229, 229], current: [2, 0.5, 0], read_at: new Date(t + 60_000 + i * 1000).toISOString() }),
    ]));
    const inserts = texts.slice(before).filter((s) => /insert into "devices"."meter_readings"/i.test(s));
    expect(inserts.length).toBe(1);
    const { rows } = await pool.query('select gateway_id, count(*)::int as n, max(power_w) as top from devices.meter_readings group by 1');
    expect(rows).toHaveLength(GATEWAYS);
    for (const r of rows) expect([r.n, r.top]).toEqual([2, 693]);
    const shown = await service.gateways.details(ids[3]);
    expect([shown.eMeterVoltageValue, shown.eMeterCurrentValue, shown.eMeterReadTimestamp]).toEqual(['229 / 229 / 229', '2 / 0.5 / 0', new Date(t + 63_000).toISOString()]);
  });

  it('a reading of a gateway deleted meanwhile fails alone; the others of its group are stored', async () => {
    const { _id: id } = await service.gateways.register(null, { mac_addr: 'AA:BE:00:00:01:01', device_name: 'Kept', device_description: '', city: '', map_lat: null, map_lng: null, time_zone: 'Europe/Istanbul' });
    const reading = { voltage: [230, 230, 230], current: [1, 1, 1], read_at: '2026-11-27T03:10:00Z' };
    const [gone, kept] = await Promise.allSettled([service.gateways.setMeter('no-such-gateway', reading), service.gateways.setMeter(id, reading)]);
    expect(gone.status).toBe('rejected');
    expect(kept.status).toBe('fulfilled');
    const { rows } = await pool.query('select count(*)::int as n from devices.meter_readings where gateway_id = $1', [id]);
    expect(rows[0].n).toBe(1);
  });
});
