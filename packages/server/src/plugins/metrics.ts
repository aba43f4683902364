// /metrics in Prometheus' text format (issue 27, ADR 0037): requests by route pattern and status with their latency,
// the database pools, the live events' lag, the device links and commands, the newest backup's age and the process's
// own figures. Each app has a Registry of its own (tests build many apps in one process; the global one would mix
// them). Not public: answered only with `Authorization: Bearer <METRICS_TOKEN>`; without a METRICS_TOKEN it is a 404.
import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { pickLang, translate } from '@isik/domain';
import { FILE_RE as BACKUP_FILE_RE } from '../backup/backup.js';

export interface MetricsOptions {
  /** METRICS_TOKEN; unset: /metrics answers 404. */
  token?: string;
  /** The pools made by db/pool.ts's createPool, by name; read at scrape time. */
  pools: () => Array<{ name: string; pool: pg.Pool }>;
  /** The device service's figures, read at scrape time (through its own data layer). */
  devices?: () => { links: number; commandsByState: () => Promise<Record<string, number>> } | undefined;
  /** The backup folder: the newest backup's age; absent when there is none. */
  backupDir?: string;
}

export interface AppMetrics {
  registry: Registry;
  /** A live event reached the sockets `seconds` after its NOTIFY was sent. */
  observeLiveLag(seconds: number): void;
}

declare module 'fastify' {
  interface FastifyInstance { metrics: AppMetrics }
}

/** Constant-time comparison of two secrets of any length (their hashes are compared). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The newest backup file (by its time) and its age in seconds, or undefined when the folder holds none. */
export function newestBackup(dir: string, now = Date.now()): { file: string; ageSeconds: number } | undefined {
  let newest: { file: string; mtime: number } | undefined;
  let names: string[];
  try { names = fs.readdirSync(dir); } catch { return undefined; }
  for (const name of names) {
    if (!BACKUP_FILE_RE.test(name)) continue;
    try {
      const mtime = fs.statSync(path.join(dir, name)).mtimeMs;
      if (!newest || mtime > newest.mtime) newest = { file: name, mtime };
    } catch { /* removed meanwhile */ }
  }
  return newest && { file: newest.file, ageSeconds: Math.max(0, (now - newest.mtime) / 1000) };
}

export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds', help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const, buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registry],
  });
  const liveLag = new Histogram({
    name: 'live_event_lag_seconds', help: "Time from a change's NOTIFY to its delivery to this instance's live sockets",
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections', help: 'Database pool connections by state (in_use, idle)', labelNames: ['pool', 'state'] as const, registers: [registry],
    collect() {
      this.reset();
      for (const { name, pool } of opts.pools()) {
        this.set({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
      }
    },
  });
  new Gauge({
    name: 'db_pool_waiting', help: 'Requests waiting for a database connection', labelNames: ['pool'] as const, registers: [registry],
    collect() {
      this.reset();
      for (const { name, pool } of opts.pools()) this.set({ pool: name }, pool.waitingCount);
    },
  });
  if (opts.devices) {
    const devices = opts.devices;
    new Gauge({
      name: 'device_links', help: 'Gateways linked to this instance now', registers: [registry],
      collect() { this.set(devices()?.links ?? 0); },
    });
    new Gauge({
      name: 'device_commands', help: 'Device commands by state', labelNames: ['state'] as const, registers: [registry],
      async collect() {
        const d = devices();
        if (!d) return;
        const counts = await d.commandsByState();
        this.reset();
        for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
      },
    });
  }
  if (opts.backupDir) {
    const dir = opts.backupDir;
    new Gauge({
      // Labelled with the file: a gauge without labels would still say 0 when there is no backup at all.
      name: 'backup_age_seconds', help: 'Age of the newest backup file in the backup folder, by its name (absent when there is none)', labelNames: ['file'] as const, registers: [registry],
      collect() {
        const newest = newestBackup(dir);
        this.reset();
        if (newest) this.set({ file: newest.file }, newest.ageSeconds);
      },
    });
  }

  app.decorate('metrics', { registry, observeLiveLag: (s: number) => liveLag.observe(Math.max(0, s)) } satisfies AppMetrics);

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern (/api/companies/details/:id), never the raw URL: one series per route, not per record.
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = { method: req.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { config: { level: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const lang = pickLang(req.headers['accept-language']);
    if (!opts.token) return reply.status(404).send({ message: translate('error.routeNotFound', lang), code: 'error.routeNotFound' });
    const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (!m || !sameSecret(m[1].trim(), opts.token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: translate('error.metricsToken', lang), code: 'error.metricsToken' });
    }
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
});
