import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveSocketProtocols } from '@isik/domain';
import { DEVICES_MAIN, startDevicesProcess } from './test/devices-process.js';

// `npm run devices` in a real process on its own embedded PostgreSQL: how it stops.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-devices-main-test-'));
// Reachable by the system user the embedded PostgreSQL runs as when the tests run as root.
fs.chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// On its own embedded PostgreSQL (no DATABASE_URL).
const start = () => startDevicesProcess({ DEVICE_DATA_DIR: dataDir, DEVICE_ADMIN_PASSWORD: 'Admin12345!' }, children);

const postmasterPid = () => Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };

describe('npm run devices', () => {
  it('stops once, with its PostgreSQL, when SIGTERM and SIGINT arrive together (a second signal during the shutdown is harmless)', async () => {
    const run = start();
    const base = await run.address;
    const pg = postmasterPid();
    expect(alive(pg)).toBe(true);
    // A browser socket is open (the shutdown closes it).
    const login = await fetch(`${base}/device-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345!' }) });
    const { token } = (await login.json()) as { token: string };
    const ws = new WebSocket(`${base.replace('http', 'ws')}/device-api/ws`, liveSocketProtocols(token));
    await new Promise((resolve, reject) => { ws.once('message', resolve); ws.once('error', reject); });
    const closed = new Promise((resolve) => ws.once('close', resolve));

    run.child.kill('SIGTERM');
    run.child.kill('SIGTERM');
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    await closed;
    expect(run.out().match(/stopping/g)).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(alive(pg)).toBe(false);

    // The next start finds the cluster free and keeps the account.
    const again = start();
    const base2 = await again.address;
    const login2 = await fetch(`${base2}/device-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345!' }) });
    expect(login2.status).toBe(200);
    expect(again.out()).not.toContain('left running');
    again.child.kill('SIGINT');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('lives through kill -9 of its PostgreSQL: calls in flight answer 503, the supervisor restarts it, health says when it is back (issue 22)', async () => {
    const run = start();
    const base = await run.address;
    const login = await fetch(`${base}/device-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345!' }) });
    const { token } = (await login.json()) as { token: string };
    const health = async () => { const r = await fetch(`${base}/device-api/health`); return { status: r.status, body: await r.json() as unknown }; };
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', ready: true, database: { ok: true, state: 'ready' } } });

    const statuses: number[] = [];
    const unavailable: unknown[] = [];
    const acknowledged: string[] = [];
    let stop = false;
    // Six writers in parallel: each registration is a transaction of three statements.
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const mac = ['0A', (w + 16).toString(16), ((i >> 16) & 255).toString(16), ((i >> 8) & 255).toString(16), (i & 255).toString(16), 'EE'].map((x) => x.padStart(2, '0')).join(':');
        const r = await fetch(`${base}/device-api/gateway/register`, {
          method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'tr', 'content-type': 'application/json' },
          body: JSON.stringify({ mac_addr: mac, device_name: `G ${w}-${i}` }),
        });
        statuses.push(r.status);
        const body = await r.json() as { _id: string };
        if (r.status === 200) acknowledged.push(body._id);
        if (r.status === 503) {
          unavailable.push(body);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    };
    const ok = () => statuses.filter((x) => x === 200).length;
    const until = async (check: () => boolean | Promise<boolean>, what: string) => {
      const end = Date.now() + 60_000;
      while (!(await check())) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${run.out()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    const pid = postmasterPid();
    try {
      await until(() => ok() >= 12, 'answers before the kill');
      process.kill(pid, 'SIGKILL');
      await until(() => run.out().includes(`The embedded PostgreSQL (pid ${pid}) ended unexpectedly (signal SIGKILL): restarting it`), 'the supervisor');
      if (!run.out().includes('running again')) {
        expect(await health()).toEqual({ status: 503, body: { status: 'degraded', ready: false, database: { ok: false, state: 'restarting' } } });
      }
      await until(() => run.out().includes('The embedded PostgreSQL is running again'), 'the restart');
      await until(async () => (await health()).status === 200, 'health to say ready');
      const before = ok();
      await until(() => ok() >= before + 12, 'answers after the restart');
    } finally {
      stop = true;
      await Promise.all(writers);
    }
    expect(run.child.exitCode).toBe(null);
    // Every acknowledged registration is stored.
    for (const id of acknowledged) {
      const r = await fetch(`${base}/device-api/gateway/details/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(r.status).toBe(200);
    }
    expect(statuses.filter((x) => x !== 200 && x !== 503)).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const body of unavailable) expect(body).toEqual({ code: 'error.databaseUnavailable', message: 'Veritabanına şu an ulaşılamıyor, lütfen tekrar deneyin.' });
    expect(postmasterPid()).not.toBe(pid);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('runs plain node with tsx as a loader: no signal-relaying wrapper that could kill it during its shutdown', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(DEVICES_MAIN), '../../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.devices).toBe('node --import tsx packages/server/src/devices-main.ts');
  });
});
