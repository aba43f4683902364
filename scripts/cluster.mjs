#!/usr/bin/env node
// `npm run cluster` (issue 27, ADR 0042): the product as several instances on one PostgreSQL behind HAProxy.
//  1. Builds what `npm start` builds (scripts/compile.mjs, the same code), and installs HAProxy (Debian's `haproxy`)
//     when it is missing, through scripts/system-deps.mjs as Chromium is for the tests.
//  2. One PostgreSQL: the embedded one of DATA_DIR with `npm start`'s rules (lock, cluster, port file), or the server
//     of DATABASE_URL; the back office's migrations run there once (packages/server/src/cluster-db-main.ts).
//  3. Back-office API instance 1 (it seeds the demo data and the admins, as `npm start` does, and runs the nightly
//     backup and the rates job), then API instance 2 and two device-service instances (`npm run devices`), on the
//     internal ports PORT+1 … PORT+4 of 127.0.0.1.
//  4. HAProxy on PORT (default 3000) with the configuration this script writes to DATA_DIR/haproxy.cfg: /device-api
//     to the device instances, everything else to the API instances, readiness checks, retries of GET/HEAD only.
// An instance that dies is started again after a second. Ctrl-C or SIGTERM stops everything: the instances drain
// (ADR 0037), then HAProxy, then PostgreSQL. DATA_DIR/cluster.json names the parts, their ports and pids.
// `--no-web` skips the web build (the caller built it); `CLUSTER_LOG_LEVEL` is the instances' LOG_LEVEL (default
// LOG_LEVEL, else warn: the request lines of four instances would fill a terminal).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { prepare, ROOT_DIR } from './compile.mjs';

const rel = (...p) => path.join(ROOT_DIR, ...p);
const log = (m) => console.log(`[cluster] ${m}`);

const PORT = Number(process.env.PORT || 3000);
if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65530) {
  console.error('PORT must be a port number from 1 to 65530 (the instances take the next four)');
  process.exit(1);
}
const HOST = process.env.HOST || '0.0.0.0';
const DATA_DIR = path.resolve(process.env.DATA_DIR || './data');
const LOG_LEVEL = process.env.CLUSTER_LOG_LEVEL || process.env.LOG_LEVEL || 'warn';
const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';

/** The balancer's own proxy trust: the instances see HAProxy on 127.0.0.1 as one more proxy hop. */
function trustProxy(setting) {
  const v = (setting ?? '').trim();
  if (v === '' || v.toLowerCase() === 'false' || v === '0') return '127.0.0.1';
  if (/^\d+$/.test(v)) return String(Number(v) + 1);
  return `${v},127.0.0.1`;
}

/**
 * The HAProxy configuration (also for running the parts on several machines: put the machines' addresses in the
 * server lines).
 */
function haproxyConfig({ bind, api, devices }) {
  return `# Written by scripts/cluster.mjs (npm run cluster, ADR 0042). On several machines: one HAProxy with this
# file, the server lines naming each instance's address and port.
global
  maxconn 4000

defaults
  mode http
  option dontlognull
  timeout connect 2s
  timeout client 75s
  timeout server 60s
  # WebSockets (the live socket /ws, the device browsers' /device-api/ws, the gateways' /device-api/link): an
  # upgraded connection is a tunnel, open while either side talks (the sockets ping every 30 s at most).
  timeout tunnel 1h
  timeout client-fin 5s
  timeout http-request 10s
  # A client's idle connection stays open longer than the instances tell it to keep it (their Keep-Alive header:
  # Fastify's keepAliveTimeout, timeout=72, which HAProxy passes on): http-keep-alive, and timeout client above (also
  # applied to an idle connection) at 75 s. Closed after 10 s (http-request's time, the default), a client trusting
  # the header (Node's fetch) sent its next request on a connection HAProxy had closed and failed with "other side
  # closed" (3 errors in the 30-minute soak; docs/performance.md); with 60 s it still would between 60 and 72 s.
  timeout http-keep-alive 75s
  timeout queue 10s
  # A failed attempt goes to the other instance (redispatch on every retry). conn-failure is safe for any method
  # (nothing reached the instance); the layer-7 reasons (no answer, a cut answer, 502-504: an instance killed or
  # draining mid-request) are retried for GET and HEAD only (disable-l7-retry in the frontend): an offer save or a
  # production record is never sent twice.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response junk-response response-timeout 502 503 504
  option forwardfor
  # Readiness every second; two failures take an instance out, two successes bring it back.
  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2

frontend www
  bind ${bind}
  # METH_GET is GET or HEAD.
  http-request disable-l7-retry if !METH_GET
  # The request id (ADR 0037): the caller's when it sends one, else one made here, seen in every instance's log.
  http-request set-header X-Request-Id %[uuid()] unless { req.hdr(x-request-id) -m found }
  acl device_path path /device-api
  acl device_path path_beg /device-api/
  use_backend devices if device_path
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  # Which instance answered (the failure test reads it; handy when reading logs).
  http-response set-header X-Instance %s
${api.map((s) => `  server ${s.name} ${s.address} check`).join('\n')}

backend devices
  # Gateway links and browser sockets are long-lived: the instance with fewest connections takes the next one.
  balance leastconn
  option httpchk GET /device-api/health
  http-check expect status 200
  http-response set-header X-Instance %s
${devices.map((s) => `  server ${s.name} ${s.address} check`).join('\n')}
`;
}

