import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { listenAgain } from './pg-listen.js';

// The reconnecting LISTEN both the back office's live events (server db/database.ts; connection-loss.test.ts) and the
// device-service instances (cluster.ts, ADR 0043) use.

let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('testDatabase').serverUrl });
  await admin.connect();
});
afterAll(async () => { await admin?.end(); });

describe('listenAgain', () => {
  it('hears its channel only, listens again after its connection is cut (one log line, onResume), and stop() ends it', async () => {
    const app = `isik listen test ${process.pid}`;
    const channel = `listen_test_${process.pid}`;
    const heard: string[] = [];
    const logs: string[] = [];
    let resumed = 0;
    // Each callback wakes the test, which then looks at what it expects: no waiting for a time.
    let wake: (() => void)[] = [];
    const changed = () => { const w = wake; wake = []; for (const f of w) f(); };
    const when = async (check: () => boolean) => { while (!check()) await new Promise<void>((r) => wake.push(r)); };
    const listener = await listenAgain({
      url: inject('testDatabase').serverUrl, channel, applicationName: app, label: 'test listener',
      onPayload: (p) => { heard.push(p); changed(); },
      onResume: () => { resumed += 1; changed(); },
      log: (m) => { logs.push(m); },
    });
    const notify = (ch: string, p: string) => admin.query('select pg_notify($1, $2)', [ch, p]);
    try {
      await notify(`${channel}_other`, 'not mine');
      await notify(channel, 'one');
      await when(() => heard.length > 0);
      expect(heard).toEqual(['one']);

      const cut = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [app]);
      expect(cut.rowCount).toBe(1);
      await when(() => resumed === 1);
      expect(logs).toEqual([
        expect.stringMatching(/^test listener lost its connection \(.+\): listening again$/),
        'test listener listening again after 1 attempt(s)',
      ]);
      expect(listener.client).toBeDefined();
      await notify(channel, 'two');
      await when(() => heard.length > 1);
      expect(heard).toEqual(['one', 'two']);
    } finally {
      await listener.stop();
    }
    expect(listener.client).toBeUndefined();
    expect(resumed).toBe(1);
  });
});
