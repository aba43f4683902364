import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const MAIN = path.join(ROOT, 'packages/gateway-sim/src/main.ts');

export type SimEvent = Record<string, unknown> & { event: string };

/**
 * The gateway simulator as a real child process (`npm run gateway-sim`), driven through its standard input
 * and read through its standard output. `next(pred)` resolves on the first event (seen before or after)
 * matching pred: tests wait for what happened, never for a time.
 */
export class SimProcess {
  readonly events: SimEvent[] = [];
  private waiters: { pred: (e: SimEvent) => boolean; resolve: (e: SimEvent) => void; reject: (e: Error) => void; from: number }[] = [];
  private readonly child: ChildProcess;
  private stderr = '';

  constructor(args: string[]) {
    this.child = spawn(process.execPath, [TSX, MAIN, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
    readline.createInterface({ input: this.child.stdout! }).on('line', (line) => {
      let e: SimEvent;
      try { e = JSON.parse(line); } catch { return; }
      this.events.push(e);
      for (const w of [...this.waiters]) {
        if (w.pred(e)) { this.waiters.splice(this.waiters.indexOf(w), 1); w.resolve(e); }
      }
    });
    this.child.stderr!.on('data', (d) => { this.stderr += d.toString(); });
    this.child.on('exit', (code) => {
      for (const w of this.waiters.splice(0)) w.reject(new Error(`simulator exited (${code}): ${this.stderr.slice(-2000)}`));
    });
  }

  /** The first event matching pred at or after index `from` of the event log. */
  next(pred: (e: SimEvent) => boolean, from = 0): Promise<SimEvent> {
    const seen = this.events.slice(from).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => this.waiters.push({ pred, resolve, reject, from }));
  }

  /** The last events and standard error output, for a failed test's report. */
  report(last = 15): string {
    return `simulator (exit ${this.child.exitCode ?? 'running'}), last ${Math.min(last, this.events.length)} of ${this.events.length} events:\n`
      + `${this.events.slice(-last).map((e) => JSON.stringify(e)).join('\n')}\nstderr: ${this.stderr.slice(-2000) || '(none)'}`;
  }

  /** Where the event log stands now (to wait only for what comes after). */
  get mark(): number { return this.events.length; }

  send(cmd: Record<string, unknown>): Promise<SimEvent> {
    const from = this.mark;
    this.child.stdin!.write(`${JSON.stringify(cmd)}\n`);
    return this.next((e) => e.event === 'done' && e.cmd === cmd.cmd, from);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await exited;
  }
}
