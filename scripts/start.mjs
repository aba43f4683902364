#!/usr/bin/env node
// `npm start`: the product as it runs in production (issue 9).
//  1. Builds the web app only when its sources changed since the last build (a stamp of the sources'
//     paths, sizes and times in packages/web/dist/.sources-stamp; `npm run build` always builds).
//  2. Compiles the server and the domain, documents (.tsx too), devices and gateway-sim packages to JavaScript (esbuild, file by file, into their dist/
//     folders beside src/ so relative paths such as ../../drizzle stay true), again only when changed.
//  3. Runs packages/server/dist/main.js with plain node, NODE_ENV=production, resolving @isik/domain to its
//     compiled files through the `isik-compiled` export condition.
// `--no-web` skips step 1 (the e2e server runs this script after `npm run build`, so e2e tests the compiled server).
// Signals reach the server directly (it replaces nothing, but forwards SIGINT/SIGTERM and exits with it).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { prepare, ROOT_DIR } from './compile.mjs';

const rel = (...p) => path.join(ROOT_DIR, ...p);

// `--no-web`: the caller built the web app itself (the e2e server after `npm run build`).
await prepare({ skipWeb: process.argv.includes('--no-web') });

// ------------------------------------------------------------ run
const child = spawn(process.execPath, ['--conditions=isik-compiled', '--enable-source-maps', rel('packages/server/dist/main.js')], {
  cwd: process.cwd(), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 143)));
