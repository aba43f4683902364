import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadMetricsToken } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, SEED_DEMO: true, TOKEN_TTL: '12h', PASSWORD_MIN: 8, ADMIN_EMAIL: 'admin@example.com' });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('stops with a message that names each invalid variable', () => {
    const bad = { PORT: 'eighty', JWT_SECRET: 'short', DATABASE_URL: 'not a url', SEED_DEMO: 'maybe', TOKEN_TTL: 'forever' };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (err) {
      const text = (err as Error).message;
      for (const name of Object.keys(bad)) expect(text).toContain(`${name}:`);
      expect(text).toContain('JWT_SECRET must be at least 16 characters');
    }
  });

  it('reads booleans and numbers from their text', () => {
    expect(loadConfig({ SEED_DEMO: 'false', PORT: '8080' })).toMatchObject({ SEED_DEMO: false, PORT: 8080 });
  });

  it('reads TRUST_PROXY: off by default, a hop count or proxy addresses; anything else stops the start', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
    for (const bad of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: TRUST_PROXY must be false, a hop count/);
    }
  });

  it('reads METRICS_TOKEN: unset by default (no /metrics), at least 16 characters, for the device service alone too', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-0123456789' }).METRICS_TOKEN).toBe('scrape-0123456789');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters/);
    expect(loadMetricsToken({})).toBeUndefined();
    expect(loadMetricsToken({ METRICS_TOKEN: 'scrape-0123456789' })).toBe('scrape-0123456789');
    expect(() => loadMetricsToken({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters/);
  });
});
