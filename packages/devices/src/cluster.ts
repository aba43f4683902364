import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import type { DeviceLiveEvent } from '@isik/domain';
import type { DeviceDb } from './db/types.js';
import { deviceInstances, gatewayCommands, gateways } from './db/schema.js';
import { listenAgain, type PgListener } from './pg-listen.js';

/** The NOTIFY channel the device-service instances talk on (ADR 0043). */
export const DEVICE_CHANNEL = 'isik_devices';
/** How often an instance says it is alive. */
export const HEARTBEAT_MS = 5_000;
/** An instance silent this long is dead: its links are offline and what it had on the wire waits queued again. */
export const INSTANCE_STALE_MS = 15_000;
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: messages are grouped below this. */
const PAYLOAD_MAX = 7_000;
/**
 * Live events for the other instances' browsers wait this long to be sent together (the browsers batch their refetches
 * per 150 ms anyway): under a burst of commands one NOTIFY carries dozens of them instead of a few, and an event said
 * twice in the window (a gateway updated by its lights' report, then by its meter) is sent once. The other messages
 * (commands, programs, accounts, links) go at the end of the turn, taking the waiting events with them.
 */
export const EVENT_RELAY_MS = 50;

/**
 * What one instance tells the others. The tables stay the truth; a message only says where to look now:
 * `cmd` a command waits queued for gateway g; `prog` g's programs changed; `acct` account id's sessions may have
 * ended; `link` g said hello here at `at` (an older link elsewhere closes); `ev` a live event for the browsers.
 */
export type ClusterMessage =
  | { k: 'cmd'; g: string }
  | { k: 'prog'; g: string }
  | { k: 'acct'; id: string }
  | { k: 'link'; g: string; at: number }
  | { k: 'ev'; e: DeviceLiveEvent };

type Log = (msg: string, err?: unknown) => void;

export interface Cluster {
  /** This instance's id (random per start). */
  readonly id: string;
  /** Several instances may share the database: the instance listens and beats. False without a listening URL. */
  readonly shared: boolean;
  /** Sends to the other instances, grouped with what else is sent in the same turn; resolves once sent. */
  publish(m: ClusterMessage): Promise<void>;
  /** Messages of the other instances. */
  on(fn: (m: ClusterMessage) => void): void;
  /** The listener came back after a drop: messages sent meanwhile were missed; look at the tables again. */
  onResume(fn: () => void): void;
  /** Each heartbeat, after the sweep (the safety net: queued commands of gateways linked here go out). */
  onBeat(fn: (rejoined: boolean) => Promise<void>): void;
  /** Dead instances' links offline, their commands on the wire queued again; answers the gateways of those commands. */
  sweep(): Promise<string[]>;
  start(): Promise<void>;
  /** Sends what waits, stops beating and listening, and removes the instance's row (a clean stop). */
  close(): Promise<void>;
}

/**
 * The device-service instances on one PostgreSQL (ADR 0043). Each instance has an id and a row in devices.instances
 * that it refreshes every HEARTBEAT_MS; it LISTENs on DEVICE_CHANNEL on a connection of its own (listening again,
 * with a growing pause, after a drop, then calling onResume). Without `listenUrl` the service is alone: nothing is
 * sent, nothing beats (the one-instance behaviour of ADR 0024).
 */
