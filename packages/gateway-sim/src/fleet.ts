import fs from 'node:fs';
import path from 'node:path';
import { GATEWAY_LINK_PATH } from '@isik/domain';
import { SimClock } from './clock.js';
import { SimGateway } from './gateway.js';
import { macOf, seeded } from './random.js';

export interface FleetOptions {
  /**
   * The service's base URL, e.g. http://localhost:3000 (the API is under /device-api). Several, comma-separated:
   * instances of the service without a balancer in front (ADR 0043); gateway n links to the n-th (round), and to
   * the next one when its link drops.
   */
  url: string;
  count: number;
  /** A device admin account, to register the gateways over the API. */
  email?: string;
  password?: string;
  /** Registers a gateway another way (a host running the service in-process); answers its key. */
  register?: (g: GatewayPlan) => Promise<string>;
  /** Centre of the fleet (default Ankara, near 39.92, 32.85). */
  lat?: number;
  lng?: number;
  city?: string;
  /** Distinguishes fleets: MAC addresses and names depend on it. */
  seed?: number;
  /** Keeps the gateways' keys between runs (no new key on every start). */
  statePath?: string;
  clock?: 'real' | 'manual';
  start?: Date;
  timeZone?: string;
  answerDelay?: [number, number];
  meterIntervalMs?: number;
  ignoreCommands?: boolean;
  /** Smallest and largest number of lights per gateway. */
  lights?: [number, number];
  emit?: (event: Record<string, unknown>) => void;
}

export interface GatewayPlan { mac_addr: string; device_name: string; city: string; device_description: string; map_lat: number; map_lng: number; time_zone: string }

export interface Fleet {
  gateways: SimGateway[];
  clock: SimClock;
  stop(): void;
}

const CITY_NAMES = ['Kızılay', 'Ulus', 'Çankaya', 'Bahçelievler', 'Keçiören', 'Etimesgut', 'Yenimahalle', 'Mamak'];

async function call<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

function linkUrl(base: string): string {
  const u = new URL(base);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = `${u.pathname.replace(/\/$/, '').replace(/\/device-api$/, '')}/device-api${GATEWAY_LINK_PATH}`;
  return u.toString();
}

/**
 * Plays `count` gateways against a device service: signs in with a device admin account, registers each
 * gateway (keys are kept in `statePath` when given, so a restart does not re-key), then connects them all.
 */
export async function startFleet(o: FleetOptions): Promise<Fleet> {
  const bases = o.url.split(',').map((u) => u.trim().replace(/\/$/, '').replace(/\/device-api$/, '')).filter(Boolean);
  const base = bases[0];
  const seed = o.seed ?? 1;
  const rand = seeded(seed);
  const centre = { lat: o.lat ?? 39.92, lng: o.lng ?? 32.85 };
  const state: Record<string, string> = o.statePath && fs.existsSync(o.statePath) ? JSON.parse(fs.readFileSync(o.statePath, 'utf8')) : {};
  const [minLights, maxLights] = o.lights ?? [5, 30];
  const plan = Array.from({ length: o.count }, (_, i) => {
    const n = i + 1;
    // Spread around the centre: the first within a street or two of it, the rest further out.
    const r = i === 0 ? 0 : 0.0015 * Math.sqrt(i) * (0.6 + rand() * 0.8);
    const a = rand() * Math.PI * 2;
    return {
      index: n,
      mac: macOf(0x50 + (seed % 64), n),
      name: `GW-${String(seed).padStart(2, '0')}-${String(n).padStart(4, '0')}`,
      city: o.city ?? 'Ankara',
      district: CITY_NAMES[i % CITY_NAMES.length],
      lat: Math.round((centre.lat + r * Math.cos(a)) * 1e6) / 1e6,
      lng: Math.round((centre.lng + r * Math.sin(a) * 1.3) * 1e6) / 1e6,
      lights: minLights + Math.floor(rand() * (maxLights - minLights + 1)),
    };
  });

  const missing = plan.filter((p) => !state[p.mac]);
  if (missing.length > 0) {
    let register = o.register;
    if (!register) {
      const login = await call<{ token: string }>(`${base}/device-api/auth/login`, { email: o.email ?? '', password: o.password ?? '' });
      register = async (g) => (await call<{ key: string }>(`${base}/device-api/gateway/register`, g, login.token)).key;
    }
    for (const p of missing) {
      state[p.mac] = await register({
        mac_addr: p.mac, device_name: p.name, city: p.city, device_description: `Street lights, ${p.district}`,
        map_lat: p.lat, map_lng: p.lng, time_zone: o.timeZone ?? 'Europe/Istanbul',
      });
    }
    if (o.statePath) {
      fs.mkdirSync(path.dirname(o.statePath), { recursive: true });
      fs.writeFileSync(o.statePath, JSON.stringify(state, null, 2), { mode: 0o600 });
    }
  }

  const clock = new SimClock(o.clock ?? 'real', o.start);
  const urls = bases.map(linkUrl);
  const gateways = plan.map((p) => new SimGateway({
    linkUrl: urls.length === 1 ? urls[0] : [...urls.slice((p.index - 1) % urls.length), ...urls.slice(0, (p.index - 1) % urls.length)], index: p.index, mac: p.mac, key: state[p.mac], name: p.name, lat: p.lat, lng: p.lng, lights: p.lights, seed,
    clock, timeZone: o.timeZone ?? 'Europe/Istanbul', answerDelay: o.answerDelay ?? [150, 600], meterIntervalMs: o.meterIntervalMs ?? 30_000,
    ignoreCommands: o.ignoreCommands, emit: o.emit,
  }));
  for (const g of gateways) g.start();
  return {
    gateways,
    clock,
    stop() { for (const g of gateways) g.stop(); clock.stop(); },
  };
}
