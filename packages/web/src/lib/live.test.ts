import { describe, expect, it } from 'vitest';
import { liveSocketUrl, parseLiveEvent, reconnectDelay } from './live';

describe('live socket helpers', () => {
  it('accepts well-formed events only', () => {
    expect(parseLiveEvent('{"entity":"users","id":"7","action":"updated"}')).toEqual({ entity: 'users', id: '7', action: 'updated' });
    expect(parseLiveEvent('{"entity":"logs","action":"created"}')).toEqual({ entity: 'logs', action: 'created' });
    expect(parseLiveEvent('{"entity":"users","action":"exploded"}')).toBeNull();
    expect(parseLiveEvent('{"action":"created"}')).toBeNull();
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent(new ArrayBuffer(2))).toBeNull();
  });

  it('backs off exponentially up to 30 s', () => {
    for (let i = 0; i < 20; i++) {
      const d = reconnectDelay(i);
      const base = Math.min(30_000, 1000 * 2 ** i);
      expect(d).toBeGreaterThanOrEqual(base / 2);
      expect(d).toBeLessThanOrEqual(base);
    }
  });

  it('follows the page protocol and escapes the token', () => {
    expect(liveSocketUrl('a b', { protocol: 'https:', host: 'x.test' })).toBe('wss://x.test/ws?token=a%20b');
    expect(liveSocketUrl('t', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws?token=t');
  });
});
