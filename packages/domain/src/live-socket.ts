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
