// The build steps of `npm start` (scripts/start.mjs) and `npm run cluster` (scripts/cluster.mjs): the web app when its
// sources changed, and the server's packages compiled to JavaScript (esbuild, file by file, into dist/ beside src/),
// again only when changed. One copy, so the cluster runs exactly what `npm start` runs.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (...p) => path.join(ROOT, ...p);
const log = (m) => console.log(`[start] ${m}`);

export const ROOT_DIR = ROOT;

/** A stamp of every file under the given paths (path, size, mtime): changes when any source does. */
function stamp(paths) {
  const h = crypto.createHash('sha256');
  const walk = (p) => {
    let st;
    try { st = fs.statSync(p); } catch { return; }
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p).sort()) if (e !== 'node_modules' && e !== 'dist') walk(path.join(p, e));
    } else {
      h.update(`${path.relative(ROOT, p)}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const p of paths) walk(p);
  return h.digest('hex');
}

function upToDate(stampFile, value) {
  try { return fs.readFileSync(stampFile, 'utf8') === value; } catch { return false; }
}

/**
 * The web build with one progress line instead of Vite's list of every file (ISIK_BUILD_QUIET: Vite prints only
 * warnings and errors, which pass through as they come). On a terminal the line counts the seconds.
 */
function buildWeb(message) {
  const t0 = Date.now();
  const tty = process.stdout.isTTY;
  const seconds = () => Math.round((Date.now() - t0) / 1000);
  if (tty) process.stdout.write(`[start] ${message}…`);
  else log(`${message}…`);
  const timer = tty ? setInterval(() => process.stdout.write(`\r[start] ${message}… ${seconds()} s`), 1000) : undefined;
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', '@isik/web'], {
      cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ISIK_BUILD_QUIET: '1' },
    });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.on('exit', (code) => {
      clearInterval(timer);
      if (tty) process.stdout.write('\n');
      // npm's own lines ("> build", the command) are noise; anything else on stdout is Vite speaking up.
      const said = out.split('\n').filter((l) => l.trim() && !/^> /.test(l.trim())).join('\n');
      if (said) console.log(said);
      if (code !== 0) {
        console.error(`[start] the web build failed (exit ${code})`);
        process.exit(code ?? 1);
      }
      log(`web app built in ${seconds()} s`);
      resolve();
    });
  });
}


/**
 * Builds what is out of date. `skipWeb`: the caller built the web app itself (the e2e server after `npm run build`).
 * Afterwards packages/server/dist/main.js (and devices-main.js) run with `node --conditions=isik-compiled`.
 */
export async function prepare({ skipWeb = false } = {}) {
  // ------------------------------------------------------------ web app
  const webSources = ['packages/web/src', 'packages/web/public', 'packages/web/index.html', 'packages/web/package.json',
    'packages/web/vite.config.ts', 'packages/web/vite.public.config.ts', 'packages/web/mantine-styles.ts', 'packages/web/route-preloads.ts',
    'packages/web/domain-messages.ts', 'packages/web/tsconfig.json', 'packages/domain/src', 'package-lock.json'].map((p) => rel(p));
  const webStamp = stamp(webSources);
  const webStampFile = rel('packages/web/dist/.sources-stamp');
  if (skipWeb) {
    log('web app: built by the caller (--no-web)');
  } else if (upToDate(webStampFile, webStamp) && fs.existsSync(rel('packages/web/dist/index.html')) && fs.existsSync(rel('packages/web/dist/public.html'))) {
    log('web app: built one is current');
  } else {
    const first = !fs.existsSync(rel('packages/web/dist/index.html'));
    const what = first ? 'first start' : 'its sources changed since the last build';
    await buildWeb(`web app: building (${what}; about a minute on 2 cores)`);
    fs.writeFileSync(webStampFile, webStamp);
  }

  // ------------------------------------------------------------ server and domain as JavaScript
  const { build } = await import('esbuild');
  const listTs = (dir) => {
    const out = [];
    const walk = (d) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') && !p.includes(`${path.sep}test${path.sep}`)) out.push(p);
      }
    };
    walk(dir);
    return out;
  };
  for (const pkg of ['domain', 'documents', 'devices', 'gateway-sim', 'server']) {
    const src = rel('packages', pkg, 'src');
    const out = rel('packages', pkg, 'dist');
    const s = stamp([src, rel('packages', pkg, 'package.json')]);
    const stampFile = path.join(out, '.sources-stamp');
    if (upToDate(stampFile, s)) continue;
    const t0 = Date.now();
    fs.rmSync(out, { recursive: true, force: true });
    await build({ entryPoints: listTs(src), outdir: out, outbase: src, format: 'esm', platform: 'node', target: 'node20', jsx: 'automatic', sourcemap: 'linked', logLevel: 'warning' });
    fs.writeFileSync(stampFile, s);
    log(`${pkg}: compiled to ${path.relative(ROOT, out)} in ${Date.now() - t0} ms`);
  }
}
