import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOpenPath } from './open-paths';
import { createSessionShare, PRESENCE_FRESH_MS, SESSION_ASK_TIMEOUT_MS, type PresenceStore, type SessionShare } from './session-share';

// Two "tabs" of one site are two shares on one channel name (Node has BroadcastChannel too).
const opened: SessionShare[] = [];
function tab(name: string, token: string | null, onSignedOut: (t: string) => void = () => {}) {
  const share = createSessionShare({ name, currentToken: () => token, onSignedOut });
  opened.push(share);
  return share;
}
afterEach(() => {
  opened.splice(0).forEach((s) => s.close());
  vi.useRealTimers();
});

describe('sharing the session between tabs', () => {
  it('a new tab without a token gets the token of a signed-in tab', async () => {
    const name = `t-${Math.random()}`;
    tab(name, 'token-of-tab-a');
    const fresh = tab(name, null);
    expect(fresh.available).toBe(true);
    await expect(fresh.ask()).resolves.toBe('token-of-tab-a');
  });

  it('a tab that starts with a session answers a new tab that asked while it was still loading', async () => {
    const name = `t-${Math.random()}`;
    const fresh = tab(name, null);
    const answer = fresh.ask(5000);
    tab(name, 'token-of-a-reloading-tab');
    await expect(answer).resolves.toBe('token-of-a-reloading-tab');
  });

  it('a tab that comes to hold a session after the ask (its stored token just checked) offers it to the tab still waiting', async () => {
    const name = `t-${Math.random()}`;
    let token: string | null = null;
    const loading = createSessionShare({ name, currentToken: () => token, onSignedOut: () => {} });
    opened.push(loading);
    const fresh = tab(name, null);
    const answer = fresh.ask(5000);
    // The ask reaches the loading tab while it has no token to give: no answer then.
    await new Promise((resolve) => setTimeout(resolve, 50));
    token = 'checked-token';
    loading.offer();
    await expect(answer).resolves.toBe('checked-token');
  });

  it('a signed-out tab does not answer: the new tab stays a guest once the wait is over', async () => {
    vi.useFakeTimers();
    const name = `t-${Math.random()}`;
    tab(name, null);
    const fresh = tab(name, null);
    const answer = fresh.ask();
    await vi.advanceTimersByTimeAsync(SESSION_ASK_TIMEOUT_MS);
    await expect(answer).resolves.toBeNull();
  });

  it('signing out in one tab is announced to the others with its token', async () => {
    const name = `t-${Math.random()}`;
    const signedOut = new Promise<string>((resolve) => tab(name, 'shared', resolve));
    tab(name, 'shared').announceSignOut('shared');
    await expect(signedOut).resolves.toBe('shared');
  });

  it('ignores messages of other shapes', async () => {
    const name = `t-${Math.random()}`;
    const onSignedOut = vi.fn();
    tab(name, 'x', onSignedOut);
    const stranger = new BroadcastChannel(name);
    stranger.postMessage({ type: 'signed-out' });
    stranger.postMessage('hello');
    // A well-formed message sent after them arrives after them: the odd ones were dropped.
    const arrived = new Promise<string>((resolve) => tab(name, null, resolve));
    stranger.postMessage({ type: 'signed-out', token: 'y' });
    await expect(arrived).resolves.toBe('y');
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(onSignedOut).toHaveBeenCalledWith('y');
    stranger.close();
  });
});

describe('isOpenPath', () => {
  it('knows the public area from the back office', () => {
    for (const p of ['/web', '/web/abc/1', '/login', '/signup', '/forgotpassword', '/ordertracking/a/b/c', '/notfound']) expect(isOpenPath(p), p).toBe(true);
    for (const p of ['/', '/users', '/material/abc', '/companydetail/new']) expect(isOpenPath(p), p).toBe(false);
  });

  describe('presence: a new tab waits only when some tab holds a session', () => {
    function memory(): PresenceStore & { at: number | null } {
      const m = { at: null as number | null, get: () => m.at, set: (t: number) => { m.at = t; } };
      return m;
    }

    it('with no signed-in tab anywhere, the answer is "none" at once, without waiting', async () => {
      const name = `t-${Math.random()}`;
      const presence = memory();
      tab(name, null);
      const fresh = createSessionShare({ name, currentToken: () => null, onSignedOut: () => {}, presence });
      opened.push(fresh);
      const started = Date.now();
      await expect(fresh.ask()).resolves.toBeNull();
      expect(Date.now() - started).toBeLessThan(SESSION_ASK_TIMEOUT_MS);
      expect(presence.at).toBeNull();
    });

    it('a signed-in tab marks its presence, and a new tab gets its token', async () => {
      const name = `t-${Math.random()}`;
      const presence = memory();
      opened.push(createSessionShare({ name, currentToken: () => 'tok', onSignedOut: () => {}, presence }));
      expect(presence.at).not.toBeNull();
      const fresh = createSessionShare({ name, currentToken: () => null, onSignedOut: () => {}, presence });
      opened.push(fresh);
      await expect(fresh.ask()).resolves.toBe('tok');
    });

    it('a presence older than the freshness window is not waited for', async () => {
      const name = `t-${Math.random()}`;
      const clock = 1_000_000;
      const presence = memory();
      presence.set(clock - PRESENCE_FRESH_MS - 1);
      const fresh = createSessionShare({ name, currentToken: () => null, onSignedOut: () => {}, presence, now: () => clock });
      opened.push(fresh);
      await expect(fresh.ask()).resolves.toBeNull();
    });
  });
});

