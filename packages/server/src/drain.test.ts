import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveSocketProtocols } from '@isik/domain';

// SIGTERM drains (issue 27, ADR 0037), in real processes as `npm start` and `npm run devices` run: a call in flight
// when the signal comes still gets its answer, nothing new is answered as ready, live sockets are told 1012
// (service restart) so browsers reconnect elsewhere, and the process exits 0.
const here = path.dirname(fileURLToPath(import.meta.url));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-drain-test-'));
// Reachable by the system user the embedded PostgreSQL runs as when the tests run as root.
fs.chmodSync(tmp, 0o755);
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Run { child: ChildProcess; out: () => string; exited: Promise<number | null>; waitFor: (re: RegExp) => Promise<RegExpExecArray> }

function run(entry: string, env: Record<string, string>): Run {
  const full: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env };
  delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, entry)], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (d: unknown) => { text += String(d); for (const w of [...waiters]) w(); };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Waits for a line on the output (an event, not polling); fails when the process exits first. */
  const waitFor = (re: RegExp) => new Promise<RegExpExecArray>((resolve, reject) => {
    const check = () => { const m = re.exec(text); if (m) { waiters.delete(check); resolve(m); } };
    waiters.add(check);
    void exited.then(() => { if (waiters.has(check)) reject(new Error(`exited before ${re}: ${text}`)); });
    check();
  });
  return { child, out: () => text, exited, waitFor };
}

/** A POST whose body is sent in two halves: the second only when `finish()` is called. */
function slowPost(base: string, url: string, body: object, headers: Record<string, string>) {
  const data = Buffer.from(JSON.stringify(body));
  const u = new URL(url, base);
  const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(data.length) } });
  const answer = new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => { text += String(d); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(data.length / 2);
  req.write(data.subarray(0, half));
  return { answer, finish: () => req.end(data.subarray(half)) };
}

/** A new call after the signal: refused (the port is closed) or answered 503; never served as ready. */
async function afterSignal(url: string): Promise<{ status: number; body: unknown } | 'refused'> {
  try {
    const res = await fetch(url);
    return { status: res.status, body: await res.json() };
  } catch {
    return 'refused';
  }
}

describe('SIGTERM drains', () => {
  it('npm start: the call in flight is answered, readiness is gone, live sockets get 1012, exit 0', async () => {
    const server = run('main.ts', { DATA_DIR: path.join(tmp, 'data'), PORT: '0', ADMIN_PASSWORD: 'Admin12345!', SEED_DEMO: 'false', RATES_JOB: 'false', BACKUP_KEEP: '0' });
    const base = (await server.waitFor(/running at (http:\/\/localhost:\d+)/))[1];
    expect((await fetch(`${base}/api/live`)).status).toBe(200);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345!' }) });
    const { token } = (await login.json()) as { token: string };

    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, liveSocketProtocols(token));
    await new Promise((resolve, reject) => { ws.once('message', resolve); ws.once('error', reject); });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    // A call in flight: its head read by the server (its log line, under the id it sent), its body not yet sent.
    const call = slowPost(base, '/api/companies/create/', { company_name: 'Kapanırken A.Ş.', company_city: 'Bursa', company_email: 'info@kapanirken.com.tr' },
      { authorization: `Bearer ${token}`, 'x-request-id': 'drain-in-flight-1' });
    await server.waitFor(/"reqId":"drain-in-flight-1"[^\n]*"msg":"incoming request"/);

    server.child.kill('SIGTERM');
    await server.waitFor(/SIGTERM: stopping/);
    expect(await closed).toBe(1012);
    const health = await afterSignal(`${base}/api/health`);
    if (health !== 'refused') expect(health).toEqual({ status: 503, body: expect.objectContaining({ status: 'draining', ready: false }) });

    call.finish();
    const answer = await call.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(answer.headers['x-request-id']).toBe('drain-in-flight-1');
    expect((JSON.parse(answer.body) as { company_name: string }).company_name).toBe('Kapanırken A.Ş.');
    expect(await server.exited).toBe(0);
  }, 180_000);

  it('npm run devices: /device-api/live apart from readiness; the call in flight is answered, browser sockets get 1012, exit 0', async () => {
    const metricsToken = 'devices-metrics-token-0123';
    const service = run('devices-main.ts', { DEVICE_DATA_DIR: path.join(tmp, 'devices'), DEVICE_PORT: '0', DEVICE_ADMIN_PASSWORD: 'Admin12345!', METRICS_TOKEN: metricsToken });
    const base = (await service.waitFor(/Device service on (http:\/\/localhost:\d+)/))[1];
    expect(await (await fetch(`${base}/device-api/live`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/device-api/health`)).status).toBe(200);
    // Its own /metrics: the token only; its requests, pool, device links and commands.
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    expect(metrics).toMatch(/^http_requests_total\{method="GET",route="\/device-api\/live",status="200"\} 1$/m);
    expect(metrics).toMatch(/^db_pool_connections\{pool="isik devices",state="idle"\} \d+$/m);
    expect(metrics).toMatch(/^db_pool_waiting\{pool="isik devices"\} 0$/m);
    expect(metrics).toMatch(/^device_links 0$/m);
    expect(metrics).toContain('# TYPE device_commands gauge');
    const login = await fetch(`${base}/device-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345!' }) });
    const { token } = (await login.json()) as { token: string };
    const ws = new WebSocket(`${base.replace('http', 'ws')}/device-api/ws`, liveSocketProtocols(token));
    await new Promise((resolve, reject) => { ws.once('message', resolve); ws.once('error', reject); });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    const call = slowPost(base, '/device-api/gateway/register', { mac_addr: 'AA:BB:CC:DD:EE:01', device_name: 'Kapanış', city: 'Bursa' },
      { authorization: `Bearer ${token}`, 'x-request-id': 'drain-in-flight-2' });
    await service.waitFor(/"reqId":"drain-in-flight-2"[^\n]*"msg":"incoming request"/);

    service.child.kill('SIGTERM');
    await service.waitFor(/SIGTERM: stopping/);
    expect(await closed).toBe(1012);
    const health = await afterSignal(`${base}/device-api/health`);
    if (health !== 'refused') expect(health).toEqual({ status: 503, body: expect.objectContaining({ status: 'draining', ready: false }) });

    call.finish();
    const answer = await call.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(answer.headers['x-request-id']).toBe('drain-in-flight-2');
    expect(await service.exited).toBe(0);
  }, 180_000);
});
