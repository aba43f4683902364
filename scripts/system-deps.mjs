#!/usr/bin/env node
// The Debian packages `npm test` needs beyond npm's own: Chromium for the end-to-end tests (Playwright drives
// Debian's browser; it cannot download its own here), poppler-utils for reading PDFs back (pdftotext, pdfinfo)
// the DejaVu fonts the screenshots and PDF checks expect, and HAProxy, the balancer of `npm run cluster` and its
// failure test (scripts/cluster.mjs, ADR 0042). `npm test` runs this first, and `.ci/run` relies on
// it: one step, not two copies.
//
// Everything present: prints nothing and exits 0. Something missing: as root on Debian it installs the packages
// with apt-get (`apt-get update` once, then the packages) and says so in one line; otherwise it stops at once,
// naming the exact command to run. Self-contained on purpose (no imports beyond Node's), so it runs before
// `npm install` has finished anything and can be copied anywhere for its own test.
import { accessSync, constants, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const haproxy = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && executable(path.join(dir, command)));
}

// `system-deps.mjs haproxy` (npm run cluster): HAProxy alone, a production cluster needs no Chromium.
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));

/** What is missing: the package that brings it and what we looked for. */
function missing() {
  if (only.length > 0) return everythingMissing().filter((m) => only.includes(m.pkg));
  return everythingMissing();
}

function everythingMissing() {
  const out = [];
  if (!executable(chromium)) out.push({ pkg: 'chromium', what: chromium });
  for (const cmd of ['pdftotext', 'pdfinfo']) {
    if (!onPath(cmd)) {
      out.push({ pkg: 'poppler-utils', what: cmd });
      break;
    }
  }
  if (!existsSync(FONT)) out.push({ pkg: 'fonts-dejavu-core', what: FONT });
  if (!executable(haproxy)) out.push({ pkg: 'haproxy', what: haproxy });
  return out;
}

const lacking = missing();
if (lacking.length === 0) process.exit(0);

const packages = [...new Set(lacking.map((m) => m.pkg))];
const what = lacking.map((m) => m.what).join(', ');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const canApt = existsSync('/etc/debian_version') && onPath('apt-get');
const chromiumElsewhere = process.env.CHROMIUM_PATH && process.env.CHROMIUM_PATH !== '/usr/bin/chromium';

if (!isRoot || !canApt || (chromiumElsewhere && packages.includes('chromium'))) {
  const command = `${isRoot ? '' : 'sudo '}apt-get update && ${isRoot ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}`;
  console.error(`${only.length ? 'npm run cluster' : 'npm test'} needs ${what}, which ${lacking.length === 1 ? 'is' : 'are'} missing.`);
  if (chromiumElsewhere && packages.includes('chromium')) {
    console.error(`CHROMIUM_PATH is set to ${chromium}: point it at an installed Chromium, or unset it and run:`);
  } else if (!canApt) {
    console.error('Install these Debian packages (or their equivalents) and run npm test again:');
  } else {
    console.error('Run, then npm test again:');
  }
  console.error(`  ${command}`);
  process.exit(1);
}

console.log(`${only.length ? 'npm run cluster' : 'npm test'} needs ${what}: installing ${packages.join(' ')} with apt-get (about a minute)…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
// apt's own chatter (debconf's notes among it) is shown only when it fails.
const apt = (args) => spawnSync('apt-get', ['-qq', '-o', 'DPkg::Lock::Timeout=300', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env, encoding: 'utf8' });
let result = apt(['update']);
if (result.status === 0) result = apt(['install', '-y', ...packages]);
if (result.status !== 0) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
const still = missing();
if (result.status !== 0 || still.length > 0) {
  console.error(`apt-get could not install ${packages.join(' ')}${still.length ? ` (still missing: ${still.map((m) => m.what).join(', ')})` : ''}.`);
  console.error(`Try by hand: apt-get update && apt-get install -y ${packages.join(' ')}`);
  process.exit(1);
}
