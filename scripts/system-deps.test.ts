import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm test` checks its system parts first (scripts/system-deps.mjs). Without root rights and with a Chromium that
// is not there, it must stop within seconds and name the command that installs what is missing, before any
// typecheck or test starts. The check runs as a user without root: `nobody` when these tests run as root.
const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'system-deps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A copy of the project's test wiring: its package.json scripts and the check, readable by `nobody`.
mkdirSync(path.join(dir, 'scripts'));
copyFileSync(path.join(root, 'scripts/system-deps.mjs'), path.join(dir, 'scripts/system-deps.mjs'));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'system-deps-check', private: true, scripts: pkg.scripts }));
chmodSync(dir, 0o777);

const asRoot = process.getuid?.() === 0;

function runUnprivileged(args: string[], env: Record<string, string>) {
  const started = Date.now();
  const envList = Object.entries({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, npm_config_cache: path.join(dir, '.npm'), ...env });
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'nobody', '--', 'env', '-i', ...envList.map(([k, v]) => `${k}=${v}`), ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 })
    : spawnSync(args[0]!, args.slice(1), { cwd: dir, encoding: 'utf8', timeout: 60_000, env: Object.fromEntries(envList) });
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

describe('npm test checks its system parts first', () => {
  it('without root and without Chromium, npm test stops within seconds naming the command to run', () => {
    const r = runUnprivileged(['npm', 'test'], { CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(r.status).not.toBe(0);
    expect(r.seconds).toBeLessThan(30);
    expect(r.stderr).toContain('npm test needs /nonexistent/chromium');
    expect(r.stderr).toMatch(/sudo apt-get update && sudo apt-get install -y chromium/);
    // It stopped before the typecheck: nothing of the next step ran.
    expect(r.stdout + r.stderr).not.toContain('tsc -p');
  });

  it('with a missing pdftotext it names poppler-utils', () => {
    // PATH without the folders that hold pdftotext; node itself is called by its full path.
    const r = runUnprivileged([process.execPath, 'scripts/system-deps.mjs'], { PATH: path.join(dir, 'no-bin'), CHROMIUM_PATH: process.execPath, HAPROXY_PATH: process.execPath });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('pdftotext');
    expect(r.stderr).toContain('apt-get install -y poppler-utils');
  });

  it('says nothing and passes when everything is there', () => {
    const bin = path.join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    for (const cmd of ['pdftotext', 'pdfinfo']) {
      writeFileSync(path.join(bin, cmd), '#!/bin/sh\n');
      chmodSync(path.join(bin, cmd), 0o755);
    }
    chmodSync(bin, 0o755);
    const r = runUnprivileged([process.execPath, 'scripts/system-deps.mjs'], { PATH: bin, CHROMIUM_PATH: process.execPath, HAPROXY_PATH: process.execPath });
    // The fonts are the one part this test cannot fake: it passes where they are installed, as on every test machine.
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });

  it('npm run cluster asks for HAProxy alone: missing, it names haproxy and nothing of the tests', () => {
    const r = runUnprivileged([process.execPath, 'scripts/system-deps.mjs', 'haproxy'], { PATH: path.join(dir, 'no-bin'), CHROMIUM_PATH: '/nonexistent/chromium', HAPROXY_PATH: '/nonexistent/haproxy' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('npm run cluster needs /nonexistent/haproxy');
    expect(r.stderr).toContain('apt-get install -y haproxy');
    expect(r.stderr).not.toMatch(/chromium|poppler/);
  });
});