export function createCluster(deps: { db: DeviceDb; listenUrl?: string; log?: Log }): Cluster {
  const { db } = deps;
  const id = randomBytes(8).toString('hex');
  const shared = !!deps.listenUrl;
  const handlers: ((m: ClusterMessage) => void)[] = [];
  const resumers: (() => void)[] = [];
  const beats: ((rejoined: boolean) => Promise<void>)[] = [];
  let closed = false;
  let listener: PgListener | undefined;
  let beatTimer: ReturnType<typeof setTimeout> | undefined;

  // Outgoing messages of one turn, sent as one NOTIFY (or a few, below PAYLOAD_MAX each).
  let pending: { m: ClusterMessage; done: () => void }[] = [];
  let scheduled = false;
  let eventTimer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> = Promise.resolve();

  function flush() {
    scheduled = false;
    clearTimeout(eventTimer);
    eventTimer = undefined;
    const batch = pending;
    pending = [];
    const payloads: { text: string; done: (() => void)[] }[] = [];
    let parts: string[] = [];
    let done: (() => void)[] = [];
    let size = 0;
    const head = `{"i":"${id}","m":[`;
    const said = new Set<string>();
    for (const p of batch) {
      const s = JSON.stringify(p.m);
      // Said already in this batch (in this payload or an earlier one): resolved once this payload is sent.
      if (said.has(s)) { done.push(p.done); continue; }
      said.add(s);
      if (parts.length > 0 && size + s.length + head.length + 3 > PAYLOAD_MAX) {
        payloads.push({ text: `${head}${parts.join(',')}]}`, done });
        parts = []; done = []; size = 0;
      }
      parts.push(s); done.push(p.done); size += s.length + 1;
    }
    if (parts.length) payloads.push({ text: `${head}${parts.join(',')}]}`, done });
    sending = sending.then(async () => {
      for (const p of payloads) {
        try {
          if (Buffer.byteLength(p.text) < 8000) await db.execute(sql`select pg_notify(${DEVICE_CHANNEL}, ${p.text})`);
          else deps.log?.('device cluster message too large, dropped (the tables still tell)');
        } catch (e) {
          // Lost: the receivers' safety nets (heartbeat flush, the token cache's time) still deliver.
          deps.log?.('device cluster notify', e);
        }
        for (const d of p.done) d();
      }
    });
  }

  function receive(payload: string) {
    let parsed: { i: string; m: ClusterMessage[] };
    try { parsed = JSON.parse(payload); } catch { return; }
    if (parsed.i === id || !Array.isArray(parsed.m)) return;
    for (const m of parsed.m) {
      for (const h of handlers) {
        try { h(m); } catch (e) { deps.log?.('device cluster message', e); }
      }
    }
  }

  /** Refreshes this instance's row; true when it had to be made again (swept by another instance as dead). */
  async function beat(): Promise<boolean> {
    const text = 'insert into devices.instances (id) values ($1) on conflict (id) do update set seen_at = now() returning (xmax = 0) as inserted';
    // On the listening connection when it is up: it is idle, so the beat never waits behind a busy pool (under a
    // storm of 2,500 hellos the pool's queue held it past INSTANCE_STALE_MS and the other instance swept this one).
    const c = listener?.client;
    const res = c ? await c.query<{ inserted: boolean }>(text, [id]) : (await db.execute(sql`
      insert into ${deviceInstances} (id) values (${id})
      on conflict (id) do update set seen_at = now()
      returning (xmax = 0) as inserted`)) as unknown as { rows: { inserted: boolean }[] };
    return !!res.rows[0]?.inserted;
  }

  async function sweep(): Promise<string[]> {
    const live = db.select({ id: deviceInstances.id }).from(deviceInstances)
      .where(sql`${deviceInstances.seen_at} >= now() - make_interval(secs => ${INSTANCE_STALE_MS / 1000})`);
    await db.update(gateways).set({ status: 'offline', linked_to: null })
      .where(and(isNotNull(gateways.linked_to), notInArray(gateways.linked_to, live)));
    const requeued = await db.update(gatewayCommands).set({ status: 'queued', updated_at: sql`now()` })
      .where(and(inArray(gatewayCommands.status, ['sent', 'timeout']), isNotNull(gatewayCommands.sent_by), notInArray(gatewayCommands.sent_by, live)))
      .returning({ gateway: gatewayCommands.gateway_id });
    await db.delete(deviceInstances).where(lt(deviceInstances.seen_at, sql`now() - make_interval(secs => ${(INSTANCE_STALE_MS / 1000) * 4})`));
    return [...new Set(requeued.map((r) => r.gateway))];
  }

  let started = false;
  function scheduleBeat() {
    if (closed) return;
    beatTimer = setTimeout(() => {
      void (async () => {
        const rejoined = await beat();
        for (const b of beats) await b(rejoined);
      })().catch((e) => deps.log?.('device heartbeat', e)).finally(scheduleBeat);
    }, HEARTBEAT_MS);
    beatTimer.unref?.();
  }

  return {
    id,
    shared,
    publish(m) {
      if (!shared || closed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        pending.push({ m, done: resolve });
        if (scheduled) return;
        if (m.k !== 'ev') { scheduled = true; setImmediate(flush); return; }
        if (eventTimer === undefined) {
          eventTimer = setTimeout(flush, EVENT_RELAY_MS);
          eventTimer.unref?.();
        }
      });
    },
    on(fn) { handlers.push(fn); },
    onResume(fn) { resumers.push(fn); },
    onBeat(fn) { beats.push(fn); },
    sweep,
    async start() {
      if (!shared || started) return;
      started = true;
      await beat();
      listener = await listenAgain({
        url: deps.listenUrl!, channel: DEVICE_CHANNEL, applicationName: `isik devices ${id}`, label: 'device cluster listener',
        log: deps.log, onPayload: receive, onResume: () => { for (const r of resumers) r(); }, unrefTimer: true,
      });
      if (closed) await listener.stop();
      scheduleBeat();
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(beatTimer);
      const listening = listener?.stop();
      if (pending.length > 0) flush();
      await sending;
      await listening;
      if (shared) await db.delete(deviceInstances).where(eq(deviceInstances.id, id)).catch((e) => deps.log?.('device instance row', e));
    },
  };
}
