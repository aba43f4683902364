#!/usr/bin/env node
// Runs the server's API tests against a real PostgreSQL (`npm run test:pg`).
//
//   node scripts/test-pg.mjs                 -> vitest run packages/server
//   node scripts/test-pg.mjs <vitest args>   -> vitest run <vitest args>
//
// TEST_DATABASE_URL already set: used as it is (its role must be allowed to
// CREATE DATABASE: the test helper makes one database per test file).
// Otherwise a throwaway PostgreSQL server is started from the local binaries
// (initdb, pg_ctl, postgres), in a temporary folder, on 127.0.0.1 only, with
// trust auth, and it is always stopped and deleted afterwards.
// PostgreSQL refuses to run as root, so as root the server runs as the system
// user `pgtest` (created on first use) through runuser.
// No binaries: the pass is skipped with a notice (exit 0), except under CI=true,
// where a missing PostgreSQL is an error (exit 1).
//
// Environment: TEST_DATABASE_URL, TEST_PG_PORT (default 54329, another free port
// is taken when busy), PG_BIN (folder with initdb/pg_ctl/postgres), CI.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OS_USER = 'pgtest';
const DB_USER = 'postgres';
const PREFERRED_PORT = Number(process.env.TEST_PG_PORT || 54329);
const IN_CI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const IS_ROOT = typeof process.getuid === 'function' && process.getuid() === 0;
const SIGNAL_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

const log = (msg) => console.log(`[test-pg] ${msg}`);
const since = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

const userArgs = process.argv.slice(2);
const vitestArgs = ['run', ...(userArgs.length > 0 ? userArgs : ['packages/server'])];

/** State shared with the cleanup, which must also work from signal and exit handlers. */
const state = {
  tmpDir: undefined,
  dataDir: undefined,
  binDir: undefined,
  runAs: undefined,
  child: undefined,
  interrupted: undefined,
  cleaned: false,
};

// ---------------------------------------------------------------- helpers

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Finds a program on PATH, or in the sbin folders a non-login root shell may lack. */
function which(name) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin', '/usr/bin', '/bin'];
  for (const dir of dirs) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/**
 * The folder holding initdb, pg_ctl and postgres. Each candidate is followed
 * through symlinks (/usr/local/bin/initdb links into /usr/lib/postgresql/15/bin
 * here) so pg_ctl finds the postgres binary that belongs to it.
 */
function findPgBinDir() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  candidates.push('/usr/local/bin', '/usr/lib/postgresql/15/bin');
  try {
    const majors = fs.readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v));
    majors.sort((a, b) => Number(b) - Number(a));
    candidates.push(...majors.map((v) => `/usr/lib/postgresql/${v}/bin`));
  } catch {
    // no Debian-style install
  }
  for (const dir of candidates) {
    const postgres = path.join(dir, 'postgres');
    if (!isExecutable(postgres)) continue;
    const realDir = path.dirname(fs.realpathSync(postgres));
    if (!['initdb', 'pg_ctl', 'postgres'].every((n) => isExecutable(path.join(realDir, n)))) continue;
    const version = spawnSync(path.join(realDir, 'postgres'), ['--version'], { encoding: 'utf8' });
    if (version.status === 0) return { binDir: realDir, version: version.stdout.trim() };
  }
  return undefined;
}

/** uid and gid of the unprivileged user that runs PostgreSQL, created when missing. */
function ensureOsUser() {
  const idOf = (flag) => spawnSync('id', [flag, OS_USER], { encoding: 'utf8' });
  if (idOf('-u').status !== 0) {
    const useradd = which('useradd');
    if (!useradd) throw new Error(`cannot create the user ${OS_USER}: useradd not found`);
    log(`creating system user ${OS_USER} (PostgreSQL refuses to run as root)`);
    const r = spawnSync(useradd, ['--system', '--no-create-home', '--shell', '/bin/bash',
      '--comment', 'throwaway PostgreSQL for tests', OS_USER], { encoding: 'utf8' });
    // Exit code 9: created meanwhile by a parallel run.
    if (r.status !== 0 && r.status !== 9) throw new Error(`useradd ${OS_USER} failed: ${r.stderr.trim()}`);
  }
  return { uid: Number(idOf('-u').stdout.trim()), gid: Number(idOf('-g').stdout.trim()) };
}

