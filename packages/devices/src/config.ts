import { z } from 'zod';
import { DEVICE_SLUG_DEFAULT, DEVICE_SLUG_RE, MESH_CHUNK } from '@isik/domain';
import type { SignInRules } from './sign-in-guard.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));
const duration = (name: string) => z.string().regex(/^\d+[smhd]$/, { message: `${name} must look like 90s, 15m, 12h or 7d` });

/** Offline map tiles are not required: without them the markers still show on a plain background. */
export const MAP_TILE_URL_DEFAULT = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The sign-in rules, one set for both sign-ins (the back office's and the device service's; their accounts and
 * counts are apart): failures per e-mail before it is refused for a while, and failures per client address.
 */
export const signInEnv = {
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
};

const envSchema = z.object({
  ...signInEnv,
  /** Defaults to the back office's first admin (DECISIONS 10). */
  DEVICE_ADMIN_EMAIL: z.string().email({ message: 'DEVICE_ADMIN_EMAIL must be an e-mail address' }).optional(),
  DEVICE_ADMIN_PASSWORD: z.string().min(8, { message: 'DEVICE_ADMIN_PASSWORD must be at least 8 characters' }).optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  DEVICE_JWT_SECRET: z.string().min(16, { message: 'DEVICE_JWT_SECRET must be at least 16 characters' }).optional(),
  DEVICE_TOKEN_TTL: duration('DEVICE_TOKEN_TTL').default('12h'),
  DEVICE_SLUG: z.string().regex(DEVICE_SLUG_RE, { message: 'DEVICE_SLUG must be lower-case letters, digits or -, starting with a letter' }).default(DEVICE_SLUG_DEFAULT),
  MAP_TILE_URL: z.string().refine((v) => v === 'none' || (/^https?:\/\//.test(v) && v.includes('{z}') && v.includes('{x}') && v.includes('{y}')), {
    message: 'MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}, or none',
  }).default(MAP_TILE_URL_DEFAULT),
  MAP_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
  /** How long a command may wait for an offline gateway before it expires. */
  DEVICE_COMMAND_TTL: duration('DEVICE_COMMAND_TTL').default('15m'),
  DEVICE_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  GATEWAY_SIM: bool.optional(),
  /** Lights one gateway may report; a new light beyond it is refused (and logged once a link). */
  DEVICE_MAX_LIGHTS: z.string().regex(/^\d+$/, { message: 'DEVICE_MAX_LIGHTS must be a whole number' }).transform(Number)
    .pipe(z.number().min(1, { message: 'DEVICE_MAX_LIGHTS must be at least 1' }).max(100_000, { message: 'DEVICE_MAX_LIGHTS must be at most 100000' })).default(1000),
  /** Frames one link may have waiting to be stored; one more closes the link (4429). Default: linkQueueDefault. */
  DEVICE_LINK_QUEUE: z.string().regex(/^\d+$/, { message: 'DEVICE_LINK_QUEUE must be a whole number' }).transform(Number)
    .pipe(z.number().max(1_000_000, { message: 'DEVICE_LINK_QUEUE must be at most 1000000' })).optional(),
}).superRefine((c, ctx) => {
  const least = linkQueueLeast(c.DEVICE_MAX_LIGHTS);
  if (c.DEVICE_LINK_QUEUE !== undefined && c.DEVICE_LINK_QUEUE < least) {
    ctx.addIssue({ code: 'custom', path: ['DEVICE_LINK_QUEUE'], message: `DEVICE_LINK_QUEUE must be at least ${least}: a gateway reports its ${c.DEVICE_MAX_LIGHTS} lights (DEVICE_MAX_LIGHTS) ${MESH_CHUNK} a frame at once` });
  }
});

/** The smallest frame queue that holds a whole lights report of `maxLights` lights and a few more frames. */
export function linkQueueLeast(maxLights: number): number {
  return Math.ceil(maxLights / MESH_CHUNK) + 10;
}

/** Without DEVICE_LINK_QUEUE: 500 frames, or twice a whole lights report when that is more. */
export function linkQueueDefault(maxLights: number): number {
  return Math.max(500, 2 * Math.ceil(maxLights / MESH_CHUNK));
}

export interface DeviceConfig {
  adminEmail: string;
  /** undefined: generated and printed once on first start. */
  adminPassword?: string;
  secret?: string;
  tokenTtl: string;
  slug: string;
  mapTileUrl: string;
  mapAttribution: string;
  commandTtlMs: number;
  port: number;
  /** Run the demo gateways (undefined: the host decides, e.g. on with the demo data). */
  gatewaySim?: boolean;
  /** Lights one gateway may have (DEVICE_MAX_LIGHTS). */
  maxLights: number;
  /** Frames one gateway link may have waiting (DEVICE_LINK_QUEUE). */
  linkQueue: number;
  signIn: SignInRules;
}

export class DeviceConfigError extends Error {}

export function durationMs(s: string): number {
  const n = Number(s.slice(0, -1));
  const unit = s.slice(-1);
  return n * ({ s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as Record<string, number>)[unit];
}

/** Reads and checks the device service's environment; an invalid value names the variable. */
export function loadDeviceConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): DeviceConfig {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new DeviceConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const fallbackPassword = c.ADMIN_PASSWORD && c.ADMIN_PASSWORD.length >= 8 ? c.ADMIN_PASSWORD : undefined;
  return {
    adminEmail: (c.DEVICE_ADMIN_EMAIL ?? c.ADMIN_EMAIL ?? 'admin@example.com').trim().toLowerCase(),
    adminPassword: c.DEVICE_ADMIN_PASSWORD ?? fallbackPassword,
    secret: c.DEVICE_JWT_SECRET,
    tokenTtl: c.DEVICE_TOKEN_TTL,
    slug: c.DEVICE_SLUG,
    mapTileUrl: c.MAP_TILE_URL,
    mapAttribution: c.MAP_ATTRIBUTION,
    commandTtlMs: durationMs(c.DEVICE_COMMAND_TTL),
    port: c.DEVICE_PORT,
    gatewaySim: c.GATEWAY_SIM,
    maxLights: c.DEVICE_MAX_LIGHTS,
    linkQueue: c.DEVICE_LINK_QUEUE ?? linkQueueDefault(c.DEVICE_MAX_LIGHTS),
    signIn: { maxFailures: c.LOGIN_MAX_FAILURES, lockMinutes: c.LOGIN_LOCK_MINUTES, maxFailuresPerAddress: c.LOGIN_MAX_FAILURES_PER_ADDRESS },
  };
}