/** A child's output, line by line, behind its name (JSON log lines stay whole after the prefix). */
function pipe(stream, name, out) {
  readline.createInterface({ input: stream }).on('line', (line) => out.write(`${name.padEnd(5)} ${line}\n`));
}

const stateFile = path.join(DATA_DIR, 'cluster.json');
const parts = new Map();
let stopping = false;

function writeState() {
  const state = {
    port: PORT, haproxyCfg: path.join(DATA_DIR, 'haproxy.cfg'), cluster: process.pid,
    parts: [...parts.values()].map((p) => ({ name: p.name, kind: p.kind, port: p.port, pid: p.child?.pid ?? null })),
  };
  // Written whole or not at all (a temporary file renamed over it): a reader never sees half a file (the failure
  // test reads it while a killed part is started again).
  const tmp = `${stateFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(tmp, stateFile);
}

/** Starts (and keeps running) one part: its own process group, so a terminal's Ctrl-C reaches this script alone. */
function run(part) {
  const child = spawn(part.command[0], part.command.slice(1), {
    cwd: ROOT_DIR, env: part.env, detached: true, stdio: ['ignore', 'pipe', 'pipe', ...(part.ipc ? ['ipc'] : [])],
  });
  part.child = child;
  part.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  pipe(child.stdout, part.name, process.stdout);
  pipe(child.stderr, part.name, process.stderr);
  void part.exited.then(({ code, signal }) => {
    if (stopping) return;
    if (!part.restart) {
      console.error(`[cluster] ${part.name} ended (${signal ?? `exit ${code}`}): stopping the cluster`);
      void stopAll(1);
      return;
    }
    log(`${part.name} ended (${signal ?? `exit ${code}`}); starting it again in 1 s`);
    setTimeout(() => { if (!stopping) { run(part); writeState(); } }, 1000);
  });
  return child;
}

async function waitReady(part, url, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (part.child.exitCode !== null || part.child.signalCode !== null) throw new Error(`${part.name} ended while starting`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${part.name} was not ready within ${timeoutMs / 1000} s (${url})`);
}

async function stopPart(part, signal = 'SIGTERM', graceMs = 30_000) {
  const child = part.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await part.exited;
  clearTimeout(timer);
}

let stopped;
function stopAll(code) {
  stopped ??= (async () => {
    stopping = true;
    log('stopping: the instances drain, then HAProxy, then PostgreSQL');
    const instances = [...parts.values()].filter((p) => p.kind === 'api' || p.kind === 'devices');
    await Promise.all(instances.map((p) => stopPart(p)));
    for (const name of ['haproxy', 'db']) if (parts.has(name)) await stopPart(parts.get(name));
    fs.rmSync(stateFile, { force: true });
    log('stopped');
    process.exit(code);
  })();
  return stopped;
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void stopAll(0));

// ------------------------------------------------------------ 1. build, HAProxy
await prepare({ skipWeb: process.argv.includes('--no-web') });
if (spawnSync(process.execPath, [rel('scripts/system-deps.mjs'), 'haproxy'], { stdio: 'inherit' }).status !== 0) process.exit(1);
fs.mkdirSync(DATA_DIR, { recursive: true });

