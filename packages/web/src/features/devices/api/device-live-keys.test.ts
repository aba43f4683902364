import { describe, expect, it } from 'vitest';
import { otherKeys, queryKeys } from '../../../lib/query-keys';
import { deviceLiveEventKey, deviceLiveKeys } from './devices-api';

describe("the device socket's events (issue 24: keys from lib/query-keys.ts)", () => {
  it('invalidate the queries of the three entities it announces, and nothing for any other', () => {
    expect(Object.keys(deviceLiveKeys).sort()).toEqual(['gateway_commands', 'gateway_programs', 'gateways']);
    expect(deviceLiveEventKey('gateways')).toBe(otherKeys.gateways);
    expect(deviceLiveEventKey('gateway_commands')).toBe(queryKeys.gateway_commands);
    expect(deviceLiveEventKey('gateway_programs')).toEqual(['gateway_programs']);
    expect(deviceLiveEventKey('users')).toBeNull();
    expect(deviceLiveEventKey('__proto__')).toBeNull();
    expect(deviceLiveEventKey(7)).toBeNull();
  });
});
