import { describe, expect, it } from 'vitest';
import { DeviceConfigError, loadDeviceConfig } from './config.js';

describe('device configuration', () => {
  it('defaults to the back office admin, the streetlight slug and a 15 minute command life', () => {
    const c = loadDeviceConfig({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Secret123!' });
    expect(c).toMatchObject({ adminEmail: 'boss@example.com', adminPassword: 'Secret123!', slug: 'streetlight', commandTtlMs: 15 * 60_000, port: 3001 });
    expect(c.gatewaySim).toBeUndefined();
  });
  it('the device admin variables win over the back office ones', () => {
    const c = loadDeviceConfig({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'Secret123!', DEVICE_ADMIN_EMAIL: 'iot@example.com', DEVICE_ADMIN_PASSWORD: 'Other12345' });
    expect(c).toMatchObject({ adminEmail: 'iot@example.com', adminPassword: 'Other12345' });
  });
  it.each([
    ['DEVICE_SLUG', 'Street Light'],
    ['MAP_TILE_URL', 'https://tiles.example.com/tile.png'],
    ['DEVICE_COMMAND_TTL', 'forever'],
    ['DEVICE_ADMIN_PASSWORD', 'short'],
    ['GATEWAY_SIM', 'maybe'],
    ['DEVICE_PORT', '70000'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadDeviceConfig({ [name]: value })).toThrow(DeviceConfigError);
    expect(() => loadDeviceConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
  it('MAP_TILE_URL may be none', () => {
    expect(loadDeviceConfig({ MAP_TILE_URL: 'none' }).mapTileUrl).toBe('none');
  });
});
