import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import { createScratchDatabase, openDatabase } from '../db/database.js';

export interface ScratchClient {
  /** One plain connection to the test file's own database (set in beforeAll). */
  readonly client: pg.Client;
  /** That database's address. */
  readonly url: string;
}

/**
 * A database of the test file's own and one plain pg connection to it, for the tests that hold SQL (derived data,
 * triggers) against a rule written in TypeScript: made in beforeAll, ended and dropped in afterAll. A copy of the test
 * run's migrated template (test/global-setup.ts); with `fromNothing`, a database migrated from nothing, as a first
 * start makes it. Call it at the top of the file; read `.client` inside tests and hooks.
 */
export function useScratchClient(prefix: string, opts: { fromNothing?: boolean } = {}): ScratchClient {
  let client: pg.Client | undefined;
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const { serverUrl, template } = inject('testDatabase');
    const scratch = await createScratchDatabase(serverUrl, prefix, opts.fromNothing ? undefined : template);
    drop = scratch.drop;
    url = scratch.url;
    if (opts.fromNothing) await (await openDatabase({ databaseUrl: scratch.url, poolSize: 1 })).close();
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await drop?.();
  });
  return {
    get client() {
      if (!client) throw new Error('useScratchClient: the database is made in beforeAll; read .client inside tests and hooks');
      return client;
    },
    get url() {
      if (!url) throw new Error('useScratchClient: the database is made in beforeAll');
      return url;
    },
  };
}
