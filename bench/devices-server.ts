// The device service alone for the device benchmark (bench/devices.ts forks this): on the fresh database
// BENCH_TARGET_URL (PostgreSQL), the service on a free port. Answers over IPC: register, mem, stats.
import Fastify from 'fastify';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDeviceService, loadDeviceConfig, type DeviceDb } from '@isik/devices';
import { corkQuerySubmits } from '../packages/server/src/db/pg-cork.js';

const send = (m: Record<string, unknown>) => process.send?.(m);

async function main() {
  if (!process.env.BENCH_TARGET_URL) throw new Error('BENCH_TARGET_URL is required (bench/devices.ts gives it)');
  // As the product runs it (db/pg-cork.ts): one socket write per query.
  corkQuerySubmits();
  const pool = new pg.Pool({ connectionString: process.env.BENCH_TARGET_URL, max: 10 });
  const db = drizzlePg({ client: pool }) as unknown as DeviceDb;
  const close = () => pool.end();
  const config = loadDeviceConfig({ DEVICE_ADMIN_EMAIL: 'bench@example.com', DEVICE_ADMIN_PASSWORD: 'Bench12345!', DEVICE_JWT_SECRET: 'bench-secret-0123456789abcdef' });
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  const service = await createDeviceService({ db, config });
  await app.register(service.plugin, { prefix: '/device-api' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const token = (await service.accounts.login('bench@example.com', 'Bench12345!')).token;

  process.on('message', async (m: { type: string; gateways?: { mac_addr: string; device_name: string; city: string; device_description: string; map_lat: number; map_lng: number; time_zone: string }[] }) => {
    try {
      if (m.type === 'register') {
        const keys: Record<string, string> = {};
        const ids: Record<string, string> = {};
        for (const g of m.gateways ?? []) {
          const r = await service.gateways.register(null, g);
          keys[g.mac_addr] = r.key;
          ids[g.mac_addr] = r._id;
        }
        send({ type: 'registered', keys, ids });
      } else if (m.type === 'mem') {
        const u = process.memoryUsage();
        send({ type: 'mem', rss: u.rss, heapUsed: u.heapUsed, links: service.links.count });
      } else if (m.type === 'stats') {
        const r = await db.execute(sql`select status, extract(epoch from (updated_at - created_at)) * 1000 as ms from devices.commands`);
        const rows = (r as unknown as { rows: { status: string; ms: string | number }[] }).rows;
        send({ type: 'stats', rows: rows.map((x) => ({ status: x.status, ms: Number(x.ms) })) });
      } else if (m.type === 'stop') {
        await app.close();
        await close();
        process.exit(0);
      }
    } catch (e) {
      send({ type: 'error', message: (e as Error).message });
    }
  });
  send({ type: 'ready', port, token });
}

main().catch((e) => { send({ type: 'error', message: String(e?.stack ?? e) }); process.exit(1); });
