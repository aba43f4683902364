/**
 * Live sockets (the back office's /ws and the device service's /device-api/ws) take the session token from the
 * Sec-WebSocket-Protocol header, never from the address: addresses end up in logs and proxies (issue 8).
 * The client offers two subprotocols, `isik.live` and `bearer.<token>`; the server answers `isik.live` only.
 */
export const LIVE_PROTOCOL = 'isik.live';
export const TOKEN_PROTOCOL_PREFIX = 'bearer.';

/** What a browser offers when it opens a live socket. */
export function liveSocketProtocols(token: string): string[] {
  return [LIVE_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`];
}

/** The token offered in Sec-WebSocket-Protocol, or null. */
export function socketToken(header: string | string[] | undefined): string | null {
  const offered = [header ?? []].flat().join(',').split(',').map((p) => p.trim());
  const entry = offered.find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX));
  return entry ? entry.slice(TOKEN_PROTOCOL_PREFIX.length) || null : null;
}

/** The ws server's protocol choice: ours when offered, else none (echoing the token would put it into a header). */
export function chooseLiveProtocol(protocols: Set<string>): string | false {
  return protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false;
}

/** The close code of a live socket whose session is refused or has ended (the web client signs out on it). */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;

/** What the live-session registry needs of a socket (ws's WebSocket has it). */
export interface LiveSocketLike { readonly readyState: number; send(data: string): void; close(code?: number, reason?: string): void }

/** Time for the registry: the real timers, or a test's clock. */
export interface LiveTimers { now(): number; setTimeout(fn: () => void, ms: number): unknown; clearTimeout(handle: unknown): void }

/** setTimeout's longest wait (about 24.8 days); a later expiry is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The open live sockets of one service with the session each was opened with, for both /ws and /device-api/ws:
 * a socket is closed with 4401 the moment its token expires (a timer), and when its account changes (sign-out,
 * password change, deactivation: the caller calls `revalidate(owner)`, which asks `check` again). No I/O here.
 */
export function createLiveSessions<W extends LiveSocketLike>(opts: {
  /** Whether the token still names a live session: false closes the socket; undefined (cannot tell now) keeps it. */
  check: (token: string) => Promise<boolean | undefined>;
  timers: LiveTimers;
}) {
  const { timers } = opts;
  const clients = new Map<W, { token: string; owner: string; timer: unknown }>();

  function end(ws: W): void {
    const c = clients.get(ws);
    if (!c) return;
    clients.delete(ws);
    timers.clearTimeout(c.timer);
    ws.close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized');
  }

  function arm(ws: W, expiresAt: number): void {
    const c = clients.get(ws);
    if (!c) return;
    const left = expiresAt - timers.now();
    if (left <= 0) { end(ws); return; }
    c.timer = timers.setTimeout(() => arm(ws, expiresAt), Math.min(left, MAX_TIMER_MS));
  }

  return {
    /** Keeps `ws` (opened with `token` of account `owner`) until it closes, its token expires or its session ends. */
    add(ws: W, session: { token: string; owner: string; expiresAt: number }): void {
      clients.set(ws, { token: session.token, owner: session.owner, timer: undefined });
      arm(ws, session.expiresAt);
    },
    /** Forgets a socket that closed. */
    remove(ws: W): void {
      const c = clients.get(ws);
      if (!c) return;
      clients.delete(ws);
      timers.clearTimeout(c.timer);
    },
    /** Asks again for the sockets of `owner` (all without one) and closes those whose session ended. */
    async revalidate(owner?: string): Promise<void> {
      for (const [ws, c] of [...clients]) {
        if (owner !== undefined && c.owner !== owner) continue;
        const ok = await opts.check(c.token).catch(() => undefined);
        if (ok === false) end(ws);
      }
    },
    /** Sends `payload` to every open socket. */
    broadcast(payload: string): void {
      for (const ws of clients.keys()) if (ws.readyState === 1) ws.send(payload);
    },
    /** Closes every socket (the service stops). */
    closeAll(code: number, reason: string): void {
      for (const [ws, c] of [...clients]) {
        clients.delete(ws);
        timers.clearTimeout(c.timer);
        ws.close(code, reason);
      }
    },
    get size(): number { return clients.size; },
  };
}
export type LiveSessions<W extends LiveSocketLike> = ReturnType<typeof createLiveSessions<W>>;
