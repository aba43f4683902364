// The device service alone for the device benchmark (bench/devices.ts forks this): on the fresh database
// BENCH_TARGET_URL (PostgreSQL), the service on a free port. Answers over IPC: register, mem, lights, burst-start, burst-end,
// stats, cpu (this process's CPU time, ms) and backends (the process ids of PostgreSQL's backends of the database).
// BENCH_SHARED=1: one of several instances on that database (bench/devices-cluster.ts, ADR 0043).
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDeviceService, loadDeviceConfig, type DeviceDb } from '@isik/devices';
import { corkQuerySubmits } from '../packages/server/src/db/pg-cork.js';

const send = (m: Record<string, unknown>) => process.send?.(m);
const ms = (ns: number) => Math.round(ns / 1e4) / 100;

async function main() {
  if (!process.env.BENCH_TARGET_URL) throw new Error('BENCH_TARGET_URL is required (bench/devices.ts gives it)');
  // As the product runs it (db/pg-cork.ts): one socket write per query.
  corkQuerySubmits();
  // Idle connections stay open, so the bench can count their backends' CPU over the burst (devices-common.ts).
  const pool = new pg.Pool({ connectionString: process.env.BENCH_TARGET_URL, max: 10, idleTimeoutMillis: 0 });
  pool.on('error', (e) => console.error(`device bench server: database pool error: ${e.message}`));
  const db = drizzlePg({ client: pool }) as unknown as DeviceDb;
  const close = () => pool.end();
  const config = loadDeviceConfig({ DEVICE_ADMIN_EMAIL: 'bench@example.com', DEVICE_ADMIN_PASSWORD: 'Bench12345!', DEVICE_JWT_SECRET: 'bench-secret-0123456789abcdef' });
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  const service = await createDeviceService({ db, config, listenUrl: process.env.BENCH_SHARED === '1' ? process.env.BENCH_TARGET_URL : undefined });
  await app.register(service.plugin, { prefix: '/device-api' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const token = (await service.accounts.login('bench@example.com', 'Bench12345!', '127.0.0.1')).token;
  // When each command was stored as sent and about to be written to its link (the dispatcher tells its moves).
  const stored = new Map<string, number>();
  service.dispatcher.onChange((c) => { if (c.status === 'sent' && !stored.has(c._id)) stored.set(c._id, Date.now()); });

  // The burst window (bench/devices.ts marks it): event-loop delay, and with BENCH_CPU_PROF a CPU profile of
  // only that window (the inspector's profiler, started and stopped over IPC), apart from registration and connects.
  const lag = monitorEventLoopDelay({ resolution: 5 });
  let inspector: Session | undefined;
  process.on('message', async (m: { type: string; dir?: string; gateways?: { mac_addr: string; device_name: string; city: string; device_description: string; map_lat: number; map_lng: number; time_zone: string }[] }) => {
    try {
      if (m.type === 'register') {
        const keys: Record<string, string> = {};
        const ids: Record<string, string> = {};
        // Ten at a time (the pool's size): 5,000 one after the other took minutes on a busy machine.
        const all = m.gateways ?? [];
        for (let i = 0; i < all.length; i += 10) {
          await Promise.all(all.slice(i, i + 10).map(async (g) => {
            const r = await service.gateways.register(null, g);
            keys[g.mac_addr] = r.key;
            ids[g.mac_addr] = r._id;
          }));
        }
        send({ type: 'registered', keys, ids });
      } else if (m.type === 'mem') {
        const u = process.memoryUsage();
        send({ type: 'mem', rss: u.rss, heapUsed: u.heapUsed, links: service.links.count });
      } else if (m.type === 'burst-start') {
        lag.reset();
        lag.enable();
        if (m.dir) {
          inspector = new Session();
          inspector.connect();
          await inspector.post('Profiler.enable');
          await inspector.post('Profiler.setSamplingInterval', { interval: 1000 });
          await inspector.post('Profiler.start');
        }
        send({ type: 'burst-started' });
      } else if (m.type === 'burst-end') {
        lag.disable();
        let profile: string | undefined;
        if (inspector && m.dir) {
          const { profile: p } = await inspector.post('Profiler.stop');
          inspector.disconnect();
          inspector = undefined;
          fs.mkdirSync(m.dir, { recursive: true });
          profile = path.join(m.dir, `devices-burst-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
          fs.writeFileSync(profile, JSON.stringify(p));
        }
        send({ type: 'burst-ended', lagP50: ms(lag.percentile(50)), lagP99: ms(lag.percentile(99)), lagMax: ms(lag.max), profile });
      } else if (m.type === 'cpu') {
        const u = process.cpuUsage();
        send({ type: 'cpu', ms: (u.user + u.system) / 1000 });
      } else if (m.type === 'backends') {
        const r = await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
        send({ type: 'backends', pids: (r as unknown as { rows: { pid: number }[] }).rows.map((x) => x.pid) });
      } else if (m.type === 'lights') {
        const r = await db.execute(sql`select count(*)::int as n from devices.mesh_items`);
        send({ type: 'lights', n: (r as unknown as { rows: { n: number }[] }).rows[0].n });
      } else if (m.type === 'stats') {
        const r = await db.execute(sql`select id, status, extract(epoch from (updated_at - created_at)) * 1000 as ms, extract(epoch from (sent_at - created_at)) * 1000 as to_sent, extract(epoch from sent_at) * 1000 as sent_at from devices.commands`);
        const rows = (r as unknown as { rows: { id: string; status: string; ms: string | number; to_sent: string | number | null; sent_at: string | number | null }[] }).rows;
        const num = (v: string | number | null) => (v === null ? null : Number(v));
        send({ type: 'stats', rows: rows.map((x) => ({ id: x.id, status: x.status, ms: Number(x.ms), toSent: num(x.to_sent), sentAt: num(x.sent_at), storedAt: stored.get(x.id) ?? null })) });
      } else if (m.type === 'stop') {
        await app.close();
        await close();
        process.exit(0);
      }
    } catch (e) {
      send({ type: 'error', message: (e as Error).message });
    }
  });
  send({ type: 'ready', port, token, instance: service.cluster.id });
}

main().catch((e) => { send({ type: 'error', message: String(e?.stack ?? e) }); process.exit(1); });
