import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point in real processes: what `npm start` does on a data folder.
const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-main-test-'));
// Reachable by the system user the embedded PostgreSQL runs as when the tests run as root.
fs.chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Run { child: ChildProcess; out: () => string; exited: Promise<number | null> }

function start(extra: Record<string, string> = {}, dir = dataDir): Run {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'Admin12345!', SEED_DEMO: 'false', LOG_LEVEL: 'warn', RATES_JOB: 'false', ...extra };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (d) => { text += String(d); });
  child.stderr?.on('data', (d) => { text += String(d); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => text, exited };
}

/** Waits for the start banner on the child's output (an event, not polling); fails when the child exits first. */
function address(run: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = /running at (http:\/\/localhost:\d+)/.exec(run.out());
      if (!m) return;
      run.child.stdout?.off('data', check);
      run.child.stderr?.off('data', check);
      resolve(m[1]);
    };
    run.child.stdout?.on('data', check);
    run.child.stderr?.on('data', check);
    void run.exited.then(() => reject(new Error(`server exited: ${run.out()}`)));
    check();
  });
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345!' }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('npm start on a data folder', () => {
  it('refuses a second server on the folder, stops cleanly on SIGTERM and keeps the data for the next start', async () => {
    const first = start();
    const base = await address(first);
    expect(first.out()).toContain('Admin sign-in: admin@example.com');
    const token = await signIn(base);
    const created = await fetch(`${base}/api/companies/create/`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ company_name: 'Yeniden Başlatma A.Ş.', company_city: 'Bursa', company_email: 'info@yeniden.com.tr' }),
    });
    expect(created.status).toBe(200);

    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.out()).toContain('is in use by another running server');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    // The embedded PostgreSQL stopped with it.
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const third = start();
    const base3 = await address(third);
    expect(third.out()).toContain('password as set at first start');
    const token3 = await signIn(base3);
    const list = await fetch(`${base3}/api/companies/list?search=Yeniden`, { headers: { authorization: `Bearer ${token3}` } });
    expect(((await list.json()) as { totalItemCount: number }).totalItemCount).toBe(1);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('starts again at once after the product was killed with kill -9, stopping the PostgreSQL it left running', async () => {
    const dir = path.join(dataDir, 'killed');
    const first = start({}, dir);
    const base = await address(first);
    const token = await signIn(base);
    const created = await fetch(`${base}/api/companies/create/`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ company_name: 'Ani Kapanış Ltd.', company_city: 'İzmir', company_email: 'info@ani.com.tr' }),
    });
    expect(created.status).toBe(200);
    const orphan = Number(fs.readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    first.child.kill('SIGKILL');
    await first.exited;
    // The product is gone; its PostgreSQL is still running, holding the cluster.
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const second = start({}, dir);
    const base2 = await address(second);
    expect(second.out()).not.toContain('in use');
    expect(second.out()).toContain(`(pid ${orphan}) was left running`);
    const token2 = await signIn(base2);
    const list = await fetch(`${base2}/api/companies/list?search=Kapanış`, { headers: { authorization: `Bearer ${token2}` } });
    expect(((await list.json()) as { totalItemCount: number }).totalItemCount).toBe(1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('without ADMIN_PASSWORD, the generated admin password told at the first start opens the device system too', async () => {
    const run = start({ ADMIN_PASSWORD: '' }, path.join(dataDir, 'generated'));
    const base = await address(run);
    const told = /Admin sign-in: admin@example\.com \/ (\S+) {3}<- generated/.exec(run.out());
    expect(told, run.out()).not.toBeNull();
    const password = told![1];
    expect(run.out()).toContain(`Device system (/streetlightlogin): admin@example.com / ${password}`);
    const signIn = (url: string) => fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password }) });
    expect((await signIn('/api/auth/login')).status).toBe(200);
    expect((await signIn('/device-api/auth/login')).status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 180_000);

  it('stops at once with the name of an invalid variable', async () => {
    const bad = start({ PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.out()).toMatch(/Invalid configuration:\s+PORT:/);
  }, 60_000);

  it('names an invalid device variable too', async () => {
    const bad = start({ MAP_TILE_URL: 'ftp://tiles' });
    expect(await bad.exited).toBe(1);
    expect(bad.out()).toMatch(/Invalid configuration:\s+MAP_TILE_URL:/);
  }, 60_000);

  it('runs three demo gateways in Ankara with GATEWAY_SIM=true, registered with the device service', async () => {
    const run = start({ GATEWAY_SIM: 'true' });
    const base = await address(run);
    expect(run.out()).toContain('Gateway simulator: 3 gateways in Ankara');
    expect(run.out()).toContain('Device system (/streetlightlogin): admin@example.com');
    const login = await fetch(`${base}/device-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345!' }) });
    const { token } = (await login.json()) as { token: string };
    const list = (await (await fetch(`${base}/device-api/gateway/list`, { headers: { authorization: `Bearer ${token}` } })).json()) as { gatewayList: { city: string; map_lat: number; map_lng: number }[] };
    expect(list.gatewayList).toHaveLength(3);
    for (const g of list.gatewayList) {
      expect(g.city).toBe('Ankara');
      expect(Math.abs(g.map_lat - 39.92)).toBeLessThan(0.02);
      expect(Math.abs(g.map_lng - 32.85)).toBeLessThan(0.02);
    }
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 120_000);
});
