import pg from 'pg';

/** A LISTEN kept on a connection of its own (listenAgain). */
export interface PgListener {
  /** The listening connection while it is up (idle between notifications: short queries may use it). */
  readonly client: pg.Client | undefined;
  /** Ends the connection and any pending attempt to listen again. */
  stop(): Promise<void>;
}

export interface PgListenOptions {
  url: string;
  channel: string;
  /** application_name of the connection (what pg_stat_activity shows). */
  applicationName: string;
  /** A notification's payload on the channel (empty ones are left out). */
  onPayload(payload: string): void;
  /** The connection came back after a drop: notifications sent meanwhile were missed. */
  onResume?(): void;
  /** What the log lines call the listener ("events listener"). */
  label: string;
  log?: (m: string) => void;
  /** The retry timer does not keep the process alive. */
  unrefTimer?: boolean;
}

/**
 * LISTEN on a channel on a connection of its own. When that connection drops (its backend terminated, PostgreSQL
 * restarting), it listens again on a new one, retrying with a growing pause (0.25 s … 10 s) until the server answers;
 * onResume is called then: notifications sent meanwhile were missed, so callers look at the tables again. The first
 * connection must succeed (the returned promise rejects otherwise). The back office's live events (server
 * db/database.ts) and the device-service instances (cluster.ts, ADR 0043) both listen through it.
 */
export async function listenAgain(o: PgListenOptions): Promise<PgListener> {
  let closed = false;
  let current: pg.Client | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const retry = () => {
    if (closed) return;
    clearTimeout(timer);
    const delay = Math.min(10_000, 250 * 2 ** attempt++);
    timer = setTimeout(() => {
      void connect().then((ok) => {
        if (!ok || closed) return;
        o.log?.(`${o.label} listening again after ${attempt} attempt(s)`);
        attempt = 0;
        o.onResume?.();
      });
    }, delay);
    if (o.unrefTimer) timer.unref?.();
  };

  /** Opens a listening connection; false (and a retry scheduled) when it could not. */
  const connect = async (first = false): Promise<boolean> => {
    const next = new pg.Client({ connectionString: o.url, application_name: o.applicationName, connectionTimeoutMillis: 10_000 });
    let lost = false;
    const drop = (e: Error) => {
      if (lost) return;
      lost = true;
      const wasListening = current === next;
      if (wasListening) current = undefined;
      void next.end().catch(() => undefined);
      if (closed || first) return;
      // Told once per drop; the attempts until the server answers again are counted in the "listening again" line.
      if (wasListening) o.log?.(`${o.label} lost its connection (${e.message}): listening again`);
      retry();
    };
    next.on('error', drop);
    next.on('end', () => drop(new Error('connection ended')));
    next.on('notification', (n) => { if (n.channel === o.channel && n.payload) o.onPayload(n.payload); });
    try {
      await next.connect();
      await next.query(`LISTEN ${o.channel}`);
    } catch (e) {
      if (first) { lost = true; await next.end().catch(() => undefined); throw e; }
      drop(e as Error);
      return false;
    }
    if (lost) return false;
    if (closed) { await next.end().catch(() => undefined); return false; }
    first = false;
    current = next;
    return true;
  };

  await connect(true);
  return {
    get client() { return current; },
    async stop() {
      closed = true;
      clearTimeout(timer);
      const c = current;
      current = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
