import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DeviceConfigError, loadDeviceConfig, signInEnv, type DeviceConfig } from '@isik/devices';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));
const url = (name: string) => z.string().refine((v) => { try { new URL(v); return true; } catch { return false; } }, { message: `${name} must be a URL` });

const TRUST_PROXY_MESSAGE = 'TRUST_PROXY must be false, a hop count (e.g. 1) or a comma list of proxy addresses or CIDRs (e.g. 10.0.0.1,192.168.0.0/16)';
/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyAddress(v: string): boolean {
  if (PROXY_NAMES.includes(v)) return true;
  const [addr, bits, ...rest] = v.split('/');
  const family = isIP(addr);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For: none (default), the nearest n hops, or the
 * listed addresses/CIDRs. `true` (trust anyone) is refused: any client could then choose its own address.
 */
const trustProxy = z.string().trim().transform((v, ctx): false | number | string[] => {
  if (v === '' || v.toLowerCase() === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((x) => x.trim()).filter(Boolean);
  if (list.length > 0 && list.every(proxyAddress)) return list;
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
  return z.NEVER;
});

/** Fastify's `trustProxy` for a TRUST_PROXY setting: the hop count form trusts the nearest `hops` proxies. */
export function trustProxyOption(setting: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** TRUST_PROXY alone, for the device service run by itself (`npm run devices`): the same rule as the server's. */
export function loadTrustProxy(env: NodeJS.ProcessEnv = process.env): false | number | string[] {
  const parsed = trustProxy.safeParse(env.TRUST_PROXY ?? '');
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${TRUST_PROXY_MESSAGE}`);
  return parsed.data;
}

const metricsToken = z.string().min(16, { message: 'METRICS_TOKEN must be at least 16 characters' }).optional();

/** METRICS_TOKEN alone, for the device service run by itself (`npm run devices`): the same rule as the server's. */
export function loadMetricsToken(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const parsed = metricsToken.safeParse(env.METRICS_TOKEN || undefined);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n  METRICS_TOKEN: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: url('DATABASE_URL').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Port of the embedded PostgreSQL on 127.0.0.1; 0 = a free port at every start. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Folder of the nightly backups (and the default target of `npm run backup`). */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  /** How many nightly backups are kept; 0 turns the nightly job off. */
  BACKUP_KEEP: z.coerce.number().int().min(0).max(3650).default(14),
  /** Time of day (server time, HH:MM) of the nightly backup. */
  BACKUP_AT: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'BACKUP_AT must look like 02:30' }).default('02:30'),
  JWT_SECRET: z.string().min(16, { message: 'JWT_SECRET must be at least 16 characters' }).optional(),
  TOKEN_TTL: z.string().regex(/^\d+[smhd]$/, { message: 'TOKEN_TTL must look like 12h, 30m or 7d' }).default('12h'),
  ADMIN_EMAIL: z.string().email({ message: 'ADMIN_EMAIL must be an e-mail address' }).default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, { message: 'ADMIN_PASSWORD must be at least 8 characters' }).optional(),
  PASSWORD_MIN: z.coerce.number().int().min(8, { message: "PASSWORD_MIN must be at least 8" }).max(128).default(8),
  SEED_DEMO: bool.default(true),
  TCMB_URL: url('TCMB_URL').default('https://www.tcmb.gov.tr/kurlar/today.xml'),
  /** The rates job: fetch at start and on weekdays after publication. Off in tests (they fetch on demand). */
  RATES_JOB: bool.default(true),
  /** "Update rates" fetches at most once in this many seconds per instance (concurrent calls share one fetch). */
  RATES_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Where mail goes out (smtp://user:pass@host:587, smtps://...:465); unset: mail calls answer 503. */
  SMTP_URL: url('SMTP_URL').optional(),
  /** The sender of the server's mail; default no-reply@ the host of PUBLIC_URL. */
  MAIL_FROM: z.string().max(300).optional(),
  /** The address people open the app at; links in mails (order tracking, password reset) start with it. */
  PUBLIC_URL: url('PUBLIC_URL').optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** The bearer token that reads /metrics (Prometheus); unset: /metrics answers 404. */
  METRICS_TOKEN: metricsToken,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...signInEnv,
  BODY_LIMIT_MB: z.coerce.number().min(1).max(200).default(40),
  FILE_MAX_MB: z.coerce.number().min(0.001).max(100).default(10),
});

/** `devices`: the device service's own settings (packages/devices/src/config.ts), checked with the rest. */
export type Config = z.infer<typeof envSchema> & { jwtSecret: string; dataDir: string; backupDir: string; devices: DeviceConfig };

export class ConfigError extends Error {}

/** Reads and checks the environment; an invalid value stops the start with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  let devices: DeviceConfig;
  try {
    devices = loadDeviceConfig(clean);
  } catch (e) {
    if (e instanceof DeviceConfigError) throw new ConfigError(e.message);
    throw e;
  }
  return {
    devices,
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    backupDir: path.resolve(c.BACKUP_DIR),
    jwtSecret: c.JWT_SECRET ?? '',
  };
}

export function ephemeralSecret(): string {
  return randomBytes(32).toString('hex');
}
