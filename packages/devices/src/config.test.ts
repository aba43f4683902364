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
    ['DEVICE_MAX_LIGHTS', '0'],
    ['DEVICE_MAX_LIGHTS', 'many'],
    ['DEVICE_LINK_QUEUE', '-5'],
    ['DEVICE_LINK_QUEUE', '50'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadDeviceConfig({ [name]: value })).toThrow(DeviceConfigError);
    expect(() => loadDeviceConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
  it('a gateway may have 1,000 lights and 500 frames waiting on its link by default; the queue holds a whole lights report', () => {
    expect(loadDeviceConfig({})).toMatchObject({ maxLights: 1000, linkQueue: 500 });
    expect(loadDeviceConfig({ DEVICE_MAX_LIGHTS: '20000' })).toMatchObject({ maxLights: 20000, linkQueue: 4000 });
    expect(loadDeviceConfig({ DEVICE_MAX_LIGHTS: '40', DEVICE_LINK_QUEUE: '20' })).toMatchObject({ maxLights: 40, linkQueue: 20 });
    expect(() => loadDeviceConfig({ DEVICE_MAX_LIGHTS: '5000', DEVICE_LINK_QUEUE: '300' })).toThrow(/DEVICE_LINK_QUEUE: DEVICE_LINK_QUEUE must be at least 510/);
  });
  it('MAP_TILE_URL may be none', () => {
    expect(loadDeviceConfig({ MAP_TILE_URL: 'none' }).mapTileUrl).toBe('none');
  });
});
