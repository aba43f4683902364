import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { createScratchDatabase, openDatabase, type Database } from '../db/database.js';
import { buildApp } from '../app.js';
import { ensureAdmin } from '../seed/seed.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/passwords.js';
import { users } from '../db/schema.js';
import type { Clock } from '@isik/devices';
import type { OfferPdfRenderer } from '../modules/mail/offer-mail-service.js';

export const ADMIN = { email: 'admin@test.local', password: 'Admin12345!' };
export const USER_PASSWORD = 'User12345!';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A signed-in token for a user of each role 0-7 (role 0 is the admin). */
  tokens: Record<number, string>;
  userIds: Record<number, string>;
  call(opts: InjectOptions & { token?: string | null; lang?: string }): Promise<LightMyRequestResponse>;
  /** The test file's own PostgreSQL database (always set; optional in the type for older callers). */
  databaseUrl?: string;
  /**
   * Another API instance on the same database, as a second server process would be: with its own
   * connections (openDatabase on databaseUrl). close() of the context closes it too.
   */
  openSecondInstance(): Promise<SecondInstance>;
  close(): Promise<void>;
}

export interface SecondInstance { app: FastifyInstance; database: Database; close(): Promise<void> }

/**
 * A fresh app on a fresh database per test file: a copy of the migrated template on the test run's
 * PostgreSQL server (test/global-setup.ts: the embedded server, or TEST_DATABASE_URL), dropped afterwards.
 */
export async function createTestContext(env: Record<string, string> = {}, opts: { deviceClock?: Clock; offerPdf?: OfferPdfRenderer } = {}): Promise<TestContext> {
  const config = loadConfig({ JWT_SECRET: 'test-secret-0123456789abcdef', LOG_LEVEL: 'silent', SEED_DEMO: 'false', TCMB_URL: 'http://127.0.0.1:9/none', RATES_JOB: 'false', ...env });
  const { serverUrl, template } = inject('testDatabase');
  const scratch = await createScratchDatabase(serverUrl, 't', template);
  const databaseUrl = scratch.url;
  const dropDb = scratch.drop;
  const database = await openDatabase({ databaseUrl });
  const app = await buildApp({ config, database, logger: false, deviceClock: opts.deviceClock, offerPdf: opts.offerPdf });
  await app.ready();

  await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
  const hashed = await hashPassword(USER_PASSWORD);
  for (let role = 1; role <= 7; role++) {
    await database.db.insert(users).values({ id: newId(), firstname: `Role${role}`, lastname: 'Tester', email: `r${role}@test.local`, role, password_hash: hashed });
  }
  const tokens: Record<number, string> = {};
  const userIds: Record<number, string> = {};
  for (let role = 0; role <= 7; role++) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: role === 0 ? ADMIN : { email: `r${role}@test.local`, password: USER_PASSWORD } });
    const body = res.json();
    if (res.statusCode !== 200) throw new Error(`login of role ${role} failed: ${res.body}`);
    tokens[role] = body.token;
    userIds[role] = body.user._id;
  }

  const instances = new Set<SecondInstance>();
  return {
    app, database, config, tokens, userIds, databaseUrl,
    async openSecondInstance() {
      const own = await openDatabase({ databaseUrl });
      const db2 = own;
      const app2 = await buildApp({ config, database: db2, logger: false });
      await app2.ready();
      let closed = false;
      const inst: SecondInstance = {
        app: app2, database: db2,
        async close() {
          if (closed) return;
          closed = true;
          instances.delete(inst);
          await app2.close();
          await own.close();
        },
      };
      instances.add(inst);
      return inst;
    },
    call({ token, lang, headers, ...opts }) {
      return app.inject({
        ...opts,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': lang ?? 'en' },
      });
    },
    async close() {
      for (const inst of [...instances]) await inst.close();
      await app.close();
      await database.close();
      await dropDb();
    },
  };
}
