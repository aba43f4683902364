import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFailed } from 'vitest';

/** The runner of `npm run devices` (ADR 0024). */
export const DEVICES_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../devices-main.ts');

export interface DevicesProcess {
  child: ChildProcess;
  /** What it wrote so far (stdout and stderr). */
  out(): string;
  exited: Promise<number | null>;
  /** Its address (http://127.0.0.1:<port>) once it says it listens; rejects when it exits first. */
  address: Promise<string>;
}

/**
 * `npm run devices` in a real process, as package.json runs it (node with tsx as a loader), on a port of its own
 * choosing: `env` over the test's environment (without DATABASE_URL unless `env` gives one: then the process starts
 * its own embedded PostgreSQL in DEVICE_DATA_DIR). The child is added to `children` for the file's afterAll; a failed
 * test prints the end of its output. Call it inside a test.
 */
export function startDevicesProcess(env: NodeJS.ProcessEnv, children: ChildProcess[]): DevicesProcess {
  const full: NodeJS.ProcessEnv = { ...process.env, DEVICE_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', DEVICES_MAIN], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (d) => { text += String(d); });
  child.stderr?.on('data', (d) => { text += String(d); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const address = new Promise<string>((resolve, reject) => {
    const check = () => { const m = /Device service on http:\/\/localhost:(\d+)/.exec(text); if (m) resolve(`http://127.0.0.1:${m[1]}`); };
    child.stdout?.on('data', check);
    void exited.then(() => reject(new Error(`device service exited: ${text}`)));
  });
  onTestFailed(() => { console.error(`device service ${child.pid}:\n${text.slice(-3000)}`); });
  return { child, out: () => text, exited, address };
}