/**
 * How PostgreSQL programs are started: as ourselves, or as root through
 * `runuser -u pgtest --` (Node's own uid/gid switch when runuser is missing).
 */
function makeRunAs(owner) {
  if (!owner) return (cmd, args) => ({ cmd, args, opts: {} });
  const runuser = which('runuser');
  if (runuser) return (cmd, args) => ({ cmd: runuser, args: ['-u', OS_USER, '--', cmd, ...args], opts: {} });
  return (cmd, args) => ({ cmd, args, opts: { uid: owner.uid, gid: owner.gid } });
}

/** Runs a program to its end; output is captured and shown only when it fails. */
function run(cmd, args, { quiet = true, env, cwd, spawnOpts } = {}) {
  return new Promise((resolve, reject) => {
    const stdio = quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(cmd, args, { ...spawnOpts, cwd, env: env ?? process.env, stdio });
    state.child = child;
    let output = '';
    child.stdout?.on('data', (d) => { output += d; });
    child.stderr?.on('data', (d) => { output += d; });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      state.child = undefined;
      resolve({ code: code ?? (signal ? SIGNAL_CODES[signal] ?? 1 : 1), output });
    });
  });
}

function pgCommand(name, args) {
  return state.runAs(path.join(state.binDir, name), args);
}

function runPg(name, args) {
  const { cmd, args: fullArgs, opts } = pgCommand(name, args);
  return run(cmd, fullArgs, { cwd: state.tmpDir, spawnOpts: opts });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function freePort() {
  if (await portIsFree(PREFERRED_PORT)) return PREFERRED_PORT;
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function canConnect(port) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.once('connect', () => { sock.end(); resolve(true); });
    sock.once('error', () => resolve(false));
  });
}

function hasServerTests() {
  const walk = (dir) => {
    let entries;
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return false; }
    return entries.some((e) => e.name !== 'node_modules' && (e.isDirectory()
      ? walk(path.join(dir, e.name))
      : /\.test\.tsx?$/.test(e.name)));
  };
  return walk(path.join(ROOT, 'packages/server/src'));
}

function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

// ---------------------------------------------------------------- cleanup

