#!/usr/bin/env node
// The server the end-to-end tests run against (Playwright's webServer command).
// A fresh embedded PostgreSQL in a temporary DATA_DIR with the demo seed, no
// network: the central-bank rates come from a small local feed in TCMB's
// today.xml format (E2E_TCMB_RATES below), fetched only on "update rates"
// (RATES_JOB=false), so the tests see known rates. Fixed test credentials. The folder
// is deleted when the server stops. Signals are passed on to the server so it
// can close its database cleanly; a second signal kills it.
//
// Uses the built web app in packages/web/dist: `npm run test:e2e` builds first.
// Environment: E2E_PORT (default 3100); E2E_SMTP_URL, only for a spec that runs its own SMTP receiver
// (e2e/support/smtp-server.ts): the server sends its mail there. The suite's own server never gets one.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = process.env.E2E_PORT || '3100';
const SIGNAL_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
const log = (msg) => console.log(`[e2e-server] ${msg}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-e2e-'));
// Reachable by the system user the embedded PostgreSQL runs as when this runs as root.
fs.chmodSync(dataDir, 0o755);
let removed = false;
function removeDataDir() {
  if (removed) return;
  removed = true;
  // A server killed before it could stop its embedded PostgreSQL leaves that running: stop it too.
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    // stopped cleanly: no postmaster.pid
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', removeDataDir);

// The local central-bank feed: the bulletin of the newest expected date (today on a weekday after
// 15:30 Istanbul, else the weekday before), with these rates. e2e/rates.spec.ts expects these values.
const E2E_TCMB_RATES = { usd: ['42.1834', '42.2595'], eur: ['48.7602', '48.8481'] };
function expectedBulletinDate(now = new Date()) {
  const ist = new Date(now.getTime() + 3 * 3600_000); // Istanbul keeps UTC+3 all year
  const day = (d) => d.getUTCDay();
  const d = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()));
  const afterPublication = ist.getUTCHours() * 60 + ist.getUTCMinutes() >= 15 * 60 + 30;
  if (!(day(d) >= 1 && day(d) <= 5 && afterPublication)) {
    do d.setUTCDate(d.getUTCDate() - 1); while (day(d) === 0 || day(d) === 6);
  }
  return d;
}
function bulletinXml() {
  const d = expectedBulletinDate();
  const [y, m, dd] = [d.getUTCFullYear(), String(d.getUTCMonth() + 1).padStart(2, '0'), String(d.getUTCDate()).padStart(2, '0')];
  const cur = (code, isim, name, [buying, selling]) => `  <Currency CrossOrder="0" Kod="${code}" CurrencyCode="${code}">
    <Unit>1</Unit><Isim>${isim}</Isim><CurrencyName>${name}</CurrencyName>
    <ForexBuying>${buying}</ForexBuying><ForexSelling>${selling}</ForexSelling>
    <BanknoteBuying></BanknoteBuying><BanknoteSelling></BanknoteSelling><CrossRateUSD></CrossRateUSD><CrossRateOther></CrossRateOther>
  </Currency>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Tarih_Date Tarih="${dd}.${m}.${y}" Date="${m}/${dd}/${y}" Bulten_No="${y}/E2E">
${cur('USD', 'ABD DOLARI', 'US DOLLAR', E2E_TCMB_RATES.usd)}
${cur('EUR', 'EURO', 'EURO', E2E_TCMB_RATES.eur)}
</Tarih_Date>
`;
}
const tcmbFeed = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
  res.end(bulletinXml());
});
await new Promise((resolve) => tcmbFeed.listen(0, '127.0.0.1', resolve));
tcmbFeed.unref();
const tcmbUrl = `http://127.0.0.1:${tcmbFeed.address().port}/kurlar/today.xml`;

const env = {
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT,
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'Admin12345!',
  JWT_SECRET: 'e2e-test-secret-not-for-production-0123456789',
  LOG_LEVEL: 'warn',
  TCMB_URL: tcmbUrl,
  RATES_JOB: 'false',
  // The three demo gateways run in the server process (cheap: three sockets); the device e2e tests use them.
  GATEWAY_SIM: 'true',
  // An address that refuses: the map must show its markers without tiles (this machine has no internet).
  MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
};
// Always the embedded database and no real mail, whatever the developer's shell has.
delete env.DATABASE_URL;
delete env.SMTP_URL;
delete env.DEVICE_ADMIN_EMAIL;
delete env.DEVICE_ADMIN_PASSWORD;
delete env.DEVICE_SLUG;
// The one way to mail: a receiver the test itself runs (never the developer's SMTP_URL).
if (process.env.E2E_SMTP_URL) env.SMTP_URL = process.env.E2E_SMTP_URL;

// The server as `npm start` runs it: compiled to JavaScript by scripts/start.mjs (the web app is built by
// `npm run test:e2e` before), so the end-to-end tests also prove the production start. E2E_SOURCE=1 runs the
// TypeScript sources through tsx instead (quicker while editing the server).
const tsxCli = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const fromSource = /^(1|true|yes)$/i.test(process.env.E2E_SOURCE ?? '');
const entry = fromSource ? 'packages/server/src/main.ts' : 'scripts/start.mjs --no-web';
const [cmd, args] = !fromSource
  ? [process.execPath, [path.join(ROOT, 'scripts/start.mjs'), '--no-web']]
  : fs.existsSync(tsxCli) ? [process.execPath, [tsxCli, 'packages/server/src/main.ts']] : ['npx', ['tsx', 'packages/server/src/main.ts']];

log(`starting ${entry} on 127.0.0.1:${PORT}, DATA_DIR=${dataDir}`);
// Same process group as this script: Playwright signals the whole group.
const server = spawn(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });

let stopping;
function stop(signal) {
  if (stopping) {
    server.kill('SIGKILL');
    return;
  }
  stopping = signal;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  // A server that does not stop within 10 s is killed; the folder goes either way.
  setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
}
for (const signal of Object.keys(SIGNAL_CODES)) process.on(signal, () => stop(signal));

server.on('error', (err) => {
  console.error(`[e2e-server] cannot start the server: ${err.message}`);
  removeDataDir();
  process.exit(1);
});
server.on('exit', (code, signal) => {
  removeDataDir();
  if (stopping) process.exit(SIGNAL_CODES[stopping] ?? 0);
  log(`server exited on its own (${signal ?? `code ${code}`})`);
  process.exit(code ?? 1);
});
