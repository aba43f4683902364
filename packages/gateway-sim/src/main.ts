#!/usr/bin/env node
// npm run gateway-sim -- --count N --url http://localhost:3000 [options]
//
// Plays N street-light gateways against a device service. Options:
//   --count N            gateways (default 3)            --url URL      the service (default http://localhost:3000)
//                        (several URLs, comma-separated: instances of the service; gateway n links to the n-th, then the next)
//   --email, --password  a device admin account (default DEVICE_ADMIN_EMAIL/PASSWORD, else ADMIN_EMAIL/PASSWORD)
//   --lat, --lng, --city centre of the fleet (default 39.92, 32.85, Ankara)
//   --seed N             fleets with other seeds get other MAC addresses (default 1)
//   --state FILE         keep the gateways' keys between runs
//   --ignore-commands    take commands but never answer them (to see timeouts)
//   --clock manual       programs run only when told (see stdin below); --start ISO sets the manual start time
//   --tz ZONE            local time zone of the programs (default Europe/Istanbul)
//   --answer-delay A-B   answer commands after A-B ms (default 150-600)
//   --meter-interval MS  meter reading every MS ms (default 30000)
//   --lights A-B         lights per gateway (default 5-30)
// Standard input takes one JSON object a line: {"cmd":"offline"|"online", "gateway": 1-based index or omitted for all},
// {"cmd":"ignore","on":true|false}, {"cmd":"advance","ms":60000}, {"cmd":"set-time","at":"2026-01-05T18:30:00Z"}.
// Standard output reports one JSON object a line: ready, connected, disconnected, command, applied, programs, program-run.
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { startFleet } from './fleet.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '3' }, url: { type: 'string', default: 'http://localhost:3000' },
    email: { type: 'string' }, password: { type: 'string' }, lat: { type: 'string' }, lng: { type: 'string' }, city: { type: 'string' },
    seed: { type: 'string', default: '1' }, state: { type: 'string' }, 'ignore-commands': { type: 'boolean', default: false },
    clock: { type: 'string', default: 'real' }, start: { type: 'string' }, tz: { type: 'string' },
    'answer-delay': { type: 'string' }, 'meter-interval': { type: 'string' }, lights: { type: 'string' },
  },
  strict: true,
});

const range = (s: string | undefined): [number, number] | undefined => {
  if (!s) return undefined;
  const [a, b] = s.split('-').map(Number);
  return [a, b ?? a];
};
const out = (e: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(e)}\n`);

const fleet = await startFleet({
  url: values.url!,
  count: Number(values.count),
  email: values.email ?? process.env.DEVICE_ADMIN_EMAIL ?? process.env.ADMIN_EMAIL ?? 'admin@example.com',
  password: values.password ?? process.env.DEVICE_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD ?? '',
  lat: values.lat ? Number(values.lat) : undefined,
  lng: values.lng ? Number(values.lng) : undefined,
  city: values.city,
  seed: Number(values.seed),
  statePath: values.state,
  ignoreCommands: values['ignore-commands'],
  clock: values.clock === 'manual' ? 'manual' : 'real',
  start: values.start ? new Date(values.start) : undefined,
  timeZone: values.tz,
  answerDelay: range(values['answer-delay']),
  meterIntervalMs: values['meter-interval'] ? Number(values['meter-interval']) : undefined,
  lights: range(values.lights),
  emit: out,
}).catch((e: Error) => { console.error(`gateway-sim: ${e.message}`); process.exit(1); });

out({ event: 'ready', gateways: fleet.gateways.map((g) => ({ mac: g.mac, lights: g.lights.map((l) => ({ mac: l.mac_addr, connected: l.connected })) })) });

const pick = (n: unknown) => (typeof n === 'number' ? fleet.gateways.filter((_, i) => i + 1 === n) : fleet.gateways);
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let c: { cmd?: string; gateway?: number; on?: boolean; ms?: number; at?: string };
  try { c = JSON.parse(line); } catch { return; }
  switch (c.cmd) {
    case 'offline': for (const g of pick(c.gateway)) g.goOffline(); break;
    case 'online': for (const g of pick(c.gateway)) g.start(); break;
    case 'ignore': for (const g of pick(c.gateway)) g.ignoreCommands = c.on !== false; break;
    case 'advance': fleet.clock.advance(Number(c.ms ?? 0)); break;
    case 'set-time': if (c.at) fleet.clock.set(new Date(c.at)); break;
    default: return;
  }
  out({ event: 'done', cmd: c.cmd, at: new Date(fleet.clock.now()).toISOString() });
});

const stop = () => { fleet.stop(); process.exit(0); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
