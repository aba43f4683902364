import { describe, expect, it } from 'vitest';
import { liveSocketProtocols, liveSocketUrl, parseLiveEvent, reconnectDelay } from './live';

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

  it('follows the page protocol and keeps the token out of the address', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'x.test' })).toBe('wss://x.test/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });

  it('offers the token as a subprotocol beside isik.live', () => {
    expect(liveSocketProtocols('eyJ.a.b')).toEqual(['isik.live', 'bearer.eyJ.a.b']);
  });
});
