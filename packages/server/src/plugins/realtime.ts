import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { Database } from '../db/database.js';
import { LINK_MAX_FRAME_BYTES, canDo, chooseLiveProtocol, socketToken } from '@isik/domain';
import { sessionFromToken } from './auth.js';

export interface RealtimeOptions { database: Database; secret: string; publicUrl?: string }

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
  });
  /** Each open socket with the token it signed in with and that token's user. */
  const clients = new Map<WebSocket, { token: string; userId: string }>();

  /** A socket whose session ended (sign-out, password change, deactivation, expiry) is closed with 4401. */
  async function revalidate(only?: string): Promise<void> {
    for (const [ws, c] of clients) {
      if (only && c.userId !== only) continue;
      const s = await sessionFromToken(opts.database.db, opts.secret, c.token).catch(() => undefined);
      // undefined: the database could not answer; keep the socket and check again later.
      if (s === null || (s && !canDo('live.subscribe', s.role))) {
        clients.delete(ws);
        ws.close(4401, 'unauthorized');
      }
    }
  }

  const unlisten = await opts.database.listen((payload) => {
    for (const ws of clients.keys()) if (ws.readyState === 1) ws.send(payload);
    try {
      const e = JSON.parse(payload) as { entity?: string; id?: string };
      if (e.entity === 'users' && e.id) void revalidate(e.id);
    } catch { /* not ours */ }
  }, () => {
    // The events connection dropped and came back (issue 22): events sent meanwhile were missed. The browsers are
    // asked to reconnect (1012, service restart); on reconnecting they refetch what they show (web lib/live.ts).
    for (const ws of clients.keys()) ws.close(1012, 'events resumed');
    clients.clear();
  });
  // Expired tokens: a sweep now and then.
  const sweep = setInterval(() => { void revalidate(); }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await unlisten();
    for (const ws of clients.keys()) ws.close(1001, 'server stopping');
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
      socket.close(4401, 'unauthorized');
      return;
    }
    clients.set(socket, { token, userId: session.id });
    socket.on('close', () => clients.delete(socket));
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