// ------------------------------------------------------------ 2. PostgreSQL
const node = (file) => [process.execPath, '--conditions=isik-compiled', '--enable-source-maps', rel('packages/server/dist', file)];
const baseEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR, LOG_LEVEL };
const db = { name: 'db', kind: 'db', command: node('cluster-db-main.js'), env: baseEnv, ipc: true, restart: false };
parts.set('db', db);
run(db);
const ready = await new Promise((resolve) => {
  db.child.on('message', (m) => { if (m?.type === 'ready') resolve(m); });
  void db.exited.then(() => resolve(undefined));
});
if (!ready) {
  console.error('[cluster] the database could not be opened');
  process.exit(1);
}
log(`database: ${ready.where}`);

// ------------------------------------------------------------ 3. the instances
const instanceEnv = {
  ...baseEnv, DATABASE_URL: ready.url, HOST: '127.0.0.1', TRUST_PROXY: trustProxy(process.env.TRUST_PROXY),
  // The gateways of the demo link to the device instances, not into an API instance (run `npm run gateway-sim`).
  GATEWAY_SIM: 'false',
};
const api = [1, 2].map((n) => ({
  name: `api${n}`, kind: 'api', port: PORT + n, command: node('main.js'), restart: true,
  // One instance seeds and runs the nightly backup and the rates job; the other only answers.
  env: { ...instanceEnv, PORT: String(PORT + n), ...(n === 1 ? {} : { SEED_DEMO: 'false', BACKUP_KEEP: '0', RATES_JOB: 'false' }) },
}));
const devices = [1, 2].map((n) => ({
  name: `dev${n}`, kind: 'devices', port: PORT + 2 + n, command: node('devices-main.js'), restart: true,
  env: { ...instanceEnv, DEVICE_PORT: String(PORT + 2 + n) },
}));
for (const p of [...api, ...devices]) parts.set(p.name, p);

try {
  // API 1 first: it seeds and makes the device service's tables and admin (mounted in it), so nothing races.
  run(api[0]);
  writeState();
  await waitReady(api[0], `http://127.0.0.1:${api[0].port}/api/health`);
  for (const p of [api[1], ...devices]) run(p);
  writeState();
  await Promise.all([
    waitReady(api[1], `http://127.0.0.1:${api[1].port}/api/health`),
    ...devices.map((p) => waitReady(p, `http://127.0.0.1:${p.port}/device-api/health`)),
  ]);
} catch (e) {
  console.error(`[cluster] ${e.message}`);
  await stopAll(1);
}

// ------------------------------------------------------------ 4. HAProxy
const cfgFile = path.join(DATA_DIR, 'haproxy.cfg');
const bind = `${HOST.includes(':') ? `[${HOST}]` : HOST}:${PORT}`;
fs.writeFileSync(cfgFile, haproxyConfig({
  bind,
  api: api.map((p) => ({ name: p.name, address: `127.0.0.1:${p.port}` })),
  devices: devices.map((p) => ({ name: p.name, address: `127.0.0.1:${p.port}` })),
}));
const check = spawnSync(HAPROXY, ['-c', '-q', '-f', cfgFile], { encoding: 'utf8' });
if (check.status !== 0) {
  console.error(`[cluster] HAProxy refused ${cfgFile}:\n${check.stdout}${check.stderr}`);
  await stopAll(1);
}
// -db: in the foreground, not a daemon; it stops with SIGTERM (at once) or SIGUSR1 (after its connections).
const haproxy = { name: 'haproxy', kind: 'haproxy', port: PORT, command: [HAPROXY, '-db', '-f', cfgFile], env: process.env, restart: false };
parts.set('haproxy', haproxy);
run(haproxy);
writeState();
try {
  await waitReady(haproxy, `http://127.0.0.1:${PORT}/api/health`, 30_000);
} catch (e) {
  console.error(`[cluster] ${e.message}`);
  await stopAll(1);
}
const address = process.env.PUBLIC_URL ?? `http://localhost:${PORT}`;
console.log([
  '',
  `  Işık back office (cluster) is running at ${address}`,
  `  Database: ${ready.where}`,
  `  API instances: 127.0.0.1:${api[0].port}, 127.0.0.1:${api[1].port}; device service: 127.0.0.1:${devices[0].port}, 127.0.0.1:${devices[1].port}`,
  `  HAProxy on ${bind} with ${cfgFile}; parts and pids in ${stateFile}`,
  '  Ctrl-C stops everything.',
  '',
].join('\n'));