/** Stops the server and deletes its folder. Synchronous so it also works on exit. */
function cleanup() {
  if (state.cleaned || !state.tmpDir) return;
  state.cleaned = true;
  const t0 = Date.now();
  if (state.dataDir && fs.existsSync(path.join(state.dataDir, 'postmaster.pid'))) {
    const stop = (mode) => {
      const { cmd, args, opts } = pgCommand('pg_ctl', ['-D', state.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
      return spawnSync(cmd, args, { ...opts, cwd: state.tmpDir, encoding: 'utf8' });
    };
    let r = stop('fast');
    if (r.status !== 0) r = stop('immediate');
    if (r.status !== 0) {
      // Last resort: the postmaster's pid is the first line of postmaster.pid.
      try {
        const pid = Number(fs.readFileSync(path.join(state.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        if (pid > 0) process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    log(`PostgreSQL stopped (${since(t0)})`);
  }
  fs.rmSync(state.tmpDir, { recursive: true, force: true });
  log(`removed ${state.tmpDir}`);
}

function onSignal(signal) {
  if (state.interrupted) {
    // Second signal: stop waiting for the tests.
    state.child?.kill('SIGKILL');
    cleanup();
    process.exit(SIGNAL_CODES[signal] ?? 1);
  }
  state.interrupted = signal;
  log(`${signal} received: stopping`);
  // A terminal's Ctrl-C reaches the child too; a signal sent to us alone is passed on.
  if (state.child && state.child.exitCode === null) state.child.kill(signal);
}

for (const signal of Object.keys(SIGNAL_CODES)) process.on(signal, () => onSignal(signal));
process.on('exit', cleanup);

// ---------------------------------------------------------------- main

async function runVitest(databaseUrl) {
  const vitestBin = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
  const [cmd, args] = fs.existsSync(vitestBin)
    ? [process.execPath, [vitestBin, ...vitestArgs]]
    : ['npx', ['vitest', ...vitestArgs]];
  log(`vitest ${vitestArgs.join(' ')} with TEST_DATABASE_URL=${databaseUrl.replace(/:[^:@/]*@/, ':***@')}`);
  const t0 = Date.now();
  const { code } = await run(cmd, args, {
    quiet: false,
    cwd: ROOT,
    env: { ...process.env, TEST_DATABASE_URL: databaseUrl },
  });
  log(`vitest exited with ${code} (${since(t0)})`);
  return code;
}

async function startServer() {
  const found = findPgBinDir();
  if (!found) return undefined;
  const t0 = Date.now();
  state.binDir = found.binDir;
  log(`using ${found.version} from ${found.binDir}`);

  const owner = IS_ROOT ? ensureOsUser() : undefined;
  state.runAs = makeRunAs(owner);
  // /tmp rather than $TMPDIR: as root, TMPDIR may sit where pgtest cannot reach.
  state.tmpDir = fs.mkdtempSync(path.join(IS_ROOT ? '/tmp' : os.tmpdir(), 'isik-pg-'));
  if (owner) fs.chownSync(state.tmpDir, owner.uid, owner.gid);
  state.dataDir = path.join(state.tmpDir, 'data');
  const logFile = path.join(state.tmpDir, 'server.log');

  const init = await runPg('initdb', ['-D', state.dataDir, '-U', DB_USER, '--auth=trust',
    '--encoding=UTF8', '--no-locale', '--no-sync']);
  if (state.interrupted) return undefined;
  if (init.code !== 0) throw new Error(`initdb failed (exit ${init.code}):\n${init.output}`);

  const port = await freePort();
  // Throwaway data: durability off for speed. Only loopback TCP, and the socket
  // in our own folder (Debian's default /var/run/postgresql is not pgtest's).
  fs.appendFileSync(path.join(state.dataDir, 'postgresql.conf'), [
    '',
    '# added by scripts/test-pg.mjs',
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${state.tmpDir}'`,
    'max_connections = 200',
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    "log_min_messages = 'warning'",
    '',
  ].join('\n'));

  const start = await runPg('pg_ctl', ['-D', state.dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
  if (state.interrupted) return undefined;
  if (start.code !== 0) {
    throw new Error(`pg_ctl start failed (exit ${start.code}):\n${start.output}\n--- server log ---\n${tail(logFile)}`);
  }
  // pg_ctl -w waits for "ready"; make sure TCP answers too before the tests connect.
  const deadline = Date.now() + 30_000;
  while (!(await canConnect(port))) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL does not accept TCP on 127.0.0.1:${port}\n${tail(logFile)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`PostgreSQL ready on 127.0.0.1:${port}${owner ? ` as user ${OS_USER}` : ''}, data in ${state.dataDir} (${since(t0)})`);
  return `postgres://${DB_USER}@127.0.0.1:${port}/postgres`;
}

async function main() {
  if (userArgs.length === 0 && !hasServerTests()) {
    log('no test files under packages/server/src yet: nothing to run against PostgreSQL');
    return 0;
  }
  if (process.env.TEST_DATABASE_URL) {
    log('TEST_DATABASE_URL is set: using that server');
    return runVitest(process.env.TEST_DATABASE_URL);
  }
  const url = await startServer();
  if (state.interrupted) return SIGNAL_CODES[state.interrupted];
  if (!url) {
    const msg = 'PostgreSQL pass SKIPPED: PostgreSQL binaries (initdb, pg_ctl, postgres) not found '
      + '(looked on PATH, in /usr/local/bin and /usr/lib/postgresql/*/bin; set PG_BIN to point elsewhere)';
    if (IN_CI) {
      console.error(`[test-pg] ${msg}. CI=true, so this is an error.`);
      return 1;
    }
    log(msg);
    return 0;
  }
  const code = await runVitest(url);
  return state.interrupted ? SIGNAL_CODES[state.interrupted] : code;
}

main().then(
  (code) => { cleanup(); process.exit(code); },
  (err) => { console.error(`[test-pg] ${err.stack ?? err}`); cleanup(); process.exit(1); },
);
