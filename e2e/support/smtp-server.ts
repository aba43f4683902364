import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestSmtp, type TestSmtp } from '../../packages/server/src/modules/mail/test-smtp';
import { test as base } from './test';

/**
 * For a spec whose mail must really leave the server (issue 25's purchase flow): a real SMTP server in the test
 * process (smtp-server, every message parsed by mailparser: the server's own mail tests use the same one) and a
 * second e2e server of its own, started by scripts/e2e-server.mjs with E2E_SMTP_URL pointing at that receiver.
 * The suite's shared server stays without mail, so mail.spec.ts still shows what people see on a server without
 * SMTP. Both are started once per worker that runs such a spec, and only then.
 *
 *   import { expect, test } from './support/smtp-server';
 *   test('…', async ({ page, admin, smtp }) => { …; const mail = await smtp.next(); });
 *
 * Everything of ./support/test works the same (`page`, `admin`, `makeUser`, `loginAs`, …), pointed at that server: its
 * worker fixtures differ from the other specs', so Playwright runs such a spec in a worker process of its own (and the
 * admin token support/auth.ts keeps per worker is this server's).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT = 150_000;

/** A port nobody listens on now (the system picks it). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Starts scripts/e2e-server.mjs mailing to `smtpUrl`; resolves once its health probe answers. */
async function startMailingServer(smtpUrl: string): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/e2e-server.mjs')], {
    cwd: ROOT, env: { ...process.env, E2E_PORT: String(port), E2E_SMTP_URL: smtpUrl }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-4000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + START_TIMEOUT;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the mailing e2e server stopped while starting:\n${output}`);
    const ready = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false);
    if (ready) return { baseURL, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the mailing e2e server did not answer within ${START_TIMEOUT / 1000} s:\n${output}`);
    }
    // Wait for its next line of output or a quarter second, whichever comes first, then ask again.
    await new Promise<void>((resolve) => {
      const done = () => { clearTimeout(timer); child.stdout.off('data', done); resolve(); };
      const timer = setTimeout(done, 250);
      child.stdout.on('data', done);
    });
  }
}

interface SmtpWorkerFixtures {
  /** The SMTP server the mailing e2e server sends to: `smtp.next()` is the next message it accepted. */
  smtp: TestSmtp;
  mailingServerURL: string;
}

export const test = base.extend<object, SmtpWorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern
  smtp: [async ({}, use) => {
    const smtp = await startTestSmtp();
    await use(smtp);
    await smtp.close();
  }, { scope: 'worker' }],

  mailingServerURL: [async ({ smtp }, use) => {
    const server = await startMailingServer(smtp.url);
    await use(server.baseURL);
    await server.stop();
  }, { scope: 'worker', timeout: START_TIMEOUT + 30_000 }],

  // The page and the API callers of ./support/test, pointed at the mailing server.
  baseURL: async ({ mailingServerURL }, use) => {
    await use(mailingServerURL);
  },
  apiRequest: [async ({ playwright, mailingServerURL }, use) => {
    const request = await playwright.request.newContext({ baseURL: mailingServerURL });
    await use(request);
    await request.dispose();
  }, { scope: 'worker' }],
});

export { expect } from './test';
