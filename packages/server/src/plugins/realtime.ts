import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { Database } from '../db/database.js';
import { LINK_MAX_FRAME_BYTES, LIVE_CLOSE_UNAUTHORIZED, canDo, chooseLiveProtocol, createLiveSessions, socketToken, type LiveTimers } from '@isik/domain';
import jwt from 'jsonwebtoken';
import { sessionFromToken } from './auth.js';

const realTimers: LiveTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** When a (verified) token ends, in ms; one without an expiry never does. */
function tokenExpiry(token: string): number {
  const exp = (jwt.decode(token) as { exp?: unknown } | null)?.exp;
  return typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY;
}

export interface RealtimeOptions {
  database: Database; secret: string; publicUrl?: string;
  /** Told, per event, the seconds from its NOTIFY (the payload's `at`, db/database.ts notifyInTx) to its delivery here. */
  onLag?: (seconds: number) => void;
}

// The token travels in Sec-WebSocket-Protocol (domain live-socket.ts), never in the URL, which is logged.
export { LIVE_PROTOCOL, TOKEN_PROTOCOL_PREFIX, socketToken } from '@isik/domain';

/**
 * The live socket at /ws. Events reach this process through LISTEN on the database, so every API
 * instance on one PostgreSQL delivers every event; each is forwarded to the signed-in clients.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, opts: RealtimeOptions) => {
  await app.register(websocket, {
    options: {
      // One limit for every socket on this server: the device service's gateway link shares it when mounted here.
      maxPayload: LINK_MAX_FRAME_BYTES,
      // Answer our protocol name only: echoing the offered token would put it into the response headers.
      handleProtocols: chooseLiveProtocol,
    },
    // Closing (SIGTERM): every socket is told 1012 (service restart), not @fastify/websocket's bare close, so the
    // browsers reconnect at once, to another instance behind the balancer, and refetch (web lib/live.ts).
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1012, 'server stopping');
      this.websocketServer.close();
      done();
    },
  });
  /**
   * Each open socket with the token it signed in with and that token's user (one registry for /ws and
   * /device-api/ws, domain live-socket.ts): closed with 4401 when the session ends (sign-out, password change,
   * deactivation: a users event; expiry: a timer at the token's expiry).
   */
  const live = createLiveSessions<WebSocket>({
    // undefined (the database could not answer): the socket stays and is checked again later.
    check: async (token) => {
      const s = await sessionFromToken(opts.database.db, opts.secret, token);
      return s !== null && canDo('live.subscribe', s.role);
    },
    timers: realTimers,
  });

  const unlisten = await opts.database.listen((payload, sentAt) => {
    live.broadcast(payload);
    if (sentAt !== undefined) opts.onLag?.((Date.now() - sentAt) / 1000);
    try {
      const e = JSON.parse(payload) as { entity?: string; id?: string };
      if (e.entity === 'users' && e.id) void live.revalidate(e.id);
    } catch { /* not ours */ }
  }, () => {
    // The events connection dropped and came back (issue 22): events sent meanwhile were missed. The browsers are
    // asked to reconnect (1012, service restart); on reconnecting they refetch what they show (web lib/live.ts).
    live.closeAll(1012, 'events resumed');
  });
  // Changes the events missed (the database was away when one came): a sweep now and then.
  const sweep = setInterval(() => { void live.revalidate(); }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await unlisten();
    // 1012 (service restart): the browsers reconnect, to another instance when this one is going away, and refetch.
    live.closeAll(1012, 'server stopping');
  });

  app.get('/ws', { websocket: true, config: { level: 'public' }, schema: { hide: true } }, async (socket, req) => {
    const origin = req.headers.origin;
    if (origin && !originAllowed(origin, req.headers.host, opts.publicUrl)) {
      socket.close(1008, 'origin not allowed');
      return;
    }
    // A token in the query (`/ws?token=`) is not read: URLs end up in logs.
    const token = socketToken(req.headers['sec-websocket-protocol']);
    const session = await sessionFromToken(opts.database.db, opts.secret, token);
    if (!token || !session || !canDo('live.subscribe', session.role)) {
      socket.close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    // Closed by the browser while its token was checked.
    if (socket.readyState !== 1) return;
    live.add(socket, { token, owner: session.id, expiresAt: tokenExpiry(token) });
    socket.on('close', () => live.remove(socket));
    socket.on('message', () => { /* clients only listen */ });
    socket.send(JSON.stringify({ entity: 'hello', action: 'changed' }));
  });
});

function originAllowed(origin: string, host: string | undefined, publicUrl?: string): boolean {
  try {
    const o = new URL(origin);
    if (host && o.host === host) return true;
    if (publicUrl && new URL(publicUrl).origin === o.origin) return true;
    return false;
  } catch {
    return false;
  }
}
