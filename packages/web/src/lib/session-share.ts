import { safeStorage } from './store';

/**
 * Sharing a session with the browser's other tabs of this site (docs/decisions/0020-e2e-sessions-and-tab-sharing.md).
 *
 * A sign-in without remember-me keeps its token in sessionStorage, which a new tab does not inherit
 * (ctrl-click, 'open in new tab', links with target=_blank). A new tab without a token asks the other tabs
 * on a BroadcastChannel; a signed-in tab answers with its token, which the new tab keeps in its own
 * sessionStorage. Nothing goes to persistent storage, so the session still ends with the last tab.
 * Signing out is announced the same way, so the other tabs holding that token end it at once.
 */

export const SESSION_CHANNEL = 'isik-session';
/**
 * How long a new tab on a protected page waits for another tab's answer before it treats the user as a guest.
 * It waits only when some tab said recently that it holds a session (PRESENCE_KEY), so a browser with no such tab
 * opens at once, and a loaded machine's slow answer still arrives in time.
 */
export const SESSION_ASK_TIMEOUT_MS = 3000;
/** localStorage key with the time a tab last said it holds a shareable session (no token, only a time). */
export const PRESENCE_KEY = 'isik-session-present';
/** A tab repeats it this often; hidden tabs' timers may be slowed to once a minute, hence the long freshness. */
export const PRESENCE_BEAT_MS = 5000;
export const PRESENCE_FRESH_MS = 90_000;

/** Where the presence time lives: localStorage by default; none (always ask) where storage is unavailable. */
export interface PresenceStore { get(): number | null; set(at: number): void }

function localPresence(): PresenceStore | null {
  const storage = safeStorage('local');
  if (!storage) return null;
  return {
    get: () => { try { const v = Number(storage.getItem(PRESENCE_KEY)); return Number.isFinite(v) && v > 0 ? v : null; } catch { return null; } },
    set: (at) => { try { storage.setItem(PRESENCE_KEY, String(at)); } catch { /* full or blocked storage: the others just wait */ } },
  };
}

type Message = { type: 'ask' } | { type: 'token'; token: string } | { type: 'signed-out'; token: string };

export interface SessionShare {
  /** Whether the browser has BroadcastChannel at all. */
  readonly available: boolean;
  /** The first token another tab answers with, or null after `timeoutMs`. */
  ask(timeoutMs?: number): Promise<string | null>;
  /** Tells the other tabs that this token was signed out. */
  announceSignOut(token: string): void;
  /** Records that this tab holds a shareable session now (called every PRESENCE_BEAT_MS). */
  beat(): void;
  /**
   * Records it and offers the token to the tabs still waiting for one: call it when this tab comes to hold a
   * shareable session (a sign-in, or the server's check of a stored token), since a tab that asked while this one
   * was still loading or checking got no answer then.
   */
  offer(): void;
  close(): void;
}

export interface SessionShareOptions {
  /** The token this tab may give away (null while signed out). */
  currentToken: () => string | null;
  /** Another tab signed this token out. */
  onSignedOut: (token: string) => void;
  name?: string;
  /** Defaults to localStorage; null: no presence known, always wait for an answer. */
  presence?: PresenceStore | null;
  now?: () => number;
}

function isMessage(data: unknown): data is Message {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as { type?: unknown; token?: unknown };
  return m.type === 'ask' || ((m.type === 'token' || m.type === 'signed-out') && typeof m.token === 'string' && m.token.length > 0);
}

export function createSessionShare({ currentToken, onSignedOut, name = SESSION_CHANNEL, presence = localPresence(), now = Date.now }: SessionShareOptions): SessionShare {
  let channel: BroadcastChannel | null = null;
  try {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
  } catch {
    channel = null;
  }
  const waiting = new Set<(token: string | null) => void>();
  if (channel) {
    channel.onmessage = (e: MessageEvent) => {
      if (!isMessage(e.data)) return;
      const msg = e.data;
      if (msg.type === 'ask') {
        const token = currentToken();
        if (token) channel?.postMessage({ type: 'token', token } satisfies Message);
      } else if (msg.type === 'token') {
        for (const resolve of [...waiting]) resolve(msg.token);
      } else {
        onSignedOut(msg.token);
      }
    };
  }
  const beat = () => { if (channel && currentToken()) presence?.set(now()); };
  // A new tab may have asked while this one was loading or still checking its stored token with the server (signing
  // in on a public page loads the back office as a new document, ADR 0030): nobody could answer then. So the token is
  // offered once this tab holds it; only tabs still waiting take it.
  const offer = () => {
    const token = currentToken();
    if (!channel || !token) return;
    presence?.set(now());
    channel.postMessage({ type: 'token', token } satisfies Message);
  };
  offer();
  const beating = setInterval(beat, PRESENCE_BEAT_MS);
  (beating as { unref?: () => void }).unref?.();
  return {
    available: channel !== null,
    beat,
    offer,
    ask(timeoutMs = SESSION_ASK_TIMEOUT_MS) {
      if (!channel) return Promise.resolve(null);
      // No tab said lately that it holds a session: nobody will answer, so do not keep the user waiting.
      const seen = presence ? presence.get() : now();
      if (seen === null || now() - seen > PRESENCE_FRESH_MS) return Promise.resolve(null);
      return new Promise<string | null>((resolve) => {
        const done = (token: string | null) => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve(token);
        };
        const timer = setTimeout(() => done(null), timeoutMs);
        waiting.add(done);
        channel?.postMessage({ type: 'ask' } satisfies Message);
      });
    },
    announceSignOut(token) {
      channel?.postMessage({ type: 'signed-out', token } satisfies Message);
    },
    close() {
      clearInterval(beating);
      for (const resolve of [...waiting]) resolve(null);
      channel?.close();
      channel = null;
    },
  };
}
