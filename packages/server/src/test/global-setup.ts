// Vitest global setup of the server's tests (ADR 0015): one PostgreSQL server per test run and one migrated
// template database; the test helper makes a database per test file from it (CREATE DATABASE ... TEMPLATE).
// TEST_DATABASE_URL (a server whose role may CREATE DATABASE) is used instead of the embedded server when set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the per-file databases are made on, and the migrated template they are copied from. */
    testDatabase: { serverUrl: string; template: string };
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { await c.query(text); } finally { await c.end(); }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const t0 = Date.now();
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Reachable by the system user PostgreSQL runs as when the tests run as root.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-test-pg-'));
    fs.chmodSync(dir, 0o755);
    server = await startEmbeddedPostgres({ dataDir: dir, durable: false, port: Number(process.env.TEST_PG_PORT || 0) });
    serverUrl = server.url;
  }
  const template = `tpl_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
  const u = new URL(serverUrl);
  u.pathname = `/${template}`;
  const migrated = await openDatabase({ databaseUrl: u.toString(), poolSize: 1 });
  await migrated.close();
  project.provide('testDatabase', { serverUrl, template });
  console.log(`[tests] PostgreSQL ${server ? `embedded on 127.0.0.1:${server.port}` : 'of TEST_DATABASE_URL'}, template ${template} migrated (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return async () => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    if (server) await server.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
