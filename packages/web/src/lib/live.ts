import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { canEnterBackOffice, liveSocketProtocols, type LiveEvent } from '@isik/domain';
import { liveEventKey } from './query-keys';
import { reverifySession, useSession } from './session';

const ACTIONS: readonly string[] = ['created', 'updated', 'deleted', 'changed'];
const MAX_DELAY_MS = 30_000;
/** The server closes with 4401 when the token is refused or revoked (sign-out, password change, deactivation). */
export const CLOSE_UNAUTHORIZED = 4401;

/** Accepts only well-formed events; anything else on the socket is ignored rather than crashing the app. */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const e = JSON.parse(data) as Partial<LiveEvent>;
    if (typeof e.entity !== 'string' || !e.entity || typeof e.action !== 'string' || !ACTIONS.includes(e.action)) return null;
    return { entity: e.entity, action: e.action, ...(typeof e.id === 'string' ? { id: e.id } : {}) };
  } catch {
    return null;
  }
}

/** Exponential backoff with jitter, so a restarted server is not hit by every client in the same second. */
export function reconnectDelay(attempt: number): number {
  const base = Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt);
  return Math.round(base / 2 + Math.random() * (base / 2));
}

/** The socket's address: no token in it (addresses end up in logs). */
export function liveSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const proto = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${loc.host}/ws`;
}

/** The token travels in the Sec-WebSocket-Protocol header: our protocol name and `bearer.<token>` (domain live-socket.ts). */
export { liveSocketProtocols };

/**
 * Keeps the live socket open while a session is successful. Each event invalidates the queries whose
 * key starts with the event's entity, so open screens refetch what another user just changed.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  // The server only admits back-office roles (<= 3); dealers and customers get no socket at all.
  const token = useSession((s) => (s.status === 'successful' && canEnterBackOffice(s.role) ? s.token : null));

  useEffect(() => {
    if (!token) return undefined;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let openedBefore = false;
    let stopped = false;

    const connect = () => {
      clearTimeout(timer);
      if (stopped || socket) return;
      const ws = new WebSocket(liveSocketUrl(), liveSocketProtocols(token));
      socket = ws;
      ws.onopen = () => {
        // Events sent while we were disconnected are lost; refetching everything closes that gap.
        if (openedBefore) void queryClient.invalidateQueries();
        openedBefore = true;
        attempt = 0;
      };
      ws.onmessage = (msg) => {
        const event = parseLiveEvent(msg.data);
        if (event) void queryClient.invalidateQueries({ queryKey: liveEventKey(event.entity) });
      };
      ws.onclose = (ev) => {
        socket = null;
        if (stopped) return;
        // Retrying a refused token is pointless: let the session re-check it (and end itself if it is dead).
        if (ev.code === CLOSE_UNAUTHORIZED) {
          void reverifySession().then((stillValid) => {
            if (!stillValid || stopped) return;
            timer = setTimeout(connect, reconnectDelay(attempt));
            attempt += 1;
          });
          return;
        }
        timer = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    };
    // Coming back online should not wait out a long backoff.
    const onOnline = () => {
      attempt = 0;
      connect();
    };

    connect();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      socket?.close(1000, 'session ended');
    };
  }, [token, queryClient]);
}
